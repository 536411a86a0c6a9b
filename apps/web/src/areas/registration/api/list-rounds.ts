import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZRound, type TRound } from '@app/shared/registration';
import { apiClient, unwrap } from '@/lib/api-client';
import { roundsKey } from './keys';

/** GET /registration/rounds?moduleId=: the module's rounds with their state and fill. */
export async function listRounds(moduleId: number): Promise<TRound[]> {
  const res = await apiClient.get('/v1/registration/rounds', { params: { moduleId: String(moduleId) } });
  return unwrap(z.array(ZRound), res.data);
}

export function useRounds(moduleId: number | null) {
  return useQuery({ queryKey: roundsKey(moduleId), queryFn: () => listRounds(moduleId as number), enabled: moduleId !== null });
}

/** GET /registration/rounds: every module's rounds (to find the module whose round is open or coming). */
export function useAllRounds() {
  return useQuery({
    queryKey: roundsKey(null),
    queryFn: async (): Promise<TRound[]> => unwrap(z.array(ZRound), (await apiClient.get('/v1/registration/rounds')).data),
  });
}
