import { ZPayRunDetail, type TPayRunCreate, type TPayRunDetail } from '@app/shared/pay';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { PAY_RUNS_ROOT } from './keys';

/** POST /pay/runs: creates and computes a run (year, interim semester, or an adjustment of a paid run). */
export async function createRun(input: TPayRunCreate): Promise<{ data: TPayRunDetail; message?: string }> {
  const res = await apiClient.post(PAY_RUNS_ROOT, input);
  return unwrapWithMessage(ZPayRunDetail, res.data);
}
