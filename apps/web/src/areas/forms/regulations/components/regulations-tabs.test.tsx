import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TAckReport, THomeroomAckStatus, TReaderRegulation, TRegulation } from '@app/shared/regulations';
import { mockApi, ok, type MockRequest } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { AdminRegulationsTab, HomeroomRegulationsStatus, StudentRegulationsTab } from '../public';

const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, limit: 10 });
const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();

const reader = (over: Partial<TReaderRegulation>): TReaderRegulation => ({
  id: 1,
  title: 'Nội quy học sinh',
  category: 'Nội quy',
  contentKind: 'html',
  effectiveFrom: '2025-09-05',
  requiresAck: true,
  publishedAt: recent,
  acknowledgedAt: null,
  ...over,
});
const adminRow = (over: Partial<TRegulation>): TRegulation => ({
  id: 7,
  title: 'Quy định sử dụng điện thoại',
  category: 'Quy định',
  contentKind: 'html',
  effectiveFrom: '2026-01-05',
  requiresAck: true,
  status: 'draft',
  publishedAt: null,
  pdfName: null,
  pdfSize: null,
  version: 3,
  updatedAt: recent,
  ackCount: 0,
  ...over,
});

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('StudentRegulationsTab', { timeout: 20_000 }, () => {
  it('lists published documents with their badges, opens one and acknowledges it once', async () => {
    let acked: string | null = null;
    const mock = mockApi({
      'GET /v1/regulations/categories': () => ok(['Nội quy', 'Quy chế đánh giá']),
      'GET /v1/regulations/published': () =>
        ok(
          page([
            reader({ acknowledgedAt: acked }),
            reader({
              id: 2,
              title: 'Quy chế đánh giá theo TT 22',
              category: 'Quy chế đánh giá',
              requiresAck: false,
              publishedAt: '2025-09-01T01:00:00Z',
            }),
          ]),
        ),
      'GET /v1/regulations/published/1': () =>
        ok({
          ...reader({ acknowledgedAt: acked }),
          bodyHtml: '<p>Đi học <strong>đúng giờ</strong>.</p><script>x</script>',
          pdfName: null,
          pdfSize: null,
        }),
      'POST /v1/regulations/1/acknowledge': () => {
        acked = '2026-11-20T02:00:00.000Z';
        return ok(
          { ...reader({ acknowledgedAt: acked }), bodyHtml: '<p>Đi học</p>', pdfName: null, pdfSize: null },
          'Đã ghi nhận xác nhận của bạn.',
        );
      },
    });
    restore = mock.restore;
    renderUi(<StudentRegulationsTab />, { path: '/student/forms?tab=regulations' });

    const list = await screen.findByRole('list', { name: 'Danh sách văn bản' });
    const first = within(list).getByRole('button', { name: /Nội quy học sinh/ });
    expect(first).toHaveTextContent('Mới');
    expect(first).toHaveTextContent('Cần xác nhận');
    const second = within(list).getByRole('button', { name: /Quy chế đánh giá theo TT 22/ });
    expect(second).not.toHaveTextContent('Mới');
    expect(second).not.toHaveTextContent('Cần xác nhận');

    await userEvent.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Nội quy học sinh' });
    expect(await within(dialog).findByText('đúng giờ')).toBeInTheDocument();
    expect(dialog.innerHTML).not.toContain('<script');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tôi đã đọc và cam kết thực hiện' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/regulations/1/acknowledge')).toHaveLength(1));
    expect(await within(dialog).findByText(/Bạn đã xác nhận lúc 20\/11\/2026/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Tôi đã đọc và cam kết thực hiện' })).toBeNull();
  });

  it('filters by category and by "Cần xác nhận" through the query', async () => {
    const mock = mockApi({
      'GET /v1/regulations/categories': () => ok(['Nội quy', 'Quy chế đánh giá']),
      'GET /v1/regulations/published': () => ok(page([reader({})])),
    });
    restore = mock.restore;
    renderUi(<StudentRegulationsTab />, { path: '/student/forms' });
    await screen.findByRole('list', { name: 'Danh sách văn bản' });
    await userEvent.selectOptions(await screen.findByLabelText('Danh mục'), 'Quy chế đánh giá');
    await userEvent.selectOptions(screen.getByLabelText('Xác nhận'), 'Cần xác nhận');
    await waitFor(() =>
      expect(sent(mock.calls, 'GET', '/v1/regulations/published').at(-1)?.params).toMatchObject({
        category: 'Quy chế đánh giá',
        pending: 'true',
      }),
    );
  });
});

