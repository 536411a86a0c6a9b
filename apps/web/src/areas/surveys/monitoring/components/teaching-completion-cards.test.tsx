import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDepartmentsCompletion, TMyClassesCompletion } from '@app/shared/survey-monitoring';
import { makeModule, makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { surveyRow } from '../test/fixtures';
import { DepartmentSurveysCard, MyClassesSurveysCard } from './teaching-completion-cards';

const MODULE = makeModule(3, { isCurrent: true, code: '2026-HK1-M2' });
const c = (done: number, expected: number) => ({
  done,
  expected,
  students: expected,
  studentsDone: done,
  rate: expected ? Math.round((1000 * done) / expected) / 10 : null,
});

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());
function renderCard(ui: React.ReactElement, api: MockRoutes, module: ReturnType<typeof makeModule> | null = MODULE) {
  mock = mockApi(api);
  return renderUi(ui, { path: '/teacher/dashboard', auth: makeUser(['TEACHER', 'HEAD_DEPARTMENT']), module });
}

const MINE: TMyClassesCompletion = {
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  surveys: [
    {
      ...surveyRow(5, {
        title: 'Khảo sát môn Toán',
        surveyType: 'SUBJECT_SPECIFIC',
        subjectName: 'Toán',
        endDate: '2026-12-06',
        daysLeft: 2,
      }),
      ...c(20, 64),
      courseClasses: [
        { courseClassId: 8, courseClassName: 'Toán 10A1', ...c(20, 32) },
        { courseClassId: 9, courseClassName: 'Toán 11A2', ...c(0, 32) },
      ],
    },
    {
      ...surveyRow(6, { title: 'Khảo sát môn Toán chuyên', daysLeft: 20 }),
      ...c(10, 12),
      courseClasses: [{ courseClassId: 10, courseClassName: 'Toán chuyên 10', ...c(10, 12) }],
    },
  ],
};

