import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeLine, makeRun, page } from '../test/fixtures';
import PrincipalRunPage from './principal-run-page';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const SUBMITTED = makeRun({ status: 'submitted', version: 6, submittedAt: '2026-06-12T08:00:00+07:00' });

function api(run = SUBMITTED) {
  const mock = mockApi({
    'GET /v1/pay/runs/1': () => ok(run),
    'GET /v1/pay/runs/1/lines': () => page([makeLine()]),
    'POST /v1/pay/runs/1/transition': ({ body }) =>
      ok(makeRun({ status: (body as { action: string }).action === 'approve' ? 'approved' : 'draft', version: 7 }), 'Đã ghi nhận.'),
  });
  restore = mock.restore;
  return mock;
}

describe('PrincipalRunPage', { timeout: 30_000 }, () => {
  it('a submitted run: approve or return (a reason required), nothing the accountant does', async () => {
    const mock = api();
    renderUi(<PrincipalRunPage />, { path: '/principal/pay-runs/1', routePath: '/principal/pay-runs/:id' });
    expect(await screen.findByRole('button', { name: 'Duyệt' })).toBeInTheDocument();
    for (const name of ['Tính lại', 'Trình duyệt', 'Xóa', 'Xác nhận đã chi trả', 'Tạo đợt điều chỉnh'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('region', { name: 'Giáo viên chưa đủ điều kiện (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Xem cách tính của Nguyễn Văn An' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Trả lại' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trả lại đợt thanh toán' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trả lại' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Hãy nhập lý do trả lại.');
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Lý do trả lại/), 'Thiếu tổ Văn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trả lại' }));
    expect(await screen.findByText('Đã ghi nhận.')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'return', version: 6, comment: 'Thiếu tổ Văn' });
  });

  it('approves with the version read', async () => {
    const mock = api();
    renderUi(<PrincipalRunPage />, { path: '/principal/pay-runs/1', routePath: '/principal/pay-runs/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Duyệt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duyệt đợt thanh toán?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duyệt' }));
    expect(await screen.findByText('Đã ghi nhận.')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'approve', version: 6 });
  });

  it('a run no longer waiting is read-only and says so', async () => {
    api(makeRun({ status: 'approved', approvedAt: '2026-06-13T08:00:00+07:00' }));
    renderUi(<PrincipalRunPage />, { path: '/principal/pay-runs/1', routePath: '/principal/pay-runs/:id' });
    expect(await screen.findByText(/không có việc chờ Hiệu trưởng duyệt/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Duyệt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Trả lại' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeInTheDocument();
  });
});
