import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { submissionToAnswers } from '@app/shared/survey-answers';
import { ZSubmissionResponse, ZSurvey, type TAnswers, type TSurvey } from '@app/shared/surveys';
import { apiClient, errorMessage, httpStatus, unwrap } from '@/lib/api-client';

/*
 * The survey as every part reads it: the student's form, the teacher's preview, the admin's page and
 * the progress tab's read-only view of a student's answers.
 */

/** GET /surveys/{id}?courseClassId=: the survey, with `studentCourseClass` when opened for a course class. */
async function getSurvey(surveyId: number, courseClassId: number | null | undefined): Promise<TSurvey> {
  const res = await apiClient.get(`/v1/surveys/${surveyId}`, { params: courseClassId ? { courseClassId } : undefined });
  const body: unknown = res.data;
  if (body && typeof body === 'object' && 'data' in body && (body as { data: unknown }).data == null) throw new SurveyNotFoundError();
  return unwrap(ZSurvey, body);
}

export class SurveyNotFoundError extends Error {
  constructor() {
    super(SURVEY_MSG.surveyNotFound);
  }
}

/** A student's submitted answers that are not there (none, or none for this course class). */
export class OwnResponseMissingError extends Error {
  constructor() {
    super('Không tìm thấy câu trả lời của em cho khảo sát này.');
  }
}

/**
 * The text of a failed survey load (spec section 8): the server's message, else "Lỗi máy chủ khi tải
 * chi tiết khảo sát." for a server error, "Không tìm thấy thông tin khảo sát." for a missing survey,
 * else "Không thể tải chi tiết khảo sát.".
 */
export function loadErrorText(error: unknown): string {
  if (error instanceof SurveyNotFoundError) return SURVEY_MSG.surveyNotFound;
  const status = httpStatus(error);
  const fallback =
    status !== undefined && status >= 500 ? SURVEY_MSG.loadServerError : status === 404 ? SURVEY_MSG.surveyNotFound : SURVEY_MSG.loadFailed;
  return errorMessage(error, fallback);
}

export const surveyQuery = (surveyId: number | null, courseClassId: number | null | undefined) =>
  queryOptions({
    queryKey: ['survey', surveyId, courseClassId ?? null],
    queryFn: () => getSurvey(surveyId!, courseClassId),
    enabled: surveyId !== null,
    // A survey that is not there stays not there; other failures are retried by the defaults.
    retry: (count, error) => !(error instanceof SurveyNotFoundError) && (httpStatus(error) ?? 500) >= 500 && count < 2,
  });

/**
 * The student's own submitted response, as answers of the form. The server may answer with a
 * submission-like object (`sections[].responses[]`), or a response with a flat list of details
 * (`details` / `responses` / `answers`), or the list itself: all are read into `{questionId, …}` rows.
 */
export function ownResponseToAnswers(survey: TSurvey, data: unknown): TAnswers {
  const rows = z.array(ZSubmissionResponse.passthrough());
  const pick = (v: unknown): z.infer<typeof rows> | null => {
    const r = rows.safeParse(v);
    return r.success ? r.data : null;
  };
  let flat: z.infer<typeof rows> | null = pick(data);
  if (!flat && data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    const inner = (d.response && typeof d.response === 'object' ? d.response : d) as Record<string, unknown>;
    for (const src of [d, inner]) {
      if (Array.isArray(src.sections)) {
        flat = (src.sections as Array<{ responses?: unknown }>).flatMap((s) => pick(s?.responses) ?? []);
        break;
      }
      flat = pick(src.details) ?? pick(src.responses) ?? pick(src.answers);
      if (flat) break;
    }
  }
  return submissionToAnswers(survey, { sections: [{ sectionId: 1, displayOrder: 0, responses: flat ?? [] }] });
}
