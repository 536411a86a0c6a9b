import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { makeOverview, makeRun } from '../test/fixtures';

const dashboard = {
  'GET /v1/dashboard': () => ok({ role: 'ACCOUNTANT', greeting: 'Chào buổi sáng', stats: [], notes: [] }),
};

afterEach(() => localStorage.clear());

describe('the accountant’s dashboard cards', { timeout: 20_000 }, () => {
  it('show the run at hand and what needs doing, with their links', async () => {
    renderApp({
      path: '/accountant/dashboard',
      user: makeUser(['ACCOUNTANT']),
      api: {
        ...dashboard,
        'GET /v1/pay/overview': () => ok(makeOverview({ waitingApproval: [makeRun({ id: 8, status: 'submitted' })] })),
      },
    });
    const run = await screen.findByRole('region', { name: 'Đợt tính hiện tại' }, { timeout: 10_000 });
    expect(await within(run).findByText('Tiền dạy thêm giờ 2026-2027')).toBeInTheDocument();
    expect(run).toHaveTextContent('Nháp');
    expect(run).toHaveTextContent('88.000.000 đ');
    expect(within(run).getByRole('link', { name: 'Mở đợt tính' })).toHaveAttribute('href', '/accountant/salary?run=9');

    const todo = screen.getByRole('region', { name: 'Cần xử lý' });
    const item = (text: RegExp) => within(todo).getByText(text).closest('li') as HTMLElement;
    expect(within(item(/2 giáo viên chưa có bản kê khai đã khóa/)).getByRole('link')).toHaveAttribute('href', '/accountant/salary?run=9');
    expect(within(item(/1 giáo viên thiếu hệ số lương/)).getByRole('link')).toHaveAttribute('href', '/accountant/coefficients?missing=1');
    expect(within(item(/4 giáo viên chưa có hệ số lương hiệu lực hôm nay/)).getByRole('link')).toHaveAttribute(
      'href',
      '/accountant/coefficients?missing=1',
    );
    expect(within(item(/1 đợt đang chờ Hiệu trưởng duyệt/)).getByRole('link')).toHaveAttribute('href', '/accountant/salary?run=8');
  });

  it('say when there is no run yet and nothing to do', async () => {
    renderApp({
      path: '/accountant/dashboard',
      user: makeUser(['ACCOUNTANT']),
      api: {
        ...dashboard,
        'GET /v1/pay/overview': () =>
          ok(
            makeOverview({
              currentRun: null,
              blockers: { declarationsNotLocked: 0, coefficientsMissing: 0, items: [] },
              teachersWithoutCoefficients: 0,
            }),
          ),
      },
    });
    const run = await screen.findByRole('region', { name: 'Đợt tính hiện tại' }, { timeout: 10_000 });
    expect(await within(run).findByText(/Chưa có đợt tính thù lao nào/)).toBeInTheDocument();
    expect(within(run).getByRole('link', { name: 'Tạo đợt tính' })).toHaveAttribute('href', '/accountant/salary');
    expect(within(screen.getByRole('region', { name: 'Cần xử lý' })).getByText(/Không có việc nào cần xử lý/)).toBeInTheDocument();
  });
});
