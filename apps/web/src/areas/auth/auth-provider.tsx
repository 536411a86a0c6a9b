import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TLoginData } from '@app/shared/auth';
import { STORAGE_KEYS, TIMING } from '@app/shared/constants';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { signOutOnServer } from './api/logout';
import { verifyToken } from './api/verify-token';
import { AuthContext, type AuthContextValue, type LoginOptions } from './auth-context';
import { homePathFor, postLoginTarget as computePostLoginTarget } from './auth-redirects';
import { AuthSession } from './auth-session';
import { RedirectGuard } from './redirect-guard';

/** Drops everything cached for the signed-out user; the public sign-in config stays. */
function forgetUserData(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Tests inject a session or a guard with a fake clock. */
  session?: AuthSession;
  redirects?: RedirectGuard;
}

/** Must sit inside the router: it navigates after login, logout and an expired session. */
export function AuthProvider({ children, session: injectedSession, redirects: injectedRedirects }: AuthProviderProps) {
  const [session] = useState(() => injectedSession ?? new AuthSession({ storage, verify: verifyToken, revoke: signOutOnServer }));
  const [redirects] = useState(() => injectedRedirects ?? new RedirectGuard());
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [postLoginTarget, setPostLoginTarget] = useState<string | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const loginTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  // The start-up check; StrictMode's second mount falls inside the 500 ms guard.
  useEffect(() => {
    void session.check();
  }, [session]);

  // Another tab signed in or out: check again (same guard).
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.token) void session.check();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [session]);

  // Any 401 from the API: the client has already cleared storage and shown the message.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        clearTimeout(loginTimer.current);
        setPostLoginTarget(null);
        setSignedOutByUser(false);
        session.logout();
        forgetUserData(queryClient);
        const { pathname, search } = locationRef.current;
        if (redirects.request('auth', pathname, '/').allowed) {
          void navigate('/', { replace: true, state: pathname === '/' ? undefined : { from: pathname + search } });
        }
        // If the redirect was debounced, the route guard sends the user to / as it re-renders.
      }),
    [session, redirects, navigate, queryClient],
  );

  useEffect(() => () => clearTimeout(loginTimer.current), []);

  const login = useCallback(
    (data: TLoginData, options: LoginOptions = {}) => {
      const next = session.login(data.token, data.user, options.googlePicture ?? null);
      setSignedOutByUser(false);
      const target = computePostLoginTarget(data.user, next.primaryRole, options.from);
      setPostLoginTarget(target);
      clearTimeout(loginTimer.current);
      // Spec section 4: the app moves on about 100 ms after sign-in (the success toast shows first).
      loginTimer.current = setTimeout(() => {
        setPostLoginTarget(null);
        void navigate(target, { replace: true });
      }, TIMING.postLoginNavigateMs);
    },
    [session, navigate],
  );

  const logout = useCallback(() => {
    clearTimeout(loginTimer.current);
    setPostLoginTarget(null);
    setSignedOutByUser(true);
    session.signOut();
    forgetUserData(queryClient);
    void navigate('/', { replace: true });
  }, [session, navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      homePath: homePathFor(state.primaryRole),
      postLoginTarget,
      signedOutByUser,
      redirects,
      login,
      logout,
    }),
    [state, postLoginTarget, signedOutByUser, redirects, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
