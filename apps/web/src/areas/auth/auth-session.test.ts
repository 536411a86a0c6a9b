import { describe, expect, it, vi } from 'vitest';
import type { TUser } from '@app/shared/auth';
import { STORAGE_KEYS } from '@app/shared/constants';
import { storage } from '@/lib/storage';
import { AuthSession } from './auth-session';

const admin: TUser = {
  id: 1,
  email: 'admin@school.edu.vn',
  displayName: 'Quản trị',
  photoURL: null,
  studentId: null,
  roles: [
    { role: 'TEACHER', isPrimary: false },
    { role: 'ADMIN', isPrimary: true },
  ],
  primaryRole: null,
};

function setup(verify: (token: string) => Promise<TUser>) {
  let t = 1_000;
  const clock = { now: () => t, advance: (ms: number) => (t += ms) };
  const verifyFn = vi.fn(verify);
  const session = new AuthSession({ storage, verify: verifyFn, now: clock.now });
  return { session, verify: verifyFn, clock };
}

function seedSession() {
  localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  localStorage.setItem(STORAGE_KEYS.photo, 'https://photo/old.png');
  localStorage.setItem(STORAGE_KEYS.role, 'STUDENT');
}

describe('AuthSession', () => {
  it('without a stored token: unauthenticated at once, no verify call, storage cleared', async () => {
    localStorage.setItem(STORAGE_KEYS.photo, 'stale.png');
    localStorage.setItem(STORAGE_KEYS.role, 'ADMIN');
    const { session, verify } = setup(() => Promise.resolve(admin));
    expect(session.getState().status).toBe('unauthenticated');
    await session.check();
    expect(verify).not.toHaveBeenCalled();
    expect(session.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(STORAGE_KEYS.photo)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
  });

  it('with a valid token: verifying, then authenticated with the primary role stored', async () => {
    seedSession();
    const { session, verify } = setup(() => Promise.resolve(admin));
    expect(session.getState().status).toBe('verifying');
    const states: string[] = [];
    session.subscribe(() => states.push(session.getState().status));
    await session.check();
    expect(verify).toHaveBeenCalledWith('tok-1');
    expect(session.getState()).toMatchObject({ status: 'authenticated', user: admin, primaryRole: 'ADMIN' });
    expect(states).toEqual(['authenticated']);
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('ADMIN');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    // The server has no photo: the one kept locally stays.
    expect(session.getState().photoURL).toBe('https://photo/old.png');
  });

  it('a failed verification clears token, photo and role', async () => {
    seedSession();
    const { session } = setup(() => Promise.reject(new Error('401')));
    await session.check();
    expect(session.getState().status).toBe('unauthenticated');
    expect(session.getState().user).toBeNull();
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.photo, STORAGE_KEYS.role]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('does not verify again within 500 ms of the last check', async () => {
    seedSession();
    const { session, verify, clock } = setup(() => Promise.resolve(admin));
    await session.check();
    clock.advance(499);
    await session.check();
    expect(verify).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await session.check();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('shares a check already under way', async () => {
    seedSession();
    let resolve!: (u: TUser) => void;
    const { session, verify, clock } = setup(() => new Promise<TUser>((r) => (resolve = r)));
    const first = session.check();
    clock.advance(2_000);
    const second = session.check();
    resolve(admin);
    await Promise.all([first, second]);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('login stores token, role and photo (Google picture when the server has none)', () => {
    const { session } = setup(() => Promise.resolve(admin));
    const s = session.login('tok-2', admin, 'https://google/pic.png');
    expect(s).toMatchObject({ status: 'authenticated', primaryRole: 'ADMIN', photoURL: 'https://google/pic.png' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-2');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('ADMIN');
    expect(localStorage.getItem(STORAGE_KEYS.photo)).toBe('https://google/pic.png');
    session.login('tok-3', { ...admin, photoURL: 'https://server/p.png' }, 'https://google/pic.png');
    expect(localStorage.getItem(STORAGE_KEYS.photo)).toBe('https://server/p.png');
  });

  it('logout clears token, photo and role', () => {
    const { session } = setup(() => Promise.resolve(admin));
    session.login('tok-2', admin, 'pic');
    session.logout();
    expect(session.getState().status).toBe('unauthenticated');
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.photo, STORAGE_KEYS.role]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('signOut ends the session here at once and asks the server to refuse the token', () => {
    const revoke = vi.fn(() => Promise.resolve());
    const session = new AuthSession({ storage, verify: () => Promise.resolve(admin), revoke });
    session.login('tok-out', admin, 'pic');
    session.signOut();
    expect(revoke).toHaveBeenCalledWith('tok-out');
    expect(session.getState().status).toBe('unauthenticated');
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.photo, STORAGE_KEYS.role]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('signOut still signs out locally when the server call fails; an expired session (logout) asks nothing', async () => {
    const revoke = vi.fn(() => Promise.reject(new Error('network')));
    const session = new AuthSession({ storage, verify: () => Promise.resolve(admin), revoke });
    session.login('tok-x', admin);
    expect(() => session.signOut()).not.toThrow();
    await Promise.resolve();
    expect(session.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    revoke.mockClear();
    session.login('tok-y', admin);
    session.logout();
    expect(revoke).not.toHaveBeenCalled();
    // Nothing stored: nothing to revoke.
    session.signOut();
    expect(revoke).not.toHaveBeenCalled();
  });

  it('a verify answer that arrives after logout is dropped', async () => {
    seedSession();
    let resolve!: (u: TUser) => void;
    const { session } = setup(() => new Promise<TUser>((r) => (resolve = r)));
    const pending = session.check();
    session.logout();
    resolve(admin);
    await pending;
    expect(session.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
  });
});
