import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TModuleResults, TSubjectCourseResults } from '@app/shared/survey-results';
import { makeUser } from '@/test/fixtures';
import { mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { agg, COMPUTED, course, filterInfo, hiddenAgg, renderResultsPage, scope } from '../test/results-fixtures';
import SchoolReportsPage from './school-reports-page';

const ADMIN = makeUser(['ADMIN']);
const PRINCIPAL = makeUser(['PRINCIPAL']);

const results = (filtered: boolean, over: Partial<TModuleResults> = {}): TModuleResults => ({
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  moduleName: 'Module 2',
  scope: scope({ kind: 'school', label: 'Toàn trường', teacherId: null, departmentId: null }),
  filter: filterInfo(filtered ? { filtered: true, straightLinedExcluded: 37, classesExcluded: 3 } : {}),
  computedAt: COMPUTED,
  stored: true,
  stale: !filtered,
  overall: agg(3.6345, 0.1512, 260, { classCount: 12 }),
  surveys: [
    {
      ...agg(3.63, 0.15, 260, { classCount: 12 }),
      surveyId: 11,
      title: 'Khảo sát môn Toán',
      surveyType: 'SUBJECT_SPECIFIC',
      subjectId: 4,
      subjectName: 'Toán',
    },
    {
      ...agg(3.73, 0.89, 269, { classCount: 0 }),
      surveyId: 12,
      title: 'Khảo sát chung',
      surveyType: 'GENERAL',
      subjectId: null,
      subjectName: null,
    },
  ],
  departments: [{ ...agg(3.63, 0.15, 260, { classCount: 12 }), departmentId: 2, departmentName: 'Tổ Toán' }],
  subjects: [{ ...agg(3.61, 0.2, 200, { classCount: 9 }), subjectId: 4, subjectName: 'Toán', departmentId: 2, departmentName: 'Tổ Toán' }],
  teachers: [
    { ...agg(3.81, 0.12, 19), teacherId: 7, teacherName: 'Nguyễn Thu Mai', departmentId: 2, departmentName: 'Tổ Toán' },
    { ...hiddenAgg(2), teacherId: 9, teacherName: 'Hoàng Bảo Trung', departmentId: 3, departmentName: 'Tổ Vật lý' },
  ],
  gradeCampus: [{ ...agg(3.72, 0.92, 85), grade: 10, campusId: 1, campusName: 'Cơ sở 1', eligible: 138, responseRate: 61.6 }],
  ...over,
});
const subjectClasses: TSubjectCourseResults = {
  moduleId: 3,
  subjectId: 4,
  subjectName: 'Toán',
  filter: filterInfo(),
  computedAt: COMPUTED,
  summary: agg(3.61, 0.2, 200, { classCount: 9 }),
  items: [course(1, { courseClassName: 'Toán 10A1' })],
};

const API: MockRoutes = {
  'GET /v1/surveys/modules/3/results': () => ok(results(false)),
  'GET /v1/surveys/modules/3/results-filtered': () => ok(results(true)),
  'GET /v1/surveys/modules/3/subjects/4/active-courses-results': () => ok(subjectClasses),
  'POST /v1/surveys/modules/3/calculate-results': () =>
    ok(
      { scope: 'module', surveyId: null, moduleId: 3, kinds: ['module'], responseCount: 529, computedAt: COMPUTED, durationMs: 120 },
      'Đã tính lại kết quả khảo sát.',
    ),
  'GET /v1/surveys/11/export-excel': () => ({ status: 200, body: new Blob(['xlsx']) }),
};

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  mock?.restore();
  vi.restoreAllMocks();
});
function renderPage(user = ADMIN, path = '/admin/reports', api: MockRoutes = API) {
  mock = mockApi(api);
  return renderResultsPage(<SchoolReportsPage />, { path, user });
}

