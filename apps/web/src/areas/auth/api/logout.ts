import { apiClient } from '@/lib/api-client';

let lastSignOut: Promise<void> = Promise.resolve();

/**
 * POST /auth/logout with the token being signed out: the server ends that device's session (a token from
 * before sessions: every token of the user), so it is refused from then on. Best effort: it never rejects, and
 * the sign-out is local whatever the server answers. The token is passed explicitly because local
 * storage is already cleared when it is sent.
 */
export function signOutOnServer(token: string): Promise<void> {
  lastSignOut = apiClient.post('/v1/auth/logout', null, { headers: { Authorization: `Bearer ${token}` } }).then(
    () => undefined,
    () => undefined,
  );
  return lastSignOut;
}

/**
 * Settles once the last sign-out reached the server (or failed). A sign-in waits for it: a token
 * issued before the server bumps the version would be refused right after.
 */
export function signOutSettled(): Promise<void> {
  return lastSignOut;
}
