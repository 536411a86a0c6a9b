import type { ReactElement } from 'react';
import { afterEach, beforeEach } from 'vitest';
import type { TUser } from '@app/shared/auth';
import type { TModule } from '@app/shared/school';
import type {
  TClassCompletion,
  TGradeCampusCompletion,
  TStudentSurveyStatus,
  TSurveyCompletion,
  TSurveyStudentStatus,
} from '@app/shared/survey-monitoring';
import { makeModule, makeUser } from '@/test/fixtures';
import { captureParams, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';

/** Tests only: rows as the monitoring calls answer them, and a page render with a user and a module. */
const MODULE = makeModule(3, { isCurrent: true, code: '2026-HK1-M2' });
export const page = <T,>(items: T[], total = items.length) => ok({ items, total, page: 1, limit: 10 });

const c = (done: number, expected: number, students = expected, studentsDone = done) => ({
  done,
  expected,
  students,
  studentsDone,
  rate: expected ? Math.round((1000 * done) / expected) / 10 : null,
});

export const surveyRow = (id: number, over: Partial<TSurveyCompletion> = {}): TSurveyCompletion => ({
  surveyId: id,
  title: `Khảo sát ${id}`,
  surveyType: 'GENERAL',
  status: 'active',
  subjectName: null,
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  startDate: '2026-11-16',
  endDate: '2026-12-06',
  allowedGrades: [10, 11, 12],
  daysLeft: 14,
  ...c(5, 8),
  ...over,
});
export const classRow = (
  id: number | null,
  name: string | null,
  done: number,
  expected: number,
  over: Partial<TClassCompletion> = {},
): TClassCompletion => ({
  homeroomClassId: id,
  homeroomClassName: name,
  grade: 10,
  campusId: 1,
  campusName: 'Cơ sở 1',
  homeroomTeacherName: 'Bùi Thị Hương',
  ...c(done, expected),
  ...over,
});
export const gradeCampusRow = (grade: number, campusName: string, done: number, expected: number): TGradeCampusCompletion => ({
  grade,
  campusId: grade,
  campusName,
  ...c(done, expected),
});
export const studentItem = (id: number, fullName: string, over: Partial<TSurveyStudentStatus> = {}): TSurveyStudentStatus => ({
  studentId: id,
  studentCode: `HS${id}`,
  fullName,
  grade: 10,
  campusId: 1,
  campusName: 'Cơ sở 1',
  homeroomClassId: 1,
  homeroomClassName: '10 Toán',
  courseClassId: null,
  courseClassName: null,
  done: false,
  submittedAt: null,
  ...over,
});
export const studentStatus = (id: number, fullName: string, over: Partial<TStudentSurveyStatus> = {}): TStudentSurveyStatus => ({
  studentId: id,
  studentCode: `HS${id}`,
  fullName,
  grade: 11,
  campusId: 1,
  campusName: 'Cơ sở 1',
  homeroomClassId: 4,
  homeroomClassName: '11 Hóa',
  expected: 2,
  done: 1,
  status: 'not_done',
  lastSubmittedAt: null,
  pending: [],
  ...over,
});

let mock: ReturnType<typeof mockApi> | undefined;
export const restoreMock = () => mock?.restore();

/**
 * For a test file: records the query params of every API call in each test and restores the mock
 * after it. Returns the last params sent to a URL.
 */
export function captureEachTest() {
  let capture: ReturnType<typeof captureParams>;
  beforeEach(() => {
    capture = captureParams();
  });
  afterEach(() => {
    capture.stop();
    restoreMock();
  });
  return (url: string) => capture.seen.filter((c) => c.url === url).at(-1)?.params;
}

export function renderMonitoring(
  ui: ReactElement,
  opts: { api: MockRoutes; path: string; routePath?: string; user?: TUser; module?: TModule | null },
) {
  mock = mockApi(opts.api);
  return {
    calls: mock.calls,
    ...renderUi(ui, {
      path: opts.path,
      routePath: opts.routePath ?? opts.path,
      auth: opts.user ?? makeUser(['QUALITY_ASSURANCE']),
      module: opts.module === undefined ? MODULE : opts.module,
    }),
  };
}
