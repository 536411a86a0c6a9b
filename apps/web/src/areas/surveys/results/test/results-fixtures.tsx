import type { ReactElement } from 'react';
import type { TUser } from '@app/shared/auth';
import type { TModule } from '@app/shared/school';
import type { TAggregate, TCourseResult, TFilterInfo, TQuestionResult, TResultsScope } from '@app/shared/survey-results';
import { makeModule } from '@/test/fixtures';
import { renderUi } from '@/test/render-app';

const MODULE = makeModule(3, { isCurrent: true, code: '2026-HK1-M2', name: 'Module 2' });
export const COMPUTED = '2026-11-20T03:15:00.000Z'; // 20/11/2026 10:15 in Hà Nội

export const filterInfo = (over: Partial<TFilterInfo> = {}): TFilterInfo => ({
  filtered: false,
  minResponses: 10,
  minGroupSize: 5,
  straightLinedExcluded: 0,
  classesExcluded: 0,
  ...over,
});
export const agg = (score: number | null, sd: number | null, n: number, over: Partial<TAggregate> = {}): TAggregate => ({
  n,
  classCount: 1,
  answerN: n * 10,
  score,
  sd,
  hidden: false,
  reason: null,
  ...over,
});
export const hiddenAgg = (n: number): TAggregate => ({
  n,
  classCount: 1,
  answerN: 0,
  score: null,
  sd: null,
  hidden: true,
  reason: 'Chưa đủ số phản hồi để hiển thị',
});
export const scope = (over: Partial<TResultsScope> = {}): TResultsScope => ({
  kind: 'teacher',
  label: 'Nguyễn Văn An',
  departmentId: 2,
  teacherId: 7,
  courseClassId: null,
  ...over,
});

export const course = (id: number, over: Partial<TCourseResult> = {}): TCourseResult => ({
  surveyId: 11,
  courseClassId: id,
  courseClassCode: `TOAN10-${id}`,
  courseClassName: `Toán 10A${id}`,
  subjectId: 4,
  subjectName: 'Toán',
  departmentId: 2,
  departmentName: 'Tổ Toán',
  moduleId: 3,
  grade: 10,
  campusId: 1,
  campusName: 'Cơ sở Trung tâm',
  teachers: [{ id: 7, fullName: 'Nguyễn Văn An' }],
  enrolled: 35,
  totalResponses: 30,
  straightLined: 2,
  n: 30,
  answerN: 300,
  score: 4.1234,
  sd: 0.5321,
  median: 4,
  belowMinimum: false,
  excluded: false,
  excludedReason: null,
  hidden: false,
  reason: null,
  ...over,
});

export const question = (id: number, over: Partial<TQuestionResult> = {}): TQuestionResult => ({
  questionId: id,
  questionType: 'grid',
  content: `Thầy cô giảng bài dễ hiểu (câu ${id})`,
  sectionId: 1,
  sectionTitle: 'Giảng dạy',
  position: id,
  visibleToTeacher: true,
  inScore: true,
  answered: 30,
  answerN: 28,
  noOpinion: 2,
  options: [
    { value: '5', label: 'Hoàn toàn đồng ý', count: 12, percent: 40, valueNumber: 5 },
    { value: '4', label: 'Đồng ý', count: 16, percent: 53.3, valueNumber: 4 },
    { value: 'None', label: 'Không có ý kiến', count: 2, percent: 6.7, valueNumber: null },
  ],
  mean: 4.4286,
  stdDev: 0.504,
  median: 4,
  hidden: false,
  reason: null,
  comparison: null,
  ...over,
});

/**
 * A results page at any path with a signed-in user and the header's current module (the module
 * loader itself is tested in areas/school/current-module).
 */
export function renderResultsPage(
  ui: ReactElement,
  { path, user, module = MODULE }: { path: string; user: TUser; module?: TModule | null },
) {
  return renderUi(ui, { path, auth: user, module });
}
