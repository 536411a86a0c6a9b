import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZUserSession, type TUserSession } from '@app/shared/profile';
import { apiClient, unwrap } from '@/lib/api-client';

export const SESSIONS_PATH = '/v1/auth/sessions';

/** GET /auth/sessions: the caller's devices still signed in, this one marked `current`. */
export async function listSessions(): Promise<TUserSession[]> {
  return unwrap(z.array(ZUserSession), (await apiClient.get(SESSIONS_PATH)).data);
}

export function useSessions() {
  return useQuery({ queryKey: ['profile', SESSIONS_PATH], queryFn: listSessions });
}
