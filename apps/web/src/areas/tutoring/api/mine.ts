import { useQuery } from '@tanstack/react-query';
import { ZMyTutoring, type TMyTutoring } from '@app/shared/tutoring';
import { apiClient, unwrap } from '@/lib/api-client';
import { TUTORING_ROOT, mineKey } from './keys';

/** GET /tutoring/mine: the teacher's groups, upcoming sessions and past sessions waiting for attendance. */
export function useMyTutoring() {
  return useQuery({
    queryKey: mineKey,
    queryFn: async (): Promise<TMyTutoring> => unwrap(ZMyTutoring, (await apiClient.get(`${TUTORING_ROOT}/mine`)).data),
  });
}
