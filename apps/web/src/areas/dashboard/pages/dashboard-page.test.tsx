import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDashboard } from '@app/shared/auth';
import type { TRole } from '@app/shared/roles';
import { makeUser } from '@/test/fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import DashboardPage from './dashboard-page';

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());

const dashboard = (role: TRole): TDashboard => ({
  role,
  greeting: 'Chào buổi sáng, Nguyễn Văn An!',
  stats: [{ label: 'Học sinh', value: 398 }],
  notes: [],
});
function renderAs(role: TRole) {
  mock = mockApi({ 'GET /v1/dashboard': () => ok(dashboard(role)) });
  renderUi(<DashboardPage />, { path: '/admin/dashboard', routePath: '/admin/dashboard', auth: makeUser([role]) });
  return mock;
}

describe('dashboard', () => {
  it('makes a figure with a page of its work a link there, and leaves the others plain', async () => {
    mock = mockApi({
      'GET /v1/dashboard': () =>
        ok({
          ...dashboard('ADMIN'),
          stats: [
            { label: 'Lượt đăng nhập hôm nay', value: 5, hint: '2 thay đổi khác được ghi nhật ký', href: '/admin/system-logs' },
            { label: 'Học sinh', value: 398 },
          ],
        }),
    });
    renderUi(<DashboardPage />, { path: '/admin/dashboard', routePath: '/admin/dashboard', auth: makeUser(['ADMIN']) });
    const figures = await screen.findByRole('region', { name: 'Số liệu' });
    const link = within(figures).getByRole('link', { name: /Lượt đăng nhập hôm nay/ });
    expect(link).toHaveAttribute('href', '/admin/system-logs');
    expect(link).toHaveTextContent('2 thay đổi khác được ghi nhật ký');
    expect(within(figures).getAllByRole('link')).toHaveLength(1);
    expect(within(figures).getByText('398')).toBeInTheDocument();
  });

  it('has no block of its own for a role: a teacher without cards sees the greeting and figures only', async () => {
    renderAs('TEACHER');
    expect(await screen.findByText('Chào buổi sáng, Nguyễn Văn An!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Khảo sát liên quan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Khảo sát lấy ý kiến học sinh' })).not.toBeInTheDocument();
  });

  it('renders the cards it is given, in order', async () => {
    const First = () => <section aria-label="Thẻ một">một</section>;
    const Second = () => <section aria-label="Thẻ hai">hai</section>;
    mock = mockApi({ 'GET /v1/dashboard': () => ok(dashboard('TEACHER')) });
    renderUi(
      <DashboardPage
        cards={[
          { key: 'a', roles: ['TEACHER'], component: First },
          { key: 'b', roles: ['TEACHER'], component: Second },
        ]}
      />,
      { path: '/teacher/dashboard', routePath: '/teacher/dashboard', auth: makeUser(['TEACHER']) },
    );
    const first = await screen.findByRole('region', { name: 'Thẻ một' });
    const second = screen.getByRole('region', { name: 'Thẻ hai' });
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
