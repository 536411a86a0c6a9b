import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TCourseClass, THomeroomClass, TModule } from '@app/shared/school';
import type { TSurveyListItem } from '@app/shared/surveys';
import { makeModule, makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { teacherSurveyRows } from '../api/teacher-surveys-api';
import TeacherSurveysPage from './teacher-surveys-page';

const MODULE = makeModule(3, { isCurrent: true, academicYearId: 1 });
const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

const survey = (id: number, over: Partial<TSurveyListItem> = {}): TSurveyListItem => ({
  id,
  title: `Khảo sát ${id}`,
  surveyType: 'SUBJECT_SPECIFIC',
  status: 'active',
  startDate: '2026-01-05',
  endDate: '2026-01-20',
  allowedGrades: [10, 11, 12],
  moduleId: 3,
  moduleCode: 'HP3',
  subjectId: 4,
  subjectName: 'Toán',
  isTemplate: false,
  autoCalculate: false,
  questionCount: 10,
  responseCount: 0,
  ...stamps,
  ...over,
});
const courseClass = (id: number, over: Partial<TCourseClass> = {}): TCourseClass => ({
  id,
  code: `CC${id}`,
  name: `Toán 10A${id}`,
  subjectId: 4,
  subjectName: 'Toán',
  moduleId: 3,
  moduleCode: 'HP3',
  campusId: 1,
  campusName: 'Cơ sở 1',
  grade: 10,
  capacity: 40,
  enrolledCount: 30,
  teachers: [],
  ...stamps,
  ...over,
});
const homeroom = (over: Partial<THomeroomClass> = {}): THomeroomClass => ({
  id: 70,
  name: '11A1',
  academicYearId: 1,
  academicYearName: '2025-2026',
  grade: 11,
  campusId: 1,
  campusName: 'Cơ sở 1',
  homeroomTeacherId: 9,
  homeroomTeacherName: 'Nguyễn Văn An',
  studentCount: 35,
  ...stamps,
  ...over,
});

const SURVEYS = [
  survey(1, { title: 'Khảo sát môn Toán HP3' }),
  survey(2, { title: 'Khảo sát môn Văn', subjectId: 5, subjectName: 'Ngữ văn' }),
  survey(3, { title: 'Khảo sát Toán nháp', status: 'draft' }),
  survey(4, {
    title: 'Khảo sát chung khối 11',
    surveyType: 'GENERAL',
    subjectId: null,
    subjectName: null,
    allowedGrades: [11],
    status: 'closed',
    startDate: '2025-12-01',
    endDate: '2025-12-10',
  }),
  survey(5, { title: 'Khảo sát chung khối 12', surveyType: 'GENERAL', subjectId: null, subjectName: null, allowedGrades: [12] }),
  survey(6, { title: 'Khảo sát Toán HP khác', moduleId: 2 }),
];
const CLASSES = [courseClass(1), courseClass(2), courseClass(9, { name: 'Tin 10A1', subjectId: 8, subjectName: 'Tin học' })];

describe('teacherSurveyRows', () => {
  it('keeps active/closed subject surveys of the subjects taught and general surveys of the homeroom grade', () => {
    const rows = teacherSurveyRows(MODULE, SURVEYS, CLASSES, [homeroom()]);
    expect(rows.map((r) => r.survey.id)).toEqual([1, 4]);
    expect(rows[0].courseClasses.map((c) => c.name)).toEqual(['Toán 10A1', 'Toán 10A2']);
    expect(rows[1].homeroomClass?.name).toBe('11A1');
  });

  it('without a homeroom class of the school year there are no general surveys', () => {
    expect(teacherSurveyRows(MODULE, SURVEYS, CLASSES, []).map((r) => r.survey.id)).toEqual([1]);
    expect(teacherSurveyRows(MODULE, SURVEYS, CLASSES, [homeroom({ academicYearId: 9 })]).map((r) => r.survey.id)).toEqual([1]);
  });

  it('course classes of another module do not count', () => {
    expect(teacherSurveyRows(MODULE, SURVEYS, [courseClass(1, { moduleId: 2 })], [])).toEqual([]);
  });
});

const TEACHER = makeUser(['TEACHER', 'HOMEROOM_TEACHER']);
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 100 });
let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());

function renderList(api: MockRoutes, module: TModule | null = MODULE) {
  mock = mockApi(api);
  return renderUi(<TeacherSurveysPage />, {
    path: '/teacher/homeroom-surveys',
    routePath: '/teacher/homeroom-surveys',
    auth: TEACHER,
    module,
  });
}

describe('/teacher/homeroom-surveys', () => {
  it("lists only the teacher's surveys with classes, dates, status and a preview link", async () => {
    renderList({
      'GET /v1/surveys': () => page(SURVEYS),
      'GET /v1/course-classes/mine': () => page(CLASSES),
      'GET /v1/homeroom-classes/mine': () => ok([homeroom()]),
    });
    await screen.findByText('Khảo sát môn Toán HP3');
    const table = screen.getByRole('table', { name: 'Danh sách khảo sát liên quan' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Khảo sát môn Toán HP3');
    expect(rows[0]).toHaveTextContent('Toán 10A1, Toán 10A2');
    expect(rows[0]).toHaveTextContent('05/01/2026 – 20/01/2026');
    expect(rows[0]).toHaveTextContent('Đang mở');
    expect(rows[1]).toHaveTextContent('Lớp chủ nhiệm 11A1');
    expect(rows[1]).toHaveTextContent('Đã đóng');
    expect(within(rows[0]).getByRole('link', { name: /Xem trước/ })).toHaveAttribute('href', '/teacher/survey-preview/1');
    expect(screen.queryByText('Khảo sát môn Văn')).not.toBeInTheDocument();
    expect(screen.queryByText('Khảo sát Toán HP khác')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderList({
      'GET /v1/surveys': () => page(SURVEYS),
      'GET /v1/course-classes/mine': () => page([]),
      'GET /v1/homeroom-classes/mine': () => ok([]),
    });
    expect(await screen.findByText('Chưa có khảo sát nào liên quan đến thầy cô trong học phần này.')).toBeInTheDocument();
  });

  it('shows the error state', async () => {
    renderList({
      'GET /v1/surveys': () => fail(403, 'Bạn không có quyền.'),
      'GET /v1/course-classes/mine': () => page(CLASSES),
      'GET /v1/homeroom-classes/mine': () => ok([]),
    });
    expect(await screen.findByText(/Bạn không có quyền\./)).toBeInTheDocument();
  });

  it('without a current module says so', () => {
    renderList({}, null);
    expect(screen.getByText('Chưa có học phần hiện tại.')).toBeInTheDocument();
  });
});
