import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSystemLog } from '@app/shared/school';
import { captureParams, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import SystemLogsPage from './system-logs-page';

const ADMIN = { kind: 'user', id: 1, name: 'Nguyễn Văn Quản', email: 'quantri@truong.edu.vn', role: 'ADMIN' } as const;

const LOG: TSystemLog = {
  id: 77,
  actor: ADMIN,
  action: 'update',
  entity: 'student',
  entityId: '12',
  entityName: 'Lê An (HS260012)',
  before: { fullName: 'Lê An', grade: 10, campusId: 3, dateOfBirth: '2010-05-04', active: true, note: 'x'.repeat(400) },
  after: { fullName: 'Lê An', grade: 11, campusId: 4, dateOfBirth: '2010-05-04', active: false, note: 'x'.repeat(400) },
  ip: '127.0.0.1',
  requestId: 'req-1',
  createdAt: '2026-11-22T02:05:00Z',
};
const LOGIN: TSystemLog = {
  ...LOG,
  id: 78,
  action: 'login',
  entity: 'user',
  entityId: '1',
  entityName: 'Nguyễn Văn Quản',
  before: null,
  after: { via: 'dev' },
  createdAt: '2026-11-22T01:00:00Z',
};
const JOB: TSystemLog = {
  ...LOG,
  id: 79,
  actor: { kind: 'job', id: null, name: 'Tự động kiểm duyệt ý kiến', email: null, role: null },
  action: 'auto_review',
  entity: 'response_review',
  entityId: null,
  entityName: null,
  before: null,
  after: { checked: 3, approvedIds: [1, 2] },
  ip: null,
  requestId: 'system:auto-review',
  createdAt: '2026-11-22T00:00:00Z',
};
const NAMES = { campus: { '3': 'Cơ sở Ba Đình', '4': 'Cơ sở Cầu Giấy' } };

let capture: ReturnType<typeof captureParams>;
let mock: ReturnType<typeof mockApi>;
beforeEach(() => {
  capture = captureParams();
  mock = mockApi({
    'GET /v1/system-logs': () => ok({ items: [LOG, LOGIN, JOB], total: 3, page: 1, limit: 20 }),
    'GET /v1/system-logs/entities': () =>
      ok({ entities: ['student', 'students', 'user', 'response_review'], actions: ['create', 'update', 'login', 'auto_review'] }),
    'GET /v1/system-logs/77': () => ok({ ...LOG, names: NAMES }),
    'GET /v1/system-logs/78': () => ok({ ...LOGIN, names: {} }),
    'GET /v1/users': () => ok({ items: [], total: 0, page: 1, limit: 20 }),
  });
});
afterEach(() => {
  capture.stop();
  mock.restore();
});

const lastLogParams = () => capture.seen.filter((s) => s.url === '/v1/system-logs').at(-1)?.params;
const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('/admin/system-logs', () => {
  it('rows: dd/mm/yyyy HH:mm, the actor by name with role and e-mail, action and entity in words with its name', async () => {
    renderUi(<SystemLogsPage />);
    const table = await screen.findByRole('table', { name: 'Nhật ký hệ thống' });
    const row = (await within(table).findByText('22/11/2026 09:05')).closest('tr')!;
    expect(row).toHaveTextContent('Nguyễn Văn Quản');
    expect(row).toHaveTextContent('Quản trị viên · quantri@truong.edu.vn');
    expect(row).toHaveTextContent('Cập nhật');
    expect(row).toHaveTextContent('Học sinh');
    expect(row).toHaveTextContent('Lê An (HS260012) (#12)');
    const job = within(table).getByText('22/11/2026 07:00').closest('tr')!;
    expect(job).toHaveTextContent('Tự động kiểm duyệt ý kiến');
    expect(job).toHaveTextContent('Kiểm duyệt tự động');
    expect(job).toHaveTextContent('Duyệt ý kiến');
    expect(table).not.toHaveTextContent('Tài khoản #');
    expect(lastLogParams()).toMatchObject({ sort: 'createdAt', order: 'desc' });
  });

  it('filters: each label once ("Học sinh" stands for student and students), a dd/mm/yyyy range sent as YYYY-MM-DD', async () => {
    renderUi(<SystemLogsPage />);
    await screen.findByText('22/11/2026 09:05');
    const entity = screen.getByLabelText('Đối tượng');
    await waitFor(() => expect(optionLabels(entity)).toEqual(['Tất cả', 'Duyệt ý kiến', 'Học sinh', 'Tài khoản']));
    await userEvent.selectOptions(entity, 'Học sinh');
    await userEvent.selectOptions(screen.getByLabelText('Hành động'), 'Cập nhật');
    await userEvent.type(screen.getByLabelText('Từ ngày'), '01112026');
    await userEvent.type(screen.getByLabelText('Đến ngày'), '31/02/2026');
    expect(await screen.findByText('Ngày không hợp lệ')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Tìm trong nhật ký'), 'Lê An');
    await waitFor(() =>
      expect(lastLogParams()).toMatchObject({ entity: 'student,students', action: 'update', from: '2026-11-01', search: 'Lê An' }),
    );
    expect(lastLogParams()).not.toHaveProperty('to');
    await userEvent.click(screen.getByRole('button', { name: 'Bỏ lọc' }));
    await waitFor(() => expect(lastLogParams()).not.toHaveProperty('entity'));
    expect(lastLogParams()).not.toHaveProperty('search');
    await waitFor(() => expect(screen.getByLabelText('Tìm trong nhật ký')).toHaveValue(''));
    expect(screen.getByLabelText('Từ ngày')).toHaveValue('');
  }, 20_000);

  it('opens filtered from the address (?from=…&to=…&entity=one code of a group), and "Hôm nay" sets today', async () => {
    renderUi(<SystemLogsPage />, { path: '/admin/system-logs?from=2026-11-20&to=2026-11-22&entity=students' });
    await screen.findByText('22/11/2026 09:05');
    expect(lastLogParams()).toMatchObject({ from: '2026-11-20', to: '2026-11-22', entity: 'students' });
    expect(screen.getByLabelText('Từ ngày')).toHaveValue('20/11/2026');
    expect(screen.getByLabelText('Đến ngày')).toHaveValue('22/11/2026');
    await waitFor(() => expect(screen.getByLabelText('Đối tượng')).toHaveDisplayValue('Học sinh'));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    await userEvent.click(screen.getByRole('button', { name: 'Hôm nay' }));
    await waitFor(() => expect(lastLogParams()).toMatchObject({ from: today, to: today }));
    expect(screen.getByRole('button', { name: 'Hôm nay' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('details: a before/after table in words, changed rows marked, referenced records named; raw JSON only on request', async () => {
    renderUi(<SystemLogsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xem chi tiết thay đổi #77' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Cập nhật học sinh: Lê An (HS260012) (#12)' })).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Chi tiết thay đổi' });
    const row = (label: string) =>
      within(table)
        .getByRole('rowheader', { name: new RegExp(`^${label}`) })
        .closest('tr')!;
    expect(row('Khối')).toHaveAttribute('data-changed', 'true');
    expect(
      within(row('Khối'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '11']);
    expect(row('Họ và tên')).not.toHaveAttribute('data-changed');
    expect(within(row('Ngày sinh')).getAllByRole('cell')[0]).toHaveTextContent('04/05/2010');
    expect(
      within(row('Đang hoạt động'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Có', 'Không']);
    // Named once the entry's names arrive.
    await waitFor(() => expect(within(row('Cơ sở')).getAllByRole('cell')[1]).toHaveTextContent('Cơ sở Cầu Giấy (#4)'));
    // A long value shows its start and expands.
    const note = within(row('Ghi chú')).getAllByRole('cell')[0];
    expect(note.textContent!.length).toBeLessThan(250);
    await userEvent.click(within(note).getByRole('button', { name: /Xem thêm/ }));
    expect(note).toHaveTextContent('x'.repeat(400));
    // Only the changed fields.
    await userEvent.click(within(dialog).getByLabelText(/Chỉ hiện trường đã đổi/));
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Khối(đã đổi)', 'Cơ sở(đã đổi)', 'Đang hoạt động(đã đổi)']);
    // Raw data behind a toggle.
    expect(within(dialog).queryByText('"grade": 10,')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xem dữ liệu gốc' }));
    const before = within(dialog).getByRole('region', { name: 'Trước' });
    expect(within(before).getByText('"grade": 10,')).toHaveAttribute('data-changed', 'true');
  });

  it('details of a sign-in read "Cách đăng nhập: Tài khoản thử", never {"via":"dev"}', async () => {
    renderUi(<SystemLogsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xem chi tiết thay đổi #78' }));
    const dialog = await screen.findByRole('dialog');
    const table = within(dialog).getByRole('table', { name: 'Chi tiết thay đổi' });
    expect(within(table).getByRole('columnheader', { name: 'Giá trị' })).toBeInTheDocument();
    const row = within(table).getByRole('rowheader', { name: 'Cách đăng nhập' }).closest('tr')!;
    expect(row).toHaveTextContent('Tài khoản thử');
    expect(dialog).not.toHaveTextContent('via');
    expect(dialog).not.toHaveTextContent('{');
  });
});
