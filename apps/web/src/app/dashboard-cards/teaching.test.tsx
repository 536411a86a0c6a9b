import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDashboard } from '@app/shared/auth';
import type { TRole } from '@app/shared/roles';
import { makeModule, makeUser } from '@/test/fixtures';
import { fail, ok, type MockRoutes } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

/**
 * The teaching dashboards through the real route table: which cards each combination of roles gets.
 * The cards themselves are tested beside their areas; here every read answers empty or refused.
 */

const MODULE = makeModule(6, { code: '2026-HK1-M2', isCurrent: true });
let view: ReturnType<typeof renderApp> | undefined;
afterEach(() => view?.mock.restore());

const dashboard = (role: TRole): TDashboard => ({ role, greeting: 'Chào buổi sáng, Nguyễn Văn An!', stats: [], notes: [] });
const EMPTY: MockRoutes = {
  'GET /v1/academic-years/current-semester/modules': () => ok({ items: [MODULE] }),
  'GET /v1/surveys/students/5001': () => ok([]),
  'GET /v1/course-classes/mine': () => ok({ items: [], total: 0, page: 1, limit: 100 }),
  'GET /v1/surveys/my-classes-completion': () => ok({ moduleId: 6, moduleCode: '2026-HK1-M2', surveys: [] }),
  'GET /v1/surveys/department-completion': () => ok({ moduleId: 6, moduleCode: '2026-HK1-M2', departments: [] }),
  'GET /v1/homeroom-classes/mine': () => ok([]),
  'GET /v1/surveys/modules/6/teachers/me/course-results': () => fail(404, 'Tài khoản chưa gắn với hồ sơ giáo viên.', 'NO_TEACHER_RECORD'),
  'GET /v1/surveys/modules/6/results': () => fail(403, 'Thầy cô chỉ xem được kết quả các lớp học phần mình dạy.'),
};

const DEPT_RESULTS = {
  moduleId: 6,
  moduleCode: '2026-HK1-M2',
  moduleName: 'Học phần 2',
  scope: { kind: 'department', label: 'Tổ Vật lý', departmentId: 2, teacherId: null, courseClassId: null },
  filter: { filtered: false, minResponses: 10, minGroupSize: 5, straightLinedExcluded: 0, classesExcluded: 0 },
  computedAt: '2026-11-20T03:15:00.000Z',
  stored: false,
  stale: false,
  overall: { n: 0, classCount: 0, answerN: 0, score: null, sd: null, hidden: false, reason: null },
  surveys: [],
  departments: [],
  subjects: [],
  teachers: [],
  gradeCampus: [],
};

async function cardsOf(roles: TRole[], path: string, overrides: Parameters<typeof makeUser>[1] = {}, api: MockRoutes = {}) {
  view = renderApp({
    path,
    user: makeUser(roles, overrides),
    api: { 'GET /v1/dashboard': () => ok(dashboard(roles[0])), ...EMPTY, ...api },
  });
  await screen.findByRole('heading', { level: 1, name: 'Chào buổi sáng, Nguyễn Văn An!' }, { timeout: 15_000 });
  const main = screen.getByRole('main');
  // Every card is a region named by its heading (level 2).
  return within(main)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)
    .filter((t) => t !== 'Số liệu');
}

// The first render loads the lazy pages: slow on a loaded machine.
describe('teaching dashboards', { timeout: 20_000 }, () => {
  it('a student gets the surveys to do', async () => {
    expect(await cardsOf(['STUDENT'], '/student/dashboard', { studentId: 5001 })).toEqual(['Khảo sát cần làm']);
  });

  it('a teacher gets the surveys about their classes, their classes and their results', async () => {
    expect(await cardsOf(['TEACHER'], '/teacher/dashboard')).toEqual([
      'Khảo sát về lớp của tôi',
      'Lớp học phần của tôi',
      'Kết quả khảo sát của tôi',
    ]);
  });

  it('a homeroom teacher who teaches gets the homeroom class first', async () => {
    expect(await cardsOf(['HOMEROOM_TEACHER', 'TEACHER'], '/teacher/dashboard')).toEqual([
      'Lớp chủ nhiệm',
      'Khảo sát về lớp của tôi',
      'Lớp học phần của tôi',
      'Kết quả khảo sát của tôi',
    ]);
  });

  it("a teacher who is head also gets the department's cards, the results card linking to the teacher's path of the page", async () => {
    const cards = await cardsOf(
      ['TEACHER', 'HEAD_DEPARTMENT'],
      '/teacher/dashboard',
      {},
      {
        'GET /v1/surveys/modules/6/results': () => ok(DEPT_RESULTS),
      },
    );
    expect(cards).toEqual([
      'Khảo sát về lớp của tôi',
      'Lớp học phần của tôi',
      'Kết quả khảo sát của tôi',
      'Tiến độ khảo sát của tổ',
      'Kết quả khảo sát của tổ',
    ]);
    const results = screen.getByRole('region', { name: 'Kết quả khảo sát của tổ' });
    expect(await within(results).findByRole('link', { name: 'Xem kết quả của tổ' })).toHaveAttribute('href', '/teacher/survey-results');
  });

  it("the head's own dashboard has the department's cards only, linking to /department/survey-results", async () => {
    view = renderApp({
      path: '/department/dashboard',
      user: makeUser(['HEAD_DEPARTMENT', 'TEACHER']),
      api: {
        'GET /v1/dashboard': () => ok(dashboard('HEAD_DEPARTMENT')),
        ...EMPTY,
        'GET /v1/surveys/modules/6/results': () => ok(DEPT_RESULTS),
      },
    });
    const results = await screen.findByRole('region', { name: 'Kết quả khảo sát của tổ' }, { timeout: 5000 });
    expect(await within(results).findByRole('link', { name: 'Xem kết quả của tổ' })).toHaveAttribute('href', '/department/survey-results');
    expect(screen.getByRole('region', { name: 'Tiến độ khảo sát của tổ' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Khảo sát về lớp của tôi' })).not.toBeInTheDocument();
  });
});
