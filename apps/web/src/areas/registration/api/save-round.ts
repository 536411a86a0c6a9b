import { ZRoundDetail, type TRoundDetail, type TRoundInput } from '@app/shared/registration';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

/** POST /registration/rounds, or PUT /registration/rounds/{id} when editing. */
export async function saveRound(id: number | null, input: TRoundInput): Promise<{ data: TRoundDetail; message?: string }> {
  const res =
    id === null ? await apiClient.post('/v1/registration/rounds', input) : await apiClient.put(`/v1/registration/rounds/${id}`, input);
  return unwrapWithMessage(ZRoundDetail, res.data);
}
