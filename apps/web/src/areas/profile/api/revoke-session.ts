import { useApiMutation } from '@/components/data/use-api-mutation';
import { SESSIONS_PATH } from './list-sessions';

/** DELETE /auth/sessions/{id}: signs that device out (already signed out: still a success). */
export function useRevokeSession() {
  return useApiMutation<string>({
    method: 'delete',
    url: (id) => `${SESSIONS_PATH}/${encodeURIComponent(id)}`,
    invalidate: [SESSIONS_PATH],
  });
}
