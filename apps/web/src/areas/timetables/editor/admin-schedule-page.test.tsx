import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TClassroom, TCourseClass, THomeroomClass } from '@app/shared/school';
import {
  defaultPeriodGrid,
  type TClash,
  type TGeneratorRun,
  type TLesson,
  type TPeriodGrid,
  type TSoftScore,
  type TTimetableDetail,
} from '@app/shared/timetables';
import { makeModule } from '@/test/fixtures';
import { mockApi, ok, type MockRequest, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { AdminSchedulePage } from './admin-schedule-page';

const stamps = { createdAt: '2025-08-01T00:00:00Z', updatedAt: '2025-08-01T00:00:00Z' };
const module = makeModule(3, { code: '2025-HK1-M1', isCurrent: true });
const grid: TPeriodGrid = { campusId: 1, campusName: 'Cơ sở 1', ...defaultPeriodGrid() };
const cc = (id: number, name: string, teacher: { id: number; fullName: string }): TCourseClass => ({
  id,
  code: `CC${id}`,
  name,
  subjectId: id,
  subjectName: name.split(' ')[0],
  moduleId: module.id,
  moduleCode: module.code,
  campusId: 1,
  campusName: 'Cơ sở 1',
  grade: 10,
  capacity: 40,
  enrolledCount: 30,
  teachers: [{ ...teacher, staffCode: `GV${teacher.id}` }],
  ...stamps,
});
const toan = cc(11, 'Toán 10A1', { id: 501, fullName: 'Nguyễn Thị Lan' });
const van = cc(12, 'Ngữ văn 10A1', { id: 502, fullName: 'Trần Văn Minh' });
const room: TClassroom = {
  id: 7,
  campusId: 1,
  campusName: 'Cơ sở 1',
  code: 'A101',
  name: 'Phòng A101',
  capacity: 45,
  kind: 'standard',
  ...stamps,
};
const homeroom: THomeroomClass = {
  id: 21,
  name: '10A1',
  academicYearId: 1,
  academicYearName: '2025-2026',
  grade: 10,
  campusId: 1,
  campusName: 'Cơ sở 1',
  homeroomTeacherId: null,
  homeroomTeacherName: null,
  studentCount: 30,
  ...stamps,
};
const score = (total: number): TSoftScore => ({
  teacherGaps: 2,
  studentGaps: 1,
  sameSubjectTwiceADay: 0,
  teacherTwoCampuses: 0,
  preferredDaysMissed: 0,
  total,
});
const lesson = (id: number, courseClassId: number, over: Partial<TLesson> = {}): TLesson => ({
  id,
  courseClassId,
  day: null,
  period: null,
  length: 1,
  classroomId: null,
  locked: false,
  version: 3,
  ...over,
});

function detail(over: Partial<TTimetableDetail> = {}): TTimetableDetail {
  const lessons = over.lessons ?? [lesson(101, toan.id), lesson(102, van.id, { day: 1, period: 2, classroomId: room.id, version: 5 })];
  return {
    id: 9,
    moduleId: module.id,
    name: 'Thời khóa biểu HK1 – bản 2',
    status: 'draft',
    effectiveFrom: null,
    basedOnId: null,
    publishedAt: null,
    lessonCount: lessons.length,
    unplacedCount: lessons.filter((l) => l.day === null).length,
    hardClashCount: over.clashes?.length ?? 0,
    updatedAt: '2025-09-01T00:00:00Z',
    lessons,
    clashes: [],
    score: score(10),
    // 10A1's students take Toán (11), 10A2's take Ngữ văn (12).
    homeroomCourseClasses: [
      { homeroomClassId: homeroom.id, courseClassIds: [toan.id] },
      { homeroomClassId: homeroom.id + 1, courseClassIds: [van.id] },
    ],
    ...over,
  };
}

const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 100 });
const summary = (d: TTimetableDetail) => {
  const { lessons: _l, clashes: _c, score: _s, homeroomCourseClasses: _h, ...rest } = d;
  return rest;
};

