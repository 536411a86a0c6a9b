import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import type { z } from 'zod';
import {
  ZAutoCalculate,
  ZCalculateResult,
  ZCourseResults,
  ZDepartmentAverage,
  ZGradeCampusResults,
  ZGridQuestions,
  ZModuleResults,
  ZPublication,
  ZPublicationOverview,
  ZScoreConfig,
  ZSubjectCourseResults,
  ZSurveyResults,
  ZTeacherCourseResults,
  ZTextResponses,
} from '@app/shared/survey-results';
import { apiClient, unwrap } from '@/lib/api-client';
import { sendWrite } from '@/components/data/use-api-mutation';

/**
 * The results calls of spec section 7 (contracts: packages/shared/src/survey-results.ts). Every key
 * starts with RESULTS_KEY so a recalculation or a score-config change refreshes every figure at once.
 */
const RESULTS_KEY = 'survey-results';
const S = '/v1/surveys';

type Params = Record<string, string | number | undefined>;

function resultsQuery<T extends z.ZodType>(path: string, schema: T, params: Params = {}, enabled = true) {
  return queryOptions({
    queryKey: [RESULTS_KEY, path, params] as const,
    queryFn: async (): Promise<z.output<T>> => unwrap(schema, (await apiClient.get(path, { params })).data),
    enabled,
    // Figures change only with new answers or a recalculation; a minute avoids refetching on every tab switch.
    staleTime: 60_000,
  });
}

/** `filtered` as every results call takes it. */
const f = (filtered: boolean) => ({ filtered: filtered ? 'true' : 'false' });

/** `teacherId` narrows to one teacher (with `courseClassId`: that class's responses about them): the personal page sends it so a head of department (or a school-wide role who also teaches) sees their own classes there, not the department's. */
export const surveyResultsQuery = (
  surveyId: number | null,
  o: { filtered: boolean; courseClassId?: number; teacherId?: number; compare?: boolean },
) =>
  resultsQuery(
    `${S}/${surveyId}/results`,
    ZSurveyResults,
    { ...f(o.filtered), courseClassId: o.courseClassId, teacherId: o.teacherId, compare: o.compare ? 'true' : undefined },
    surveyId !== null,
  );

/** Every course class of the survey (stored by calculate-active-courses-results, or live). */
export const activeCourseResultsQuery = (surveyId: number | null, filtered: boolean) =>
  resultsQuery(`${S}/${surveyId}/active-courses-results${filtered ? '-filtered' : ''}`, ZCourseResults, {}, surveyId !== null);

export const gradeCampusResultsQuery = (surveyId: number, filtered: boolean) =>
  resultsQuery(`${S}/${surveyId}/grade-campus-results`, ZGradeCampusResults, f(filtered));

export const moduleResultsQuery = (moduleId: number | null, filtered: boolean) =>
  resultsQuery(`${S}/modules/${moduleId}/${filtered ? 'results-filtered' : 'results'}`, ZModuleResults, {}, moduleId !== null);

export const departmentAverageQuery = (moduleId: number | null, departmentId: number | null, filtered: boolean) =>
  resultsQuery(
    `${S}/modules/${moduleId}/departments/${departmentId}/average-score`,
    ZDepartmentAverage,
    f(filtered),
    moduleId !== null && departmentId !== null,
  );

/** `me`: the caller's own teacher record (the server resolves it; 404 NO_TEACHER_RECORD when the account has none). */
export const teacherCourseResultsQuery = (moduleId: number | null, teacherId: number | 'me' | null, filtered: boolean) =>
  resultsQuery(
    `${S}/modules/${moduleId}/teachers/${teacherId}/course-results`,
    ZTeacherCourseResults,
    f(filtered),
    moduleId !== null && teacherId !== null,
  );

