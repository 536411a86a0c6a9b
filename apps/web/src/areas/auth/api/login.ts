import { useMutation } from '@tanstack/react-query';
import { ZLoginData, type TLoginData } from '@app/shared/auth';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { signOutSettled } from './logout';

export interface LoginResult {
  data: TLoginData;
  message?: string;
}

/** POST /auth/google with the Google ID token (credential) from Google Identity Services. */
export async function loginWithGoogle(googleToken: string): Promise<LoginResult> {
  await signOutSettled();
  const res = await apiClient.post('/v1/auth/google', { googleToken });
  return unwrapWithMessage(ZLoginData, res.data);
}

/** POST /auth/dev-login: one-click sign-in as a demo account (only when the server allows it). */
export async function loginAsDemo(email: string): Promise<LoginResult> {
  await signOutSettled();
  const res = await apiClient.post('/v1/auth/dev-login', { email });
  return unwrapWithMessage(ZLoginData, res.data);
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: loginWithGoogle });
}

export function useDemoLogin() {
  return useMutation({ mutationFn: loginAsDemo });
}
