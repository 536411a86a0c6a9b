import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCourseClass } from '@app/shared/school';
import type { TTeacherCourseResults, TTextResponses, TSurveyResults } from '@app/shared/survey-results';
import { captureParams } from '../../../components/data/test-utils';
import { makeUser } from '../../../test/fixtures';
import { fail, mockApi, ok, type MockRoutes } from '../../../test/mock-api';
import { agg, COMPUTED, course, filterInfo, hiddenAgg, question, renderResultsPage, scope } from '../test/results-fixtures';
import { ownTeacherId } from '../api/own-teacher';
import PersonalResultsPage from './personal-results-page';

const TEACHER = makeUser(['TEACHER'], { displayName: 'Nguyễn Văn An' });
const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const cc = (id: number, teachers: Array<[number, string]>): TCourseClass => ({
  id, code: `CC${id}`, name: `Lớp ${id}`, subjectId: 4, subjectName: 'Toán', moduleId: 3, moduleCode: 'HP3', campusId: 1, campusName: 'Cơ sở 1',
  grade: 10, capacity: 40, enrolledCount: 30, teachers: teachers.map(([tid, fullName]) => ({ id: tid, fullName, staffCode: `GV${tid}` })), ...stamps,
});
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 100 });

const teacherResults = (over: Partial<TTeacherCourseResults> = {}): TTeacherCourseResults => ({
  moduleId: 3,
  teacher: { id: 7, fullName: 'Nguyễn Văn An', departmentId: 2, departmentName: 'Tổ Toán' },
  filter: filterInfo(),
  computedAt: COMPUTED,
  summary: agg(4.1234, 0.5321, 33, { classCount: 2 }),
  items: [course(1), course(2, { courseClassName: 'Toán 10A2', n: 3, totalResponses: 3, score: null, sd: null, hidden: true, reason: 'Chưa đủ số phản hồi để hiển thị' })],
  comparison: { department: agg(3.9, 0.41, 120, { classCount: 5 }), school: agg(3.8765, 0.6, 900, { classCount: 40 }) },
  trend: [
    { ...agg(3.95, 0.5, 28), moduleId: 2, moduleCode: '2026-HK1-M1', moduleName: 'Module 1', startDate: '2026-09-05' },
    { ...agg(4.1234, 0.5321, 33), moduleId: 3, moduleCode: '2026-HK1-M2', moduleName: 'Module 2', startDate: '2026-10-20' },
  ],
  ...over,
});

const surveyResults = (over: Partial<TSurveyResults> = {}): TSurveyResults => ({
  surveyId: 11, title: 'Khảo sát môn Toán', surveyType: 'SUBJECT_SPECIFIC', moduleId: 3, subjectId: 4, subjectName: 'Toán', autoCalculate: false,
  scope: scope(), filter: filterInfo(), computedAt: COMPUTED, stored: false, stale: false, n: 30, score: agg(4.12, 0.53, 30), hidden: false, reason: null,
  questions: [
    question(1, { comparison: { department: { n: 120, answerN: 118, mean: 4.01, stdDev: 0.6, hidden: false, reason: null }, school: { n: 900, answerN: 880, mean: 3.95, stdDev: 0.7, hidden: false, reason: null } } }),
    question(2, { hidden: true, mean: null, stdDev: null, median: null, options: [], reason: 'Chưa đủ số phản hồi để hiển thị' }),
  ],
  ...over,
});

const texts: TTextResponses = {
  surveyId: 11, scope: scope(), page: 1, limit: 50,
  questions: [{
    questionId: 9, questionType: 'long_text', otherText: false, content: 'Em có góp ý gì cho thầy cô?', sectionTitle: 'Góp ý', position: 12,
    answered: 10, approved: 1, pending: 8, rejected: 1, texts: [{ text: 'Thầy giảng rất dễ hiểu.', courseClassId: 1, courseClassName: 'Toán 10A1', submittedAt: null }],
    hidden: false, reason: null,
  }],
};

let capture: ReturnType<typeof captureParams>;

