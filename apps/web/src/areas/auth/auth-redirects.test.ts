import { describe, expect, it } from 'vitest';
import { homePathFor, mayVisit, postLoginTarget, readFrom } from './auth-redirects';

const teacherHead = {
  roles: [
    { role: 'TEACHER' as const, isPrimary: true },
    { role: 'HEAD_DEPARTMENT' as const, isPrimary: false },
  ],
};

describe('redirect targets', () => {
  it('home is the primary role landing path; no role → /unauthorized', () => {
    expect(homePathFor('ADMIN')).toBe('/admin/dashboard');
    expect(homePathFor('HOMEROOM_TEACHER')).toBe('/teacher/homeroom-class');
    expect(homePathFor(null)).toBe('/unauthorized');
  });

  it('access is checked over all roles', () => {
    expect(mayVisit(teacherHead, '/teacher/survey-results')).toBe(true);
    expect(mayVisit(teacherHead, '/department/dashboard')).toBe(true);
    expect(mayVisit(teacherHead, '/admin/users')).toBe(false);
    expect(mayVisit(teacherHead, '/teacher')).toBe(false);
  });

  it('after login: the remembered origin when permitted, else the dashboard', () => {
    expect(postLoginTarget(teacherHead, 'TEACHER', '/teacher/survey-results?x=1')).toBe('/teacher/survey-results?x=1');
    expect(postLoginTarget(teacherHead, 'TEACHER', '/admin/users')).toBe('/teacher/dashboard');
    expect(postLoginTarget(teacherHead, 'TEACHER', null)).toBe('/teacher/dashboard');
    expect(postLoginTarget(teacherHead, 'TEACHER', '//evil.example/teacher/schedule')).toBe('/teacher/dashboard');
  });

  it('reads only in-app paths from location state', () => {
    expect(readFrom({ from: '/admin/users' })).toBe('/admin/users');
    expect(readFrom({ from: 'https://x' })).toBeNull();
    expect(readFrom(null)).toBeNull();
  });
});
