import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { loadErrorText, surveyQuery } from '@/areas/surveys/core/api/survey-api';
import { FormSkeleton, InlineError } from '@/areas/surveys/core/components/inline-error';
import { SurveyFormView } from '@/areas/surveys/core/components/survey-form-view';
import { SurveyHeader } from '@/areas/surveys/core/components/survey-header';
import { TeacherPreviewNotice } from '../components/teacher-preview-notice';

const BACK = '/teacher/homeroom-surveys';
const NO_ANSWERS = {};

/**
 * /teacher/survey-preview/{surveyId} (spec section 2, "Teacher survey preview"): the student form's
 * layout, read-only with every input disabled and no submit button; the view-mode notice; for
 * subject surveys the subject-template note and no title; "Không có ý kiến" grid columns hidden.
 */
export default function SurveyPreviewPage() {
  const params = useParams();
  const surveyId = Number(params.surveyId);
  const valid = Number.isInteger(surveyId) && surveyId > 0;
  const survey = useQuery(surveyQuery(valid ? surveyId : null, null));

  if (!valid) return <InlineError text={SURVEY_MSG.noSurveyId} backTo={BACK} />;
  if (survey.isError)
    return (
      <InlineError
        text={loadErrorText(survey.error)}
        error={survey.error}
        onRetry={() => void survey.refetch()}
        retrying={survey.isFetching}
        backTo={BACK}
      />
    );
  if (survey.isPending) return <FormSkeleton />;

  const isSubject = survey.data.surveyType === 'SUBJECT_SPECIFIC';
  return (
    <div className="mx-auto max-w-4xl">
      {isSubject ? <h1 className="sr-only">Xem trước khảo sát</h1> : null}
      <SurveyHeader survey={survey.data} backTo={BACK} hideTitle={isSubject} />
      <TeacherPreviewNotice survey={survey.data} />
      <SurveyFormView survey={survey.data} answers={NO_ANSWERS} mode="teacher-preview" idPrefix="tp" />
    </div>
  );
}
