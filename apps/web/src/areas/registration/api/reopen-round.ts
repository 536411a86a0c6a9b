import { ZRoundDetail, type TRoundDetail } from '@app/shared/registration';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

/** POST /registration/rounds/{id}/reopen: possible until the module starts. */
export async function reopenRound(id: number): Promise<{ data: TRoundDetail; message?: string }> {
  const res = await apiClient.post(`/v1/registration/rounds/${id}/reopen`);
  return unwrapWithMessage(ZRoundDetail, res.data);
}
