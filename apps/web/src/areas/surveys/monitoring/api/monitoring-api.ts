import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPage } from '@app/shared/api';
import {
  ZClassCompletion,
  ZGradeCampusCompletion,
  ZHomeroomSurveyStatus,
  ZSurveyCompletion,
  ZSurveyStats,
} from '@app/shared/survey-monitoring';
import { apiClient, unwrap } from '@/lib/api-client';

/**
 * The monitoring calls (issue 5, "who has answered"). Lists with paging and search go through the
 * list kit (useListQuery) with the paths below; these are the fixed-size reads.
 */
export const MONITOR_PATHS = {
  surveys: '/v1/surveys/survey-completion-by-survey',
  allStudents: '/v1/surveys/all-students-survey-status',
  allClasses: '/v1/surveys/all-classes-surveys-status',
  surveyStudents: (surveyId: number) => `/v1/surveys/${surveyId}/students`,
  stats: '/v1/surveys/stats',
  byClass: '/v1/surveys/survey-completion-by-class',
  byGradeCampus: '/v1/surveys/survey-completion-by-grade-campus',
} as const;

// The query keys carry the API path second, like the list kit's: a write's `invalidate` (e.g. the
// admin deleting a response) then refreshes these figures too.

/** Completion figures move with every submission: re-read after a minute and when the tab comes back. */
const FRESH = { staleTime: 30_000, refetchInterval: 60_000 } as const;

export type TScope = { surveyId: number } | { moduleId: number };

function surveyStatsQuery() {
  return queryOptions({
    queryKey: ['survey-monitoring', MONITOR_PATHS.stats],
    queryFn: async () => unwrap(ZSurveyStats, (await apiClient.get(MONITOR_PATHS.stats)).data),
    ...FRESH,
  });
}
export const useSurveyStats = (enabled = true) => useQuery({ ...surveyStatsQuery(), enabled });

/** One survey's overall completion (the per-survey list narrowed to it). */
export function useSurveyCompletion(surveyId: number) {
  return useQuery({
    queryKey: ['survey-monitoring', MONITOR_PATHS.surveys, 'one', surveyId],
    queryFn: async () => {
      const res = await apiClient.get(MONITOR_PATHS.surveys, { params: { surveyId, limit: 1 } });
      return unwrap(ZPage(ZSurveyCompletion), res.data).items[0] ?? null;
    },
    ...FRESH,
  });
}

export function useClassCompletion(scope: TScope | null) {
  return useQuery({
    queryKey: ['survey-monitoring', MONITOR_PATHS.byClass, scope],
    queryFn: async () => {
      const res = await apiClient.get(MONITOR_PATHS.byClass, { params: scope });
      return unwrap(z.array(ZClassCompletion), res.data);
    },
    enabled: scope !== null,
    placeholderData: keepPreviousData,
    ...FRESH,
  });
}

export function useGradeCampusCompletion(scope: TScope | null) {
  return useQuery({
    queryKey: ['survey-monitoring', MONITOR_PATHS.byGradeCampus, scope],
    queryFn: async () => {
      const res = await apiClient.get(MONITOR_PATHS.byGradeCampus, { params: scope });
      return unwrap(z.array(ZGradeCampusCompletion), res.data);
    },
    enabled: scope !== null,
    placeholderData: keepPreviousData,
    ...FRESH,
  });
}

/** A homeroom class's completion per active survey of the module (the homeroom teacher's view). */
export function useHomeroomSurveyStatus(classId: number, moduleId: number | undefined) {
  return useQuery({
    queryKey: ['survey-monitoring', 'homeroom', classId, moduleId],
    queryFn: async () => {
      const res = await apiClient.get(`/v1/homeroom-classes/${classId}/survey-status`, { params: moduleId ? { moduleId } : {} });
      return unwrap(ZHomeroomSurveyStatus, res.data);
    },
    ...FRESH,
  });
}
