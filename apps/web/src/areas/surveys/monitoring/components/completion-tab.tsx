import type { SurveyTabProps } from '@/areas/surveys/core/survey-tabs';
import { CompletionPanel } from './completion-panel';

/** The "Tiến độ" tab of /admin/surveys/{id} (registered in app/survey-detail-tabs.ts). */
export default function CompletionTab({ surveyId }: SurveyTabProps) {
  if (surveyId === null) return null;
  return <CompletionPanel surveyId={surveyId} />;
}
