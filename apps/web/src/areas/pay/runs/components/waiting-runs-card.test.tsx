import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeRunSummary, page } from '../test/fixtures';
import { WaitingPayRunsCard } from './waiting-runs-card';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('WaitingPayRunsCard', { timeout: 30_000 }, () => {
  it('lists the submitted runs, each opening the read-only run page', async () => {
    const mock = mockApi({
      'GET /v1/pay/runs': () => page([makeRunSummary({ status: 'submitted', submittedAt: '2026-06-12T08:00:00+07:00' })]),
    });
    restore = mock.restore;
    renderUi(<WaitingPayRunsCard />);
    const card = await screen.findByRole('region', { name: 'Đợt thanh toán chờ phê duyệt' });
    const link = await within(card).findByRole('link', { name: 'Tiền dạy thêm giờ năm học 2025-2026' });
    expect(link).toHaveAttribute('href', '/principal/pay-runs/1');
    expect(card).toHaveTextContent('95.215.271 đ');
    expect(card).toHaveTextContent('trình lúc 12/06/2026 08:00');
    expect(card).toHaveTextContent('kế toán đã trình Hiệu trưởng');
    expect(mock.calls[0].params).toMatchObject({ status: 'submitted' });
  });

  it('says when nothing waits', async () => {
    restore = mockApi({ 'GET /v1/pay/runs': () => page([]) }).restore;
    renderUi(<WaitingPayRunsCard />);
    expect(await screen.findByText('Hiện không có đợt thanh toán nào chờ duyệt.')).toBeInTheDocument();
  });
});
