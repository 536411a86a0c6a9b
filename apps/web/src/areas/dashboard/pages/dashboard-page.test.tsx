import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDashboard } from '@app/shared/auth';
import type { TRole } from '@app/shared/roles';
import { makeUser } from '@/test/fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { surveyRow } from '@/areas/surveys/monitoring/test/fixtures';
import DashboardPage from './dashboard-page';

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());

const dashboard = (role: TRole): TDashboard => ({
  role,
  greeting: 'Chào buổi sáng, Nguyễn Văn An!',
  stats: [{ label: 'Học sinh', value: 398 }],
  notes: [],
});
const STATS = {
  surveys: { total: 3, draft: 1, active: 2, closed: 0, templates: 2 },
  responses: { total: 529, today: 12 },
  activeCompletion: { expected: 800, done: 529, rate: 66.1, students: 398, studentsDone: 250 },
  activeSurveys: [surveyRow(1, { title: 'Khảo sát sắp đóng', daysLeft: 1 }), surveyRow(2, { title: 'Khảo sát còn lâu', daysLeft: 20 })],
};

function renderAs(role: TRole) {
  mock = mockApi({ 'GET /v1/dashboard': () => ok(dashboard(role)), 'GET /v1/surveys/stats': () => ok(STATS) });
  renderUi(<DashboardPage />, { path: '/admin/dashboard', routePath: '/admin/dashboard', auth: makeUser([role]) });
  return mock;
}

describe('dashboard', () => {
  it("adds the admin's survey card: figures, responses today and the surveys closing soon with their progress", async () => {
    renderAs('ADMIN');
    const card = await screen.findByRole('region', { name: 'Khảo sát' });
    expect(card).toHaveTextContent('Phản hồi hôm nay12');
    expect(card).toHaveTextContent('Lượt hoàn thành66,1%Các khảo sát đang mở · 529/800 lượtHọc sinh đã làm xong tất cả: 250/398');
    expect(within(card).getByRole('heading', { name: 'Khảo sát sắp đóng' })).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Khảo sát sắp đóng' })).toHaveAttribute('aria-valuenow', '63');
    expect(within(card).getByRole('link', { name: 'Khảo sát sắp đóng' })).toHaveAttribute('href', '/admin/surveys/1?tab=progress');
    expect(within(card).queryByText('Khảo sát còn lâu')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Xem tất cả khảo sát' })).toHaveAttribute('href', '/admin/surveys');
    expect(screen.getByText('Học sinh')).toBeInTheDocument();
  });

  it('leaves other roles without it (they may not read survey figures)', async () => {
    const m = renderAs('TEACHER');
    expect(await screen.findByText('Chào buổi sáng, Nguyễn Văn An!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Khảo sát' })).not.toBeInTheDocument();
    expect(m.calls.some((c) => c.url === '/v1/surveys/stats')).toBe(false);
  });

  it('gives a teacher the way to the surveys that concern them and to their results (in no menu of the spec)', async () => {
    renderAs('TEACHER');
    const card = await screen.findByRole('region', { name: 'Khảo sát lấy ý kiến học sinh' });
    expect(within(card).getByRole('link', { name: 'Khảo sát liên quan' })).toHaveAttribute('href', '/teacher/homeroom-surveys');
    expect(within(card).getByRole('link', { name: 'Kết quả khảo sát cá nhân' })).toHaveAttribute(
      'href',
      '/teacher/personal-survey-results',
    );
  });

  it('shows that card to teachers only', async () => {
    renderAs('ADMIN');
    await screen.findByRole('region', { name: 'Khảo sát' });
    expect(screen.queryByRole('region', { name: 'Khảo sát lấy ý kiến học sinh' })).not.toBeInTheDocument();
  });
});
