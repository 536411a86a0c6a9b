import { useQuery } from '@tanstack/react-query';
import { ZRegulationDetail, type TRegulationDetail } from '@app/shared/regulations';
import { useApiMutation, useDeleteMutation } from '@/components/data/use-api-mutation';
import { apiClient, unwrap, unwrapWithMessage } from '@/lib/api-client';
import { REGULATIONS_ROOT, detailKey } from './keys';

/** GET /regulations/{id}: admin's copy of a document, whatever its state. */
export function useRegulation(id: number | null) {
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: async (): Promise<TRegulationDetail> => unwrap(ZRegulationDetail, (await apiClient.get(`${REGULATIONS_ROOT}/${id}`)).data),
    enabled: id !== null,
  });
}

/** POST /regulations or PUT /regulations/{id}: answers the saved document (its new version). */
export async function saveRegulation(id: number | null, input: unknown) {
  const res = id === null ? await apiClient.post(REGULATIONS_ROOT, input) : await apiClient.put(`${REGULATIONS_ROOT}/${id}`, input);
  return unwrapWithMessage(ZRegulationDetail, res.data);
}

/** POST /regulations/{id}/pdf?version=: the PDF becomes the content. */
export async function uploadRegulationPdf(id: number, version: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  const res = await apiClient.post(`${REGULATIONS_ROOT}/${id}/pdf`, form, { params: { version } });
  return unwrapWithMessage(ZRegulationDetail, res.data);
}

/** POST /regulations/{id}/publish or /archive with the version read. */
export const useTransition = () =>
  useApiMutation<{ id: number; version: number; action: 'publish' | 'archive' }>({
    method: 'post',
    url: (v) => `${REGULATIONS_ROOT}/${v.id}/${v.action}`,
    body: (v) => ({ version: v.version }),
    invalidate: [REGULATIONS_ROOT],
  });

/** DELETE /regulations/{id}: drafts only. */
export const useDeleteRegulation = () => useDeleteMutation({ path: REGULATIONS_ROOT, invalidate: [REGULATIONS_ROOT] });
