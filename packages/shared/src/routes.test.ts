import { describe, expect, it } from 'vitest';
import { APP_ROUTES, canAccess, findRoute, FROM_HEADER, menuFor, REACHED_FROM, SAME_PAGE } from './routes';
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
    // A page every role opens from the header (the bell's list) belongs to no role's area.
    for (const r of APP_ROUTES) expect(areas.has(firstSegment(r.path)) || REACHED_FROM[r.path] === FROM_HEADER, r.path).toBe(true);
  });

  it('lets only the listed roles in', () => {
    expect(canAccess(['TEACHER'], findRoute('/admin/users')!.roles)).toBe(false);
    expect(canAccess(['TEACHER', 'DECLARATION'], findRoute('/teacher/department-teaching-declaration')!.roles)).toBe(true);
    expect(canAccess(['TEACHER'], findRoute('/teacher/survey-results')!.roles)).toBe(false);
  });
});

describe('sidebar menu per role (spec section 2, issue 12)', () => {
  it('gives the admin the spec order plus the review queue, the theme analysis, student forms and the system log', () => {
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
      '/admin/text-reviews',
      '/admin/themes',
      '/admin/reports',
      '/admin/declaration-history',
      '/admin/tutoring',
      '/admin/student-forms',
      '/admin/system-logs',
      '/admin/settings',
    ]);
  });

  it.each<[TRole, string[]]>([
    ['ACADEMIC_AFFAIR', ['/academic/dashboard', '/academic/teaching-declaration', '/academic/tutoring']],
    [
      'PRINCIPAL',
      ['/principal/dashboard', '/principal/schedule', '/principal/surveys', '/principal/reports', '/principal/declaration-history'],
    ],
    [
      'QUALITY_ASSURANCE',
      [
        '/quality/dashboard',
        '/quality/student-registration',
        '/quality/surveys',
        '/quality/text-reviews',
        '/quality/themes',
        '/quality/reports',
      ],
    ],
    ['ACCOUNTANT', ['/accountant/dashboard', '/accountant/salary', '/accountant/coefficients', '/accountant/reports']],
    ['FACILITY_MANAGER', ['/facility/dashboard', '/facility/campus', '/facility/classrooms']],
    ['STUDENT', ['/student/dashboard', '/student/schedule', '/student/course-registration', '/student/surveys', '/student/forms']],
    ['DECLARATION', ['/teacher/department-teaching-declaration']],
  ])('%s alone', (role, expected) => {
    const groups = paths(user(role));
    expect(groups).toHaveLength(1);
    expect(groups[0].items).toEqual(expected);
  });

  it('gives a head of department alone the spec head menu and the department declaration', () => {
    expect(paths(user('HEAD_DEPARTMENT'))).toEqual([
      {
        title: 'Tổ chuyên môn',
        items: [
          '/department/dashboard',
          '/department/teachers',
          '/department/teaching-assignments',
          '/department/teaching-declaration',
          '/department/schedule',
          '/department/survey-results',
          '/teacher/department-teaching-declaration',
        ],
      },
    ]);
  });

  it('gives a plain teacher the group "Giáo viên" with the survey previews', () => {
    expect(paths(user('TEACHER'))).toEqual([
      {
        title: 'Giáo viên',
        items: [
          '/teacher/dashboard',
          '/teacher/schedule',
          '/teacher/teaching-declaration-results',
          '/teacher/personal-survey-results',
          '/teacher/tutoring',
          '/teacher/homeroom-surveys',
        ],
      },
    ]);
  });

  it('gives a teacher who is homeroom teacher and head both groups, the teacher paths of the head pages', () => {
    expect(paths(user('TEACHER', 'HOMEROOM_TEACHER', 'HEAD_DEPARTMENT'))).toEqual([
      {
        title: 'Giáo viên',
        items: [
          '/teacher/dashboard',
          '/teacher/schedule',
          '/teacher/teaching-declaration-results',
          '/teacher/personal-survey-results',
          '/teacher/tutoring',
          '/teacher/homeroom-class',
          '/teacher/homeroom-surveys',
        ],
      },
      {
        title: 'Tổ chuyên môn',
        items: [
          '/department/dashboard',
          '/department/teachers',
          '/department/teaching-assignments',
          '/department/teaching-declaration',
          '/teacher/department-schedule',
          '/teacher/survey-results',
          '/teacher/department-teaching-declaration',
        ],
      },
    ]);
  });

  it("puts the primary role's group first whichever teaching role is primary", () => {
    expect(paths(user('HEAD_DEPARTMENT', 'TEACHER')).map((g) => [g.title, g.items[0]])).toEqual([
      ['Tổ chuyên môn', '/department/dashboard'],
      ['Giáo viên', '/teacher/dashboard'],
    ]);
    expect(paths(user('HOMEROOM_TEACHER', 'TEACHER')).map((g) => g.title)).toEqual(['Giáo viên']);
    expect(paths(user('HOMEROOM_TEACHER', 'TEACHER'))[0].items).toContain('/teacher/homeroom-class');
    expect(paths(user('DECLARATION', 'TEACHER'))).toEqual([
      { title: 'Tổ chuyên môn', items: ['/teacher/department-teaching-declaration'] },
      {
        title: 'Giáo viên',
        items: [
          '/teacher/dashboard',
          '/teacher/schedule',
          '/teacher/teaching-declaration-results',
          '/teacher/personal-survey-results',
          '/teacher/tutoring',
          '/teacher/homeroom-surveys',
        ],
      },
    ]);
  });

  it('adds a group per other role after the primary one', () => {
    expect(paths(user('PRINCIPAL', 'TEACHER', 'QUALITY_ASSURANCE')).map((g) => g.title)).toEqual([
      'Ban giám hiệu',
      'Giáo viên',
      'Đảm bảo chất lượng',
    ]);
    expect(paths(user('TEACHER', 'ACCOUNTANT')).map((g) => g.title)).toEqual(['Giáo viên', 'Kế toán']);
  });

  // Every combination of the eleven roles: each page the guard lets the person open is in their menu
  // (or its twin path is, or the page that leads to it), each menu item opens, nothing is listed twice,
  // and each group starts with a dashboard or the role's landing page.
  it('lists every page a person may open, for every combination of roles', () => {
    const landings = new Set(Object.values(LANDING_PATHS));
    for (let mask = 1; mask < 1 << ROLES.length; mask++) {
      const held = ROLES.filter((_, i) => mask & (1 << i));
      const groups = menuFor(user(...held));
      const listed = groups.flatMap((g) => g.items.map((i) => i.path));
      expect(new Set(listed).size, held.join()).toBe(listed.length);
      for (const p of listed) expect(canAccess(held, findRoute(p)!.roles), `${held.join()} ${p}`).toBe(true);
      const dashboards = groups.flatMap((g) => g.items.filter((i) => i.path.endsWith('/dashboard')).map((i) => i.title));
      expect(new Set(dashboards).size, held.join()).toBe(dashboards.length);
      for (const g of groups) {
        const first = g.items[0].path;
        expect(first.endsWith('/dashboard') || landings.has(first), `${held.join()} ${g.title}`).toBe(true);
      }
      const inMenu = (p: string) =>
        listed.includes(p) ||
        (SAME_PAGE[p] !== undefined && listed.includes(SAME_PAGE[p])) ||
        Object.entries(SAME_PAGE).some(([a, b]) => b === p && listed.includes(a));
      for (const r of APP_ROUTES) {
        if (!canAccess(held, r.roles)) continue;
        const via = REACHED_FROM[r.path];
        expect(via ? via === FROM_HEADER || inMenu(via) : inMenu(r.path), `${held.join()} ${r.path}`).toBe(true);
      }
    }
  });

  it('is empty without a known role', () => {
    expect(menuFor({ roles: [] })).toEqual([]);
  });
});