describe('/admin/reports, /principal/reports, /quality/reports', () => {
  it('shows the school score with SD and n, each survey with its export, and explains what filtering leaves out', async () => {
    renderPage();
    const overall = await screen.findByRole('group', { name: 'Điểm toàn trường' });
    // The module is the header's (issue 12): named in the subtitle by its short label, no picker of the page's own.
    expect(screen.getByText('Học phần 2026-HK1-M2 (hiện tại) – Học kỳ I, 2025-2026.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Học phần' })).toBeNull();
    expect(overall).toHaveTextContent('3,63');
    expect(overall).toHaveTextContent('ĐLC 0,15 · n = 260 phản hồi · 12 lớp');
    expect(screen.getByText(/Kết quả đã tính lúc 20\/11\/2026 10:15/)).toBeInTheDocument();
    expect(screen.getByText(/Đã có phản hồi mới sau lần tính này — bấm “Tính lại kết quả” để cập nhật./)).toBeInTheDocument();
    const note = screen.getByRole('note', { name: 'Giải thích cách lọc' });
    expect(note).toHaveTextContent('Số liệu chưa lọc: tính mọi phản hồi.');
    expect(note).toHaveTextContent('Giáo viên và tổ trưởng không xem được lớp có ít hơn 5 phản hồi');

    const surveys = screen.getByRole('table', { name: 'Kết quả theo khảo sát' });
    const toan = within(surveys).getByRole('row', { name: /Khảo sát môn Toán/ });
    expect(toan).toHaveTextContent('3,63');
    expect(toan).toHaveTextContent('0,15');
    expect(toan).toHaveTextContent('260');
    // A general survey is about no class.
    expect(within(surveys).getByRole('row', { name: /Khảo sát chung/ })).toHaveTextContent('—');

    URL.createObjectURL = vi.fn(() => 'blob:ket-qua');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(within(toan).getByRole('button', { name: 'Xuất Excel: Khảo sát môn Toán' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    expect(mock!.calls.find((c) => c.url === '/v1/surveys/11/export-excel')?.params).toEqual({ filtered: 'false' });
  });

  it('filtered: reads the filtered figures, says how much was left out, and exports filtered', async () => {
    const { router } = renderPage();
    await screen.findByRole('group', { name: 'Điểm toàn trường' });
    await userEvent.click(screen.getByRole('button', { name: 'Đã lọc' }));
    expect(await screen.findByText(/Đã bỏ 37 phản hồi chọn cùng một mức/)).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Giải thích cách lọc' })).toHaveTextContent('3 lớp học phần có ít hơn 10 phản hồi hợp lệ');
    expect(mock!.calls.map((c) => c.url)).toContain('/v1/surveys/modules/3/results-filtered');
    expect(router.state.location.search).toBe('?filtered=1');

    // The filter holds across the views.
    await userEvent.click(screen.getByRole('tab', { name: 'Theo giáo viên' }));
    expect(router.state.location.search).toBe('?filtered=1&view=teachers');
  });

  it('teachers, subjects, departments and grade×campus views: n and SD on each row, hidden rows say why', async () => {
    renderPage(PRINCIPAL, '/principal/reports?view=teachers');
    const teachers = await screen.findByRole('table', { name: 'Bảng kết quả theo giáo viên' });
    expect(within(teachers).getByRole('row', { name: /Nguyễn Thu Mai/ })).toHaveTextContent('3,810,12119');
    expect(within(teachers).getByRole('row', { name: /Hoàng Bảo Trung/ })).toHaveTextContent('Chưa đủ số phản hồi để hiển thị');
    await userEvent.type(screen.getByLabelText('Tìm giáo viên'), 'bao trung');
    await waitFor(() => expect(within(teachers).queryByRole('row', { name: /Nguyễn Thu Mai/ })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('tab', { name: 'Theo khối và cơ sở' }));
    const gc = await screen.findByRole('table', { name: 'Bảng kết quả theo khối và cơ sở' });
    const row = within(gc).getByRole('row', { name: /Khối 10 · Cơ sở 1/ });
    expect(row).toHaveTextContent('3,72');
    expect(row).toHaveTextContent('0,92');
    expect(row).toHaveTextContent('85');
    expect(row).toHaveTextContent('138');
    expect(row).toHaveTextContent('61,6%');

    await userEvent.click(screen.getByRole('tab', { name: 'Theo môn học' }));
    await userEvent.selectOptions(screen.getByLabelText('Môn học'), 'Toán');
    const classes = await screen.findByRole('table', { name: 'Kết quả các lớp môn Toán' });
    expect(within(classes).getByRole('row', { name: /Toán 10A1/ })).toHaveTextContent('4,12');

    // The principal reads; only ADMIN and QUALITY_ASSURANCE recalculate.
    expect(screen.queryByRole('button', { name: 'Tính lại kết quả' })).not.toBeInTheDocument();
  });

  it('an admin recalculates the module and the figures are read again', async () => {
    renderPage();
    await screen.findByRole('group', { name: 'Điểm toàn trường' });
    const before = mock!.calls.filter((c) => c.url === '/v1/surveys/modules/3/results').length;
    await userEvent.click(screen.getByRole('button', { name: 'Tính lại kết quả' }));
    expect(await screen.findByText('Đã tính lại kết quả khảo sát.')).toBeInTheDocument();
    expect(mock!.calls.some((c) => c.method === 'POST' && c.url === '/v1/surveys/modules/3/calculate-results')).toBe(true);
    await waitFor(() => expect(mock!.calls.filter((c) => c.url === '/v1/surveys/modules/3/results').length).toBeGreaterThan(before));
  });

  it('a module without answers shows an empty state', async () => {
    renderPage(ADMIN, '/admin/reports', {
      'GET /v1/surveys/modules/3/results': () =>
        ok(
          results(false, {
            overall: agg(null, null, 0, { classCount: 0 }),
            surveys: [],
            departments: [],
            subjects: [],
            teachers: [],
            gradeCampus: [],
          }),
        ),
    });
    expect(await screen.findByText('Chưa có kết quả khảo sát nào trong học phần này.')).toBeInTheDocument();
  });
});
