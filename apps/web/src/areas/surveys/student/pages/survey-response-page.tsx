import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { useAuth } from '@/areas/auth/public';
import { errorMessage } from '@/lib/api-client';
import { useUrlParams } from '@/components/data/url-params';
import { loadErrorText, OwnResponseMissingError, ownResponseToAnswers, surveyQuery } from '@/areas/surveys/core/api/survey-api';
import { FormSkeleton, InlineError } from '@/areas/surveys/core/components/inline-error';
import { SurveyFormView } from '@/areas/surveys/core/components/survey-form-view';
import { SurveyHeader } from '@/areas/surveys/core/components/survey-header';
import { getOwnResponse } from '../api/student-surveys-api';

/** /student/surveys/{id}: the student's own submitted answers, read-only (same renderer, inputs disabled). */
export default function SurveyResponsePage() {
  const params = useParams();
  const search = useUrlParams();
  const { user } = useAuth();
  const surveyId = Number(params.id);
  const cc = Number(search.get('courseClassId'));
  const courseClassId = Number.isInteger(cc) && cc > 0 ? cc : null;
  const studentId = user?.studentId ?? null;
  const valid = Number.isInteger(surveyId) && surveyId > 0;

  const survey = useQuery(surveyQuery(valid ? surveyId : null, courseClassId));
  const response = useQuery({
    queryKey: ['survey-own-response', surveyId, studentId, courseClassId],
    queryFn: () => getOwnResponse(surveyId, studentId!, courseClassId),
    enabled: valid && !!studentId,
    retry: false,
  });

  if (!valid) return <InlineError text={SURVEY_MSG.noSurveyId} />;
  if (!studentId) return <InlineError text={SURVEY_MSG.noStudent} />;
  if (survey.isError)
    return (
      <InlineError
        text={loadErrorText(survey.error)}
        error={survey.error}
        onRetry={() => void survey.refetch()}
        retrying={survey.isFetching}
      />
    );
  if (response.isError)
    return (
      <InlineError
        text={
          response.error instanceof OwnResponseMissingError
            ? response.error.message
            : errorMessage(response.error, 'Không thể tải câu trả lời của em.')
        }
        error={response.error}
        onRetry={() => void response.refetch()}
        retrying={response.isFetching}
      />
    );
  if (survey.isPending || response.isPending) return <FormSkeleton label="Đang tải câu trả lời..." />;

  const answers = ownResponseToAnswers(survey.data, response.data);
  return (
    <div className="mx-auto max-w-4xl">
      <SurveyHeader survey={survey.data} />
      <p role="note" className="mb-4 flex items-center gap-2 rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm text-fg">
        <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-primary" />
        Em đã gửi khảo sát này. Đây là câu trả lời của em (chỉ xem).
      </p>
      <SurveyFormView survey={survey.data} answers={answers} mode="readonly" />
    </div>
  );
}
