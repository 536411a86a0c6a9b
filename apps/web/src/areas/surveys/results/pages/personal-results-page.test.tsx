import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TTeacherCourseResults, TTextResponses, TSurveyResults } from '@app/shared/survey-results';
import { makeUser } from '@/test/fixtures';
import { captureParams, fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { agg, COMPUTED, course, filterInfo, hiddenAgg, question, renderResultsPage, scope } from '../test/results-fixtures';
import PersonalResultsPage from './personal-results-page';

const TEACHER = makeUser(['TEACHER'], { displayName: 'Nguyễn Văn An' });
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 100 });

const teacherResults = (over: Partial<TTeacherCourseResults> = {}): TTeacherCourseResults => ({
  moduleId: 3,
  teacher: { id: 7, fullName: 'Nguyễn Văn An', departmentId: 2, departmentName: 'Tổ Toán' },
  filter: filterInfo(),
  computedAt: COMPUTED,
  // Class 2 (3 responses) is hidden and left out of the score by the server.
  summary: agg(4.1234, 0.5321, 30, { classCount: 1, leftOut: 3 }),
  items: [
    course(1),
    course(2, {
      courseClassName: 'Toán 10A2',
      n: 3,
      totalResponses: 3,
      score: null,
      sd: null,
      hidden: true,
      reason: 'Chưa đủ số phản hồi để hiển thị',
    }),
  ],
  comparison: { department: agg(3.9, 0.41, 120, { classCount: 5 }), school: agg(3.8765, 0.6, 900, { classCount: 40 }) },
  trend: [
    { ...agg(3.95, 0.5, 28), moduleId: 2, moduleCode: '2026-HK1-M1', moduleName: 'Module 1', startDate: '2026-09-05' },
    { ...agg(4.1234, 0.5321, 33), moduleId: 3, moduleCode: '2026-HK1-M2', moduleName: 'Module 2', startDate: '2026-10-20' },
  ],
  ...over,
});

const surveyResults = (over: Partial<TSurveyResults> = {}): TSurveyResults => ({
  surveyId: 11,
  title: 'Khảo sát môn Toán',
  surveyType: 'SUBJECT_SPECIFIC',
  moduleId: 3,
  subjectId: 4,
  subjectName: 'Toán',
  autoCalculate: false,
  scope: scope(),
  filter: filterInfo(),
  computedAt: COMPUTED,
  stored: false,
  stale: false,
  n: 30,
  score: agg(4.12, 0.53, 30),
  hidden: false,
  reason: null,
  questions: [
    question(1, {
      comparison: {
        department: { n: 120, answerN: 118, mean: 4.01, stdDev: 0.6, hidden: false, reason: null },
        school: { n: 900, answerN: 880, mean: 3.95, stdDev: 0.7, hidden: false, reason: null },
      },
    }),
    question(2, { hidden: true, mean: null, stdDev: null, median: null, options: [], reason: 'Chưa đủ số phản hồi để hiển thị' }),
  ],
  ...over,
});

const texts: TTextResponses = {
  surveyId: 11,
  scope: scope(),
  page: 1,
  limit: 50,
  questions: [
    {
      questionId: 8,
      questionType: 'multiple_choice',
      otherText: true,
      content: 'Em thích nhất hoạt động nào?',
      sectionTitle: 'Góp ý',
      position: 11,
      answered: 2,
      approved: 1,
      pending: 1,
      rejected: 0,
      texts: [{ text: 'Làm thí nghiệm ảo', courseClassId: 1, courseClassName: 'Toán 10A1', submittedAt: null }],
      hidden: false,
      reason: null,
    },
    {
      questionId: 9,
      questionType: 'long_text',
      otherText: false,
      content: 'Em có góp ý gì cho thầy cô?',
      sectionTitle: 'Góp ý',
      position: 12,
      answered: 10,
      approved: 1,
      pending: 8,
      rejected: 1,
      texts: [{ text: 'Thầy giảng rất dễ hiểu.', courseClassId: 1, courseClassName: 'Toán 10A1', submittedAt: null }],
      hidden: false,
      reason: null,
    },
  ],
};

let capture: ReturnType<typeof captureParams>;

