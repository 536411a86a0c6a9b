import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDashboard } from '@app/shared/auth';
import type { TRole } from '@app/shared/roles';
import type { TAcademicQueue, TFacilitySummary, TQueueCourseClass, TTeachingLoad } from '@app/shared/school-overview';
import type { TPublicationOverview } from '@app/shared/survey-results';
import type { TSurveyStats } from '@app/shared/survey-monitoring';
import { makeModule, makeUser } from '@/test/fixtures';
import { fail, ok, type MockRoutes } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { classRow, gradeCampusRow, surveyRow } from '@/areas/surveys/monitoring/test/fixtures';

/** The office dashboards through the real route table: the server's figures, then each office's cards. */

const MODULE = makeModule(6, { code: '2026-HK1-M2', isCurrent: true });
let view: ReturnType<typeof renderApp> | undefined;
afterEach(() => view?.mock.restore());

const dashboard = (role: TRole, stats: TDashboard['stats'] = []): TDashboard => ({
  role,
  greeting: 'Chào buổi chiều, Nguyễn Văn An!',
  stats: [...stats, { label: 'Lần đăng nhập trước', value: 'Lần đầu đăng nhập' }],
  notes: [],
});

const STATS: TSurveyStats = {
  surveys: { total: 5, draft: 1, active: 2, closed: 2, templates: 2 },
  responses: { total: 1529, today: 37 },
  activeCompletion: { expected: 800, done: 529, rate: 66.1, students: 398, studentsDone: 250 },
  activeSurveys: [surveyRow(1, { title: 'Khảo sát chung', daysLeft: 3 }), surveyRow(2, { title: 'Khảo sát Toán', daysLeft: 20 })],
};
const OVERVIEW: TPublicationOverview = {
  waiting: [
    { surveyId: 7, title: 'Khảo sát Văn', moduleCode: '2026-HK1-M1', endDate: '2026-10-25', responses: 120, pendingTexts: 4 },
    { surveyId: 8, title: 'Khảo sát Anh', moduleCode: '2026-HK1-M1', endDate: '2026-10-26', responses: 80, pendingTexts: 0 },
  ],
  published: {
    count: 1,
    recent: [
      { surveyId: 5, title: 'Khảo sát Toán (học phần 1)', moduleCode: '2026-HK1-M1', publishedAt: '2026-10-27T02:00:00Z', responses: 250 },
    ],
  },
};
const SURVEY_API: MockRoutes = {
  'GET /v1/surveys/stats': () => ok(STATS),
  'GET /v1/surveys/survey-completion-by-grade-campus': () => ok([gradeCampusRow(10, 'Cơ sở 1', 100, 130)]),
  'GET /v1/surveys/survey-completion-by-class': () => ok([classRow(1, '10 Toán', 30, 35), classRow(2, '11 Hóa', 10, 34)]),
  'GET /v1/surveys/responses/reviews/counts': () => ok({ pending: 12, approved: 300, rejected: 9, byReason: { phone: 3, profanity: 7 } }),
  'GET /v1/surveys/publication-overview': () => ok(OVERVIEW),
};

const cls = (id: number, over: Partial<TQueueCourseClass> = {}): TQueueCourseClass => ({
  id,
  code: `LHP${id}`,
  name: `Toán 10 lớp ${id}`,
  subjectName: 'Toán',
  grade: 10,
  campusName: 'Cơ sở 1',
  capacity: 40,
  enrolledCount: 30,
  teacherNames: [],
  ...over,
});
const none = { count: 0, items: [] };
const QUEUE: TAcademicQueue = {
  module: { id: 6, code: '2026-HK1-M2', name: 'Học phần 2' },
  academicYear: { id: 2, name: '2026-2027' },
  courseClasses: 84,
  withoutTeacher: { count: 23, items: Array.from({ length: 20 }, (_, i) => cls(i + 1)) },
  withoutStudents: none,
  overCapacity: { count: 1, items: [cls(90, { enrolledCount: 45, teacherNames: ['Nguyễn Thị Lan'] })] },
  homeroomClasses: 12,
  homeroomWithoutTeacher: { count: 1, items: [{ id: 3, name: '12 Sử', grade: 12, campusName: 'Cơ sở 2', studentCount: 31 }] },
  activeStudents: 398,
  studentsWithoutHomeroom: none,
};

