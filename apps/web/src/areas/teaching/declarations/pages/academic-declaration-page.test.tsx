import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok, type MockRequest } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makePeriod, makeSummary, page } from '../test/fixtures';
import AcademicDeclarationPage from './academic-declaration-page';

const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('AcademicDeclarationPage', { timeout: 30_000 }, () => {
  it('counts by status per department with late ones, reminds, and unlocks only with a reason', async () => {
    // The period closed: a draft is late.
    const period = makePeriod({ closesAt: '2025-01-15T23:59:00+07:00', reviewBy: null });
    const rows = [
      makeSummary({ id: 10, status: 'locked', version: 9 }),
      makeSummary({ id: 11, teacherId: 102, teacherName: 'Lê Thị Bình', status: 'draft' }),
      makeSummary({ id: 12, teacherId: 103, teacherName: 'Đỗ Hải', departmentId: 6, departmentName: 'Tổ Văn', status: 'approved' }),
    ];
    const mock = mockApi({
      'GET /v1/teaching/declarations/periods': () => ok([period]),
      'GET /v1/teaching/declarations': () => page(rows),
      'POST /v1/teaching/declarations/periods/1/remind': () => ok({ reminded: 4 }),
      'POST /v1/teaching/declarations/10/unlock': () => ok(null, 'Đã mở khóa bản kê khai.'),
    });
    restore = mock.restore;
    renderUi(<AcademicDeclarationPage />, { path: '/academic/teaching-declaration' });

    const counts = await screen.findByRole('table', { name: 'Số bản kê khai theo trạng thái của từng tổ' });
    const toan = within(counts).getByRole('row', { name: /Tổ Toán/ });
    expect(
      within(toan)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0', '0', '0', '0', '1', '1']);
    const list = screen.getByRole('table', { name: 'Danh sách bản kê khai' });
    expect(within(list).getByText('Quá hạn nộp (15/01/2025)')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nhắc nộp' }));
    expect(await screen.findByText('Đã nhắc 4 giáo viên chưa nộp.')).toBeInTheDocument();

    expect(within(list).getByRole('button', { name: 'Xác nhận bản kê khai của Đỗ Hải' })).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Mở khóa bản kê khai của Nguyễn Văn An' }));
    const ask = await screen.findByRole('dialog', { name: 'Mở khóa bản kê khai' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Mở khóa' }));
    expect(await within(ask).findByText('Hãy nhập lý do mở khóa.')).toBeInTheDocument();
    await userEvent.type(within(ask).getByLabelText(/Lý do mở khóa/), 'Sửa số tiết dạy thay');
    await userEvent.click(within(ask).getByRole('button', { name: 'Mở khóa' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/10/unlock')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/10/unlock')[0].body).toEqual({
      version: 9,
      comment: 'Sửa số tiết dạy thay',
    });
  });
});