describe('AdminRegulationsTab', { timeout: 20_000 }, () => {
  it('publishes a draft with the version it read, and shows who has not acknowledged per class with a drill-down', async () => {
    const report: TAckReport = {
      regulation: { id: 8, title: 'Nội quy học sinh', requiresAck: true, status: 'published' },
      classes: [
        { classId: 31, className: '10 Toán', grade: 10, studentCount: 35, acknowledged: 30, missing: 5 },
        { classId: 32, className: '10 Lý', grade: 10, studentCount: 34, acknowledged: 34, missing: 0 },
      ],
      totals: { studentCount: 69, acknowledged: 64, missing: 5 },
    };
    const mock = mockApi({
      'GET /v1/regulations/categories': () => ok(['Nội quy', 'Quy định']),
      'GET /v1/regulations': () =>
        ok(page([adminRow({}), adminRow({ id: 8, title: 'Nội quy học sinh', status: 'published', ackCount: 64, version: 5 })])),
      'POST /v1/regulations/7/publish': () => ok(adminRow({ status: 'published', version: 4 }), 'Đã ban hành văn bản.'),
      'GET /v1/regulations/8/report': () => ok(report),
      'GET /v1/regulations/8/report/classes/31': () =>
        ok([
          { studentId: 1, studentCode: 'HS001', fullName: 'Nguyễn Minh An', acknowledgedAt: null },
          { studentId: 2, studentCode: 'HS002', fullName: 'Trần Gia Bình', acknowledgedAt: '2026-11-20T02:00:00.000Z' },
        ]),
    });
    restore = mock.restore;
    renderUi(<AdminRegulationsTab />, { path: '/admin/student-forms?tab=regulations' });

    await userEvent.click(await screen.findByRole('button', { name: 'Ban hành văn bản Quy định sử dụng điện thoại' }));
    const confirm = await screen.findByRole('dialog', { name: /Ban hành "Quy định sử dụng điện thoại"/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ban hành' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/regulations/7/publish')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/regulations/7/publish')[0].body).toEqual({ version: 3 });

    await userEvent.click(screen.getByRole('button', { name: 'Tình hình xác nhận văn bản Nội quy học sinh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tình hình xác nhận: Nội quy học sinh' });
    expect(await within(dialog).findByText('64/69 học sinh đã xác nhận, 5 chưa xác nhận.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Xuất danh sách chưa xác nhận' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Xem học sinh lớp 10 Toán' })[0]);
    expect(await within(dialog).findByText('Nguyễn Minh An')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Chưa xác nhận').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText(/Đã xác nhận 20\/11\/2026/).length).toBeGreaterThan(0);
  });

  it('creates a document from the editor with the rich text and the category typed', async () => {
    const mock = mockApi({
      'GET /v1/regulations/categories': () => ok(['Nội quy']),
      'GET /v1/regulations': () => ok(page([])),
      'POST /v1/regulations': () => ok({ ...adminRow({ id: 9 }), bodyHtml: '' }, 'Đã lưu bản nháp văn bản.'),
    });
    restore = mock.restore;
    renderUi(<AdminRegulationsTab />, { path: '/admin/student-forms' });
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm văn bản' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm văn bản' });
    await userEvent.type(within(dialog).getByLabelText(/Tiêu đề/), 'Hướng dẫn an toàn');
    await userEvent.type(within(dialog).getByLabelText(/Danh mục/), 'Hướng dẫn');
    await userEvent.type(within(dialog).getByLabelText(/Áp dụng từ ngày/), '05092026');
    const box = within(dialog).getByRole('textbox', { name: 'Nội dung' });
    box.innerHTML = '<p>Đi bộ bên phải</p>';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/regulations')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/regulations')[0].body).toMatchObject({
      title: 'Hướng dẫn an toàn',
      category: 'Hướng dẫn',
      contentKind: 'html',
      bodyHtml: '<p>Đi bộ bên phải</p>',
      effectiveFrom: '2026-09-05',
      requiresAck: false,
    });
  });
});

describe('HomeroomRegulationsStatus', () => {
  it('shows the class’s acknowledgements for each document to acknowledge', async () => {
    const status: THomeroomAckStatus[] = [
      {
        id: 8,
        title: 'Nội quy học sinh',
        category: 'Nội quy',
        publishedAt: '2026-11-01T01:00:00.000Z',
        classes: [{ classId: 33, className: '11 Hóa', grade: 11, studentCount: 30, acknowledged: 21, missing: 9 }],
      },
    ];
    const mock = mockApi({ 'GET /v1/regulations/homeroom': () => ok(status) });
    restore = mock.restore;
    renderUi(<HomeroomRegulationsStatus />, { path: '/teacher/homeroom-class' });
    const region = await screen.findByRole('region', { name: 'Xác nhận nội quy, quy chế của lớp' });
    expect(await within(region).findByText(/Lớp 11 Hóa: 21\/30 đã xác nhận/)).toBeInTheDocument();
    expect(within(region).getByText('9 chưa xác nhận')).toBeInTheDocument();
    expect(within(region).getByText(/ban hành 01\/11\/2026/)).toBeInTheDocument();
  });
});
