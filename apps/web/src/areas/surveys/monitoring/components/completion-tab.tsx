import type { SurveyTabProps } from '@/areas/surveys/admin/survey-detail-tabs';
import { CompletionPanel } from './completion-panel';

/** The "Tiến độ" tab of /admin/surveys/{id} (registered in admin-surveys/survey-detail-tabs.tsx). */
export default function CompletionTab({ surveyId }: SurveyTabProps) {
  if (surveyId === null) return null;
  return <CompletionPanel surveyId={surveyId} />;
}
