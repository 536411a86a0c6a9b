import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi, TEST_SCHOOL } from '@/test/render-app';
import { makeLine, makeRun, page } from '../test/fixtures';
import { PayrollPrintDialog } from './payroll-print';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('PayrollPrintDialog', { timeout: 30_000 }, () => {
  it('one department’s sheet: school, title, the lines with "Ký nhận", its total and the signatures; prints A4 landscape', async () => {
    const mock = mockApi({
      'GET /v1/auth/config': () => ok({ googleClientId: null, devLogin: false, schoolName: TEST_SCHOOL }),
      'GET /v1/pay/runs/1/lines': () =>
        page(
          [
            makeLine(),
            makeLine({ teacherId: 11, fullName: 'Trần Thị Bình', departmentId: 6, departmentName: 'Tổ Lý', amount: 62_436_000 }),
          ],
          100,
        ),
    });
    restore = mock.restore;
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderUi(<PayrollPrintDialog run={makeRun()} open onClose={() => {}} />);
    const sheet = await screen.findByRole('region', { name: 'Bảng thanh toán Tổ Toán' });
    expect(sheet).toHaveTextContent(TEST_SCHOOL);
    expect(sheet).toHaveTextContent('BẢNG THANH TOÁN TIỀN DẠY THÊM GIỜ');
    expect(within(sheet).getByRole('columnheader', { name: 'Ký nhận' })).toBeInTheDocument();
    expect(within(sheet).getByText('Nguyễn Văn An')).toBeInTheDocument();
    expect(within(sheet).queryByText('Trần Thị Bình')).toBeNull();
    expect(within(sheet).getByText('Cộng Tổ Toán').closest('tr')).toHaveTextContent('32.779.271');
    for (const who of ['Người lập biểu', 'Kế toán trưởng', 'Hiệu trưởng']) expect(within(sheet).getByText(who)).toBeInTheDocument();
    expect([...document.querySelectorAll('style')].some((s) => s.textContent?.includes('@page { size: A4 landscape'))).toBe(true);
    expect(mock.calls.find((c) => c.url === '/v1/pay/runs/1/lines')?.params).toMatchObject({ limit: '100', page: '1' });

    await userEvent.selectOptions(screen.getByLabelText('Tổ chuyên môn'), 'Tất cả các tổ');
    expect(screen.getByRole('region', { name: 'Bảng thanh toán Tổ Lý' })).toHaveTextContent('Trần Thị Bình');
    await userEvent.click(screen.getByRole('button', { name: 'In' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
