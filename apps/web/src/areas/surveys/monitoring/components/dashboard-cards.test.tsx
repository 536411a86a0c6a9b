import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TSurveyStats } from '@app/shared/survey-monitoring';
import { fail, ok } from '@/test/mock-api';
import { makeUser } from '@/test/fixtures';
import { classRow, gradeCampusRow, renderMonitoring, restoreMock, surveyRow } from '../test/fixtures';
import { ModuleCompletionCard, PrincipalSurveyStatsCard, QualitySurveyStatsCard } from './dashboard-cards';

afterEach(() => restoreMock());

const STATS: TSurveyStats = {
  surveys: { total: 5, draft: 1, active: 2, closed: 2, templates: 2 },
  responses: { total: 1529, today: 37 },
  activeCompletion: { expected: 800, done: 529, rate: 66.1, students: 398, studentsDone: 250 },
  activeSurveys: [
    surveyRow(1, { title: 'Khảo sát chung', daysLeft: 3 }),
    surveyRow(2, { title: 'Khảo sát Toán', daysLeft: 20, endDate: '2026-12-12' }),
  ],
};
const API = {
  'GET /v1/surveys/stats': () => ok(STATS),
  'GET /v1/surveys/survey-completion-by-grade-campus': () =>
    ok([gradeCampusRow(10, 'Cơ sở Trung tâm', 100, 130), gradeCampusRow(11, 'Cơ sở Trung tâm', 60, 130)]),
  'GET /v1/surveys/survey-completion-by-class': () =>
    ok([classRow(1, '10 Toán', 30, 35), classRow(2, '11 Hóa', 10, 34), classRow(3, '12 Lý', 20, 33)]),
};

describe("the quality office's dashboard cards", () => {
  it('shows survey figures, open surveys (closing soon flagged) and the module by grade × campus and by class, lowest first', async () => {
    renderMonitoring(
      <>
        <QualitySurveyStatsCard />
        <ModuleCompletionCard />
      </>,
      { api: API, path: '/quality/dashboard' },
    );
    const figures = await screen.findByRole('region', { name: 'Khảo sát' });
    expect(figures).toHaveTextContent('Khảo sát đang mở2');
    expect(figures).toHaveTextContent('Phản hồi hôm nay37');
    expect(figures).toHaveTextContent('Tổng số phản hồi1.529');
    // The rate counts answers, the student figure students who finished every open survey: both labelled.
    expect(figures).toHaveTextContent('Lượt hoàn thành66,1%Các khảo sát đang mở · 529/800 lượtHọc sinh đã làm xong tất cả: 250/398');
    const chung = within(figures).getByRole('progressbar', { name: 'Khảo sát chung' });
    expect(chung).toHaveAttribute('aria-valuetext', '62,5%, 5/8 lượt');
    expect(within(figures).getByText('Còn 3 ngày')).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'Khảo sát chung' })).toHaveAttribute('href', '/quality/surveys?surveyId=1');

    const grade = screen.getByRole('region', { name: 'Theo khối và cơ sở' });
    expect(await within(grade).findByRole('progressbar', { name: 'Khối 11 – Cơ sở Trung tâm' })).toHaveAttribute('aria-valuenow', '46');
    const classes = screen.getByRole('region', { name: 'Theo lớp chủ nhiệm' });
    await within(classes).findByRole('progressbar', { name: '11 Hóa' });
    expect(
      within(classes)
        .getAllByRole('progressbar')
        .map((b) => b.getAttribute('aria-valuenow')),
    ).toEqual(['29', '61', '86']);
  });

  it('offers a retry when the figures cannot be read', async () => {
    let n = 0;
    renderMonitoring(<QualitySurveyStatsCard />, {
      api: { ...API, 'GET /v1/surveys/stats': () => (n++ === 0 ? fail(409, 'Dữ liệu đang được cập nhật, vui lòng thử lại.') : ok(STATS)) },
      path: '/quality/dashboard',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dữ liệu đang được cập nhật, vui lòng thử lại.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Phản hồi hôm nay')).toBeInTheDocument();
  });

  it("names the module in the completion card's title, and says what will appear when no survey is open", async () => {
    renderMonitoring(<ModuleCompletionCard />, {
      api: {
        'GET /v1/surveys/survey-completion-by-grade-campus': () => ok([]),
        'GET /v1/surveys/survey-completion-by-class': () => ok([]),
      },
      path: '/quality/dashboard',
    });
    const card = screen.getByRole('region', { name: 'Tiến độ trả lời của học phần 2026-HK1-M2' });
    const grade = within(card).getByRole('region', { name: 'Theo khối và cơ sở' });
    expect(await within(grade).findByText(/Chưa có khảo sát nào đang mở trong học phần này\. Khi một khảo sát mở/)).toBeInTheDocument();
  });

  it('shows a class-completion error with a retry even though the list is sorted from nothing', async () => {
    renderMonitoring(<ModuleCompletionCard />, {
      api: {
        'GET /v1/surveys/survey-completion-by-grade-campus': () => ok([]),
        'GET /v1/surveys/survey-completion-by-class': () => fail(409, 'Dữ liệu đang được cập nhật, vui lòng thử lại.'),
      },
      path: '/quality/dashboard',
    });
    const classes = screen.getByRole('region', { name: 'Theo lớp chủ nhiệm' });
    expect(await within(classes).findByRole('alert')).toHaveTextContent('Dữ liệu đang được cập nhật, vui lòng thử lại.');
    expect(within(classes).getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });

  it("links the principal's open surveys to the principal's survey page", async () => {
    renderMonitoring(<PrincipalSurveyStatsCard />, { api: API, path: '/principal/dashboard', user: makeUser(['PRINCIPAL']) });
    const figures = await screen.findByRole('region', { name: 'Khảo sát' });
    expect(within(figures).getByRole('link', { name: 'Khảo sát chung' })).toHaveAttribute('href', '/principal/surveys?surveyId=1');
    expect(within(figures).getByRole('link', { name: 'Xem tất cả khảo sát' })).toHaveAttribute('href', '/principal/surveys');
  });
});
