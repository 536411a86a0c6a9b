import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZReaderRegulationDetail, type TReaderRegulationDetail } from '@app/shared/regulations';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { apiClient, unwrap } from '@/lib/api-client';
import { PUBLISHED_PATH, REGULATIONS_ROOT, categoriesKey, publishedKey } from './keys';

/** GET /regulations/published/{id}: a published document with the student's acknowledgement. */
export function usePublished(id: number | null) {
  return useQuery({
    queryKey: publishedKey(id ?? 0),
    queryFn: async (): Promise<TReaderRegulationDetail> =>
      unwrap(ZReaderRegulationDetail, (await apiClient.get(`${PUBLISHED_PATH}/${id}`)).data),
    enabled: id !== null,
  });
}

/** GET /regulations/categories: the categories to filter by (admin: the suggestions too). */
export function useCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: async (): Promise<string[]> => unwrap(z.array(z.string()), (await apiClient.get(`${REGULATIONS_ROOT}/categories`)).data),
    staleTime: 60_000,
  });
}

/** POST /regulations/{id}/acknowledge: once; a repeat answers the same. */
export const useAcknowledge = () =>
  useApiMutation<number>({
    method: 'post',
    url: (id) => `${REGULATIONS_ROOT}/${id}/acknowledge`,
    body: () => ({}),
    invalidate: [REGULATIONS_ROOT],
  });

/** GET /regulations/{id}/pdf as a blob (the route needs the token, so no plain link): an object URL for the viewer. */
export async function fetchPdf(id: number): Promise<Blob> {
  const res = await apiClient.get<Blob>(`${REGULATIONS_ROOT}/${id}/pdf`, { responseType: 'blob' });
  return res.data;
}
