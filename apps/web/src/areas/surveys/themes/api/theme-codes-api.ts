import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSurveyListItem } from '@app/shared/surveys';
import { ZAnalyzeResult, ZCode, ZTheme, ZThemeSummary, type TAnalyzeResult } from '@app/shared/theme-codes';
import { apiClient, unwrap } from '@/lib/api-client';
import { cleanParams } from '@/components/data/list-state';
import type { OptionsSource } from '@/components/data/use-options';
import { useApiMutation } from '@/components/data/use-api-mutation';

/** Every call of spec section 7 "Theme-codes" lives under this path. */
export const TC = '/v1/theme-codes';
export const THEMES = `${TC}/themes`;
export const CODES = `${TC}/codes`;
export const TAGS = `${TC}/response-details`;
export const SUMMARY = `${TC}/summary`;
/** Any write refreshes every list, picker and count of the area (they all hang together). */
export const INVALIDATE = [TC] as const;

export interface Scope {
  surveyId?: string;
  moduleId?: string;
  teacherId?: string;
}

export const THEME_SOURCE = {
  path: THEMES,
  schema: ZTheme,
  sort: 'name',
  toOption: (t) => ({ value: t.id, label: t.name }),
} satisfies OptionsSource<typeof ZTheme>;

export const CODE_SOURCE = {
  path: CODES,
  schema: ZCode,
  sort: 'name',
  toOption: (c) => ({ value: c.id, label: c.name }),
} satisfies OptionsSource<typeof ZCode>;

/** The surveys one can analyse: not templates, those of the chosen module when there is one. */
export function surveySource(moduleId?: string): OptionsSource<typeof ZSurveyListItem> {
  return {
    path: '/v1/surveys',
    schema: ZSurveyListItem,
    sort: 'title',
    params: { isTemplate: 'false', moduleId },
    toOption: (s) => ({ value: s.id, label: s.title, hint: s.moduleCode ?? undefined }),
  };
}

/** GET /theme-codes/summary: counts per theme and code for the scope. Keyed under TC so writes refresh it. */
export function useThemeSummary(scope: Scope) {
  const params = cleanParams({ ...scope });
  return useQuery({
    queryKey: ['theme-codes', SUMMARY, params],
    queryFn: async () => unwrap(ZThemeSummary, (await apiClient.get(SUMMARY, { params })).data),
    placeholderData: keepPreviousData,
  });
}

/** GET /theme-codes/themes/{id}/codes. */
export function useThemeCodes(themeId: number | null) {
  return useQuery({
    queryKey: ['theme-codes', `${THEMES}/${themeId}/codes`],
    queryFn: async () => unwrap(z.array(ZCode), (await apiClient.get(`${THEMES}/${themeId}/codes`)).data),
    enabled: themeId !== null,
  });
}

/** POST /theme-codes/analyze-survey/{id}: the toast is the server's summary of the run. */
export function useAnalyzeSurvey(onDone?: (result: TAnalyzeResult) => void) {
  const m = useApiMutation<number, typeof ZAnalyzeResult>({
    method: 'post',
    url: (surveyId) => `${TC}/analyze-survey/${surveyId}`,
    body: () => ({}),
    schema: ZAnalyzeResult,
    invalidate: INVALIDATE,
    toastError: true,
  });
  return {
    ...m,
    run: (surveyId: number) => m.mutateAsync(surveyId).then((r) => (onDone?.(r.data), r.data)),
  };
}
