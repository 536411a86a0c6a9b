import { describe, expect, it } from 'vitest';
import type { TUser } from '@app/shared/auth';
import { resolvePrimaryRole } from '@app/shared/roles';
import { authReducer, initialAuthState, SIGNED_OUT } from './auth-state';

const teacher: TUser = {
  id: 7,
  email: 'gv@school.edu.vn',
  displayName: 'Cô Lan',
  photoURL: null,
  studentId: null,
  roles: [
    { role: 'HOMEROOM_TEACHER', isPrimary: false },
    { role: 'TEACHER', isPrimary: true },
  ],
  primaryRole: null,
};

describe('auth state machine', () => {
  it('starts verifying with a stored token and signed out without one', () => {
    expect(initialAuthState(true).status).toBe('verifying');
    expect(initialAuthState(false)).toEqual(SIGNED_OUT);
  });

  it('verified → authenticated with the resolved primary role', () => {
    const s = authReducer(initialAuthState(true), { type: 'verified', user: teacher, photoURL: 'p.png' });
    expect(s).toEqual({ status: 'authenticated', user: teacher, primaryRole: 'TEACHER', photoURL: 'p.png' });
  });

  it('verify-failed, no-token and logged-out all end signed out', () => {
    const signedIn = authReducer(SIGNED_OUT, { type: 'logged-in', user: teacher, photoURL: null });
    expect(signedIn.status).toBe('authenticated');
    for (const type of ['verify-failed', 'no-token', 'logged-out'] as const) {
      expect(authReducer(signedIn, { type })).toEqual(SIGNED_OUT);
    }
  });

  it('a re-check keeps a live session on screen but shows verifying when signed out', () => {
    const signedIn = authReducer(SIGNED_OUT, { type: 'logged-in', user: teacher, photoURL: null });
    expect(authReducer(signedIn, { type: 'check-started' })).toBe(signedIn);
    expect(authReducer(SIGNED_OUT, { type: 'check-started' }).status).toBe('verifying');
  });
});

describe('primary role rule (spec section 4)', () => {
  it('takes primaryRole when given', () => {
    expect(resolvePrimaryRole({ ...teacher, primaryRole: 'HOMEROOM_TEACHER' })).toBe('HOMEROOM_TEACHER');
  });
  it('else the role marked isPrimary', () => {
    expect(resolvePrimaryRole(teacher)).toBe('TEACHER');
  });
  it('else the first role', () => {
    expect(
      resolvePrimaryRole({
        roles: [
          { role: 'STUDENT', isPrimary: false },
          { role: 'ADMIN', isPrimary: false },
        ],
      }),
    ).toBe('STUDENT');
  });
  it('else none', () => {
    expect(resolvePrimaryRole({ roles: [] })).toBeNull();
  });
});
