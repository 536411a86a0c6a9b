import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TModuleResults, TTeacherCourseResults } from '@app/shared/survey-results';
import { makeModule, makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { agg, COMPUTED, course, filterInfo, renderResultsPage, scope } from '../test/results-fixtures';
import { DepartmentResultsCard, TeacherResultsCard } from './results-cards';

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());

const M1 = makeModule(2, { code: '2026-HK1-M1', name: 'Module 1', startDate: '2026-09-05' });
const M2 = makeModule(3, { code: '2026-HK1-M2', name: 'Module 2', startDate: '2026-10-20', isCurrent: true });
/** The header's module M2 with M1 before it in the list. */
const semester = (setModule: (id: number) => void) => ({
  module: M2,
  modules: [M1, M2],
  setModule,
  reload: async () => {},
  status: 'success' as const,
});

const ME = '/v1/surveys/modules/3/teachers/me/course-results';
const teacherResults = (over: Partial<TTeacherCourseResults> = {}): TTeacherCourseResults => ({
  moduleId: 3,
  teacher: { id: 7, fullName: 'Nguyễn Văn An', departmentId: 2, departmentName: 'Tổ Toán' },
  filter: filterInfo(),
  computedAt: COMPUTED,
  summary: agg(4.1234, 0.5321, 30, { classCount: 2, leftOut: 3 }),
  items: [
    course(1),
    course(2, { courseClassName: 'Toán 10A2', n: 3, score: null, sd: null, hidden: true, reason: 'Chưa đủ số phản hồi để hiển thị' }),
  ],
  comparison: { department: agg(3.9, 0.41, 120), school: agg(3.8765, 0.6, 900) },
  trend: [{ ...agg(3.95, 0.5, 28), moduleId: 2, moduleCode: '2026-HK1-M1', moduleName: 'Module 1', startDate: '2026-09-05' }],
  ...over,
});

function renderTeacher(api: MockRoutes) {
  mock = mockApi(api);
  return renderResultsPage(<TeacherResultsCard />, { path: '/teacher/dashboard', user: makeUser(['TEACHER']) });
}

