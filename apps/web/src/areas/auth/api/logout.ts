import { apiClient } from '@/lib/api-client';

let lastSignOut: Promise<void> = Promise.resolve();

/**
 * POST /auth/logout with the token being signed out: the server bumps the user's token version, so
 * that token (and every other of theirs) is refused from then on. Best effort: it never rejects, and
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