/** The `me` call's answer for an account that is not linked to a teacher record. */
export const isNoTeacherRecord = (error: unknown) =>
  isAxiosError(error) &&
  error.response?.status === 404 &&
  (error.response.data as { code?: unknown } | undefined)?.code === 'NO_TEACHER_RECORD';

export const subjectCourseResultsQuery = (moduleId: number | null, subjectId: number | null, filtered: boolean) =>
  resultsQuery(
    `${S}/modules/${moduleId}/subjects/${subjectId}/active-courses-results`,
    ZSubjectCourseResults,
    f(filtered),
    moduleId !== null && subjectId !== null,
  );

/**
 * Approved free-text and "Khác" answers only (the server never sends the others). `teacherId` narrows to
 * the responses about that teacher: the personal page sends its own, so a head of department reads
 * their own classes there, not the department's.
 */
export const textResponsesQuery = (surveyId: number | null, o: { courseClassId?: number; teacherId?: number } = {}) =>
  resultsQuery(
    `${S}/${surveyId}/text-questions-responses`,
    ZTextResponses,
    { courseClassId: o.courseClassId, teacherId: o.teacherId, limit: 50 },
    surveyId !== null,
  );

export const gridQuestionsQuery = (surveyId: number) => resultsQuery(`${S}/${surveyId}/grid-questions`, ZGridQuestions);
export const scoreConfigQuery = (surveyId: number) => resultsQuery(`${S}/${surveyId}/score-config`, ZScoreConfig);

// ---- Writes (ADMIN, QUALITY_ASSURANCE; audited on the server) ----

export const calculateSurvey = (surveyId: number) => sendWrite('post', `${S}/${surveyId}/calculate-results`, {}, ZCalculateResult);
export const calculateModule = (moduleId: number) => sendWrite('post', `${S}/modules/${moduleId}/calculate-results`, {}, ZCalculateResult);
export const toggleAutoCalculate = (surveyId: number, enabled: boolean) =>
  sendWrite('post', `${S}/${surveyId}/toggle-auto-calculate`, { enabled }, ZAutoCalculate);
/** Replaces the score questions with `questionIds`. */
export const saveScoreConfig = (surveyId: number, questionIds: number[]) =>
  sendWrite('post', `${S}/${surveyId}/score-config`, { questionIds }, ZScoreConfig);
/** Back to the default score (every grid answer with a number). */
export const clearScoreConfig = (surveyId: number) => sendWrite('delete', `${S}/${surveyId}/score-config`, undefined, ZScoreConfig);

// ---- Publication (issue 11): teachers and heads read a survey's results once it is published ----

export const publicationQuery = (surveyId: number | null) =>
  resultsQuery(`${S}/${surveyId}/publication`, ZPublication, {}, surveyId !== null);
/** Closed surveys waiting for publication and the published ones (the dashboards); a publish or withdraw refreshes it. */
export const publicationOverviewQuery = () => resultsQuery(`${S}/publication-overview`, ZPublicationOverview);
export const publishSurvey = (surveyId: number) => sendWrite('post', `${S}/${surveyId}/publish`, {}, ZPublication);
export const unpublishSurvey = (surveyId: number) => sendWrite('post', `${S}/${surveyId}/unpublish`, {}, ZPublication);
/** A teacher's or head's read of a survey whose results are not published yet (403 NOT_PUBLISHED). */
export const isNotPublished = (error: unknown) => isAxiosError(error) && error.response?.data?.code === 'NOT_PUBLISHED';

/** Every results figure (and the survey lists, whose auto-calculate flag may have changed). */
function refreshResults(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: [RESULTS_KEY] }),
    client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'list' && q.queryKey[1] === S }),
  ]);
}

export function useRefreshResults() {
  const client = useQueryClient();
  return () => refreshResults(client);
}

/** `GET /surveys/{id}/export-excel` path and parameters for the shared download helper. */
export const exportExcel = (surveyId: number, filtered: boolean) => ({ path: `${S}/${surveyId}/export-excel`, params: f(filtered) });
