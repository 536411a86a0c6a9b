import { useApiMutation } from '@/components/data/use-api-mutation';
import { SESSIONS_PATH } from './list-sessions';

/** POST /auth/sessions/revoke-all: every device of the caller is signed out, this one too. */
export function useRevokeAllSessions(onSuccess: () => void) {
  return useApiMutation({ method: 'post', url: `${SESSIONS_PATH}/revoke-all`, body: () => null, invalidate: [], onSuccess });
}
