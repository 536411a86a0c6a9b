import type { SurveyTabProps } from '@/areas/surveys/core/survey-tabs';
import { ReviewQueue } from './review-queue';

/** The "Duyệt ý kiến" tab of /admin/surveys/{id} (registered in app/survey-detail-tabs.ts): the queue of that survey. */
export default function TextReviewTab({ surveyId, survey }: SurveyTabProps) {
  if (surveyId === null) return null;
  return <ReviewQueue surveyId={surveyId} surveyTitle={survey?.title} prefix="rv" />;
}
