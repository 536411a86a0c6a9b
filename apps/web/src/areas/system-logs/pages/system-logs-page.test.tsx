import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSystemLog } from '@app/shared/school';
import { captureParams, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import SystemLogsPage from './system-logs-page';

const LOG: TSystemLog = {
  id: 77,
  actorId: 1,
  actorName: 'Nguyễn Văn Quản',
  actorEmail: 'quantri@truong.edu.vn',
  action: 'update',
  entity: 'student',
  entityId: '12',
  before: { fullName: 'Lê An', grade: 10 },
  after: { fullName: 'Lê An', grade: 11 },
  ip: '127.0.0.1',
  requestId: 'req-1',
  createdAt: '2026-11-22T02:05:00Z',
};

let capture: ReturnType<typeof captureParams>;
let mock: ReturnType<typeof mockApi>;
beforeEach(() => {
  capture = captureParams();
  mock = mockApi({
    'GET /v1/system-logs': () => ok({ items: [LOG], total: 1, page: 1, limit: 20 }),
    'GET /v1/system-logs/entities': () => ok({ entities: ['student', 'user'], actions: ['create', 'update'] }),
    'GET /v1/users': () => ok({ items: [], total: 0, page: 1, limit: 20 }),
  });
});
afterEach(() => {
  capture.stop();
  mock.restore();
});

const lastLogParams = () => capture.seen.filter((s) => s.url === '/v1/system-logs').at(-1)?.params;

describe('/admin/system-logs', () => {
  it('newest first; rows show dd/mm/yyyy HH:mm, actor, action and entity #id', async () => {
    renderUi(<SystemLogsPage />);
    const table = await screen.findByRole('table', { name: 'Nhật ký hệ thống' });
    const row = (await within(table).findByText('22/11/2026 09:05')).closest('tr')!;
    expect(row).toHaveTextContent('Nguyễn Văn Quản');
    expect(row).toHaveTextContent('Cập nhật');
    expect(row).toHaveTextContent('Học sinh #12');
    expect(lastLogParams()).toMatchObject({ sort: 'createdAt', order: 'desc' });
  });

  it('filters by entity, action and a dd/mm/yyyy range (sent as YYYY-MM-DD)', async () => {
    renderUi(<SystemLogsPage />);
    await screen.findByText('22/11/2026 09:05');
    await userEvent.selectOptions(screen.getByLabelText('Đối tượng'), 'Học sinh');
    await userEvent.selectOptions(screen.getByLabelText('Hành động'), 'Cập nhật');
    await userEvent.type(screen.getByLabelText('Từ ngày'), '01112026');
    await userEvent.type(screen.getByLabelText('Đến ngày'), '31/02/2026');
    expect(await screen.findByText('Ngày không hợp lệ')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Tìm trong nhật ký'), 'Lê An');
    await waitFor(() =>
      expect(lastLogParams()).toMatchObject({ entity: 'student', action: 'update', from: '2026-11-01', search: 'Lê An' }),
    );
    expect(lastLogParams()).not.toHaveProperty('to');
    await userEvent.click(screen.getByRole('button', { name: 'Bỏ lọc' }));
    await waitFor(() => expect(lastLogParams()).not.toHaveProperty('entity'));
    expect(lastLogParams()).not.toHaveProperty('search');
    await waitFor(() => expect(screen.getByLabelText('Tìm trong nhật ký')).toHaveValue(''));
    expect(screen.getByLabelText('Từ ngày')).toHaveValue('');
  });

  it('details: before and after side by side, the changed key highlighted', async () => {
    renderUi(<SystemLogsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xem chi tiết thay đổi #77' }));
    const dialog = await screen.findByRole('dialog');
    const before = within(dialog).getByRole('region', { name: 'Trước' });
    const after = within(dialog).getByRole('region', { name: 'Sau' });
    expect(within(before).getByText('"grade": 10')).toHaveAttribute('data-changed', 'true');
    expect(within(after).getByText('"grade": 11')).toHaveAttribute('data-changed', 'true');
    expect(within(after).getByText('"fullName": "Lê An",')).not.toHaveAttribute('data-changed');
  });
});
