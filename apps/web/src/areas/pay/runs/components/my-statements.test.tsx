import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeLineDetail, makeRunSummary } from '../test/fixtures';
import { MyPayStatements } from './my-statements';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('MyPayStatements', { timeout: 30_000 }, () => {
  it('says no run has been approved yet', async () => {
    restore = mockApi({ 'GET /v1/pay/statements/mine': () => ok([]) }).restore;
    renderUi(<MyPayStatements />);
    expect(await screen.findByText('Chưa có đợt thanh toán nào được duyệt')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tiền dạy thêm giờ' })).toBeInTheDocument();
  });

  it('shows the teacher’s line of each approved or paid run with the amount and the explanation', async () => {
    restore = mockApi({
      'GET /v1/pay/statements/mine': () =>
        ok([
          {
            run: makeRunSummary({ status: 'paid', approvedAt: '2026-06-13T08:00:00+07:00', paidAt: '2026-07-01T08:00:00+07:00' }),
            line: makeLineDetail(),
          },
          {
            run: makeRunSummary({ id: 2, name: 'Tạm tính Học kỳ 1', kind: 'semester', semesterName: 'Học kỳ 1', status: 'approved' }),
            line: makeLineDetail({ runId: 2, previouslyPaid: 30_000_000, due: 2_779_271 }),
          },
        ]),
    }).restore;
    renderUi(<MyPayStatements />);
    const paid = await screen.findByRole('article', { name: 'Tiền dạy thêm giờ năm học 2025-2026' });
    expect(paid).toHaveTextContent('Đã chi trả');
    expect(paid).toHaveTextContent('chi trả 01/07/2026 08:00');
    expect(within(paid).getByText('32.779.271 đ', { selector: 'span' })).toBeInTheDocument();
    await userEvent.click(within(paid).getByText('Cách tính chi tiết'));
    expect(within(paid).getByText('Tiền dạy thêm giờ: 105 tiết × 312.183,53 = 32.779.270,59, làm tròn 32.779.271 đ')).toBeVisible();
    const interim = screen.getByRole('article', { name: 'Tạm tính Học kỳ 1' });
    expect(interim).toHaveTextContent('Còn được nhận');
    expect(interim).toHaveTextContent('2.779.271 đ');
    expect(interim).toHaveTextContent('Học kỳ 1 · 2025-2026');
  });
});
