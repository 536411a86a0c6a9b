import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { ZStudentSurveyItem, type TStudentSurveyItem, type TSubmission } from '@app/shared/surveys';
import { apiClient, errorMessage, httpStatus, unwrap } from '@/lib/api-client';
import { OwnResponseMissingError } from '@/areas/surveys/core/api/survey-api';

/** GET /surveys/students/{studentId}: what the student must answer (per course class for subject surveys). */
async function getStudentSurveys(studentId: number): Promise<TStudentSurveyItem[]> {
  const res = await apiClient.get(`/v1/surveys/students/${studentId}`);
  return unwrap(z.array(ZStudentSurveyItem), res.data);
}

export const studentSurveysKey = ['student-surveys'] as const;
const studentSurveysQuery = (studentId: number | null | undefined) =>
  queryOptions({
    queryKey: [...studentSurveysKey, studentId],
    queryFn: () => getStudentSurveys(studentId!),
    enabled: !!studentId,
    staleTime: 30_000,
  });
export const useStudentSurveys = (studentId: number | null | undefined) => useQuery(studentSurveysQuery(studentId));

/** The submit failure toast (spec section 8): server message, "Lỗi máy chủ khi gửi khảo sát", or "Không thể gửi khảo sát". */
export function submitErrorText(error: unknown): string {
  const status = httpStatus(error);
  return errorMessage(error, status !== undefined && status >= 500 ? SURVEY_MSG.submitServerError : SURVEY_MSG.submitFailed);
}

const ZSubmitResult = z.object({ alreadySubmitted: z.boolean().optional() }).passthrough().nullish();
export type TSubmitResult = { message?: string; alreadySubmitted: boolean };

/** POST /surveys/{id}/responses; a repeat is a success with `data.alreadySubmitted`. */
export async function submitSurvey(surveyId: number, payload: TSubmission): Promise<TSubmitResult> {
  const res = await apiClient.post(`/v1/surveys/${surveyId}/responses`, payload);
  const body = (res.data ?? {}) as { success?: unknown; message?: unknown; data?: unknown };
  if (body.success === false)
    throw Object.assign(new Error(typeof body.message === 'string' ? body.message : SURVEY_MSG.submitFailed), { body });
  const parsed = ZSubmitResult.safeParse(body.data);
  return {
    message: typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined,
    alreadySubmitted: parsed.success ? parsed.data?.alreadySubmitted === true : false,
  };
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
function pickOwnResponse(data: unknown, courseClassId: number | null): unknown {
  if (data == null || (Array.isArray(data) && data.length === 0)) throw new OwnResponseMissingError();
  if (!Array.isArray(data) || !data.some((x) => x && typeof x === 'object' && 'submission' in x)) return data;
  const list = data as Array<{ courseClassId?: number | null; submission?: unknown }>;
  const mine = list.find((x) => (x.courseClassId ?? null) === courseClassId) ?? (courseClassId === null ? list[0] : undefined);
  if (!mine?.submission) throw new OwnResponseMissingError();
  return mine.submission;
}
