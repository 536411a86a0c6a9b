import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRole } from '@app/shared/roles';
import { MSG } from '@app/shared/messages';
import { makeModule, makeUser } from '@/test/fixtures';
import { ok, type MockRoutes } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { fixed, lesson, weekView, WEDNESDAY } from '../test/fixtures';

/** The schedule pages through the real route table (guards, lazy pages, menus); only the HTTP transport is fake. */

let view: ReturnType<typeof renderApp> | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(WEDNESDAY);
});
afterEach(() => view?.mock.restore());

const MODULE = makeModule(6, { code: '2026-HK1-M2', isCurrent: true });
const NO_FEED = { active: false, url: null, createdAt: null };
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, limit: 100 });

function open(roles: TRole[], path: string, api: MockRoutes) {
  view = renderApp({
    path,
    user: makeUser(roles),
    api: {
      'GET /v1/academic-years/current-semester/modules': () => ok({ items: [MODULE] }),
      'GET /v1/timetables/calendar-feed': () => ok(NO_FEED),
      ...api,
    },
  });
  return view;
}
const weekCalls = () => view?.mock.calls.filter((c) => c.url === '/v1/timetables/week').map((c) => c.params) ?? [];
const cell = (day: number, period: number) => document.querySelector<HTMLElement>(`td[data-day="${day}"][data-period="${period}"]`);

