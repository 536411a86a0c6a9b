import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDeclarationDetail } from '@app/shared/declarations';
import { mockApi, ok, type MockRequest } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeDetail, makePeriod, makeSummary, page } from '../test/fixtures';
import HeadDeclarationPage from './head-declaration-page';

const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const headCan = { edit: false, submit: false, approve: true, return: true, confirm: false, lock: false, unlock: false };

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('HeadDeclarationPage', { timeout: 30_000 }, () => {
  it('opens a submitted declaration read-only, refuses a return without a comment, and returns it with the comment and version', async () => {
    let detail: TDeclarationDetail = makeDetail({ status: 'submitted', version: 6, can: headCan });
    const mock = mockApi({
      'GET /v1/teaching/declarations/periods': () => ok([makePeriod()]),
      'GET /v1/teaching/declarations': () => page([makeSummary({ status: detail.status, version: detail.version })]),
      'GET /v1/teaching/declarations/10': () => ok(detail),
      'POST /v1/teaching/declarations/10/return': (req) => {
        detail = { ...detail, status: 'returned', version: 7, can: { ...headCan, approve: false, return: false } };
        return ok(detail, `Đã trả lại: ${(req.body as { comment: string }).comment}`);
      },
    });
    restore = mock.restore;
    renderUi(<HeadDeclarationPage />, { path: '/department/teaching-declaration' });

    await userEvent.click(await screen.findByRole('button', { name: 'Mở bản kê khai của Nguyễn Văn An' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bản kê khai của Nguyễn Văn An' });
    await within(dialog).findByText('Toán 10A1');
    // Read-only for the head: no inputs, no line buttons, no save; the review buttons only.
    expect(within(dialog).queryByLabelText('Số tiết của dòng Toán 10A1')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Lưu' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Nộp' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('288 tiết')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Duyệt' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Trả lại' }));
    const ask = await screen.findByRole('dialog', { name: 'Trả lại bản kê khai' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Trả lại' }));
    expect(await within(ask).findByText('Hãy nhập lý do trả lại.')).toBeInTheDocument();
    expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/10/return')).toHaveLength(0);

    await userEvent.type(within(ask).getByLabelText(/Lý do trả lại/), 'Thiếu minh chứng dạy thay ngày 06/10');
    await userEvent.click(within(ask).getByRole('button', { name: 'Trả lại' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/10/return')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/10/return')[0].body).toEqual({
      version: 6,
      comment: 'Thiếu minh chứng dạy thay ngày 06/10',
    });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Duyệt' })).not.toBeInTheDocument());
    expect(within(dialog).getByText('Trả lại', { selector: 'span' })).toBeInTheDocument();
  });

  it('approves the chosen submitted declarations at once after confirming, and names the skipped ones', async () => {
    const rows = [
      makeSummary({ id: 10, status: 'submitted' }),
      makeSummary({ id: 11, teacherId: 102, teacherName: 'Lê Thị Bình', teacherCode: 'GV102', status: 'submitted' }),
      makeSummary({ id: 12, teacherId: 103, teacherName: 'Phạm Cường', teacherCode: 'GV103', status: 'draft' }),
    ];
    const mock = mockApi({
      'GET /v1/teaching/declarations/periods': () => ok([makePeriod()]),
      'GET /v1/teaching/declarations': () => page(rows),
      'POST /v1/teaching/declarations/bulk-approve': () =>
        ok({ approved: [10], skipped: [{ id: 11, reason: 'Đã thay đổi sau khi nộp.' }] }, 'Đã duyệt 1 bản kê khai.'),
    });
    restore = mock.restore;
    renderUi(<HeadDeclarationPage />, { path: '/department/teaching-declaration' });

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Chọn bản kê khai của Nguyễn Văn An' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chọn bản kê khai của Lê Thị Bình' }));
    // A draft cannot be chosen.
    expect(screen.queryByRole('checkbox', { name: 'Chọn bản kê khai của Phạm Cường' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Duyệt 2 bản đã chọn' }));
    const confirm = await screen.findByRole('dialog', { name: 'Duyệt 2 bản kê khai?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Duyệt' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/bulk-approve')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/bulk-approve')[0].body).toEqual({ ids: [10, 11] });
    expect(await screen.findByText('Đã duyệt 1 bản kê khai.')).toBeInTheDocument();
    expect(screen.getByText('Bỏ qua bản kê khai của Lê Thị Bình: Đã thay đổi sau khi nộp.')).toBeInTheDocument();
  });
});
