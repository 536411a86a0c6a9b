import type { SurveyTabProps } from '@/areas/surveys/admin/survey-detail-tabs';
import { ReviewQueue } from './review-queue';

/** The "Duyệt ý kiến" tab of /admin/surveys/{id} (registered in admin-surveys/survey-detail-tabs.tsx): the queue of that survey. */
export default function TextReviewTab({ surveyId, survey }: SurveyTabProps) {
  if (surveyId === null) return null;
  return <ReviewQueue surveyId={surveyId} surveyTitle={survey?.title} prefix="rv" />;
}
