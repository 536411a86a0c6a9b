import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TAssignmentBoard, TBoardTeacher } from '@app/shared/teaching';
import { makeModule } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRequest, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import TeachingAssignmentsPage from './teaching-assignments-page';

const module = makeModule(3, { code: '2026-HK1-M2', isCurrent: true });
const teacher = (over: Partial<TBoardTeacher> & { id: number; fullName: string }): TBoardTeacher => ({
  staffCode: `GV${over.id}`,
  position: 'TEACHER',
  classes: [],
  periodsAssigned: 0,
  normPerWeek: 17,
  duties: [],
  reductionPerWeek: 0,
  normAfterReductions: 17,
  difference: -17,
  status: 'under',
  clashes: [],
  ...over,
});

function makeBoard(over: Partial<TAssignmentBoard> = {}): TAssignmentBoard {
  return {
    module: { id: 3, code: module.code, name: 'Học phần 2', startDate: '2026-10-26', endDate: '2027-01-16', academicYearId: 9 },
    departments: [
      { id: 1, name: 'Tổ Toán' },
      { id: 2, name: 'Tổ Vật lý' },
    ],
    departmentId: 1,
    ruleSet: { id: 5, name: 'Thông tư 05/2025/TT-BGDĐT', effectiveFrom: '2025-04-22' },
    dutyRules: [
      { code: 'DEPUTY_HEAD', name: 'Tổ phó chuyên môn', reduction: 1 },
      { code: 'UNION_CHAIR', name: 'Chủ tịch công đoàn', reduction: 3 },
    ],
    timetable: { id: 4, name: 'TKB chính thức', effectiveFrom: '2026-10-26' },
    courseClasses: [
      {
        id: 11,
        code: 'TOAN-10T-M2',
        name: 'Toán 10 Toán',
        subjectName: 'Toán',
        grade: 10,
        periodsPerWeek: 6,
        teachers: [{ id: 101, fullName: 'Nguyễn Văn An', staffCode: 'GV101' }],
      },
      { id: 12, code: 'TOAN-11T-M2', name: 'Toán 11 Toán', subjectName: 'Toán', grade: 11, periodsPerWeek: 5, teachers: [] },
    ],
    teachers: [
      teacher({
        id: 101,
        fullName: 'Nguyễn Văn An',
        periodsAssigned: 6,
        normAfterReductions: 13,
        reductionPerWeek: 4,
        difference: -7,
        status: 'under',
        duties: [
          { code: 'HOMEROOM', label: 'Chủ nhiệm lớp 10 Toán', perWeek: 4, counted: true, source: 'homeroom', dutyId: null },
          { code: 'UNION_CHAIR', label: 'Chủ tịch công đoàn', perWeek: 3, counted: true, source: 'stored', dutyId: 77 },
        ],
        clashes: [{ day: 2, period: 1, courseClasses: ['TOAN-10T-M2', 'TOAN-12T-M2'], message: 'Thứ Ba tiết 1: TOAN-10T-M2, TOAN-12T-M2' }],
      }),
      teacher({ id: 102, fullName: 'Trần Thị Bình', periodsAssigned: 19, normAfterReductions: 17, difference: 2, status: 'over' }),
      teacher({ id: 103, fullName: 'Lê Văn Cường', periodsAssigned: 17, normAfterReductions: 17, difference: 0, status: 'ok' }),
    ],
    ...over,
  };
}

