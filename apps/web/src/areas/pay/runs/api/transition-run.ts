import { ZPayRunDetail, type TPayRunDetail, type TPayTransition } from '@app/shared/pay';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { runPath } from './keys';

/** POST /pay/runs/{id}/transition: submit, approve, return (comment required) or pay, with the version read. */
export async function transitionRun(id: number, input: TPayTransition): Promise<{ data: TPayRunDetail; message?: string }> {
  const res = await apiClient.post(`${runPath(id)}/transition`, input);
  return unwrapWithMessage(ZPayRunDetail, res.data);
}
