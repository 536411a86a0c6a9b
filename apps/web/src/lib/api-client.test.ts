import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { fail, mockApi, ok } from '../test/mock-api';
import { apiClient, errorMessage, isLoginRequest, setUnauthorizedHandler } from './api-client';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));

function seed() {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.photo, 'https://photo');
  localStorage.setItem(STORAGE_KEYS.role, 'ADMIN');
  localStorage.setItem(STORAGE_KEYS.theme, 'dark-blue');
}

describe('apiClient', () => {
  let unregister = () => {};
  const handler = vi.fn();
  beforeEach(() => {
    toastError.mockClear();
    handler.mockClear();
    unregister = setUnauthorizedHandler(handler);
  });
  afterEach(() => unregister());

  it('uses base /api, JSON and no timeout', () => {
    expect(apiClient.defaults.baseURL).toBe('/api');
    expect(apiClient.defaults.timeout ?? 0).toBe(0);
  });

  it('sends the stored token as a bearer token', async () => {
    seed();
    const mock = mockApi({ 'GET /v1/dashboard': () => ok({}) });
    await apiClient.get('/v1/dashboard');
    expect(mock.calls[0].headers.Authorization).toBe('Bearer tok');
    localStorage.removeItem(STORAGE_KEYS.token);
    await apiClient.get('/v1/dashboard');
    expect(mock.calls[1].headers.Authorization).toBeUndefined();
    mock.restore();
  });

  it('on any 401: removes token, photo and role, shows the message once and calls the handler', async () => {
    seed();
    const mock = mockApi({ 'GET /v1/dashboard': () => fail(401, MSG.unauthenticated, 'UNAUTHENTICATED') });
    await expect(apiClient.get('/v1/dashboard')).rejects.toMatchObject({ response: { status: 401 } });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.photo)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark-blue');
    expect(toastError).toHaveBeenCalledWith(MSG.sessionExpired, { id: 'session-expired' });
    expect(handler).toHaveBeenCalledTimes(1);
    mock.restore();
  });

  it('a 401 from the sign-in calls is left to the login page', async () => {
    seed();
    const mock = mockApi({
      'POST /v1/auth/google': () => fail(401, MSG.googleTokenInvalid),
      'POST /v1/auth/dev-login': () => fail(401, MSG.accountNotFound),
    });
    await expect(apiClient.post('/v1/auth/google', { googleToken: 'x' })).rejects.toBeTruthy();
    await expect(apiClient.post('/v1/auth/dev-login', { email: 'a@b' })).rejects.toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(toastError).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
    mock.restore();
  });

  it('other errors do not end the session', async () => {
    seed();
    const mock = mockApi({ 'GET /v1/dashboard': () => fail(403, MSG.forbidden) });
    await expect(apiClient.get('/v1/dashboard')).rejects.toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(handler).not.toHaveBeenCalled();
    mock.restore();
  });

  it('errorMessage prefers the server message, else the fallback', async () => {
    const mock = mockApi({ 'POST /v1/auth/dev-login': () => fail(403, MSG.accountInactive) });
    const err = await apiClient.post('/v1/auth/dev-login', { email: 'x' }).catch((e: unknown) => e);
    expect(errorMessage(err, MSG.loginFailed)).toBe(MSG.accountInactive);
    expect(errorMessage(new Error('network'), MSG.loginFailed)).toBe(MSG.loginFailed);
    mock.restore();
  });

  it('recognises the sign-in and sign-out calls', () => {
    expect(isLoginRequest({ method: 'post', url: '/v1/auth/google' })).toBe(true);
    expect(isLoginRequest({ method: 'post', url: '/api/v1/auth/dev-login' })).toBe(true);
    expect(isLoginRequest({ method: 'get', url: '/v1/auth/verify' })).toBe(false);
    expect(isLoginRequest({ method: 'post', url: '/v1/surveys' })).toBe(false);
    // A sign-out answered 401 (the session was already over) is no "session expired" moment either.
    expect(isLoginRequest({ method: 'post', url: '/v1/auth/logout' })).toBe(true);
  });
});
