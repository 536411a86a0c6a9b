import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import { NOTIFICATION_KINDS } from '@app/shared/notifications';
import type { TProfileRecords, TUserSession } from '@app/shared/profile';
import { makeUser } from '@/test/fixtures';
import { fail, mockApi, ok } from '@/test/mock-api';
import { authValue, renderUi } from '@/test/render-app';
import ProfilePage from './profile-page';

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());

const STUDENT: TProfileRecords = {
  student: {
    studentCode: 'HS0001',
    fullName: 'Lê Minh An',
    grade: 10,
    campusName: 'Cơ sở 1 – Trần Phú',
    dateOfBirth: '2010-03-07',
    homeroomClassName: '10 Toán',
    homeroomTeacherName: 'Nguyễn Văn Toàn',
  },
  teacher: null,
};
const TEACHER: TProfileRecords = {
  student: null,
  teacher: {
    staffCode: 'GV001',
    fullName: 'Nguyễn Văn Toàn',
    departmentName: 'Tổ Toán',
    isHead: true,
    subjects: [
      { id: 1, code: 'TOAN', name: 'Toán' },
      { id: 2, code: 'TOANCH', name: 'Toán chuyên' },
    ],
    homeroomClasses: [{ id: 3, name: '10 Toán', academicYearName: '2025-2026' }],
  },
};
const SESSIONS: TUserSession[] = [
  { id: 'this-one', device: 'Chrome trên Windows', createdAt: '2026-03-02T01:05:00Z', lastSeenAt: '2026-03-02T02:00:00Z', current: true },
  { id: 'phone', device: 'Safari trên iPhone', createdAt: '2026-02-20T12:30:00Z', lastSeenAt: '2026-02-28T13:45:00Z', current: false },
];

function show(opts: { records?: TProfileRecords; roles?: Parameters<typeof makeUser>[0]; logout?: () => void } = {}) {
  let sessions = [...SESSIONS];
  mock = mockApi({
    'GET /v1/profile': () => ok(opts.records ?? STUDENT),
    'GET /v1/auth/sessions': () => ok(sessions),
    'DELETE /v1/auth/sessions/phone': () => {
      sessions = sessions.filter((s) => s.id !== 'phone');
      return ok(null, 'Đã đăng xuất thiết bị này.');
    },
    'POST /v1/auth/sessions/revoke-all': () => ok(null, 'Đã đăng xuất khỏi mọi thiết bị.'),
    'GET /v1/timetables/calendar-feed': () => ok({ active: false, url: null, createdAt: null }),
    'GET /v1/notifications/preferences': () =>
      ok({
        items: NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: true, email: false, isDefault: true })),
        emailAvailable: false,
      }),
  });
  const user = makeUser(opts.roles ?? ['STUDENT'], { displayName: 'Lê Minh An', email: 'an.le@thptchuyen.edu.vn' });
  return renderUi(<ProfilePage />, { auth: authValue(user, { logout: opts.logout ?? (() => {}) }) });
}