describe('TeacherResultsCard', () => {
  it("shows the teacher's published figures beside the department and the school, and their classes (a hidden one says why)", async () => {
    renderTeacher({ [`GET ${ME}`]: () => ok(teacherResults()) });
    const card = screen.getByRole('region', { name: 'Kết quả khảo sát của tôi' });
    expect(await within(card).findByText('4,12 (ĐLC 0,53; n = 30)')).toBeInTheDocument();
    expect(card).toHaveTextContent('Trung bình Tổ Toán3,90 (n = 120)');
    expect(card).toHaveTextContent('Trung bình toàn trường3,88 (n = 900)');
    expect(card).toHaveTextContent('Toán 10A14,12 (n = 30)');
    expect(card).toHaveTextContent('Toán 10A2Chưa đủ số phản hồi để hiển thị (n = 3)');
    expect(within(card).getByRole('link', { name: 'Kết quả khảo sát cá nhân' })).toHaveAttribute(
      'href',
      '/teacher/personal-survey-results',
    );
    // The same call (and cache) as the personal results page.
    expect(mock!.calls.find((x) => x.url === ME)?.params).toEqual({ filtered: 'false' });
  });

  it('says results come once published, and names earlier modules that have them', async () => {
    renderTeacher({ [`GET ${ME}`]: () => ok(teacherResults({ items: [], summary: agg(null, null, 0) })) });
    expect(
      await screen.findByText(
        /Chưa có kết quả được công bố cho các lớp của thầy cô trong học phần 2026-HK1-M2. Kết quả của một khảo sát hiện ở đây khi khảo sát đã kết thúc/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Kết quả khảo sát của tôi' })).toHaveTextContent('2026-HK1-M1 – Module 13,95 (n = 28)');
  });

  it('names a missing teacher record, and shows other errors with a retry', async () => {
    const first = renderTeacher({ [`GET ${ME}`]: () => fail(404, 'Tài khoản chưa gắn với hồ sơ giáo viên.', 'NO_TEACHER_RECORD') });
    expect(await screen.findByText(/Tài khoản chưa gắn với hồ sơ giáo viên. Hãy liên hệ/)).toBeInTheDocument();
    first.unmount();
    mock?.restore();
    renderTeacher({ [`GET ${ME}`]: () => fail(403, 'Bạn không có quyền truy cập.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn không có quyền truy cập.');
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });
});

const MOD = '/v1/surveys/modules/3/results';
const moduleResults = (over: Partial<TModuleResults> = {}): TModuleResults => ({
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  moduleName: 'Module 2',
  scope: scope({ kind: 'department', label: 'Tổ Vật lý', teacherId: null }),
  filter: filterInfo(),
  computedAt: COMPUTED,
  stored: false,
  stale: false,
  overall: agg(4.01, 0.4, 200),
  surveys: [
    {
      ...agg(4.01, 0.4, 200),
      surveyId: 11,
      title: 'Khảo sát môn Vật lý',
      surveyType: 'SUBJECT_SPECIFIC',
      subjectId: 5,
      subjectName: 'Vật lý',
    },
  ],
  departments: [{ ...agg(4.01, 0.4, 200), departmentId: 2, departmentName: 'Tổ Vật lý' }],
  subjects: [],
  teachers: [],
  gradeCampus: [],
  ...over,
});

function renderHead(api: MockRoutes, resultsLink = '/department/survey-results') {
  mock = mockApi(api);
  return renderResultsPage(<DepartmentResultsCard resultsLink={resultsLink} />, {
    path: '/department/dashboard',
    user: makeUser(['HEAD_DEPARTMENT', 'TEACHER']),
  });
}

describe('DepartmentResultsCard', () => {
  it("shows the department's published figures and surveys, with the link its dashboard gives", async () => {
    const first = renderHead({ [`GET ${MOD}`]: () => ok(moduleResults()) });
    const card = screen.getByRole('region', { name: 'Kết quả khảo sát của tổ' });
    expect(await within(card).findByText('4,01 (ĐLC 0,40; n = 200)')).toBeInTheDocument();
    expect(card).toHaveTextContent('Điểm Tổ Vật lý');
    expect(card).toHaveTextContent('Khảo sát môn Vật lý4,01 (n = 200)');
    expect(within(card).getByRole('link', { name: 'Xem kết quả của tổ' })).toHaveAttribute('href', '/department/survey-results');
    first.unmount();
    mock?.restore();
    renderHead({ [`GET ${MOD}`]: () => ok(moduleResults()) }, '/teacher/survey-results');
    expect(await screen.findByRole('link', { name: 'Xem kết quả của tổ' })).toHaveAttribute('href', '/teacher/survey-results');
  });

  it('says results come once published when no survey of the module is, and offers an earlier module that has them', async () => {
    mock = mockApi({
      [`GET ${MOD}`]: () => ok(moduleResults({ surveys: [], departments: [] })),
      'GET /v1/surveys/modules/2/results': () => ok(moduleResults({ moduleId: 2, moduleCode: '2026-HK1-M1' })),
    });
    const setModule = vi.fn();
    renderUi(<DepartmentResultsCard resultsLink="/department/survey-results" />, {
      path: '/department/dashboard',
      auth: makeUser(['HEAD_DEPARTMENT', 'TEACHER']),
      module: semester(setModule),
    });
    expect(await screen.findByText(/Chưa có kết quả được công bố cho các lớp của tổ trong học phần 2026-HK1-M2/)).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Kết quả khảo sát của tổ' });
    expect(await within(card).findByText('2026-HK1-M1 – Tổ Vật lý')).toBeInTheDocument();
    expect(card).toHaveTextContent('2026-HK1-M1 – Tổ Vật lý4,01 (n = 200)');
    await userEvent.click(within(card).getByRole('button', { name: 'Xem học phần 2026-HK1-M1' }));
    expect(setModule).toHaveBeenCalledWith(2);
  });

  it('names no earlier module when none has published results', async () => {
    mock = mockApi({
      [`GET ${MOD}`]: () => ok(moduleResults({ surveys: [], departments: [] })),
      'GET /v1/surveys/modules/2/results': () => ok(moduleResults({ moduleId: 2, surveys: [], departments: [] })),
    });
    renderUi(<DepartmentResultsCard resultsLink="/department/survey-results" />, {
      path: '/department/dashboard',
      auth: makeUser(['HEAD_DEPARTMENT']),
      module: semester(() => {}),
    });
    expect(await screen.findByText(/Chưa có kết quả được công bố cho các lớp của tổ/)).toBeInTheDocument();
    await vi.waitFor(() => expect(mock!.calls.some((c) => c.url === '/v1/surveys/modules/2/results')).toBe(true));
    // Let the answer render before looking for what it must not add.
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(/Đã có kết quả ở học phần trước/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal (a head of no department) with a retry", async () => {
    renderHead({ [`GET ${MOD}`]: () => fail(403, 'Thầy cô chỉ xem được kết quả các lớp học phần mình dạy.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Thầy cô chỉ xem được kết quả các lớp học phần mình dạy.');
  });
});
