import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { findRoute } from '@app/shared/routes';
import type { TStudentSurveyItem } from '@app/shared/surveys';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { makeUser } from '@/test/fixtures';
import { renderUi } from '@/test/render-app';
import StudentSurveysPage from './student-surveys-page';

const item = (over: Partial<TStudentSurveyItem>): TStudentSurveyItem => ({
  surveyId: 1,
  title: 'Khảo sát',
  description: null,
  coverImageUrl: null,
  surveyType: 'GENERAL',
  startDate: '2026-01-05',
  endDate: '2026-01-20',
  subject: null,
  courseClass: null,
  completed: false,
  responseId: null,
  submittedAt: null,
  ...over,
});
const MATH = item({
  surveyId: 2,
  title: 'Đánh giá môn Toán',
  surveyType: 'SUBJECT_SPECIFIC',
  subject: { id: 4, name: 'Toán', usesLms: true },
  courseClass: {
    id: 55,
    name: 'Toán 10A1',
    teachers: [
      { id: 9, displayName: 'Nguyễn Văn An' },
      { id: 10, displayName: 'Lê Thị Hoa' },
    ],
  },
});
const GENERAL_DONE = item({
  surveyId: 3,
  title: 'Góp ý chung về nhà trường',
  completed: true,
  responseId: 8,
  submittedAt: '2026-01-06T03:00:00Z',
});
const PHYS_DONE = item({
  ...MATH,
  surveyId: 4,
  title: 'Đánh giá môn Lý',
  completed: true,
  courseClass: { id: 60, name: 'Lý 10A1', teachers: [] },
});

let mock: ReturnType<typeof mockApi> | undefined;
const STUDENT = makeUser(['STUDENT'], { studentId: 5001 });
const renderList = (api: MockRoutes) => {
  mock = mockApi(api);
  return renderUi(<StudentSurveysPage />, { path: '/student/surveys', routePath: '/student/surveys', auth: STUDENT });
};
afterEach(() => mock?.restore());

describe('/student/surveys', () => {
  it('groups the surveys, shows dates, subject, class and teachers; "Làm khảo sát" opens the form with the survey in navigation state', async () => {
    const view = renderList({ 'GET /v1/surveys/students/5001': () => ok([MATH, GENERAL_DONE, PHYS_DONE]) });
    const todo = await screen.findByRole('region', { name: /Chưa hoàn thành/ });
    const done = screen.getByRole('region', { name: /Đã hoàn thành/ });
    const math = within(todo).getByRole('article', { name: 'Đánh giá môn Toán' });
    expect(math).toHaveTextContent('05/01/2026 – 20/01/2026');
    expect(math).toHaveTextContent('Môn học:Toán');
    expect(math).toHaveTextContent('Lớp học phần:Toán 10A1');
    expect(math).toHaveTextContent('Giáo viên:Nguyễn Văn An, Lê Thị Hoa');
    expect(
      within(done)
        .getAllByRole('article')
        .map((a) => a.querySelector('h3')!.textContent),
    ).toEqual(['Góp ý chung về nhà trường', 'Đánh giá môn Lý']);
    expect(
      within(done)
        .getAllByRole('link', { name: 'Xem câu trả lời' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/student/surveys/3', '/student/surveys/4?courseClassId=60']);
    await userEvent.click(within(math).getByRole('button', { name: /Làm khảo sát/ }));
    expect(view.router.state.location.pathname).toBe('/student/surveys/form');
    expect(view.router.state.location.state).toEqual({ surveyId: 2, courseClassId: 55 });
  });

  it('empty and error states', async () => {
    const first = renderList({ 'GET /v1/surveys/students/5001': () => ok([]) });
    expect(await screen.findByText('Hiện chưa có khảo sát nào dành cho em.')).toBeInTheDocument();
    first.unmount();
    mock?.restore();
    renderList({ 'GET /v1/surveys/students/5001': () => fail(403, 'Em chỉ được xem khảo sát của mình.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Lỗi: Em chỉ được xem khảo sát của mình.');
  });

  it('a group with nothing in it says so', async () => {
    renderList({ 'GET /v1/surveys/students/5001': () => ok([MATH]) });
    expect(await screen.findByText('Chưa có khảo sát nào được hoàn thành.')).toBeInTheDocument();
  });

  it('the new routes: the form and the own-answers page are found by findRoute', () => {
    expect(findRoute('/student/surveys/form')?.title).toBe('Làm khảo sát');
    expect(findRoute('/student/surveys/12')?.title).toBe('Câu trả lời khảo sát');
    expect(findRoute('/student/surveys')?.title).toBe('Khảo sát');
    expect(findRoute('/student/surveys/12/x')).toBeUndefined();
  });
});
