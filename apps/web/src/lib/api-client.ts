import axios, { isAxiosError, type InternalAxiosRequestConfig } from 'axios';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { MSG } from '@app/shared/messages';
import { storage } from './storage';

/**
 * One HTTP client for the app (spec section 7): base /api, JSON, bearer token from local storage.
 * No timeout (spec section 9): axios' default of 0 is kept on purpose.
 */
export const apiClient = axios.create({
  baseURL: '/api',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  const token = storage.getToken();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/**
 * Sign-in calls answer 401 for a rejected account; the login page shows those itself. Sign-out
 * answers 401 for a session already over: the user has left, there is nothing to say.
 */
const LOGIN_PATHS = ['/v1/auth/google', '/v1/auth/dev-login', '/v1/auth/logout'];

export function isLoginRequest(config: Pick<InternalAxiosRequestConfig, 'method' | 'url'> | undefined): boolean {
  if (!config?.url || (config.method ?? 'get').toLowerCase() !== 'post') return false;
  const path = config.url
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/^\/api/, '')
    .split('?')[0];
  return LOGIN_PATHS.includes(path);
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The auth provider registers how to leave the app (router navigation); returns an unregister. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export const SESSION_EXPIRED_TOAST_ID = 'session-expired';

/** Spec section 8, "Any 401": token removed, message shown, user sent to /. */
export function handleUnauthorized(): void {
  storage.clearSession();
  // A page firing several calls at once gets several 401s; the id keeps it to one toast.
  toast.error(MSG.sessionExpired, { id: SESSION_EXPIRED_TOAST_ID });
  if (unauthorizedHandler) unauthorizedHandler();
  else if (window.location.pathname !== '/') window.location.assign('/');
}

apiClient.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (isAxiosError(error) && error.response?.status === 401 && !isLoginRequest(error.config)) {
      handleUnauthorized();
    }
    return Promise.reject(error);
  },
);

/** The server's Vietnamese message from an error envelope, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isAxiosError(error)) {
    const body: unknown = error.response?.data;
    if (body && typeof body === 'object' && 'message' in body) {
      const m = (body as { message: unknown }).message;
      if (typeof m === 'string' && m.trim()) return m;
    }
  }
  return fallback;
}

export function httpStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** The thing asked for does not exist: retrying cannot help, so error blocks offer no "Thử lại". */
export const isNotFound = (error: unknown) => httpStatus(error) === 404;

/** Checks a success envelope against the shared schema and returns its data. */
export function unwrap<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  return (ZOk(schema).parse(body) as { data: z.infer<T> }).data;
}

/** Like unwrap, keeping the envelope's optional message (sign-in shows it). */
export function unwrapWithMessage<T extends z.ZodType>(schema: T, body: unknown): { data: z.infer<T>; message?: string } {
  const parsed = ZOk(schema).parse(body) as { data: z.infer<T>; message?: string };
  return { data: parsed.data, message: parsed.message };
}