/** The school's lookups plus one version (GET answers `current()` so a test can change it). */
function api(current: () => TTimetableDetail, extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /v1/timetables': () => ok([summary(current())]),
    'GET /v1/timetables/9': () => ok(current()),
    'GET /v1/timetables/9/generate': () => ok(null),
    'GET /v1/timetables/grids': () => ok([grid]),
    'GET /v1/course-classes': () => page([toan, van]),
    'GET /v1/classrooms': () => page([room]),
    'GET /v1/homeroom-classes': () => page([homeroom]),
    ...extra,
  };
}

const cell = (day: number, period: number) => {
  const c = document.querySelector<HTMLElement>(`td[data-day="${day}"][data-period="${period}"]`);
  if (!c) throw new Error(`no cell ${day}:${period}`);
  return c;
};
const posts = (calls: MockRequest[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

// Whole-page tests with many user events: generous under a loaded machine.
describe('AdminSchedulePage', { timeout: 20_000 }, () => {
  it('places an unplaced lesson by click, sending its version, and shows the answer’s clashes and score', async () => {
    const clash: TClash = {
      kind: 'teacher',
      day: 2,
      period: 3,
      lessonIds: [101],
      message: 'Cô Nguyễn Thị Lan dạy Toán 10A1 và Toán 10A2 cùng lúc.',
    };
    const mock = mockApi(
      api(() => detail(), {
        'POST /v1/timetables/9/edits': () =>
          ok({ lessons: [lesson(101, toan.id, { day: 2, period: 3, version: 4 })], clashes: [clash], score: score(7.5) }),
      }),
    );
    restore = mock.restore;
    renderUi(<AdminSchedulePage />, { module, path: '/admin/schedule?view=course_class&id=11' });

    const unplaced = await screen.findByRole('region', { name: /Tiết chưa xếp/ });
    await userEvent.click(await within(unplaced).findByRole('button', { name: /Toán 10A1/ }));
    expect(screen.getByRole('region', { name: 'Tiết đang chọn' })).toHaveTextContent('Chưa xếp');
    await userEvent.click(cell(2, 3));

    await waitFor(() => expect(posts(mock.calls, '/v1/timetables/9/edits')).toHaveLength(1));
    expect(posts(mock.calls, '/v1/timetables/9/edits')[0].body).toEqual({ op: 'place', lessonId: 101, version: 3, day: 2, period: 3 });
    expect(await within(cell(2, 3)).findByRole('button', { name: /Toán 10A1/ })).toBeInTheDocument();
    const clashes = screen.getByRole('region', { name: 'Xung đột' });
    expect(clashes).toHaveTextContent('Cô Nguyễn Thị Lan dạy Toán 10A1 và Toán 10A2 cùng lúc.');
    expect(screen.getByTestId('score-total')).toHaveTextContent('7.5');
    expect(within(screen.getByRole('region', { name: /Tiết chưa xếp/ })).getByText('Mọi tiết đã được xếp.')).toBeInTheDocument();
  });

  it('moves a lesson with the arrow keys and Enter, then locks it', async () => {
    const mock = mockApi(
      api(() => detail(), {
        'POST /v1/timetables/9/edits': (req) => {
          const b = req.body as { op: string; locked?: boolean };
          if (b.op === 'place')
            return ok({
              lessons: [lesson(102, van.id, { day: 2, period: 2, classroomId: room.id, version: 6 })],
              clashes: [],
              score: score(9),
            });
          return ok({
            lessons: [lesson(102, van.id, { day: 2, period: 2, classroomId: room.id, version: 7, locked: b.locked })],
            clashes: [],
            score: score(9),
          });
        },
      }),
    );
    restore = mock.restore;
    renderUi(<AdminSchedulePage />, { module, path: '/admin/schedule?view=teacher&id=502' });

    await screen.findByRole('grid', { name: 'Lưới thời khóa biểu' });
    await within(cell(1, 2)).findByRole('button', { name: /Ngữ văn 10A1/ });
    cell(1, 1).focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('region', { name: 'Tiết đang chọn' })).toHaveTextContent('Thứ Hai, tiết 2');
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(posts(mock.calls, '/v1/timetables/9/edits')).toHaveLength(1));
    expect(posts(mock.calls, '/v1/timetables/9/edits')[0].body).toEqual({ op: 'place', lessonId: 102, version: 5, day: 2, period: 2 });
    expect(await within(cell(2, 2)).findByRole('button', { name: /Ngữ văn 10A1/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Khóa' }));
    await waitFor(() => expect(posts(mock.calls, '/v1/timetables/9/edits')).toHaveLength(2));
    expect(posts(mock.calls, '/v1/timetables/9/edits')[1].body).toEqual({ op: 'lock', lessonId: 102, version: 6, locked: true });
    expect(await screen.findByRole('button', { name: 'Mở khóa' })).toBeInTheDocument();
  });

  it('on a stale lesson (409) shows the server’s message and reloads the timetable', async () => {
    let version = detail();
    const message =
      'Tiết học này vừa được người khác thay đổi. Thời khóa biểu đã được tải lại; hãy xem thay đổi mới rồi thao tác lại. Không có gì bị ghi đè.';
    const mock = mockApi(
      api(() => version, {
        'POST /v1/timetables/9/edits': () => {
          // Someone else moved it meanwhile: the reload shows where it is now.
          version = detail({
            lessons: [lesson(101, toan.id, { day: 4, period: 1, version: 4 }), lesson(102, van.id, { day: 1, period: 2, version: 5 })],
          });
          return { status: 409, body: { success: false, code: 'CONFLICT', message } };
        },
      }),
    );
    restore = mock.restore;
    renderUi(<AdminSchedulePage />, { module, path: '/admin/schedule?view=course_class&id=11' });

    const unplaced = await screen.findByRole('region', { name: /Tiết chưa xếp/ });
    await userEvent.click(await within(unplaced).findByRole('button', { name: /Toán 10A1/ }));
    const detailReads = () => mock.calls.filter((c) => c.method === 'GET' && c.url === '/v1/timetables/9').length;
    const before = detailReads();
    await userEvent.click(cell(2, 3));

    const alerts = await screen.findAllByText(message);
    expect(alerts.length).toBeGreaterThan(0);
    await waitFor(() => expect(detailReads()).toBeGreaterThan(before));
    expect(await within(cell(4, 1)).findByRole('button', { name: /Toán 10A1/ })).toBeInTheDocument();
    expect(within(cell(2, 3)).queryByRole('button')).toBeNull();
  });

  it('shows the hard clashes when publishing is refused', async () => {
    const clashes: TClash[] = [
      { kind: 'room', day: 1, period: 2, lessonIds: [102], message: 'Phòng A101 có Ngữ văn 10A1 và Toán 10A2 cùng lúc.' },
      { kind: 'student', day: 3, period: 1, lessonIds: [101], message: '5 học sinh của Toán 10A1 có tiết Vật lý 10A1 cùng lúc.' },
    ];
    const mock = mockApi(
      api(
        () => detail({ lessons: [lesson(101, toan.id, { day: 3, period: 1 }), lesson(102, van.id, { day: 1, period: 2, version: 5 })] }),
        {
          'POST /v1/timetables/9/publish': () => ({
            status: 400,
            body: {
              success: false,
              code: 'BAD_REQUEST',
              message: 'Chưa thể công bố: thời khóa biểu còn 2 xung đột.\n- …',
              details: { clashes },
            },
          }),
        },
      ),
    );
    restore = mock.restore;
    renderUi(<AdminSchedulePage />, { module, path: '/admin/schedule?view=course_class&id=11' });

    await userEvent.click(await screen.findByRole('button', { name: 'Công bố' }));
    const dialog = screen.getByRole('dialog', { name: 'Công bố thời khóa biểu' });
    const date = within(dialog).getByRole('textbox', { name: /Áp dụng từ ngày/ });
    await userEvent.clear(date);
    await userEvent.type(date, '15/09/2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Công bố' }));

    await waitFor(() => expect(posts(mock.calls, '/v1/timetables/9/publish')).toHaveLength(1));
    expect(posts(mock.calls, '/v1/timetables/9/publish')[0].body).toEqual({ effectiveFrom: '2025-09-15' });
    const refusal = await screen.findByRole('region', { name: 'Xung đột cần xử lý trước khi công bố' });
    expect(refusal).toHaveTextContent('Phòng A101 có Ngữ văn 10A1 và Toán 10A2 cùng lúc.');
    expect(refusal).toHaveTextContent('5 học sinh của Toán 10A1 có tiết Vật lý 10A1 cùng lúc.');
    expect(screen.getByText('Chưa thể công bố: thời khóa biểu còn 2 xung đột.')).toBeInTheDocument();
    // A click on a clash selects its lesson.
    await userEvent.click(within(refusal).getByRole('button', { name: /Phòng A101/ }));
    expect(screen.getByRole('region', { name: 'Tiết đang chọn' })).toHaveTextContent('Ngữ văn 10A1');
    // Not in the course class shown: the view turns to its own course class.
    expect(await within(cell(1, 2)).findByRole('button', { name: /Ngữ văn 10A1/ })).toBeInTheDocument();
  });

  it('swaps two lessons, drags one onto a slot and another onto the unplaced list', async () => {
    const mock = mockApi(
      api(
        () => detail({ lessons: [lesson(101, toan.id, { day: 2, period: 1 }), lesson(102, van.id, { day: 1, period: 2, version: 5 })] }),
        {
          'POST /v1/timetables/9/edits': (req) => {
            const b = req.body as { op: string };
            const lessons =
              b.op === 'swap'
                ? [lesson(101, toan.id, { day: 1, period: 2, version: 4 }), lesson(102, van.id, { day: 2, period: 1, version: 6 })]
                : b.op === 'place'
                  ? [lesson(101, toan.id, { day: 5, period: 4, version: 5 })]
                  : [lesson(102, van.id, { version: 7 })];
            return ok({ lessons, clashes: [], score: score(8) });
          },
        },
      ),
    );
    restore = mock.restore;
    renderUi(<AdminSchedulePage />, { module, path: '/admin/schedule?view=course_class&id=11' });
    await screen.findByRole('grid', { name: 'Lưới thời khóa biểu' });
    await userEvent.click(await within(cell(2, 1)).findByRole('button', { name: /Toán 10A1/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Đổi chỗ' }));
    // The second lesson, in another course class's week.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lớp học phần' }), 'Ngữ văn 10A1 (CC12)');
    await userEvent.click(await within(cell(1, 2)).findByRole('button', { name: /Ngữ văn 10A1/ }));
    await waitFor(() => expect(posts(mock.calls, '/v1/timetables/9/edits')).toHaveLength(1));
    expect(posts(mock.calls, '/v1/timetables/9/edits')[0].body).toEqual({
      op: 'swap',
      lessonId: 101,
      version: 3,
      otherLessonId: 102,
      otherVersion: 5,
    });
    expect(await within(cell(2, 1)).findByRole('button', { name: /Ngữ văn 10A1/ })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lớp học phần' }), 'Toán 10A1 (CC11)');
    const toanChip = await within(cell(1, 2)).findByRole('button', { name: /Toán 10A1/ });
    const drag = {
      getData: (type: string) => (type === 'application/x-lesson-id' ? '101' : ''),
      setData: () => {},
      dropEffect: 'move',
      effectAllowed: 'move',
    };
    fireEvent.dragStart(toanChip, { dataTransfer: drag });
    fireEvent.dragOver(cell(5, 4), { dataTransfer: drag });
    fireEvent.drop(cell(5, 4), { dataTransfer: drag });
    await waitFor(() => expect(posts(mock.calls, '/v1/timetables/9/edits')).toHaveLength(2));
    expect(posts(mock.calls, '/v1/timetables/9/edits')[1].body).toEqual({ op: 'place', lessonId: 101, version: 4, day: 5, period: 4 });
    expect(await within(cell(5, 4)).findByRole('button', { name: /Toán 10A1/ })).toBeInTheDocument();

    const vanDrag = { ...drag, getData: (type: string) => (type === 'application/x-lesson-id' ? '102' : '') };
    const unplaced = screen.getByRole('region', { name: /Tiết chưa xếp/ });
    fireEvent.dragOver(unplaced, { dataTransfer: vanDrag });
    fireEvent.drop(unplaced, { dataTransfer: vanDrag });
    await waitFor(() => expect(posts(mock.calls, '/v1/timetables/9/edits')).toHaveLength(3));
    expect(posts(mock.calls, '/v1/timetables/9/edits')[2].body).toEqual({ op: 'unplace', lessonId: 102, version: 6 });
    expect(await within(unplaced).findByText(/Tiết chưa xếp \(1\)/)).toBeInTheDocument();
  });

  it('starts the generator, shows its progress, stops it and reloads the timetable', async () => {
    const run = (over: Partial<TGeneratorRun>): TGeneratorRun => ({
      timetableId: 9,
      status: 'running',
      startedAt: '2025-09-01T00:00:00Z',
      elapsedMs: 1200,
      placed: 5,
      total: 10,
      hardClashes: 2,
      score: 42,
      impossible: null,
      error: null,
      ...over,
    });
    let current: TGeneratorRun | null = null;
    const mock = mockApi(
      api(() => detail(), {
        'GET /v1/timetables/9/generate': () => ok(current),
        'POST /v1/timetables/9/generate': () => {
          current = run({ placed: 5 });
          return ok(current);
        },
        'DELETE /v1/timetables/9/generate': () => {
          current = run({ status: 'stopped', placed: 8, elapsedMs: 2500, hardClashes: 0, score: 30 });
          return ok(current);
        },
      }),
    );
    restore = mock.restore;
    renderUi(<AdminSchedulePage />, { module, path: '/admin/schedule?view=course_class&id=11' });

    const panel = await screen.findByRole('region', { name: 'Xếp tự động' });
    const limit = within(panel).getByRole('spinbutton', { name: 'Thời gian tối đa (giây)' });
    await userEvent.clear(limit);
    await userEvent.type(limit, '20');
    await userEvent.click(within(panel).getByRole('button', { name: 'Xếp tự động' }));
    await waitFor(() => expect(posts(mock.calls, '/v1/timetables/9/generate')).toHaveLength(1));
    expect(posts(mock.calls, '/v1/timetables/9/generate')[0].body).toEqual({ timeLimitSeconds: 20 });
    expect(await within(panel).findByText(/Đã xếp 5\/10 tiết · Xung đột cứng: 2 · Điểm phạt: 42/)).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');

    // Polled while running: the next progress appears without a click.
    current = run({ placed: 7, elapsedMs: 2100 });
    expect(await within(panel).findByText(/Đã xếp 7\/10 tiết/, {}, { timeout: 3000 })).toBeInTheDocument();

    const reads = mock.calls.filter((c) => c.method === 'GET' && c.url === '/v1/timetables/9').length;
    await userEvent.click(within(panel).getByRole('button', { name: 'Dừng' }));
    expect(await within(panel).findByText('Đã dừng (giữ kết quả tốt nhất)')).toBeInTheDocument();
    expect(within(panel).getByText(/Đã xếp 8\/10 tiết · Xung đột cứng: 0/)).toBeInTheDocument();
    await waitFor(() => expect(mock.calls.filter((c) => c.method === 'GET' && c.url === '/v1/timetables/9').length).toBeGreaterThan(reads));
    expect(within(panel).getByRole('button', { name: 'Xếp tự động' })).toBeInTheDocument();
  });

  it('shows a published version read-only, with "Tạo bản nháp mới"', async () => {
    const published = detail({ status: 'published', effectiveFrom: '2025-09-08', publishedAt: '2025-09-01T00:00:00Z' });
    const draft = detail({ id: 10, name: 'Bản nháp mới' });
    const mock = mockApi(
      api(() => published, {
        'POST /v1/timetables': () => ok(draft, 'Đã tạo bản nháp từ thời khóa biểu đã công bố.'),
        'GET /v1/timetables/10': () => ok(draft),
        'GET /v1/timetables/10/generate': () => ok(null),
      }),
    );
    restore = mock.restore;
    const { router } = renderUi(<AdminSchedulePage />, { module, path: '/admin/schedule?view=course_class&id=12' });

    const notice = await screen.findByText(/Thời khóa biểu đã công bố chỉ xem được/);
    expect(screen.queryByRole('button', { name: 'Công bố' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Xếp tự động' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nhập kết quả FET' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Xuất FET' })).toBeInTheDocument();

    // Selecting works, moving does not: no edit is sent.
    await screen.findByRole('grid', { name: 'Lưới thời khóa biểu' });
    await userEvent.click(await within(cell(1, 2)).findByRole('button', { name: /Ngữ văn 10A1/ }));
    expect(screen.getByRole('region', { name: 'Tiết đang chọn' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Khóa' })).toBeNull();
    await userEvent.click(cell(3, 3));
    expect(posts(mock.calls, '/v1/timetables/9/edits')).toHaveLength(0);

    await userEvent.click(within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Tạo bản nháp mới' }));
    await waitFor(() => expect(posts(mock.calls, '/v1/timetables')).toHaveLength(1));
    expect(posts(mock.calls, '/v1/timetables')[0].body).toEqual({ moduleId: module.id });
    await waitFor(() => expect(router.state.location.search).toContain('v=10'));
  });

  it('uploads FET’s result into the draft and reloads it', async () => {
    let current = detail();
    const mock = mockApi(
      api(() => current, {
        'POST /v1/timetables/9/fet-import': () => {
          current = detail({
            lessons: [lesson(101, toan.id, { day: 6, period: 2, version: 4 }), lesson(102, van.id, { day: 1, period: 2, version: 5 })],
          });
          return ok(current, 'Đã nhập 2 tiết từ kết quả của FET.');
        },
      }),
    );
    restore = mock.restore;
    renderUi(<AdminSchedulePage />, { module, path: '/admin/schedule?view=course_class&id=11' });
    await screen.findByRole('grid', { name: 'Lưới thời khóa biểu' });
    const file = new File(['<fet></fet>'], 'tkb_activities.xml', { type: 'text/xml' });
    await userEvent.upload(screen.getByLabelText('Tệp kết quả FET'), file);

    await waitFor(() => expect(posts(mock.calls, '/v1/timetables/9/fet-import')).toHaveLength(1));
    const body = posts(mock.calls, '/v1/timetables/9/fet-import')[0].body as FormData;
    expect((body.get('file') as File).name).toBe('tkb_activities.xml');
    expect(await screen.findByText('Đã nhập 2 tiết từ kết quả của FET.')).toBeInTheDocument();
    expect(await within(cell(6, 2)).findByRole('button', { name: /Toán 10A1/ })).toBeInTheDocument();
  });

  it('shows a homeroom class the course classes its students take', async () => {
    const mock = mockApi(
      api(() => detail({ lessons: [lesson(101, toan.id, { day: 2, period: 1 }), lesson(102, van.id, { day: 2, period: 2 })] })),
    );
    restore = mock.restore;
    renderUi(<AdminSchedulePage />, { module, path: '/admin/schedule' });

    await screen.findByRole('grid', { name: 'Lưới thời khóa biểu' });
    expect(await within(cell(2, 1)).findByRole('button', { name: /Toán 10A1/ })).toBeInTheDocument();
    expect(within(cell(2, 2)).queryByRole('button')).toBeNull();
    expect(within(cell(1, 1)).getByText('Chào cờ')).toBeInTheDocument();
  });
});