const BASE: MockRoutes = {
  'GET /v1/course-classes/mine': () => page([cc(1, [[7, 'Nguyễn Văn An']]), cc(2, [[7, 'Nguyễn Văn An'], [8, 'Lê Thị Hoa']])]),
  'GET /v1/surveys/modules/3/teachers/7/course-results': () => ok(teacherResults()),
  'GET /v1/surveys': () => page([]),
  'GET /v1/surveys/11/results': () => ok(surveyResults()),
  // Texts are read per class (the call has no teacher filter): class 1 has one approved text, class 2 is too small.
  'GET /v1/surveys/11/text-questions-responses': (req) =>
    ok(req.params.courseClassId === 2
      ? { ...texts, questions: [{ ...texts.questions[0], answered: 3, approved: 0, pending: 3, rejected: 0, texts: [], hidden: true, reason: 'Chưa đủ số phản hồi để hiển thị' }] }
      : texts),
};

let mock: ReturnType<typeof mockApi> | undefined;
beforeEach(() => {
  capture = captureParams();
});
afterEach(() => {
  capture.stop();
  mock?.restore();
});
function renderPage(api: MockRoutes = BASE, path = '/teacher/personal-survey-results') {
  mock = mockApi(api);
  return renderResultsPage(<PersonalResultsPage />, { path, user: TEACHER });
}

describe('ownTeacherId', () => {
  it('is the teacher on every class; co-teachers of all the same classes are told apart by name', () => {
    expect(ownTeacherId([cc(1, [[7, 'A'], [8, 'B']]), cc(2, [[7, 'A']])], null)).toBe(7);
    expect(ownTeacherId([cc(1, [[7, 'Nguyễn Văn An'], [8, 'Lê Thị Hoa']])], 'Lê Thị Hoa')).toBe(8);
    expect(ownTeacherId([cc(1, [[7, 'A'], [8, 'B']])], 'C')).toBeNull();
    expect(ownTeacherId([], 'A')).toBeNull();
  });
});

