import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZAutoReviewRun, ZTextReviewDetail, ZTextReviewSettings } from '@app/shared/text-reviews';
import { apiClient, unwrap } from '@/lib/api-client';

/** Free-text review calls (spec section 7 "Reviews"); every write invalidates REVIEWS_PATH. */
export const REVIEWS_PATH = '/v1/surveys/responses/reviews';
export const SETTINGS_PATH = '/v1/surveys/responses/review-settings';
export const BATCH_PATH = '/v1/surveys/responses/batch-auto-review';
export const surveyAutoReviewPath = (surveyId: number) => `/v1/surveys/${surveyId}/auto-review-text-responses`;

const ZReviewCounts = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  byReason: z.record(z.string(), z.number().int()),
});

/** Counts per status and reason under the page's filters; keyed under REVIEWS_PATH so decisions refresh them. */
export function useReviewCounts(params: Record<string, string>) {
  return useQuery({
    queryKey: ['detail', `${REVIEWS_PATH}/counts`, params] as const,
    queryFn: async () => unwrap(ZReviewCounts, (await apiClient.get(`${REVIEWS_PATH}/counts`, { params })).data),
  });
}

export const reviewDetailQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['detail', `${REVIEWS_PATH}/${id}`] as const,
    queryFn: async () => unwrap(ZTextReviewDetail, (await apiClient.get(`${REVIEWS_PATH}/${id}`)).data),
    enabled: id !== null,
  });

export function useReviewSettings() {
  return useQuery({
    queryKey: ['detail', SETTINGS_PATH] as const,
    queryFn: async () => unwrap(ZTextReviewSettings, (await apiClient.get(SETTINGS_PATH)).data),
    staleTime: 60_000,
  });
}

export { ZAutoReviewRun };
