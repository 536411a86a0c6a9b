import { ZPayRunDetail, type TPayRunDetail } from '@app/shared/pay';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { runPath } from './keys';

/** POST /pay/runs/{id}/recompute with the version read (409 when it changed meanwhile or is no longer a draft). */
export async function recomputeRun(id: number, version: number): Promise<{ data: TPayRunDetail; message?: string }> {
  const res = await apiClient.post(`${runPath(id)}/recompute`, { version });
  return unwrapWithMessage(ZPayRunDetail, res.data);
}
