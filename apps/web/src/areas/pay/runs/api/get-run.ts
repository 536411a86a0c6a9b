import { useQuery } from '@tanstack/react-query';
import { ZPayRunDetail, type TPayRunDetail } from '@app/shared/pay';
import { apiClient, unwrap } from '@/lib/api-client';
import { runKey, runPath } from './keys';

/** GET /pay/runs/{id}: the run with its blocking teachers, totals per department, the values used and the history. */
export async function getRun(id: number): Promise<TPayRunDetail> {
  const res = await apiClient.get(runPath(id));
  return unwrap(ZPayRunDetail, res.data);
}

export function usePayRun(id: number | null) {
  return useQuery({ queryKey: runKey(id), queryFn: () => getRun(id as number), enabled: id !== null });
}
