import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Send } from 'lucide-react';
import { TIMING } from '@app/shared/constants';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { answersToSubmission, SurveySubmitError } from '@app/shared/survey-answers';
import { requiredProgress, validateAnswer, validateSurveyAnswers } from '@app/shared/survey-validation';
import { orderedSections, type TAnswers, type TAnswerValue, type TSurvey, type TSurveyQuestion } from '@app/shared/surveys';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/areas/auth/public';
import { loadErrorText, surveyQuery } from '@/areas/surveys/core/api/survey-api';
import { FormSkeleton, InlineError } from '@/areas/surveys/core/components/inline-error';
import { SurveyFormView, focusQuestion } from '@/areas/surveys/core/components/survey-form-view';
import { SurveyHeader } from '@/areas/surveys/core/components/survey-header';
import { RequiredProgress } from '../components/required-progress';
import { studentSurveysKey, submitErrorText, submitSurvey } from '../api/student-surveys-api';
import { clearDraft, loadDraft, saveDraft, type TDraftKey } from '../lib/draft-storage';

/** What the list passes in navigation state (spec section 2: the survey id and course class). */
export type TSurveyFormState = { surveyId: number; courseClassId?: number | null };

function readState(state: unknown): TSurveyFormState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const surveyId = Number(s.surveyId);
  if (!Number.isInteger(surveyId) || surveyId <= 0) return null;
  const cc = s.courseClassId === null || s.courseClassId === undefined ? null : Number(s.courseClassId);
  return { surveyId, courseClassId: cc !== null && Number.isInteger(cc) && cc > 0 ? cc : null };
}

/**
 * /student/surveys/form (spec sections 2, 4, 5, 8): the survey to answer, chosen by the navigation
 * state. States: loading, error ("Lỗi: …"), loaded, submitting.
 */
export default function SurveyFormPage() {
  const location = useLocation();
  const state = readState(location.state);
  if (!state) return <InlineError text={SURVEY_MSG.noSurveyId} />;
  return (
    <SurveyLoader
      key={`${state.surveyId}:${state.courseClassId ?? ''}`}
      surveyId={state.surveyId}
      courseClassId={state.courseClassId ?? null}
    />
  );
}

function SurveyLoader({ surveyId, courseClassId }: { surveyId: number; courseClassId: number | null }) {
  const query = useQuery(surveyQuery(surveyId, courseClassId));
  if (query.isPending) return <FormSkeleton />;
  if (query.isError)
    return (
      <InlineError text={loadErrorText(query.error)} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  return <SurveyAnswerForm survey={query.data} courseClassId={courseClassId ?? query.data.studentCourseClass?.id ?? null} />;
}

const shownQuestions = (survey: TSurvey) => orderedSections(survey).flatMap((s) => s.questions);

/** The saved draft, only for questions the form still shows. */
function restore(survey: TSurvey, key: TDraftKey): TAnswers | null {
  const draft = loadDraft(key);
  if (!draft) return null;
  const out: TAnswers = {};
  for (const q of shownQuestions(survey)) if (draft[q.id] !== undefined) out[q.id] = draft[q.id];
  return Object.keys(out).length > 0 ? out : null;
}

function SurveyAnswerForm({ survey, courseClassId }: { survey: TSurvey; courseClassId: number | null }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const studentId = user?.studentId ?? null;
  const draftKey: TDraftKey = { surveyId: survey.id, studentId, courseClassId };

  const [initial] = useState(() => restore(survey, draftKey));
  const [answers, setAnswers] = useState<TAnswers>(() => initial ?? {});
  const answersRef = useRef(answers);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  const restoredToast = useRef(false);

  // Spec section 4: restored answers are announced once, for 3 seconds.
  useEffect(() => {
    if (!initial || restoredToast.current) return;
    restoredToast.current = true;
    toast.info(SURVEY_MSG.restored, { duration: TIMING.restoreToastMs, id: `survey-restored-${survey.id}` });
  }, [initial, survey.id]);

  // Autosave on every change; live validation clears the message as soon as the answer is valid.
  const onAnswer = (q: TSurveyQuestion, value: TAnswerValue) => {
    const next = { ...answersRef.current, [q.id]: value };
    answersRef.current = next;
    setAnswers(next);
    saveDraft(draftKey, next);
    const msg = validateAnswer(q, value);
    setErrors((prev) => {
      if ((prev[q.id] ?? null) === msg) return prev;
      const copy = { ...prev };
      if (msg === null) delete copy[q.id];
      else copy[q.id] = msg;
      return copy;
    });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const current = answersRef.current;
    const check = validateSurveyAnswers(survey, current);
    if (!check.valid) {
      setErrors(check.questionErrors);
      toast.error(SURVEY_MSG.fillRequiredToast);
      if (check.firstErrorQuestionId !== null) focusQuestion(check.firstErrorQuestionId);
      return;
    }
    setErrors({});
    let payload;
    try {
      payload = answersToSubmission(survey, current, {
        studentId,
        courseClassId,
        studentCourseClassId: courseClassId,
        teacherCourseClassIds: survey.studentCourseClass?.teachers.map((t) => t.id) ?? [],
      });
    } catch (err) {
      toast.error(err instanceof SurveySubmitError ? err.message : SURVEY_MSG.submitFailed);
      return;
    }
    sending.current = true;
    setSubmitting(true);
    try {
      const result = await submitSurvey(survey.id, payload);
      // The draft goes only once the server has confirmed (a repeat counts: it is already stored).
      clearDraft(draftKey);
      toast.success(result.alreadySubmitted ? (result.message ?? SURVEY_MSG.submitSuccess) : SURVEY_MSG.submitSuccess);
      void queryClient.invalidateQueries({ queryKey: studentSurveysKey });
      void navigate('/student/surveys');
    } catch (err) {
      toast.error(submitErrorText(err));
      sending.current = false;
      setSubmitting(false);
    }
  };

  const hasQuestions = shownQuestions(survey).length > 0;
  return (
    <div className="mx-auto max-w-4xl">
      <SurveyHeader survey={survey} />
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={submitting || undefined} aria-label={survey.title}>
        {hasQuestions ? <RequiredProgress progress={requiredProgress(survey, answers)} /> : null}
        <SurveyFormView survey={survey} answers={answers} errors={errors} mode="answer" onAnswer={onAnswer} />
        {hasQuestions ? (
          <div className="mt-6 flex justify-end">
            <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
              <Send aria-hidden="true" className="size-4" />
              {submitting ? SURVEY_MSG.submittingButton : SURVEY_MSG.submitButton}
            </Button>
          </div>
        ) : null}
      </form>
    </div>
  );
}