function renderAs(roles: TRole[], path: string, api: MockRoutes, stats: TDashboard['stats'] = []) {
  view = renderApp({
    path,
    user: makeUser(roles),
    api: {
      'GET /v1/dashboard': () => ok(dashboard(roles[0], stats)),
      'GET /v1/academic-years/current-semester/modules': () => ok({ items: [MODULE] }),
      ...api,
    },
  });
  return view;
}
const card = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });

describe('the quality office dashboard', () => {
  it('is the common dashboard: the greeting of the day, figures that link to the work, and its survey cards', async () => {
    renderAs(['QUALITY_ASSURANCE'], '/quality/dashboard', SURVEY_API, [
      { label: 'Ý kiến chờ duyệt', value: 12, hint: '300 đã duyệt · 9 bị từ chối', href: '/quality/text-reviews' },
    ]);
    // The first test loads the page's lazy chunk: a slow machine takes seconds.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chào buổi chiều, Nguyễn Văn An!' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Xin chào/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ý kiến chờ duyệt/ })).toHaveAttribute('href', '/quality/text-reviews');

    const reviews = await card('Ý kiến chờ duyệt');
    expect(await within(reviews).findByText(/ý kiến chờ duyệt · 300 đã duyệt · 9 bị từ chối/)).toBeInTheDocument();
    expect(within(reviews).getByRole('link', { name: 'Mở hàng đợi duyệt' })).toHaveAttribute('href', '/quality/text-reviews');
    expect(within(reviews).getByRole('link', { name: 'Phân tích ý kiến theo chủ đề' })).toHaveAttribute('href', '/quality/themes');
    // Reasons, most frequent first, each opening the queue filtered to it.
    const reasons = within(reviews).getAllByRole('link', { name: /Ngôn từ thô tục|Có số điện thoại/ });
    expect(reasons.map((r) => r.textContent)).toEqual(['Ngôn từ thô tục7', 'Có số điện thoại3']);
    expect(reasons[1]).toHaveAttribute('href', '/quality/text-reviews?status=pending&reason=phone');

    const toPublish = await card('Khảo sát chờ công bố kết quả');
    expect(await within(toPublish).findByRole('link', { name: 'Khảo sát Văn' })).toHaveAttribute('href', '/quality/surveys?surveyId=7');
    expect(within(toPublish).getByRole('link', { name: 'Còn 4 ý kiến chờ duyệt' })).toHaveAttribute(
      'href',
      '/quality/text-reviews?surveyId=7',
    );
    expect(within(toPublish).getByText('Sẵn sàng công bố')).toBeInTheDocument();

    const surveys = await card('Khảo sát');
    expect(await within(surveys).findByRole('link', { name: 'Khảo sát Toán' })).toHaveAttribute('href', '/quality/surveys?surveyId=2');
    const completion = await card('Tiến độ trả lời của học phần 2026-HK1-M2');
    expect(await within(completion).findByRole('progressbar', { name: '11 Hóa' })).toBeInTheDocument();
    expect(view?.mock.calls.find((c) => c.url === '/v1/surveys/survey-completion-by-class')?.params).toEqual({ moduleId: 6 });
  }, 15_000);

  it('says what will appear when nothing waits for review or publication', async () => {
    renderAs(['QUALITY_ASSURANCE'], '/quality/dashboard', {
      ...SURVEY_API,
      'GET /v1/surveys/responses/reviews/counts': () => ok({ pending: 0, approved: 300, rejected: 9, byReason: {} }),
      'GET /v1/surveys/publication-overview': () => ok({ ...OVERVIEW, waiting: [] }),
    });
    expect(
      await within(await card('Ý kiến chờ duyệt')).findByText(/Không có ý kiến nào chờ duyệt\. Ý kiến mà bộ lọc tự động/),
    ).toBeInTheDocument();
    expect(
      await within(await card('Khảo sát chờ công bố kết quả')).findByText(/Không có khảo sát nào chờ công bố\. Khi một khảo sát đóng lại/),
    ).toBeInTheDocument();
  });
});

