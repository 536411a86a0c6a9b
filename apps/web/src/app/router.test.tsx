import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { makeUser } from '../test/fixtures';
import { fail, ok } from '../test/mock-api';
import { renderApp, TEST_SCHOOL } from '../test/render-app';
import { AREA_INDEXES } from './router';

const dashboardOf = (role: string, greeting: string) => ({
  'GET /v1/dashboard': () =>
    ok({
      role,
      greeting,
      stats: [
        { label: 'Người dùng', value: 1250, hint: 'đang hoạt động' },
        { label: 'Khảo sát đang mở', value: 3 },
      ],
      notes: ['Học kỳ I đang diễn ra.'],
    }),
});

describe('routing and guards', () => {
  it('signed out on a protected path → / remembering the origin', async () => {
    const { router } = renderApp({ path: '/admin/users' });
    await screen.findByRole('heading', { name: TEST_SCHOOL });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ from: '/admin/users' });
  });

  it('a failed verification clears the stored session and shows the login page', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    localStorage.setItem(STORAGE_KEYS.photo, 'https://p');
    localStorage.setItem(STORAGE_KEYS.role, 'ADMIN');
    const { router } = renderApp({
      path: '/admin/dashboard',
      api: { 'GET /v1/auth/verify': () => fail(401, MSG.unauthenticated) },
    });
    await screen.findByRole('heading', { name: TEST_SCHOOL });
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.photo)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
    expect(await screen.findByText(MSG.sessionExpired)).toBeInTheDocument();
  });

  it('roles that do not permit the route → /unauthorized with a way back to the dashboard', async () => {
    const { router } = renderApp({ path: '/admin/users', user: makeUser(['STUDENT']) });
    await screen.findByRole('heading', { name: 'Không có quyền truy cập' });
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getByRole('link', { name: 'Về trang tổng quan' })).toHaveAttribute('href', '/student/dashboard');
  });

  it('access is decided over all roles, not only the primary one', async () => {
    const { router } = renderApp({
      path: '/department/dashboard',
      user: makeUser(['TEACHER', 'HEAD_DEPARTMENT']),
      api: dashboardOf('TEACHER', 'Xin chào'),
    });
    await screen.findByRole('heading', { name: 'Xin chào' });
    expect(router.state.location.pathname).toBe('/department/dashboard');
  });

  it('signed in on / → the primary role dashboard, which shows greeting, stats and notes', async () => {
    const { router } = renderApp({
      path: '/',
      user: makeUser(['ADMIN']),
      api: dashboardOf('ADMIN', 'Chào mừng quản trị viên'),
    });
    await screen.findByRole('heading', { name: 'Chào mừng quản trị viên' });
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByText('1.250')).toBeInTheDocument();
    expect(screen.getByText('đang hoạt động')).toBeInTheDocument();
    expect(screen.getByText('Học kỳ I đang diễn ra.')).toBeInTheDocument();
  });

  it('signed in on /login with a homeroom primary role → /teacher/homeroom-class', async () => {
    const { router } = renderApp({
      path: '/login',
      user: makeUser(['HOMEROOM_TEACHER', 'TEACHER']),
      api: { 'GET /v1/homeroom-classes/mine': () => ok([]) },
    });
    await screen.findByText('Bạn chưa được phân công lớp chủ nhiệm nào.');
    expect(router.state.location.pathname).toBe('/teacher/homeroom-class');
  });

  it('an area index redirects to its dashboard', async () => {
    const { router } = renderApp({ path: '/teacher', user: makeUser(['TEACHER']), api: dashboardOf('TEACHER', 'Chào thầy') });
    await screen.findByRole('heading', { name: 'Chào thầy' });
    expect(router.state.location.pathname).toBe('/teacher/dashboard');
  });

  it('every area index of spec section 2 has a redirect to its dashboard', () => {
    expect(Object.fromEntries(AREA_INDEXES.map((a) => [a.path, a.target]))).toEqual({
      '/admin': '/admin/dashboard',
      '/academic': '/academic/dashboard',
      '/principal': '/principal/dashboard',
      '/quality': '/quality/dashboard',
      '/department': '/department/dashboard',
      '/teacher': '/teacher/dashboard',
      '/accountant': '/accountant/dashboard',
      '/facility': '/facility/dashboard',
      '/student': '/student/dashboard',
    });
  });

  it('an unknown path goes to /', async () => {
    const { router } = renderApp({ path: '/khong-ton-tai/abc' });
    await screen.findByRole('heading', { name: TEST_SCHOOL });
    expect(router.state.location.pathname).toBe('/');
  });

  it('the last planned route is built: /admin/settings shows the settings page (issue 17)', async () => {
    renderApp({ path: '/admin/settings', user: makeUser(['ADMIN']) });
    expect(await screen.findByRole('heading', { name: 'Cài đặt hệ thống', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Các phần cài đặt' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.notYetAvailable)).not.toBeInTheDocument();
  });

  it('dashboard error state offers a retry', async () => {
    let calls = 0;
    renderApp({
      path: '/student/dashboard',
      user: makeUser(['STUDENT']),
      api: {
        'GET /v1/dashboard': () =>
          ++calls === 1 ? fail(403, MSG.forbidden) : ok({ role: 'STUDENT', greeting: 'Chào em', stats: [], notes: [] }),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.forbidden);
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { name: 'Chào em' })).toBeInTheDocument();
    expect(screen.getByText('Chưa có số liệu để hiển thị.')).toBeInTheDocument();
  });

  it('a 401 from a page call ends the session: storage cleared, message shown, back to /', async () => {
    const { router } = renderApp({
      path: '/student/dashboard',
      user: makeUser(['STUDENT']),
      api: { 'GET /v1/dashboard': () => fail(401, MSG.unauthenticated) },
    });
    expect(await screen.findByText(MSG.sessionExpired)).toBeInTheDocument();
    await screen.findByRole('heading', { name: TEST_SCHOOL });
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('login page', () => {
  const demoConfig = { googleClientId: null, devLogin: true, schoolName: TEST_SCHOOL };
  const demoAccounts = [
    { email: 'admin@demo.vn', displayName: 'Quản trị Demo', primaryRole: 'ADMIN', roles: ['ADMIN'] },
    { email: 'gv@demo.vn', displayName: 'Giáo viên Demo', primaryRole: 'TEACHER', roles: ['TEACHER', 'HEAD_DEPARTMENT'] },
    { email: 'hs@demo.vn', displayName: 'Học sinh Demo', primaryRole: 'STUDENT', roles: ['STUDENT'] },
  ];

  it('lists demo accounts by role and signs in with one click, then goes to the dashboard', async () => {
    const teacher = makeUser(['TEACHER', 'HEAD_DEPARTMENT'], { email: 'gv@demo.vn', photoURL: null });
    const { router, mock } = renderApp({
      path: '/',
      config: demoConfig,
      api: {
        'GET /v1/auth/demo-accounts': () => ok(demoAccounts),
        'POST /v1/auth/dev-login': () => ok({ token: 'jwt-teacher', user: teacher }, 'Đăng nhập thành công'),
        ...dashboardOf('TEACHER', 'Chào cô giáo'),
      },
    });
    await screen.findByRole('button', { name: /Giáo viên Demo/ });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Quản trị viên', 'Giáo viên', 'Học sinh']);
    expect(screen.getByText('+ Tổ trưởng chuyên môn')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Giáo viên Demo/ }));
    expect(mock.calls.find((c) => c.url === '/v1/auth/dev-login')?.body).toEqual({ email: 'gv@demo.vn' });
    await screen.findByRole('heading', { name: 'Chào cô giáo' });
    expect(router.state.location.pathname).toBe('/teacher/dashboard');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-teacher');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('TEACHER');
  });

  it('returns to the remembered origin after sign-in when the user may open it', async () => {
    const student = makeUser(['STUDENT'], { email: 'hs@demo.vn' });
    const { router } = renderApp({
      path: '/student/surveys',
      config: demoConfig,
      api: {
        'GET /v1/auth/demo-accounts': () => ok(demoAccounts),
        'POST /v1/auth/dev-login': () => ok({ token: 'jwt-student', user: student }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /Học sinh Demo/ }));
    await screen.findByRole('heading', { name: 'Khảo sát' });
    expect(router.state.location.pathname).toBe('/student/surveys');
  });

  it('shows the server message when sign-in fails, without ending any session', async () => {
    renderApp({
      path: '/',
      config: demoConfig,
      api: {
        'GET /v1/auth/demo-accounts': () => ok(demoAccounts),
        'POST /v1/auth/dev-login': () => fail(403, MSG.accountInactive, 'ACCOUNT_INACTIVE'),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /Quản trị Demo/ }));
    const inline = await screen.findByRole('alert');
    expect(inline).toHaveTextContent(MSG.accountInactive);
    expect(screen.queryByText(MSG.sessionExpired)).toBeNull();
  });

  it('falls back to "Đăng nhập thất bại" when the server gives no message', async () => {
    renderApp({
      path: '/',
      config: demoConfig,
      api: {
        'GET /v1/auth/demo-accounts': () => ok(demoAccounts),
        'POST /v1/auth/dev-login': () => ({ status: 500, body: 'Internal' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /Quản trị Demo/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginFailed);
  });

  it('does not load Google or ask for demo accounts when neither is configured', async () => {
    const { mock } = renderApp({ path: '/' });
    expect(await screen.findByText(/chưa được cấu hình phương thức đăng nhập/)).toBeInTheDocument();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
    expect(mock.calls.map((c) => c.url)).not.toContain('/v1/auth/demo-accounts');
  });

  it('loads the Google script only when a client id is configured', async () => {
    renderApp({ path: '/', config: { googleClientId: 'abc.apps.googleusercontent.com', devLogin: false, schoolName: TEST_SCHOOL } });
    expect(await screen.findByText('Đăng nhập bằng tài khoản Google của trường')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull());
  });
});
