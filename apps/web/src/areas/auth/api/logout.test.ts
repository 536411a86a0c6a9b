import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { fail, mockApi, ok } from '@/test/mock-api';
import { loginAsDemo } from './login';
import { signOutOnServer } from './logout';

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());

describe('signOutOnServer', () => {
  it('sends the signed-out token and never rejects, whatever the server answers', async () => {
    mock = mockApi({ 'POST /v1/auth/logout': () => fail(500, 'Lỗi') });
    await expect(signOutOnServer('tok-a')).resolves.toBeUndefined();
    expect(mock.calls[0]).toMatchObject({ method: 'POST', url: '/v1/auth/logout' });
    expect(mock.calls[0].headers.Authorization).toBe('Bearer tok-a');
  });

  it('a sign-in waits until the sign-out reached the server, so its new token is not revoked by it', async () => {
    let release!: () => void;
    const order: string[] = [];
    mock = mockApi({
      'POST /v1/auth/logout': () =>
        new Promise((r) => {
          release = () => {
            order.push('logout');
            r(ok(null));
          };
        }),
      'POST /v1/auth/dev-login': () => {
        order.push('dev-login');
        return ok({ token: 'tok-new', user: makeUser(['TEACHER']) });
      },
    });
    void signOutOnServer('tok-old');
    const login = loginAsDemo('gv@demo.vn');
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    release();
    await expect(login).resolves.toMatchObject({ data: { token: 'tok-new' } });
    expect(order).toEqual(['logout', 'dev-login']);
  });
});
