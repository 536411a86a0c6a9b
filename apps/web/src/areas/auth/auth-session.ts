import type { TUser } from '@app/shared/auth';
import { TIMING } from '@app/shared/constants';
import type { AppStorage } from '@/lib/storage';
import { authReducer, initialAuthState, type AuthEvent, type AuthState } from './auth-state';

export type SessionStorage = Pick<AppStorage, 'getToken' | 'setToken' | 'getPhoto' | 'setPhoto' | 'setRole' | 'clearSession'>;

export interface AuthSessionDeps {
  storage: SessionStorage;
  /** Resolves with the user for a valid token, rejects otherwise (GET /auth/verify). */
  verify: (token: string) => Promise<TUser>;
  /** Ends the token's session on the server (POST /auth/logout); best effort, never awaited by the sign-out. */
  revoke?: (token: string) => Promise<unknown>;
  now?: () => number;
  checkGuardMs?: number;
}

type Listener = () => void;

/**
 * The session as a small external store (used through useSyncExternalStore): applies the auth
 * state machine and keeps local storage in step with it (spec section 4).
 */
export class AuthSession {
  private state: AuthState;
  private readonly listeners = new Set<Listener>();
  private readonly now: () => number;
  private readonly guardMs: number;
  private lastCheckAt = -Infinity;
  private inflight: Promise<AuthState> | null = null;
  /** Bumped by login/logout so a verify answer that arrives afterwards is dropped. */
  private generation = 0;

  constructor(private readonly deps: AuthSessionDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.guardMs = deps.checkGuardMs ?? TIMING.authCheckGuardMs;
    this.state = initialAuthState(Boolean(deps.storage.getToken()));
  }

  getState = (): AuthState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private dispatch(event: AuthEvent): void {
    const next = authReducer(this.state, event);
    if (next === this.state) return;
    this.state = next;
    for (const l of [...this.listeners]) l();
  }

  /**
   * Checks the stored token. Not repeated within 500 ms of the last check (spec section 9), and a
   * check already under way is shared rather than started twice.
   */
  check(): Promise<AuthState> {
    if (this.inflight) return this.inflight;
    const now = this.now();
    if (now - this.lastCheckAt < this.guardMs) return Promise.resolve(this.state);
    this.lastCheckAt = now;

    const { storage } = this.deps;
    const token = storage.getToken();
    if (!token) {
      storage.clearSession();
      this.dispatch({ type: 'no-token' });
      return Promise.resolve(this.state);
    }

    const generation = ++this.generation;
    this.dispatch({ type: 'check-started' });
    const run = this.deps.verify(token).then(
      (user) => {
        if (generation !== this.generation) return this.state;
        const photoURL = user.photoURL || storage.getPhoto();
        storage.setPhoto(photoURL);
        this.dispatch({ type: 'verified', user, photoURL });
        storage.setRole(this.state.primaryRole);
        return this.state;
      },
      () => {
        if (generation !== this.generation) return this.state;
        storage.clearSession();
        this.dispatch({ type: 'verify-failed' });
        return this.state;
      },
    );
    this.inflight = run.finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** Stores token, role and photo; the photo is the server's, else the Google picture given. */
  login(token: string, user: TUser, fallbackPhotoURL: string | null = null): AuthState {
    this.generation++;
    this.inflight = null;
    this.lastCheckAt = this.now();
    const { storage } = this.deps;
    const photoURL = user.photoURL || fallbackPhotoURL || null;
    storage.setToken(token);
    storage.setPhoto(photoURL);
    this.dispatch({ type: 'logged-in', user, photoURL });
    storage.setRole(this.state.primaryRole);
    return this.state;
  }

  /**
   * The user's own sign-out: ended here at once (as `logout`), and on the server, which refuses the
   * token from then on. A server that fails or cannot be reached does not keep anyone signed in.
   */
  signOut(): AuthState {
    const token = this.deps.storage.getToken();
    const state = this.logout();
    if (token && this.deps.revoke) void this.deps.revoke(token).catch(() => undefined);
    return state;
  }

  /** Logout and an expired session end the same way: token, photo and role removed. */
  logout(): AuthState {
    this.generation++;
    this.inflight = null;
    this.deps.storage.clearSession();
    this.dispatch({ type: 'logged-out' });
    return this.state;
  }
}
