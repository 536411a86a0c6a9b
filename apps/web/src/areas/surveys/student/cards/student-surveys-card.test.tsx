import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, SCHOOL_TZ } from '@app/shared/format';
import type { TStudentSurveyItem } from '@app/shared/surveys';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { makeUser } from '@/test/fixtures';
import { renderUi } from '@/test/render-app';
import { StudentSurveysCard } from './student-surveys-card';

/** The school's today moved by `offset` days (YYYY-MM-DD). */
function day(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TZ }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

const item = (over: Partial<TStudentSurveyItem>): TStudentSurveyItem => ({
  surveyId: 1,
  title: 'Khảo sát',
  description: null,
  coverImageUrl: null,
  surveyType: 'GENERAL',
  startDate: day(-5),
  endDate: day(10),
  subject: null,
  courseClass: null,
  completed: false,
  responseId: null,
  submittedAt: null,
  ...over,
});
const GENERAL = item({ surveyId: 1, title: 'Góp ý chung về nhà trường', endDate: day(10) });
const MATH = item({
  surveyId: 2,
  title: 'Đánh giá môn Toán',
  surveyType: 'SUBJECT_SPECIFIC',
  endDate: day(2),
  subject: { id: 4, name: 'Toán', usesLms: true },
  courseClass: { id: 55, name: 'Toán 10A1', teachers: [{ id: 9, displayName: 'Nguyễn Văn An' }] },
});
const DONE = item({ surveyId: 3, title: 'Đã làm rồi', completed: true, responseId: 8, submittedAt: '2026-01-06T03:00:00Z' });

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());
const STUDENT = makeUser(['STUDENT'], { studentId: 5001 });
function renderCard(api: MockRoutes, user = STUDENT) {
  mock = mockApi(api);
  return renderUi(<StudentSurveysCard />, { path: '/student/dashboard', routePath: '/student/dashboard', auth: user });
}

describe('StudentSurveysCard', () => {
  it('lists the surveys to do, nearest deadline first, with the deadline and days left, and counts the done ones', async () => {
    renderCard({ 'GET /v1/surveys/students/5001': () => ok([GENERAL, DONE, MATH]) });
    const card = await screen.findByRole('region', { name: 'Khảo sát cần làm' });
    const rows = await within(card).findAllByRole('listitem');
    expect(card).toHaveTextContent('Đã hoàn thành 1/3 khảo sát.');
    expect(rows.map((r) => r.querySelector('p')!.textContent)).toEqual(['Đánh giá môn Toán', 'Góp ý chung về nhà trường']);
    expect(rows[0]).toHaveTextContent('Lớp học phần Toán 10A1');
    expect(rows[0]).toHaveTextContent(`Hạn chót: ${formatDate(day(2))} 23:59`);
    expect(rows[0]).toHaveTextContent('còn 2 ngày');
    expect(rows[1]).toHaveTextContent('còn 10 ngày');
    expect(within(card).queryByText('Đã làm rồi')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Xem tất cả khảo sát' })).toHaveAttribute('href', '/student/surveys');
  });

  it('"Làm khảo sát" opens the form the way /student/surveys does: the survey and course class in navigation state', async () => {
    const view = renderCard({ 'GET /v1/surveys/students/5001': () => ok([GENERAL, MATH]) });
    const card = await screen.findByRole('region', { name: 'Khảo sát cần làm' });
    const [first] = await within(card).findAllByRole('button', { name: 'Làm khảo sát' });
    expect(first).toHaveAccessibleDescription('Đánh giá môn Toán');
    await userEvent.click(first);
    expect(view.router.state.location.pathname).toBe('/student/surveys/form');
    expect(view.router.state.location.state).toEqual({ surveyId: 2, courseClassId: 55 });
  });

  it('shows four and sends the rest to the full list', async () => {
    const many = [1, 2, 3, 4, 5, 6].map((i) => item({ surveyId: i, title: `Khảo sát ${i}`, endDate: day(i) }));
    renderCard({ 'GET /v1/surveys/students/5001': () => ok(many) });
    const card = await screen.findByRole('region', { name: 'Khảo sát cần làm' });
    expect(await within(card).findAllByRole('button', { name: 'Làm khảo sát' })).toHaveLength(4);
    expect(card).toHaveTextContent('Còn 2 khảo sát khác cần làm — xem tất cả.');
    expect(within(card).getByRole('link', { name: 'xem tất cả' })).toHaveAttribute('href', '/student/surveys');
  });

  it('says what will appear when there is nothing yet, and thanks a student who has done everything', async () => {
    const first = renderCard({ 'GET /v1/surveys/students/5001': () => ok([]) });
    expect(await screen.findByText(/Hiện chưa có khảo sát nào dành cho em. Khi nhà trường mở khảo sát/)).toBeInTheDocument();
    first.unmount();
    mock?.restore();
    renderCard({ 'GET /v1/surveys/students/5001': () => ok([DONE]) });
    expect(await screen.findByText(/Em đã hoàn thành tất cả khảo sát. Cảm ơn em!/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Khảo sát cần làm' })).toHaveTextContent('Đã hoàn thành 1/1 khảo sát.');
  });

  it('shows a skeleton while loading, and the error (not retried: a 403) with a retry that reads again', async () => {
    let calls = 0;
    renderCard({
      'GET /v1/surveys/students/5001': () => (++calls === 1 ? fail(403, 'Em chỉ được xem khảo sát của mình.') : ok([MATH])),
    });
    expect(screen.getByRole('region', { name: 'Khảo sát cần làm' }).querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent('Em chỉ được xem khảo sát của mình.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Đánh giá môn Toán')).toBeInTheDocument();
  });

  it('an account without a student record reads nothing and says why', async () => {
    renderCard({}, makeUser(['STUDENT'], { studentId: null }));
    expect(await screen.findByText(/chưa gắn với hồ sơ học sinh/)).toBeInTheDocument();
    expect(mock!.calls).toHaveLength(0);
  });
});
