import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZRoundStudent, type TRoundStudent } from '@app/shared/registration';
import { apiClient, unwrap } from '@/lib/api-client';
import { roundStudentsKey } from './keys';

/** GET /registration/rounds/{id}/students[?status=unmet]: the round's students and their rule status. */
export async function getRoundStudents(id: number, status: 'unmet' | 'all'): Promise<TRoundStudent[]> {
  const res = await apiClient.get(`/v1/registration/rounds/${id}/students`, { params: status === 'unmet' ? { status } : {} });
  return unwrap(z.array(ZRoundStudent), res.data);
}

export function useRoundStudents(id: number | null, status: 'unmet' | 'all', enabled = true) {
  return useQuery({
    queryKey: roundStudentsKey(id, status),
    queryFn: () => getRoundStudents(id as number, status),
    enabled: id !== null && enabled,
  });
}