describe('/student/schedule', () => {
  it("shows the student's own week with today highlighted, and the calendar link block", async () => {
    open(['STUDENT'], '/student/schedule', {
      'GET /v1/timetables/week': () => ok(weekView({ entries: [lesson(1, 3, 2, { subjectName: 'Ngữ văn' })] })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thời khóa biểu' }, { timeout: 10_000 })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(cell(3, 2)).toHaveTextContent('Ngữ vănLớp học phần 1Nguyễn Thị LanPhòng A101Cơ sở 1');
    expect(screen.getByRole('columnheader', { current: 'date' })).toHaveTextContent('Thứ Tư');
    expect(weekCalls()).toEqual([{ view: 'student' }]);
    expect(await screen.findByRole('region', { name: 'Đăng ký lịch vào Google Calendar' })).toBeInTheDocument();
  }, 15_000);
});

describe('/teacher/schedule', () => {
  it("shows the teacher's week with free periods marked, without repeating the teacher", async () => {
    open(['TEACHER'], '/teacher/schedule', {
      'GET /v1/timetables/week': () => ok(weekView({ view: 'teacher', title: 'Nguyễn Thị Lan', entries: [lesson(1, 2, 4)] })),
    });
    await screen.findByRole('table', undefined, { timeout: 10_000 });
    expect(cell(2, 4)).toHaveTextContent('ToánLớp học phần 1Phòng A101Cơ sở 1');
    expect(cell(2, 4)).not.toHaveTextContent('Nguyễn Thị Lan');
    expect(cell(2, 5)).toHaveTextContent('Trống');
    expect(weekCalls()).toEqual([{ view: 'teacher' }]);
    expect(await screen.findByRole('region', { name: 'Đăng ký lịch vào Google Calendar' })).toBeInTheDocument();
  }, 15_000);
});

describe("the head's department schedule", () => {
  const dept = weekView({
    view: 'department',
    title: 'Tổ Toán - Tin',
    entries: [
      lesson(1, 1, 2, { teachers: [{ id: 7, name: 'Nguyễn Thị Lan' }] }),
      lesson(2, 3, 6, { teachers: [{ id: 8, name: 'Bùi Văn Hải' }], room: { id: 22, code: 'B105', name: 'Phòng B105' } }),
    ],
  });

  it.each([
    ['HEAD_DEPARTMENT', '/department/schedule'],
    ['TEACHER', '/teacher/department-schedule'],
  ] as const)(
    '%s %s: teachers × slots of the week, then one day',
    async (role, path) => {
      const roles: TRole[] = role === 'TEACHER' ? ['TEACHER', 'HEAD_DEPARTMENT'] : ['HEAD_DEPARTMENT'];
      const { router } = open(roles, path, { 'GET /v1/timetables/week': () => ok(dept) });
      const table = await screen.findByRole('table', undefined, { timeout: 10_000 });
      const rows = within(table)
        .getAllByRole('rowheader')
        .map((r) => r.textContent);
      expect(rows).toEqual(['Bùi Văn Hải', 'Nguyễn Thị Lan']);
      // The whole week: 6 days × 10 periods.
      expect(table.querySelectorAll('tbody tr:first-child td')).toHaveLength(60);
      const hai = within(table).getByRole('row', { name: /Bùi Văn Hải/ });
      expect(hai.querySelector('td[data-day="3"][data-period="6"]')).toHaveTextContent('LHP2 P.B105');
      expect(hai.querySelector('td[data-day="1"][data-period="2"]')).toHaveTextContent('Trống');
      expect(weekCalls()).toEqual([{ view: 'department' }]);

      await userEvent.selectOptions(screen.getByLabelText('Xem ngày'), 'Thứ Tư 25/11/2026');
      expect(router.state.location.search).toBe('?day=3');
      expect(table.querySelectorAll('tbody tr:first-child td')).toHaveLength(10);
    },
    15_000,
  );
});

describe('/principal/schedule', () => {
  const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
  const teachers = [
    {
      id: 7,
      staffCode: 'GV007',
      fullName: 'Nguyễn Thị Lan',
      email: null,
      departmentId: 1,
      departmentName: 'Tổ Toán - Tin',
      subjects: [],
      userId: null,
      isHead: false,
      ...stamps,
    },
  ];
  const courseClass = (id: number) => ({
    id,
    code: `LHP${id - 100}`,
    name: `Lớp học phần ${id - 100}`,
    subjectId: 1,
    subjectName: 'Toán',
    moduleId: 6,
    moduleCode: '2026-HK1-M2',
    campusId: 1,
    campusName: 'Cơ sở 1',
    grade: 11,
    capacity: 40,
    enrolledCount: 30,
    teachers: [],
    ...stamps,
  });

  it('reads the whole school as course classes × slots, then one teacher’s week from the filter', async () => {
    const school = weekView({
      view: 'school',
      title: 'Toàn trường',
      entries: [
        lesson(1, 3, 1),
        lesson(2, 3, 1, { room: { id: 23, code: 'C101', name: 'Phòng C101' }, teachers: [{ id: 8, name: 'Bùi Văn Hải' }] }),
        fixed('flag_salute', 1, 1),
      ],
    });
    const { router } = open(['PRINCIPAL'], '/principal/schedule', {
      'GET /v1/timetables/week': (req) =>
        ok(req.params.view === 'teacher' ? weekView({ view: 'teacher', title: 'Nguyễn Thị Lan', entries: [lesson(5, 2, 3)] }) : school),
      'GET /v1/teachers': () => ok(page(teachers)),
    });
    const table = await screen.findByRole('table', undefined, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['LHP1Lớp học phần 1', 'LHP2Lớp học phần 2']);
    // Today (Wednesday) by default, period 1.
    expect(within(table).getByRole('row', { name: /LHP2/ }).querySelector('td[data-day="3"][data-period="1"]')).toHaveTextContent(
      'P.C101 · Hải',
    );
    expect(weekCalls()).toEqual([{ view: 'school' }]);

    await userEvent.selectOptions(screen.getByLabelText('Xem theo'), 'Giáo viên');
    expect(screen.getByText('Chọn giáo viên để xem thời khóa biểu.')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Nguyễn Thị Lan (GV007)' });
    await userEvent.selectOptions(screen.getByLabelText('Giáo viên'), 'Nguyễn Thị Lan (GV007)');
    expect(router.state.location.search).toBe('?by=teacher&id=7');
    await vi.waitFor(() => expect(weekCalls().at(-1)).toEqual({ view: 'teacher', id: '7' }));
    await vi.waitFor(() => expect(cell(2, 3)).toHaveTextContent('ToánLớp học phần 5'));
  }, 15_000);

  it('narrows the school to a grade through the module’s course classes of that grade', async () => {
    const school = weekView({ view: 'school', title: 'Toàn trường', entries: [lesson(1, 3, 1), lesson(2, 3, 2)] });
    open(['PRINCIPAL'], '/principal/schedule?by=grade&id=11', {
      'GET /v1/timetables/week': () => ok(school),
      'GET /v1/course-classes': () => ok(page([courseClass(102)])),
    });
    const table = await screen.findByRole('table', undefined, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['LHP2Lớp học phần 2']);
    expect(view?.mock.calls.filter((c) => c.url === '/v1/course-classes').map((c) => c.params)).toEqual([
      { moduleId: '6', grade: '11', limit: '100', sort: 'code' },
    ]);
  }, 15_000);
});

describe('the schedule routes', () => {
  it.each([
    [['ADMIN'], '/admin/schedule'],
    [['PRINCIPAL'], '/principal/schedule'],
    [['STUDENT'], '/student/schedule'],
  ] as const)(
    '%s %s is a real page, no longer "planned"',
    async (roles, path) => {
      open([...roles], path, { 'GET /v1/timetables/week': () => ok(weekView({ timetable: null })) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Thời khóa biểu' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByText(MSG.notYetAvailable)).not.toBeInTheDocument();
    },
    15_000,
  );
});
