import { createContext, useContext } from 'react';
import type { TLoginData } from '@app/shared/auth';
import type { AuthState } from './auth-state';
import type { RedirectGuard } from './redirect-guard';

export interface LoginOptions {
  /** The `picture` claim of the Google credential, used when the server has no photo. */
  googlePicture?: string | null;
  /** The protected path the user was sent away from, if any. */
  from?: string | null;
}

export interface AuthContextValue extends AuthState {
  /** The primary role's landing path (or /unauthorized for a user without a known role). */
  homePath: string;
  /** Set between a successful sign-in and the navigation ~100 ms later. */
  postLoginTarget: string | null;
  /** True after an explicit logout: the guard then does not remember the page left behind. */
  signedOutByUser: boolean;
  redirects: RedirectGuard;
  login: (data: TLoginData, options?: LoginOptions) => void;
  logout: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
