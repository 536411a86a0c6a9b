import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TCourseResults, TDepartmentAverage, TModuleResults } from '@app/shared/survey-results';
import { makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { agg, COMPUTED, course, filterInfo, hiddenAgg, renderResultsPage, scope } from '../test/results-fixtures';
import DepartmentResultsPage from './department-results-page';

const HEAD = makeUser(['HEAD_DEPARTMENT', 'TEACHER']);

const moduleResults = (filtered: boolean): TModuleResults => ({
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  moduleName: 'Module 2',
  scope: scope({ kind: 'department', label: 'Tổ Toán', teacherId: null }),
  filter: filterInfo({ filtered }),
  computedAt: COMPUTED,
  stored: false,
  stale: false,
  overall: agg(3.9, 0.3, 120, { classCount: 5 }),
  surveys: [
    { ...agg(3.9, 0.3, 120), surveyId: 11, title: 'Khảo sát môn Toán', surveyType: 'SUBJECT_SPECIFIC', subjectId: 4, subjectName: 'Toán' },
  ],
  departments: [{ ...agg(3.9, 0.3, 120), departmentId: 2, departmentName: 'Tổ Toán' }],
  subjects: [],
  teachers: [],
  gradeCampus: [],
});

const average = (filtered: boolean): TDepartmentAverage => ({
  moduleId: 3,
  departmentId: 2,
  departmentName: 'Tổ Toán',
  filter: filterInfo(filtered ? { filtered: true, straightLinedExcluded: 6, classesExcluded: 2 } : {}),
  computedAt: COMPUTED,
  // Lê Thị Hoa's only class (3 responses) is left out of the department's figures.
  department: agg(3.9012, 0.3123, 120, { classCount: 5, leftOut: 3 }),
  school: agg(3.7, 0.45, 900, { classCount: 40 }),
  teachers: [
    {
      ...agg(4.2, 0.21, 60, { classCount: 2, leftOut: 4 }),
      teacherId: 7,
      teacherName: 'Nguyễn Văn An',
      departmentId: 2,
      departmentName: 'Tổ Toán',
    },
    { ...hiddenAgg(3), leftOut: 3, teacherId: 8, teacherName: 'Lê Thị Hoa', departmentId: 2, departmentName: 'Tổ Toán' },
  ],
  subjects: [
    { ...agg(3.9, 0.31, 120, { classCount: 5 }), subjectId: 4, subjectName: 'Toán chuyên', departmentId: 2, departmentName: 'Tổ Toán' },
  ],
});

const courses: TCourseResults = {
  surveyId: 11,
  filter: filterInfo(),
  computedAt: COMPUTED,
  stored: true,
  stale: false,
  summary: agg(3.9, 0.3, 120),
  items: [
    course(1),
    course(5, {
      courseClassName: 'Toán 11A5',
      teachers: [{ id: 8, fullName: 'Lê Thị Hoa' }],
      n: 3,
      totalResponses: 3,
      score: null,
      sd: null,
      hidden: true,
    }),
  ],
};

const API: MockRoutes = {
  'GET /v1/surveys/modules/3/results': () => ok(moduleResults(false)),
  'GET /v1/surveys/modules/3/results-filtered': () => ok(moduleResults(true)),
  'GET /v1/surveys/modules/3/departments/2/average-score': (req) => ok(average(req.params.filtered === 'true')),
  'GET /v1/surveys/11/active-courses-results': () => ok(courses),
  'GET /v1/surveys/11/active-courses-results-filtered': () => ok({ ...courses, filter: filterInfo({ filtered: true }) }),
};

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());
function renderPage(api: MockRoutes = API, path = '/department/survey-results') {
  mock = mockApi(api);
  return renderResultsPage(<DepartmentResultsPage />, { path, user: HEAD });
}

describe('/department/survey-results', () => {
  it("shows the department's score with SD and n beside the school, its teachers, subjects and classes; small groups hidden", async () => {
    renderPage();
    const dept = await screen.findByRole('group', { name: 'Điểm Tổ Toán' });
    expect(dept).toHaveTextContent('3,90');
    expect(dept).toHaveTextContent('ĐLC 0,31');
    expect(dept).toHaveTextContent('n = 120 phản hồi · 5 lớp · không tính 3 phản hồi của lớp quá ít phản hồi');
    expect(screen.getByRole('group', { name: 'Trung bình toàn trường' })).toHaveTextContent('n = 900');

    const teachers = screen.getByRole('table', { name: 'Kết quả theo giáo viên' });
    const an = within(teachers).getByRole('row', { name: /Nguyễn Văn An/ });
    expect(an).toHaveTextContent('4,20');
    expect(an).toHaveTextContent('0,21');
    expect(an).toHaveTextContent('60');
    expect(an).toHaveTextContent('không tính 4');
    const hoa = within(teachers).getByRole('row', { name: /Lê Thị Hoa/ });
    expect(hoa).toHaveTextContent('Chưa đủ số phản hồi để hiển thị');
    expect(hoa).not.toHaveTextContent('không tính'); // a hidden row says why once
    expect(screen.getByRole('table', { name: 'Kết quả theo môn học' })).toHaveTextContent('Toán chuyên');

    const classes = await screen.findByRole('table', { name: 'Kết quả theo lớp học phần' });
    expect(within(classes).getByRole('row', { name: /Toán 10A1/ })).toHaveTextContent('4,12');
    expect(within(classes).getByRole('row', { name: /Toán 11A5/ })).toHaveTextContent('Chưa đủ số phản hồi để hiển thị');
  });

  it('offers no filtered toggle (heads read the one variant the school set) and says what the figures the server sent leave out', async () => {
    // The server answers a head with the school's variant whatever the page asks: here, filtered.
    renderPage({
      'GET /v1/surveys/modules/3/results': () => ok(moduleResults(true)),
      'GET /v1/surveys/modules/3/departments/2/average-score': () => ok(average(true)),
    });
    await screen.findByRole('group', { name: 'Điểm Tổ Toán' });
    expect(screen.queryByRole('group', { name: 'Cách tính số liệu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Đã lọc' })).toBeNull();
    expect(await screen.findByText(/Đã bỏ 6 phản hồi chọn cùng một mức/)).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Giải thích cách lọc' })).toHaveTextContent('2 lớp học phần có ít hơn 10 phản hồi hợp lệ');
  });

  it('says when the department has no results, and shows a refusal with a retry', async () => {
    renderPage({
      'GET /v1/surveys/modules/3/results': () =>
        ok({ ...moduleResults(false), departments: [], surveys: [], scope: scope({ kind: 'department', departmentId: null }) }),
    });
    expect(await screen.findByText('Chưa có kết quả khảo sát của tổ trong học phần này.')).toBeInTheDocument();
    mock?.restore();

    renderPage({ 'GET /v1/surveys/modules/3/results': () => fail(403, 'Tổ trưởng chỉ xem được kết quả của tổ chuyên môn mình.') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Tổ trưởng chỉ xem được kết quả của tổ chuyên môn mình.');
    expect(within(alert).getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });

  it('without a module it says so instead of loading', async () => {
    mock = mockApi({});
    renderResultsPage(<DepartmentResultsPage />, { path: '/teacher/survey-results', user: HEAD, module: null });
    expect(await screen.findByText('Chưa có học phần nào trong học kỳ hiện tại.')).toBeInTheDocument();
    expect(mock.calls).toEqual([]);
  });
});
