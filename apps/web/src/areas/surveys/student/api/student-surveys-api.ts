import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { submissionToAnswers } from '@app/shared/survey-answers';
import { ZStudentSurveyItem, ZSubmissionResponse, ZSurvey, type TAnswers, type TStudentSurveyItem, type TSubmission, type TSurvey } from '@app/shared/surveys';
import { apiClient, errorMessage, httpStatus, unwrap } from '@/lib/api-client';

/** GET /surveys/students/{studentId}: what the student must answer (per course class for subject surveys). */
export async function getStudentSurveys(studentId: number): Promise<TStudentSurveyItem[]> {
  const res = await apiClient.get(`/v1/surveys/students/${studentId}`);
  return unwrap(z.array(ZStudentSurveyItem), res.data);
}

export const studentSurveysKey = ['student-surveys'] as const;
export const studentSurveysQuery = (studentId: number | null | undefined) =>
  queryOptions({
    queryKey: [...studentSurveysKey, studentId],
    queryFn: () => getStudentSurveys(studentId!),
    enabled: !!studentId,
    staleTime: 30_000,
  });
export const useStudentSurveys = (studentId: number | null | undefined) => useQuery(studentSurveysQuery(studentId));

/** GET /surveys/{id}?courseClassId=: the survey, with `studentCourseClass` when opened for a course class. */
export async function getSurvey(surveyId: number, courseClassId: number | null | undefined): Promise<TSurvey> {
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

/**
 * The text of a failed survey load (spec section 8): the server's message, else "Lỗi máy chủ khi tải
 * chi tiết khảo sát." for a server error, "Không tìm thấy thông tin khảo sát." for a missing survey,
 * else "Không thể tải chi tiết khảo sát.".
 */
export function loadErrorText(error: unknown): string {
  if (error instanceof SurveyNotFoundError) return SURVEY_MSG.surveyNotFound;
  const status = httpStatus(error);
  const fallback = status !== undefined && status >= 500 ? SURVEY_MSG.loadServerError : status === 404 ? SURVEY_MSG.surveyNotFound : SURVEY_MSG.loadFailed;
  return errorMessage(error, fallback);
}

/** The submit failure toast (spec section 8): server message, "Lỗi máy chủ khi gửi khảo sát", or "Không thể gửi khảo sát". */
export function submitErrorText(error: unknown): string {
  const status = httpStatus(error);
  return errorMessage(error, status !== undefined && status >= 500 ? SURVEY_MSG.submitServerError : SURVEY_MSG.submitFailed);
}

export const surveyQuery = (surveyId: number | null, courseClassId: number | null | undefined) =>
  queryOptions({
    queryKey: ['survey', surveyId, courseClassId ?? null],
    queryFn: () => getSurvey(surveyId!, courseClassId),
    enabled: surveyId !== null,
    // A survey that is not there stays not there; other failures are retried by the defaults.
    retry: (count, error) => !(error instanceof SurveyNotFoundError) && (httpStatus(error) ?? 500) >= 500 && count < 2,
  });

const ZSubmitResult = z
  .object({ alreadySubmitted: z.boolean().optional() })
  .passthrough()
  .nullish();
export type TSubmitResult = { message?: string; alreadySubmitted: boolean };

/** POST /surveys/{id}/responses; a repeat is a success with `data.alreadySubmitted`. */
export async function submitSurvey(surveyId: number, payload: TSubmission): Promise<TSubmitResult> {
  const res = await apiClient.post(`/v1/surveys/${surveyId}/responses`, payload);
  const body = (res.data ?? {}) as { success?: unknown; message?: unknown; data?: unknown };
  if (body.success === false) throw Object.assign(new Error(typeof body.message === 'string' ? body.message : SURVEY_MSG.submitFailed), { body });
  const parsed = ZSubmitResult.safeParse(body.data);
  return {
    message: typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined,
    alreadySubmitted: parsed.success ? parsed.data?.alreadySubmitted === true : false,
  };
}

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

/** GET /surveys/{id}/responses/student/{studentId}: the student's own response (read-only view). */
export async function getOwnResponse(surveyId: number, studentId: number, courseClassId: number | null): Promise<unknown> {
  const res = await apiClient.get(`/v1/surveys/${surveyId}/responses/student/${studentId}`, {
    params: courseClassId ? { courseClassId } : undefined,
  });
  const body = (res.data ?? {}) as { data?: unknown };
  return pickOwnResponse(body.data, courseClassId);
}

/**
 * The server answers with the student's responses to the survey, one per course class
 * (`[{responseId, courseClassId, submission: {sections…}}]`): the one of this course class (or the
 * only one). Other shapes are passed on to `ownResponseToAnswers` as they are.
 */
export function pickOwnResponse(data: unknown, courseClassId: number | null): unknown {
  if (data == null || (Array.isArray(data) && data.length === 0)) throw new OwnResponseMissingError();
  if (!Array.isArray(data) || !data.some((x) => x && typeof x === 'object' && 'submission' in x)) return data;
  const list = data as Array<{ courseClassId?: number | null; submission?: unknown }>;
  const mine = list.find((x) => (x.courseClassId ?? null) === courseClassId) ?? (courseClassId === null ? list[0] : undefined);
  if (!mine?.submission) throw new OwnResponseMissingError();
  return mine.submission;
}

export class OwnResponseMissingError extends Error {
  constructor() {
    super('Không tìm thấy câu trả lời của em cho khảo sát này.');
  }
}