describe('MyClassesSurveysCard', () => {
  it("shows each open survey over the teacher's classes, soonest first, with a bar per class and the way to the previews", async () => {
    renderCard(<MyClassesSurveysCard />, { 'GET /v1/surveys/my-classes-completion': () => ok(MINE) });
    const card = screen.getByRole('region', { name: 'Khảo sát về lớp của tôi' });
    const math = await within(card).findByRole('progressbar', { name: 'Khảo sát môn Toán' });
    expect(math).toHaveAttribute('aria-valuetext', '31,3%, 20/64 lượt');
    expect(card).toHaveTextContent('Kết thúc 06/12/2026Còn 2 ngày');
    expect(within(card).getByRole('link', { name: 'Khảo sát môn Toán' })).toHaveAttribute('href', '/teacher/survey-preview/5');
    const classes = within(card).getByRole('list', { name: 'Các lớp của Khảo sát môn Toán' });
    expect(within(classes).getByRole('progressbar', { name: 'Toán 10A1' })).toHaveAttribute('aria-valuenow', '63');
    expect(within(classes).getByRole('progressbar', { name: 'Toán 11A2' })).toHaveAttribute('aria-valuenow', '0');
    // One class: named under the bar, no second bar.
    expect(card).toHaveTextContent('Lớp Toán chuyên 10');
    expect(within(card).getByRole('link', { name: 'Khảo sát liên quan' })).toHaveAttribute('href', '/teacher/homeroom-surveys');
    expect(mock!.calls.find((x) => x.url === '/v1/surveys/my-classes-completion')?.params).toEqual({ moduleId: 3 });
  });

  it('says what will appear when no survey is open, and when there is no module yet', async () => {
    const first = renderCard(<MyClassesSurveysCard />, {
      'GET /v1/surveys/my-classes-completion': () => ok({ ...MINE, surveys: [] }),
    });
    expect(
      await screen.findByText(/Chưa có khảo sát theo môn nào đang mở cho các lớp của thầy cô trong học phần 2026-HK1-M2/),
    ).toBeInTheDocument();
    first.unmount();
    mock?.restore();
    renderCard(<MyClassesSurveysCard />, {}, null);
    expect(await screen.findByText(/Chưa có học phần hiện tại/)).toBeInTheDocument();
    expect(mock!.calls).toHaveLength(0);
  });

  it('names a missing teacher record instead of an error, and offers a retry for other failures', async () => {
    const first = renderCard(<MyClassesSurveysCard />, {
      'GET /v1/surveys/my-classes-completion': () => fail(404, 'Tài khoản chưa gắn với hồ sơ giáo viên.', 'NO_TEACHER_RECORD'),
    });
    expect(await screen.findByText(/Tài khoản chưa gắn với hồ sơ giáo viên, nên chưa có lớp nào/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();
    mock?.restore();
    let calls = 0;
    renderCard(<MyClassesSurveysCard />, {
      'GET /v1/surveys/my-classes-completion': () => (++calls === 1 ? fail(403, 'Bạn không có quyền truy cập.') : ok(MINE)),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn không có quyền truy cập.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('link', { name: 'Khảo sát môn Toán' })).toBeInTheDocument();
  });
});

const DEPTS: TDepartmentsCompletion = {
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  departments: [
    {
      departmentId: 2,
      departmentName: 'Tổ Vật lý',
      ...c(30, 100),
      surveys: [surveyRow(7, { title: 'Khảo sát môn Vật lý', ...c(30, 100), daysLeft: 5 })],
      teachers: [
        { teacherId: 11, fullName: 'Đỗ Minh Tuấn', classCount: 2, ...c(5, 60) },
        { teacherId: 12, fullName: 'Lê Văn Hải', classCount: 1, ...c(25, 40) },
      ],
    },
  ],
};

describe('DepartmentSurveysCard', () => {
  it("shows the department's completion, its teachers lowest first and its open surveys — counts, no names of students", async () => {
    renderCard(<DepartmentSurveysCard />, { 'GET /v1/surveys/department-completion': () => ok(DEPTS) });
    const card = screen.getByRole('region', { name: 'Tiến độ khảo sát của tổ' });
    expect(await within(card).findByRole('progressbar', { name: 'Tổ Vật lý' })).toHaveAttribute('aria-valuetext', '30%, 30/100 lượt');
    const teachers = within(card).getByRole('list', { name: 'Tiến độ theo giáo viên, Tổ Vật lý' });
    expect(
      within(teachers)
        .getAllByRole('progressbar')
        .map((b) => b.getAttribute('aria-valuenow')),
    ).toEqual(['8', '63']);
    expect(teachers).toHaveTextContent('2 lớp · 5/60 học sinh đã làm xong');
    const surveys = within(card).getByRole('list', { name: 'Tiến độ theo khảo sát, Tổ Vật lý' });
    expect(within(surveys).getByRole('progressbar', { name: 'Khảo sát môn Vật lý' })).toBeInTheDocument();
    expect(surveys).toHaveTextContent('Còn 5 ngày');
  });

  it('says what will appear for a department with nothing open and for a head of no department', async () => {
    const first = renderCard(<DepartmentSurveysCard />, {
      'GET /v1/surveys/department-completion': () =>
        ok({ ...DEPTS, departments: [{ ...DEPTS.departments[0], ...c(0, 0), surveys: [], teachers: [] }] }),
    });
    expect(
      await screen.findByText(/Chưa có khảo sát theo môn nào đang mở cho các lớp của Tổ Vật lý trong học phần 2026-HK1-M2/),
    ).toBeInTheDocument();
    first.unmount();
    mock?.restore();
    renderCard(<DepartmentSurveysCard />, { 'GET /v1/surveys/department-completion': () => ok({ ...DEPTS, departments: [] }) });
    expect(await screen.findByText(/chưa được giao phụ trách tổ chuyên môn nào/)).toBeInTheDocument();
  });

  it('shows a skeleton while loading', () => {
    renderCard(<DepartmentSurveysCard />, { 'GET /v1/surveys/department-completion': () => new Promise(() => {}) });
    const card = screen.getByRole('region', { name: 'Tiến độ khảo sát của tổ' });
    expect(card.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});