const modulesPage = ok({ items: [module], total: 1, page: 1, limit: 100 });
const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
function api(board: () => TAssignmentBoard, extra: MockRoutes = {}): MockRoutes {
  return { 'GET /v1/academic-years/modules': () => modulesPage, 'GET /v1/teaching/assignments': () => ok(board()), ...extra };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('TeachingAssignmentsPage', { timeout: 20_000 }, () => {
  it('shows the classes, each teacher’s load coloured by status, clashes and duties', async () => {
    const mock = mockApi(api(() => makeBoard()));
    restore = mock.restore;
    renderUi(<TeachingAssignmentsPage />, { module, path: '/department/teaching-assignments' });

    expect(await screen.findByText('TOAN-10T-M2')).toBeInTheDocument();
    expect(screen.getByText('Chưa phân công')).toBeInTheDocument();
    const an = screen.getByRole('listitem', { name: 'Nguyễn Văn An' });
    expect(within(an).getByText('-7 tiết/tuần · Thiếu tiết').className).toContain('amber');
    expect(within(an).getByText('Thứ Ba tiết 1: TOAN-10T-M2, TOAN-12T-M2')).toBeInTheDocument();
    expect(within(an).getByText(/Chủ nhiệm lớp 10 Toán/)).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Trần Thị Bình' })).getByText('+2 tiết/tuần · Vượt định mức').className).toContain(
      'danger',
    );
    expect(within(screen.getByRole('listitem', { name: 'Lê Văn Cường' })).getByText('0 tiết/tuần · Đủ định mức').className).toContain(
      'emerald',
    );
    expect(sent(mock.calls, 'GET', '/v1/teaching/assignments')[0].params).toEqual({ moduleId: '3' });
    // Only the in-force check of the published timetable is named.
    expect(screen.getByText(/Kiểm tra trùng tiết theo TKB chính thức/)).toBeInTheDocument();
  });

  it('assigns teachers through the dialog (search, tick) and shows the refreshed board', async () => {
    let board = makeBoard();
    const mock = mockApi(
      api(() => board, {
        'PUT /v1/teaching/assignments/course-classes/12/teachers': (req) => {
          const ids = (req.body as { teacherIds: number[] }).teacherIds;
          board = makeBoard({
            courseClasses: board.courseClasses.map((c) =>
              c.id === 12 ? { ...c, teachers: [{ id: 103, fullName: 'Lê Văn Cường', staffCode: 'GV103' }] } : c,
            ),
          });
          expect(ids).toEqual([103]);
          return ok(board, 'Đã phân công giáo viên.');
        },
      }),
    );
    restore = mock.restore;
    renderUi(<TeachingAssignmentsPage />, { module, path: '/department/teaching-assignments' });
    await userEvent.click(await screen.findByRole('button', { name: 'Phân công TOAN-11T-M2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phân công TOAN-11T-M2' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu phân công' }));
    expect(within(dialog).getByText('Lớp học phần phải có ít nhất một giáo viên.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Tìm giáo viên'), 'cuong');
    expect(within(dialog).queryByText('Trần Thị Bình')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu phân công' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(mock.calls, 'PUT', '/v1/teaching/assignments/course-classes/12/teachers')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Phân công TOAN-11T-M2' })).toHaveTextContent('Đổi giáo viên');
  });

  it('adds a duty, and removes one only after a confirmation', async () => {
    const mock = mockApi(
      api(() => makeBoard(), {
        'POST /v1/teaching/duties': (req) =>
          ok({ id: 78, note: null, startsOn: null, endsOn: null, ...(req.body as object) }, 'Đã thêm nhiệm vụ.'),
        'DELETE /v1/teaching/duties/77': () => ok(null),
      }),
    );
    restore = mock.restore;
    renderUi(<TeachingAssignmentsPage />, { module, path: '/department/teaching-assignments' });
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm nhiệm vụ cho Trần Thị Bình' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm nhiệm vụ cho Trần Thị Bình' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm nhiệm vụ' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Hãy chọn nhiệm vụ.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Nhiệm vụ'), 'DEPUTY_HEAD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm nhiệm vụ' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/teaching/duties')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/teaching/duties')[0].body).toEqual({
      teacherId: 102,
      academicYearId: 9,
      code: 'DEPUTY_HEAD',
      note: '',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Xóa nhiệm vụ Chủ tịch công đoàn của Nguyễn Văn An' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xóa nhiệm vụ?' });
    expect(sent(mock.calls, 'DELETE', '/v1/teaching/duties/77')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(sent(mock.calls, 'DELETE', '/v1/teaching/duties/77')).toHaveLength(1));
  });

  it('shows the server’s refusal, and an empty state when the caller heads no department', async () => {
    const mock = mockApi(
      api(() => makeBoard(), {
        'GET /v1/teaching/assignments': () => fail(403, 'Bạn chỉ được phân công cho tổ chuyên môn mình phụ trách.', 'FORBIDDEN'),
      }),
    );
    restore = mock.restore;
    const { unmount } = renderUi(<TeachingAssignmentsPage />, { module, path: '/department/teaching-assignments?departmentId=2' });
    expect(await screen.findByText('Bạn chỉ được phân công cho tổ chuyên môn mình phụ trách.')).toBeInTheDocument();
    unmount();
    restore();
    restore = mockApi(api(() => makeBoard({ departments: [], departmentId: null, courseClasses: [], teachers: [] }))).restore;
    renderUi(<TeachingAssignmentsPage />, { module, path: '/department/teaching-assignments' });
    expect(await screen.findByText('Chưa có tổ chuyên môn')).toBeInTheDocument();
  });
});