describe('the profile page', () => {
  it("shows a student's account, roles and record with dd/mm/yyyy, and their homeroom teacher", async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'Thông tin cá nhân', level: 1 })).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Tài khoản' });
    expect(account).toHaveTextContent('an.le@thptchuyen.edu.vn');
    expect(within(account).getByText('Vai trò chính').nextElementSibling).toHaveTextContent('Học sinh');
    const record = await screen.findByRole('region', { name: 'Hồ sơ học sinh' });
    await within(record).findByText('HS0001');
    expect(within(record).getByText('Ngày sinh').nextElementSibling).toHaveTextContent('07/03/2010');
    expect(within(record).getByText('Giáo viên chủ nhiệm').nextElementSibling).toHaveTextContent('Nguyễn Văn Toàn');
    expect(within(record).getByText('Lớp').nextElementSibling).toHaveTextContent('10 Toán');
    expect(record).toHaveTextContent('Chỉ xem');
    expect(within(record).queryByRole('textbox')).toBeNull();
    // The private calendar link of the timetables area, through its public face.
    expect(await screen.findByRole('region', { name: 'Đăng ký lịch vào Google Calendar' })).toBeInTheDocument();
  });

  it("shows a teacher's department, subjects and homeroom class, and the roles besides the primary one", async () => {
    show({ records: TEACHER, roles: ['TEACHER', 'HOMEROOM_TEACHER', 'HEAD_DEPARTMENT'] });
    const record = await screen.findByRole('region', { name: 'Hồ sơ giáo viên' });
    await within(record).findByText('GV001');
    expect(within(record).getByText('Tổ chuyên môn').nextElementSibling).toHaveTextContent('Tổ Toán (tổ trưởng)');
    expect(within(record).getByText('Môn dạy').nextElementSibling).toHaveTextContent('Toán, Toán chuyên');
    expect(within(record).getByText('Lớp chủ nhiệm').nextElementSibling).toHaveTextContent('10 Toán (2025-2026)');
    const others = within(screen.getByRole('region', { name: 'Tài khoản' })).getByRole('list', { name: 'Vai trò khác' });
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Giáo viên chủ nhiệm', 'Tổ trưởng chuyên môn']);
  });

  it('shows no record card for office staff without one', async () => {
    show({ records: { student: null, teacher: null }, roles: ['ACCOUNTANT'] });
    await screen.findByRole('region', { name: 'Thiết bị đang đăng nhập' });
    await waitFor(() => expect(mock!.calls.some((c) => c.url === '/v1/profile')).toBe(true));
    expect(screen.queryByRole('region', { name: /^Hồ sơ/ })).toBeNull();
  });

  it('says when the record cannot be read, with a retry', async () => {
    mock = mockApi({
      'GET /v1/profile': () => fail(404, 'Không tìm thấy học sinh.'),
      'GET /v1/auth/sessions': () => ok([]),
      'GET /v1/timetables/calendar-feed': () => ok({ active: false, url: null, createdAt: null }),
    });
    renderUi(<ProfilePage />, { auth: authValue(makeUser(['STUDENT'])) });
    const record = await screen.findByRole('region', { name: 'Hồ sơ' });
    expect(await within(record).findByRole('alert')).toHaveTextContent('Không tìm thấy học sinh.');
    expect(within(record).getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });

  it("offers only the notification kinds the user's roles can receive", async () => {
    show();
    const prefs = await screen.findByRole('table', { name: 'Lựa chọn nhận thông báo' });
    expect(within(prefs).getByRole('rowheader', { name: /Khảo sát mới cần thực hiện/ })).toBeInTheDocument();
    expect(within(prefs).queryByRole('rowheader', { name: /Bảng thanh toán/ })).not.toBeInTheDocument();
    expect(within(prefs).queryByRole('rowheader', { name: /Đơn từ chờ duyệt/ })).not.toBeInTheDocument();
  });

  it('switches the theme from the page', async () => {
    show();
    const theme = await screen.findByRole('group', { name: 'Giao diện' });
    await userEvent.click(within(theme).getByRole('radio', { name: 'Tối xanh' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark-blue');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark-blue');
  });

  it('lists the devices with this one marked, and signs another one out after confirmation', async () => {
    show();
    const card = await screen.findByRole('region', { name: 'Thiết bị đang đăng nhập' });
    const list = await within(card).findByRole('list', { name: 'Thiết bị đang đăng nhập' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('Chrome trên Windows');
    expect(mine).toHaveTextContent('Thiết bị này');
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(phone).toHaveTextContent('Đăng nhập lúc 20/02/2026 19:30 · Hoạt động gần nhất 28/02/2026 20:45');
    await userEvent.click(within(phone).getByRole('button', { name: 'Đăng xuất Safari trên iPhone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đăng xuất thiết bị này?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(within(card).queryByText('Safari trên iPhone')).toBeNull());
    expect(mock!.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/v1/auth/sessions/phone']);
    expect(await screen.findByText('Đã đăng xuất thiết bị này.')).toBeInTheDocument();
  });

  it('"Đăng xuất khỏi mọi thiết bị" asks first, then signs this tab out', async () => {
    const logout = vi.fn();
    show({ logout });
    const card = await screen.findByRole('region', { name: 'Thiết bị đang đăng nhập' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Đăng xuất khỏi mọi thiết bị' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đăng xuất khỏi mọi thiết bị?' });
    expect(logout).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đăng xuất khỏi mọi thiết bị' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(mock!.calls.some((c) => c.method === 'POST' && c.url === '/v1/auth/sessions/revoke-all')).toBe(true);
  });
});