describe('the admin dashboard', () => {
  it('shows the surveys closing soon, the review queue and the surveys to publish, with the admin pages as links', async () => {
    renderAs(['ADMIN'], '/admin/dashboard', SURVEY_API);
    const surveys = await card('Khảo sát');
    expect(await within(surveys).findByRole('link', { name: 'Khảo sát chung' })).toHaveAttribute('href', '/admin/surveys/1?tab=progress');
    expect(within(surveys).queryByText('Khảo sát Toán')).not.toBeInTheDocument();
    const reviews = await card('Ý kiến chờ duyệt');
    expect(await within(reviews).findByRole('link', { name: 'Mở hàng đợi duyệt' })).toHaveAttribute('href', '/admin/text-reviews');
    const toPublish = await card('Khảo sát chờ công bố kết quả');
    expect(await within(toPublish).findByRole('link', { name: 'Khảo sát Văn' })).toHaveAttribute('href', '/admin/surveys/7?tab=results');
    // Cards of other offices are not on it.
    expect(screen.queryByRole('region', { name: 'Việc cần xử lý' })).not.toBeInTheDocument();
  });
});

describe('the principal dashboard', () => {
  it('shows school completion, the published results and what waits for a decision', async () => {
    renderAs(['PRINCIPAL'], '/principal/dashboard', {
      ...SURVEY_API,
      'GET /v1/pay/runs': () => ok({ items: [], total: 0, page: 1, limit: 100 }),
    });
    const surveys = await card('Khảo sát');
    expect(await within(surveys).findByRole('link', { name: 'Khảo sát chung' })).toHaveAttribute('href', '/principal/surveys?surveyId=1');
    const results = await card('Kết quả khảo sát đã công bố');
    expect(await within(results).findByText('Khảo sát Toán (học phần 1)')).toBeInTheDocument();
    expect(within(results).getByText(/2026-HK1-M1 · Công bố 27\/10\/2026 · 250 phản hồi/)).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Xem báo cáo kết quả' })).toHaveAttribute('href', '/principal/reports');
    const decisions = await card('Đợt thanh toán chờ phê duyệt');
    expect(decisions).toHaveTextContent('Hiện không có đợt thanh toán nào chờ duyệt.');
    // The principal does not review texts: no review card, no call for it.
    expect(screen.queryByRole('region', { name: 'Ý kiến chờ duyệt' })).not.toBeInTheDocument();
    expect(view?.mock.calls.some((c) => c.url === '/v1/surveys/responses/reviews/counts')).toBe(false);
  });
});

