import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUserRow } from '@app/shared/school';
import { makeUser } from '@/test/fixtures';
import { captureParams, fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { authValue, renderUi } from '@/test/render-app';
import UsersPage from './users-page';

const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const row = (id: number, email: string, over: Partial<TUserRow> = {}): TUserRow => ({
  id,
  email,
  displayName: `Người ${id}`,
  photoURL: null,
  studentId: null,
  roles: [{ role: 'TEACHER', isPrimary: true }],
  primaryRole: 'TEACHER',
  active: true,
  lastLoginAt: '2026-11-20T01:30:00Z',
  ...stamps,
  ...over,
});

const ME = makeUser(['ADMIN'], { id: 1, email: 'admin@truong.edu.vn' });
const ROWS = [
  row(1, 'admin@truong.edu.vn', { roles: [{ role: 'ADMIN', isPrimary: true }], primaryRole: 'ADMIN' }),
  row(2, 'gv@truong.edu.vn'),
  row(3, 'cu@truong.edu.vn', { active: false }),
];

let mock: ReturnType<typeof mockApi> | undefined;
function renderPage(api: MockRoutes = {}, path = '/admin/users') {
  mock = mockApi({ 'GET /v1/users': () => ok({ items: ROWS, total: ROWS.length, page: 1, limit: 10 }), ...api });
  const auth = authValue(ME, { primaryRole: 'ADMIN', homePath: '/admin/dashboard', login: vi.fn(), logout: vi.fn() });
  const view = renderUi(<UsersPage />, { path, auth });
  return { ...view, mock: mock! };
}

let capture: ReturnType<typeof captureParams>;
beforeEach(() => {
  capture = captureParams();
});
afterEach(() => {
  capture.stop();
  mock?.restore();
});

describe('/admin/users', () => {
  it('lists users with roles and state; filters go to the server', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Danh sách người dùng' });
    await within(table).findByText('gv@truong.edu.vn');
    expect(within(table).getAllByText('Vô hiệu')).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText('Vai trò'), 'Giáo viên');
    await userEvent.selectOptions(screen.getByLabelText('Trạng thái'), 'Đã vô hiệu hóa');
    await waitFor(() => expect(capture.seen.at(-1)?.params).toMatchObject({ role: 'TEACHER', active: 'false', sort: 'email' }));
  });

  it('deactivates after confirmation; nobody can deactivate themselves from the list', async () => {
    const del = vi.fn(() => ok(ROWS[1], 'Đã vô hiệu hóa tài khoản.'));
    renderPage({ 'DELETE /v1/users/2': del });
    await screen.findByText('gv@truong.edu.vn');
    expect(screen.queryByRole('button', { name: 'Vô hiệu hóa tài khoản admin@truong.edu.vn' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vô hiệu hóa tài khoản gv@truong.edu.vn' }));
    expect(await screen.findByRole('heading', { name: 'Vô hiệu hóa tài khoản gv@truong.edu.vn?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vô hiệu hóa' }));
    await waitFor(() => expect(del).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Đã vô hiệu hóa tài khoản.')).toBeInTheDocument();
  });

  it('"Đăng xuất mọi phiên" ends the sessions of an active account after confirmation; cancel sends nothing', async () => {
    const revoke = vi.fn(() => ok(ROWS[1], 'Đã đăng xuất mọi phiên của tài khoản.'));
    const { mock } = renderPage({ 'POST /v1/users/2/sessions/revoke': revoke });
    await screen.findByText('gv@truong.edu.vn');
    // Only active accounts have sessions to end.
    expect(screen.queryByRole('button', { name: 'Đăng xuất mọi phiên của tài khoản cu@truong.edu.vn' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Đăng xuất mọi phiên của tài khoản gv@truong.edu.vn' }));
    expect(await screen.findByRole('heading', { name: 'Đăng xuất mọi phiên của tài khoản gv@truong.edu.vn?' })).toBeInTheDocument();
    expect(screen.getByText(/Tài khoản vẫn hoạt động/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hủy' }));
    expect(revoke).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Đăng xuất mọi phiên của tài khoản gv@truong.edu.vn' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Đăng xuất mọi phiên' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Đã đăng xuất mọi phiên của tài khoản.')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/v1/users/2/sessions/revoke']);
  });

  it('warns an admin ending their own sessions that this one ends too', async () => {
    renderPage();
    await screen.findByText('gv@truong.edu.vn');
    await userEvent.click(screen.getByRole('button', { name: 'Đăng xuất mọi phiên của tài khoản admin@truong.edu.vn' }));
    expect(await screen.findByText(/kể cả phiên này/)).toBeInTheDocument();
  });

  it('reactivates with a PUT of the row with active = true', async () => {
    const put = vi.fn(() => ok({ ...ROWS[2], active: true }, 'Đã cập nhật tài khoản.'));
    const { mock } = renderPage({ 'PUT /v1/users/3': put });
    await screen.findByText('cu@truong.edu.vn');
    await userEvent.click(screen.getByRole('button', { name: 'Kích hoạt lại tài khoản cu@truong.edu.vn' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(mock.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      email: 'cu@truong.edu.vn',
      displayName: 'Người 3',
      roles: [{ role: 'TEACHER', isPrimary: true }],
      active: true,
    });
  });

  it('create: roles with exactly one primary; the server’s refusal stays in the dialog', async () => {
    const post = vi.fn(() => fail(409, 'E-mail này đã có tài khoản.'));
    const { mock } = renderPage({ 'POST /v1/users': post });
    await screen.findByText('gv@truong.edu.vn');
    await userEvent.click(screen.getByRole('button', { name: 'Thêm tài khoản' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'moi@truong.edu.vn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Người dùng phải có ít nhất một vai trò.')).toBeInTheDocument();

    // The first role ticked becomes primary; unticking it passes primary to the next one.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Giáo viên' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Giáo viên chủ nhiệm' }));
    expect(within(dialog).getByRole('radio', { name: 'Giáo viên là vai trò chính' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Giáo viên' }));
    expect(within(dialog).getByRole('radio', { name: 'Giáo viên chủ nhiệm là vai trò chính' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Giáo viên' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Giáo viên là vai trò chính' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('E-mail này đã có tài khoản.')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'moi@truong.edu.vn',
      displayName: null,
      roles: [
        { role: 'HOMEROOM_TEACHER', isPrimary: false },
        { role: 'TEACHER', isPrimary: true },
      ],
      active: true,
    });
  });
});