describe('/teacher/personal-survey-results', () => {
  it('shows the score with SD and n beside the department and school, each class, each question, approved texts and the trend', async () => {
    renderPage();
    const own = await screen.findByRole('group', { name: 'Điểm của thầy cô' });
    expect(own).toHaveTextContent('4,12');
    expect(own).toHaveTextContent('ĐLC 0,53');
    expect(own).toHaveTextContent('n = 33 phản hồi');
    expect(screen.getByRole('group', { name: 'Trung bình Tổ Toán' })).toHaveTextContent('3,90');
    expect(screen.getByRole('group', { name: 'Trung bình Tổ Toán' })).toHaveTextContent('n = 120');
    expect(screen.getByRole('group', { name: 'Trung bình toàn trường' })).toHaveTextContent('3,88');
    expect(screen.getByText(/Số liệu tính lúc 20\/11\/2026 10:15/)).toBeInTheDocument();

    const classes = screen.getByRole('table', { name: 'Kết quả theo lớp học phần' });
    const a1 = within(classes).getByRole('row', { name: /Toán 10A1/ });
    expect(a1).toHaveTextContent('4,12');
    expect(a1).toHaveTextContent('0,53');
    expect(a1).toHaveTextContent('30 / 35');
    // A class under the minimum group size is hidden, with the reason, never a number.
    const a2 = within(classes).getByRole('row', { name: /Toán 10A2/ });
    expect(a2).toHaveTextContent('Chưa đủ số phản hồi để hiển thị');

    const byQuestion = await screen.findByRole('table', { name: 'Điểm theo câu hỏi' });
    const q1 = within(byQuestion).getByRole('row', { name: /Câu 1\./ });
    expect(q1).toHaveTextContent('4,43 · 0,50 · 30');
    expect(q1).toHaveTextContent('4,01 · 120');
    expect(q1).toHaveTextContent('3,95 · 900');
    expect(within(byQuestion).getByRole('row', { name: /Câu 2\./ })).toHaveTextContent('Chưa đủ số phản hồi để hiển thị');

    const comment = await screen.findByRole('article', { name: 'Ý kiến: Em có góp ý gì cho thầy cô?' });
    expect(comment).toHaveTextContent('Thầy giảng rất dễ hiểu.');
    expect(comment).toHaveTextContent('n = 13 câu trả lời · 1 đã duyệt · 11 chờ duyệt');
    expect(comment).toHaveTextContent('1 lớp: Chưa đủ số phản hồi để hiển thị.');

    const trend = screen.getByRole('list', { name: 'Điểm theo học phần' });
    expect(trend).toHaveTextContent('2026-HK1-M1 – Module 1');
    expect(trend).toHaveTextContent('3,95 · ĐLC 0,50 · n = 28');

    // The per-question call asks for the comparison, narrowed to the teacher (a head of department would otherwise get the department).
    expect(capture.seen.find((c) => c.url === '/v1/surveys/11/results')?.params).toMatchObject({ compare: 'true', filtered: 'false', teacherId: 7 });
    expect(capture.seen.filter((c) => c.url === '/v1/surveys/11/text-questions-responses').map((c) => c.params.courseClassId).sort()).toEqual([1, 2]);
  });

  it('the filtered toggle asks the server for filtered figures and explains what was left out', async () => {
    renderPage({
      ...BASE,
      'GET /v1/surveys/modules/3/teachers/7/course-results': (req) =>
        ok(teacherResults(req.params.filtered === 'true' ? { filter: filterInfo({ filtered: true, straightLinedExcluded: 4, classesExcluded: 1 }) } : {})),
    });
    await screen.findByRole('group', { name: 'Điểm của thầy cô' });
    expect(screen.getByRole('note', { name: 'Giải thích cách lọc' })).toHaveTextContent('Số liệu chưa lọc');
    await userEvent.click(screen.getByRole('button', { name: 'Đã lọc' }));
    await waitFor(() =>
      expect(capture.seen.filter((c) => c.url === '/v1/surveys/modules/3/teachers/7/course-results').at(-1)?.params).toEqual({ filtered: 'true' }),
    );
    expect(await screen.findByText(/Đã bỏ 4 phản hồi chọn cùng một mức/)).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Giải thích cách lọc' })).toHaveTextContent('1 lớp học phần có ít hơn 10 phản hồi hợp lệ');
    expect(screen.getByRole('button', { name: 'Đã lọc' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(capture.seen.filter((c) => c.url === '/v1/surveys/11/results').at(-1)?.params).toMatchObject({ filtered: 'true' }));
  });

  it('a picked class narrows the questions and the comments to it', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Điểm theo câu hỏi' });
    await userEvent.selectOptions(screen.getByLabelText('Lớp học phần'), 'Toán 10A2');
    await waitFor(() => expect(capture.seen.filter((c) => c.url === '/v1/surveys/11/results').at(-1)?.params).toMatchObject({ courseClassId: 2 }));
    // One class: its texts only (hidden here, too few answers).
    const comment = await screen.findByRole('article', { name: 'Ý kiến: Em có góp ý gì cho thầy cô?' });
    await waitFor(() => expect(comment).toHaveTextContent('n = 3 câu trả lời'));
    expect(comment).toHaveTextContent('Chưa đủ số phản hồi để hiển thị');
    expect(comment).not.toHaveTextContent('Thầy giảng rất dễ hiểu.');
  });

  it('a hidden summary shows the message instead of a score', async () => {
    renderPage({ ...BASE, 'GET /v1/surveys/modules/3/teachers/7/course-results': () => ok(teacherResults({ summary: hiddenAgg(4), items: [] })) });
    const own = await screen.findByRole('group', { name: 'Điểm của thầy cô' });
    expect(own).toHaveTextContent('Chưa đủ số phản hồi để hiển thị');
    expect(own).toHaveTextContent('n = 4');
    expect(own).not.toHaveTextContent('ĐLC');
    expect(screen.getByText('Chưa có kết quả khảo sát cho các lớp của thầy cô trong học phần này.')).toBeInTheDocument();
  });

  it('without course classes it says so; an error shows the server’s message and retries', async () => {
    renderPage({ 'GET /v1/course-classes/mine': () => page([]) });
    expect(await screen.findByText('Chưa tìm thấy lớp học phần nào của thầy cô.')).toBeInTheDocument();
    mock?.restore();

    let calls = 0;
    renderPage({ ...BASE, 'GET /v1/surveys/modules/3/teachers/7/course-results': () => (++calls === 1 ? fail(403, 'Thầy cô chỉ xem được kết quả các lớp học phần mình dạy.') : ok(teacherResults())) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Thầy cô chỉ xem được kết quả các lớp học phần mình dạy.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('group', { name: 'Điểm của thầy cô' })).toBeInTheDocument();
  });
});
