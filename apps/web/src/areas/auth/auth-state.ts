import type { TUser } from '@app/shared/auth';
import { resolvePrimaryRole, type TRole } from '@app/shared/roles';

/** Spec section 4: the three auth states and what moves between them. Pure; no storage, no I/O. */
export type AuthStatus = 'unauthenticated' | 'verifying' | 'authenticated';

export interface AuthState {
  status: AuthStatus;
  user: TUser | null;
  primaryRole: TRole | null;
  photoURL: string | null;
}

export type AuthEvent =
  | { type: 'check-started' }
  | { type: 'no-token' }
  | { type: 'verified'; user: TUser; photoURL: string | null }
  | { type: 'verify-failed' }
  | { type: 'logged-in'; user: TUser; photoURL: string | null }
  | { type: 'logged-out' };

export const SIGNED_OUT: AuthState = Object.freeze({
  status: 'unauthenticated',
  user: null,
  primaryRole: null,
  photoURL: null,
}) as AuthState;

/** With a stored token the app starts by verifying it; without one it is signed out at once. */
export function initialAuthState(hasToken: boolean): AuthState {
  return hasToken ? { ...SIGNED_OUT, status: 'verifying' } : SIGNED_OUT;
}

function signedIn(user: TUser, photoURL: string | null): AuthState {
  return { status: 'authenticated', user, primaryRole: resolvePrimaryRole(user), photoURL };
}

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'check-started':
      // Re-checking a live session (another tab changed the token) keeps the page on screen.
      return state.status === 'unauthenticated' ? { ...SIGNED_OUT, status: 'verifying' } : state;
    case 'verified':
    case 'logged-in':
      return signedIn(event.user, event.photoURL);
    case 'no-token':
    case 'verify-failed':
    case 'logged-out':
      return SIGNED_OUT;
  }
}
