import { describe, expect, it } from 'vitest';
import { APP_ROUTES, canAccess, findRoute, menuFor } from './routes';
import { firstSegment, LANDING_PATHS, resolvePrimaryRole, ROLES, type TRole } from './roles';

const user = (...roles: TRole[]) => ({ roles: roles.map((role, i) => ({ role, isPrimary: i === 0 })) });
const paths = (u: ReturnType<typeof user>) => menuFor(u).map((g) => ({ title: g.title, items: g.items.map((i) => i.path) }));

describe('primary role (spec section 4)', () => {
  it('takes primaryRole, else the role marked isPrimary, else the first role', () => {
    expect(resolvePrimaryRole({ primaryRole: 'STUDENT', roles: [{ role: 'ADMIN', isPrimary: true }] })).toBe('STUDENT');
    expect(
      resolvePrimaryRole({
        roles: [
          { role: 'TEACHER', isPrimary: false },
          { role: 'ADMIN', isPrimary: true },
        ],
      }),
    ).toBe('ADMIN');
    expect(resolvePrimaryRole({ roles: [{ role: 'TEACHER' }, { role: 'ADMIN' }] })).toBe('TEACHER');
    expect(resolvePrimaryRole({ roles: [] })).toBeNull();
    expect(resolvePrimaryRole({ primaryRole: 'NOPE', roles: [{ role: 'BAD' }, { role: 'PRINCIPAL' }] })).toBe('PRINCIPAL');
  });
});

describe('route table', () => {
  it('lands every role on a page it may open, in its own area', () => {
    for (const role of ROLES) {
      const route = findRoute(LANDING_PATHS[role]);
      expect(route, role).toBeDefined();
      expect(canAccess([role], route!.roles), role).toBe(true);
    }
    expect(firstSegment(LANDING_PATHS.HOMEROOM_TEACHER)).toBe('teacher');
  });

  it('has no duplicate paths, and each page belongs to the area of its first segment', () => {
    const all = APP_ROUTES.map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
    const areas = new Set(Object.values(LANDING_PATHS).map(firstSegment));
    for (const r of APP_ROUTES) expect(areas.has(firstSegment(r.path)), r.path).toBe(true);
  });

  it('lets only the listed roles in', () => {
    expect(canAccess(['TEACHER'], findRoute('/admin/users')!.roles)).toBe(false);
    expect(canAccess(['TEACHER', 'DECLARATION'], findRoute('/teacher/department-teaching-declaration')!.roles)).toBe(true);
    expect(canAccess(['TEACHER'], findRoute('/teacher/survey-results')!.roles)).toBe(false);
  });
});

describe('sidebar menu per role (spec section 2)', () => {
  it('gives the admin its fourteen items in the spec order', () => {
    expect(paths(user('ADMIN'))[0].items).toEqual([
      '/admin/dashboard',
      '/admin/users',
      '/admin/students',
      '/admin/academic',
      '/admin/course-classes',
      '/admin/student-registration',
      '/admin/teaching-declaration',
      '/admin/facilities',
      '/admin/schedule',
      '/admin/surveys',
      '/admin/reports',
      '/admin/declaration-history',
      '/admin/tutoring',
      '/admin/settings',
    ]);
  });

  it.each<[TRole, string[]]>([
    ['ACADEMIC_AFFAIR', ['/academic/dashboard', '/academic/teaching-declaration', '/academic/tutoring']],
    ['PRINCIPAL', ['/principal/schedule', '/principal/surveys', '/principal/reports', '/principal/declaration-history']],
    ['QUALITY_ASSURANCE', ['/quality/dashboard', '/quality/student-registration', '/quality/surveys', '/quality/reports']],
    [
      'HEAD_DEPARTMENT',
      [
        '/department/dashboard',
        '/department/teachers',
        '/department/teaching-assignments',
        '/department/teaching-declaration',
        '/department/schedule',
        '/department/survey-results',
      ],
    ],
    ['ACCOUNTANT', ['/accountant/dashboard', '/accountant/salary', '/accountant/coefficients', '/accountant/reports']],
    ['FACILITY_MANAGER', ['/facility/dashboard', '/facility/campus', '/facility/classrooms']],
    ['STUDENT', ['/student/dashboard', '/student/schedule', '/student/course-registration', '/student/surveys', '/student/forms']],
    ['HOMEROOM_TEACHER', ['/teacher/homeroom-class']],
    ['DECLARATION', ['/teacher/department-teaching-declaration']],
  ])('%s', (role, expected) => {
    const groups = paths(user(role));
    expect(groups).toHaveLength(1);
    expect(groups[0].items).toEqual(expected);
  });

  it('gives a plain teacher the group "Giáo viên" only', () => {
    expect(paths(user('TEACHER'))).toEqual([
      {
        title: 'Giáo viên',
        items: ['/teacher/dashboard', '/teacher/schedule', '/teacher/teaching-declaration-results', '/teacher/personal-survey-results'],
      },
    ]);
  });

  it('adds homeroom class and the "Tổ chuyên môn" group for a head of department', () => {
    expect(paths(user('TEACHER', 'HOMEROOM_TEACHER', 'HEAD_DEPARTMENT'))).toEqual([
      {
        title: 'Giáo viên',
        items: [
          '/teacher/dashboard',
          '/teacher/schedule',
          '/teacher/teaching-declaration-results',
          '/teacher/personal-survey-results',
          '/teacher/homeroom-class',
        ],
      },
      {
        title: 'Tổ chuyên môn',
        items: ['/teacher/department-schedule', '/teacher/survey-results', '/teacher/department-teaching-declaration'],
      },
    ]);
  });

  it('gives a declaration-role teacher only the department teaching declaration', () => {
    expect(paths(user('TEACHER', 'DECLARATION'))[1]).toEqual({
      title: 'Tổ chuyên môn',
      items: ['/teacher/department-teaching-declaration'],
    });
  });

  it('is empty without a known role', () => {
    expect(menuFor({ roles: [] })).toEqual([]);
  });
});
