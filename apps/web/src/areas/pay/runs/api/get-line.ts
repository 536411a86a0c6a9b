import { useQuery } from '@tanstack/react-query';
import { ZPayLineDetail, type TPayLineDetail } from '@app/shared/pay';
import { apiClient, unwrap } from '@/lib/api-client';
import { lineKey, runPath } from './keys';

/** GET /pay/runs/{id}/lines/{teacherId}: a teacher's line with every step explained, the months and the sources. */
export async function getLine(runId: number, teacherId: number): Promise<TPayLineDetail> {
  const res = await apiClient.get(`${runPath(runId)}/lines/${teacherId}`);
  return unwrap(ZPayLineDetail, res.data);
}

export function usePayLine(runId: number, teacherId: number | null) {
  return useQuery({ queryKey: lineKey(runId, teacherId), queryFn: () => getLine(runId, teacherId as number), enabled: teacherId !== null });
}
