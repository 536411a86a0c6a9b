import { useQuery } from '@tanstack/react-query';
import { ZRoundDetail, type TRoundDetail } from '@app/shared/registration';
import { apiClient, unwrap } from '@/lib/api-client';
import { roundKey } from './keys';

/** GET /registration/rounds/{id}: the round, its groups and offers (with seats), its unmet count. */
export async function getRound(id: number): Promise<TRoundDetail> {
  const res = await apiClient.get(`/v1/registration/rounds/${id}`);
  return unwrap(ZRoundDetail, res.data);
}

export function useRound(id: number | null) {
  return useQuery({ queryKey: roundKey(id), queryFn: () => getRound(id as number), enabled: id !== null });
}
