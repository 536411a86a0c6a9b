import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok, type MockRequest } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makePeriod, page } from '../test/fixtures';
import AdminDeclarationPage from './admin-declaration-page';

const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const semester = {
  id: 3,
  name: 'Học kỳ 1',
  academicYearId: 1,
  academicYearName: '2025-2026',
  startDate: '2025-09-05',
  endDate: '2026-01-15',
  isCurrent: true,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('AdminDeclarationPage', { timeout: 30_000 }, () => {
  it('says when there is no period yet and creates one with dd/mm/yyyy dates and holidays', async () => {
    const mock = mockApi({
      'GET /v1/teaching/declarations/periods': () => ok([]),
      'GET /v1/academic-years/semesters': () => page([semester]),
      'POST /v1/teaching/declarations/periods': () => ok(makePeriod(), 'Đã thêm kỳ kê khai.'),
    });
    restore = mock.restore;
    renderUi(<AdminDeclarationPage />, { path: '/admin/teaching-declaration' });

    expect(await screen.findByText('Thêm kỳ kê khai để giáo viên bắt đầu kê khai giờ dạy.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Thêm kỳ kê khai' }));
    const form = await screen.findByRole('dialog', { name: 'Thêm kỳ kê khai' });
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(within(form).getByLabelText(/Học kỳ/), 'Học kỳ 1 – 2025-2026 (hiện tại)');
    await userEvent.type(within(form).getByLabelText(/Mở kê khai từ ngày/), '01/12/2025');
    await userEvent.type(within(form).getByLabelText(/Hạn nộp/), '15/01/2026');
    await userEvent.type(within(form).getByLabelText(/Hạn duyệt/), '20/01/2026');
    await userEvent.type(within(form).getByLabelText(/Ngày nghỉ/), '02/09/2025, 31/02/2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Thêm kỳ' }));
    expect(await within(form).findByText('Ngày nghỉ phải là ngày hợp lệ (dd/mm/yyyy).')).toBeInTheDocument();
    const holidays = within(form).getByLabelText(/Ngày nghỉ/);
    await userEvent.clear(holidays);
    await userEvent.type(holidays, '02/09/2025, 01/01/2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Thêm kỳ' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/periods')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/periods')[0].body).toEqual({
      semesterId: 3,
      weeks: 18,
      opensAt: '2025-12-01T00:00:00+07:00',
      closesAt: '2026-01-15T23:59:00+07:00',
      reviewBy: '2026-01-20',
      holidays: ['2025-09-02', '2026-01-01'],
    });
  });
});