describe('the academic office dashboard', () => {
  it('lists its work queue inline for the header module (no admin page to link to)', async () => {
    renderAs(['ACADEMIC_AFFAIR'], '/academic/dashboard', { 'GET /v1/academic-queue': () => ok(QUEUE) });
    const queue = await card('Việc cần xử lý');
    expect(await within(queue).findByText('Học phần 2026-HK1-M2 · năm học 2026-2027')).toBeInTheDocument();
    expect(view?.mock.calls.find((c) => c.url === '/v1/academic-queue')?.params).toEqual({ moduleId: 6 });
    const noTeacher = within(queue).getByText('Lớp học phần chưa có giáo viên (trên 84 lớp)').closest('details')!;
    expect(noTeacher).toHaveTextContent('23');
    await userEvent.click(within(noTeacher).getByText('Lớp học phần chưa có giáo viên (trên 84 lớp)'));
    expect(within(noTeacher).getByText('LHP1 – Toán 10 lớp 1 · Toán · Khối 10 · Cơ sở 1 · 30/40 học sinh')).toBeVisible();
    expect(within(noTeacher).getByText('và 3 mục khác')).toBeInTheDocument();
    expect(within(queue).getByText(/Lớp học phần chưa có học sinh/)).toHaveTextContent('Lớp học phần chưa có học sinh: không có');
    expect(within(queue).getByText('12 Sử · Khối 12 · Cơ sở 2 · 31 học sinh')).toBeInTheDocument();
    expect(within(queue).queryByRole('link')).not.toBeInTheDocument();
    expect(queue).toHaveTextContent('Quản trị viên sửa các mục này trong Quản lý lớp học và Quản lý học sinh.');
  });

  it('shows the open declaration period by department and state, late ones counted, with the way to handle them', async () => {
    const period = {
      id: 4,
      semesterId: 3,
      semesterName: 'Học kỳ 1',
      yearName: '2026-2027',
      weeks: 18,
      opensAt: '2026-11-16T00:00:00+07:00',
      closesAt: '2099-01-15T17:00:00+07:00',
      reviewBy: '2099-01-22',
      holidays: [],
      counts: { draft: 1, submitted: 1, returned: 0, approved: 1, confirmed: 0, locked: 0 },
      teacherCount: 5,
    };
    const decl = (id: number, departmentName: string, status: string) => ({
      id,
      teacherId: id,
      teacherCode: `GV${id}`,
      teacherName: `Giáo viên ${id}`,
      departmentId: departmentName === 'Tổ Toán' ? 1 : 2,
      departmentName,
      periodId: 4,
      semesterId: 3,
      semesterName: 'Học kỳ 1',
      academicYearName: '2026-2027',
      status,
      version: 1,
      totals: null,
      updatedAt: '2026-11-20T00:00:00Z',
      lastComment: null,
    });
    renderAs(['ACADEMIC_AFFAIR'], '/academic/dashboard', {
      'GET /v1/academic-queue': () => ok(QUEUE),
      'GET /v1/teaching/declarations/periods': () => ok([period]),
      'GET /v1/teaching/declarations': () =>
        ok({
          items: [decl(1, 'Tổ Toán', 'draft'), decl(2, 'Tổ Toán', 'submitted'), decl(3, 'Tổ Văn', 'approved')],
          total: 3,
          page: 1,
          limit: 100,
        }),
    });
    const section = await card('Kê khai giảng dạy Học kỳ 1 2026-2027');
    expect(within(section).getByRole('link', { name: 'Xem và xử lý' })).toHaveAttribute('href', '/academic/teaching-declaration');
    const table = await within(section).findByRole('table', { name: 'Số bản kê khai theo trạng thái của từng tổ' });
    expect(within(table).getByRole('row', { name: /Tổ Toán/ })).toHaveTextContent('Tổ Toán110000');
    expect(within(section).getByText('3/5 giáo viên đã có bản kê khai.')).toBeInTheDocument();
  });

  it('links each kind to the page that fixes it for someone who may open it', async () => {
    renderAs(['ACADEMIC_AFFAIR', 'ADMIN'], '/academic/dashboard', { 'GET /v1/academic-queue': () => ok(QUEUE) });
    const queue = await card('Việc cần xử lý');
    await within(queue).findByText('Học phần 2026-HK1-M2 · năm học 2026-2027');
    expect(within(queue).getAllByRole('link', { name: 'Mở Quản lý lớp học', hidden: true })[0]).toHaveAttribute(
      'href',
      '/admin/course-classes',
    );
    expect(within(queue).getByRole('link', { name: 'Mở danh sách lớp chủ nhiệm', hidden: true })).toHaveAttribute(
      'href',
      '/admin/students?tab=homeroom-classes',
    );
  });

  it('says the queue is empty and what would appear, and offers a retry when it cannot be read', async () => {
    let n = 0;
    renderAs(['ACADEMIC_AFFAIR'], '/academic/dashboard', {
      'GET /v1/academic-queue': () =>
        n++ === 0
          ? fail(409, 'Dữ liệu đang được cập nhật, vui lòng thử lại.')
          : ok({ ...QUEUE, withoutTeacher: none, overCapacity: none, homeroomWithoutTeacher: none }),
    });
    const queue = await card('Việc cần xử lý');
    const alert = await within(queue).findByRole('alert');
    expect(alert).toHaveTextContent('Dữ liệu đang được cập nhật, vui lòng thử lại.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await within(queue).findByText(/^Không có việc nào cần xử lý\. Lớp học phần thiếu giáo viên/)).toBeInTheDocument();
  });
});

describe('the accountant dashboard', () => {
  it('shows the pay run at hand, what needs doing, and the teachers with their teaching per department', async () => {
    const load: TTeachingLoad = {
      module: { id: 6, code: '2026-HK1-M2', name: 'Học phần 2' },
      teachers: 60,
      teaching: 55,
      courseClasses: 84,
      departments: [
        { departmentId: 1, departmentName: 'Tổ Toán - Tin', teachers: 12, teaching: 11, courseClasses: 20 },
        { departmentId: null, departmentName: null, teachers: 2, teaching: 0, courseClasses: 0 },
      ],
    };
    renderAs(['ACCOUNTANT'], '/accountant/dashboard', {
      'GET /v1/teachers/teaching-load': () => ok(load),
      'GET /v1/pay/overview': () =>
        ok({
          currentRun: null,
          blockers: { declarationsNotLocked: 0, coefficientsMissing: 0, items: [] },
          waitingApproval: [],
          teachersWithoutCoefficients: 3,
        }),
    });
    const teachers = await card('Giáo viên và giờ dạy');
    expect(await within(teachers).findByText('60 giáo viên · học phần 2026-HK1-M2')).toBeInTheDocument();
    expect(teachers).toHaveTextContent('55giáo viên có giờ dạy · 84 lớp học phần');
    const byDept = within(teachers).getByRole('list', { name: 'Theo tổ chuyên môn' });
    expect(byDept).toHaveTextContent('Tổ Toán - Tin11/12 giáo viên có giờ dạy · 20 lớp');
    expect(byDept).toHaveTextContent('Chưa thuộc tổ nào0/2 giáo viên có giờ dạy · 0 lớp');
    expect(await card('Đợt tính hiện tại')).toHaveTextContent('Chưa có đợt tính thù lao nào.');
    expect(await card('Cần xử lý')).toHaveTextContent('3 giáo viên chưa có hệ số lương hiệu lực hôm nay');
  });
});

describe('the facility dashboard', () => {
  it('shows the campus timetable card, then campuses, rooms by kind and rooms of the module', async () => {
    const summary: TFacilitySummary = {
      totals: { campuses: 2, rooms: 30, seats: 1784 },
      campuses: [
        {
          id: 1,
          code: 'CS1',
          name: 'Cơ sở 1',
          rooms: 30,
          seats: 1784,
          byKind: [
            { kind: 'standard', rooms: 18, seats: 720 },
            { kind: 'lab', rooms: 12, seats: 1064 },
          ],
        },
        { id: 2, code: 'CS3', name: 'Cơ sở 3', rooms: 0, seats: 0, byKind: [] },
      ],
      byKind: [
        { kind: 'standard', rooms: 18, seats: 720 },
        { kind: 'lab', rooms: 12, seats: 1064 },
      ],
      module: { id: 6, code: '2026-HK1-M2', name: 'Học phần 2' },
      roomsInUse: 20,
      classesWithoutRoom: { count: 1, items: [cls(5)] },
    };
    renderAs(['FACILITY_MANAGER'], '/facility/dashboard', {
      'GET /v1/facilities/summary': () => ok(summary),
      'GET /v1/campuses': () => ok({ items: [], total: 0, page: 1, limit: 100 }),
    });
    // The campus timetable card (its own tests are in areas/timetables): first on the page.
    expect(
      await within(await card('Thời khóa biểu cơ sở')).findByText(/^Chưa có cơ sở nào\. Khi thêm cơ sở và phòng học, thời khóa biểu/),
    ).toBeInTheDocument();
    const rooms = await card('Cơ sở và phòng học');
    expect(await within(rooms).findByText('2 cơ sở · 30 phòng · 1.784 chỗ')).toBeInTheDocument();
    expect(within(rooms).getByRole('list', { name: 'Loại phòng của Cơ sở 1' })).toHaveTextContent('Phòng học thường 18Phòng thí nghiệm 12');
    expect(within(rooms).getByText('Chưa có phòng nào')).toBeInTheDocument();
    expect(rooms).toHaveTextContent('20 phòng đang được gán cho lớp học phần · 1 lớp chưa có phòng');
    expect(within(rooms).getByRole('link', { name: 'Quản lý phòng học' })).toHaveAttribute('href', '/facility/classrooms');
    expect(within(rooms).getByRole('link', { name: 'Quản lý cơ sở' })).toHaveAttribute('href', '/facility/campus');
  });
});
