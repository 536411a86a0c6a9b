import { useQuery } from '@tanstack/react-query';
import { ZProfileRecords, type TProfileRecords } from '@app/shared/profile';
import { apiClient, unwrap } from '@/lib/api-client';

export const PROFILE_PATH = '/v1/profile';

/** GET /profile: the student or teacher record linked to the caller's own account (read-only). */
export async function getProfileRecords(): Promise<TProfileRecords> {
  return unwrap(ZProfileRecords, (await apiClient.get(PROFILE_PATH)).data);
}

export function useProfileRecords() {
  return useQuery({ queryKey: ['profile', PROFILE_PATH], queryFn: getProfileRecords, staleTime: 60_000 });
}