const ME = 'GET /v1/surveys/modules/3/teachers/me/course-results';
const BASE: MockRoutes = {
  [ME]: () => ok(teacherResults()),
  'GET /v1/surveys': () => page([]),
  'GET /v1/surveys/11/results': () => ok(surveyResults()),
  // One call about the teacher; class 2 alone is too small to show.
  'GET /v1/surveys/11/text-questions-responses': (req) =>
    ok(
      req.params.courseClassId === 2
        ? {
            ...texts,
            questions: texts.questions.map((q) => ({
              ...q,
              answered: 0,
              approved: 0,
              pending: 0,
              rejected: 0,
              texts: [],
              hidden: true,
              reason: 'Chưa đủ số phản hồi để hiển thị',
            })),
          }
        : texts,
    ),
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

describe('/teacher/personal-survey-results', () => {
  it('shows the score with SD and n beside the department and school, each class, each question, approved texts and the trend', async () => {
    renderPage();
    const own = await screen.findByRole('group', { name: 'Điểm của thầy cô' });
    expect(own).toHaveTextContent('4,12');
    expect(own).toHaveTextContent('ĐLC 0,53');
    expect(own).toHaveTextContent('n = 30 phản hồi');
    // What the anonymity rule left out of the teacher's score is said, not hidden.
    expect(own).toHaveTextContent('1 lớp · không tính 3 phản hồi của lớp quá ít phản hồi');
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
    expect(comment).toHaveTextContent('n = 10 câu trả lời · 1 đã duyệt · 8 chờ duyệt');
    const other = screen.getByRole('article', { name: 'Ý kiến: Em thích nhất hoạt động nào?' });
    expect(other).toHaveTextContent('ý kiến ghi ở lựa chọn “Khác”');
    expect(other).toHaveTextContent('Làm thí nghiệm ảo');
    expect(screen.getByText(/1 lớp: Chưa đủ số phản hồi để hiển thị — ý kiến của lớp đó không hiện/)).toBeInTheDocument();

    const trend = screen.getByRole('list', { name: 'Điểm theo học phần' });
    expect(trend).toHaveTextContent('2026-HK1-M1 – Module 1');
    expect(trend).toHaveTextContent('3,95 · ĐLC 0,50 · n = 28');

    // The per-question call asks for the comparison, narrowed to the teacher (a head of department would otherwise get the department).
    expect(capture.seen.find((c) => c.url === '/v1/surveys/11/results')?.params).toMatchObject({
      compare: 'true',
      filtered: 'false',
      teacherId: 7,
    });
    // Texts: one call about the teacher, not one per class.
    const textCalls = capture.seen.filter((c) => c.url === '/v1/surveys/11/text-questions-responses');
    expect(textCalls).toHaveLength(1);
    expect(textCalls[0].params).toMatchObject({ teacherId: 7 });
    expect(textCalls[0].params.courseClassId).toBeUndefined();
  });

  it('offers no filtered toggle (teachers read the one variant the school set) and explains what the figures the server sent leave out', async () => {
    // The server answers a teacher with the school's variant whatever the page asks: here, filtered.
    renderPage({
      ...BASE,
      [ME]: () => ok(teacherResults({ filter: filterInfo({ filtered: true, straightLinedExcluded: 4, classesExcluded: 1 }) })),
    });
    await screen.findByRole('group', { name: 'Điểm của thầy cô' });
    expect(screen.queryByRole('group', { name: 'Cách tính số liệu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Đã lọc' })).toBeNull();
    expect(await screen.findByText(/Đã bỏ 4 phản hồi chọn cùng một mức/)).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Giải thích cách lọc' })).toHaveTextContent('1 lớp học phần có ít hơn 10 phản hồi hợp lệ');
  });

  it('a picked class narrows the questions and the comments to it', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Điểm theo câu hỏi' });
    await userEvent.selectOptions(screen.getByLabelText('Lớp học phần'), 'Toán 10A2');
    await waitFor(() =>
      expect(capture.seen.filter((c) => c.url === '/v1/surveys/11/results').at(-1)?.params).toMatchObject({ courseClassId: 2 }),
    );
    // One class: its texts only (hidden here, too few answers).
    await waitFor(() =>
      expect(capture.seen.filter((c) => c.url === '/v1/surveys/11/text-questions-responses').at(-1)?.params).toMatchObject({
        courseClassId: 2,
        teacherId: 7,
      }),
    );
    const comment = await screen.findByRole('article', { name: 'Ý kiến: Em có góp ý gì cho thầy cô?' });
    await waitFor(() => expect(comment).toHaveTextContent('Chưa đủ số phản hồi để hiển thị'));
    expect(comment).not.toHaveTextContent('Thầy giảng rất dễ hiểu.');
  });

  it('a hidden summary shows the message instead of a score', async () => {
    renderPage({ ...BASE, [ME]: () => ok(teacherResults({ summary: hiddenAgg(4), items: [] })) });
    const own = await screen.findByRole('group', { name: 'Điểm của thầy cô' });
    expect(own).toHaveTextContent('Chưa đủ số phản hồi để hiển thị');
    expect(own).toHaveTextContent('n = 4');
    expect(own).not.toHaveTextContent('ĐLC');
    expect(screen.getByText('Chưa có kết quả khảo sát cho các lớp của thầy cô trong học phần này.')).toBeInTheDocument();
  });

  it('an account without a teacher record is told so; an error shows the server’s message and retries', async () => {
    renderPage({ [ME]: () => fail(404, 'Tài khoản chưa gắn với hồ sơ giáo viên.', 'NO_TEACHER_RECORD') });
    expect(await screen.findByText('Tài khoản chưa gắn với hồ sơ giáo viên.')).toBeInTheDocument();
    expect(screen.getByText(/liên hệ phòng giáo vụ/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    mock?.restore();

    let calls = 0;
    renderPage({
      ...BASE,
      [ME]: () => (++calls === 1 ? fail(403, 'Thầy cô chỉ xem được kết quả các lớp học phần mình dạy.') : ok(teacherResults())),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Thầy cô chỉ xem được kết quả các lớp học phần mình dạy.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('group', { name: 'Điểm của thầy cô' })).toBeInTheDocument();
  });
});
