import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import { makeUser } from '@/test/fixtures';
import { MSG } from '@app/shared/messages';
import { fail, ok } from '@/test/mock-api';
import { renderApp, TEST_SCHOOL } from '@/test/render-app';
import { mediaQueryList } from '@/test/setup';

const desktopMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

function usePhoneWidth() {
  window.matchMedia = (query: string) => mediaQueryList(query, false);
}

const dashboard = {
  'GET /v1/dashboard': () => ok({ role: 'TEACHER', greeting: 'Xin chào thầy Minh', stats: [], notes: [] }),
  'GET /v1/notifications/unread-count': () => ok({ unread: 0 }),
  'GET /v1/notifications': () => ok({ items: [], total: 0, page: 1, limit: 6 }),
};

async function renderShell(path = '/teacher/dashboard') {
  const user = makeUser(['TEACHER', 'HOMEROOM_TEACHER'], { displayName: 'Trần Minh', email: 'minh@thptchuyen.edu.vn' });
  const view = renderApp({ path, user, api: dashboard });
  await screen.findByRole('banner');
  return { ...view, user };
}

const sidebar = () => document.getElementById('app-sidebar')!;

describe('shell header', { timeout: 30_000 }, () => {
  it('shows the school name and the user', async () => {
    await renderShell();
    expect(await within(screen.getByRole('banner')).findByText(TEST_SCHOOL)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Tài khoản: Trần Minh' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Tổng quan | ${TEST_SCHOOL}`));
  });

  it('notifications: the bell`s panel says when there is none', async () => {
    await renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Thông báo' }));
    expect(await screen.findByText('Không có thông báo nào')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Xem tất cả' })).toHaveAttribute('href', '/notifications');
  });

  it('theme picker switches data-theme on <html> and remembers it', async () => {
    await renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Cài đặt giao diện' }));
    const picker = await screen.findByRole('group', { name: 'Giao diện' });
    expect(within(picker).getByRole('radio', { name: 'Sáng' })).toBeChecked();
    await userEvent.click(within(picker).getByRole('radio', { name: 'Tối xanh' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark-blue');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark-blue');
    await userEvent.click(within(picker).getByRole('radio', { name: 'Tối xám' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark-gray');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark-gray');
  });

  it('user menu → "Thông tin cá nhân" opens the profile page (every role; not in the sidebar)', async () => {
    const { router } = renderApp({
      path: '/teacher/dashboard',
      user: makeUser(['TEACHER', 'HOMEROOM_TEACHER'], { displayName: 'Trần Minh', email: 'minh@thptchuyen.edu.vn' }),
      api: {
        ...dashboard,
        'GET /v1/profile': () => ok({ student: null, teacher: null }),
        'GET /v1/auth/sessions': () => ok([]),
        'GET /v1/timetables/calendar-feed': () => ok({ active: false, url: null, createdAt: null }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Tài khoản: Trần Minh' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Thông tin cá nhân' }));
    expect(await screen.findByRole('heading', { name: 'Thông tin cá nhân', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('region', { name: 'Tài khoản' })).toHaveTextContent('minh@thptchuyen.edu.vn');
    expect(within(sidebar()).queryByRole('link', { name: /Thông tin cá nhân/ })).toBeNull();
  });

  it('user menu → "Đăng xuất" clears token, photo and role, ends the session on the server and goes to /', async () => {
    localStorage.setItem(STORAGE_KEYS.photo, 'https://photo');
    const { router, mock, user } = await renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Tài khoản: Trần Minh' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Đăng xuất' }));
    await screen.findByRole('heading', { name: TEST_SCHOOL, level: 1 });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toBeNull();
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.photo, STORAGE_KEYS.role]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST' && c.url === '/v1/auth/logout')).toBe(true));
    const call = mock.calls.find((c) => c.url === '/v1/auth/logout')!;
    expect(call.headers.Authorization).toBe(`Bearer token-${user.id}`);
  });

  it('"Đăng xuất" signs out locally even when the server refuses or fails, without a session-expired message', async () => {
    const user = makeUser(['TEACHER'], { displayName: 'Trần Minh' });
    const { router, mock } = renderApp({
      path: '/teacher/dashboard',
      user,
      api: { ...dashboard, 'POST /v1/auth/logout': () => fail(401, MSG.sessionExpired, 'UNAUTHENTICATED') },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Tài khoản: Trần Minh' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Đăng xuất' }));
    await screen.findByRole('heading', { name: TEST_SCHOOL, level: 1 });
    await waitFor(() => expect(mock.calls.some((c) => c.url === '/v1/auth/logout')).toBe(true));
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.queryByText(MSG.sessionExpired)).toBeNull();
  });
});

describe('shell sidebar', () => {
  it('at 768 px or more it starts open and the toggle collapses it to w-16', async () => {
    await renderShell();
    expect(sidebar()).toHaveClass('w-64');
    await userEvent.click(screen.getByRole('button', { name: 'Thu gọn menu' }));
    expect(sidebar()).toHaveClass('w-16');
    expect(screen.getByRole('button', { name: 'Mở rộng menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('under 768 px it starts closed; opens as an overlay; Escape and the backdrop close it', async () => {
    usePhoneWidth();
    await renderShell();
    expect(sidebar()).toHaveAttribute('data-state', 'closed');
    const toggle = screen.getByRole('button', { name: 'Mở menu' });
    await userEvent.click(toggle);
    expect(sidebar()).toHaveAttribute('data-state', 'open');
    await userEvent.keyboard('{Escape}');
    expect(sidebar()).toHaveAttribute('data-state', 'closed');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByTestId('sidebar-backdrop'));
    expect(sidebar()).toHaveAttribute('data-state', 'closed');
  });

  it('under 768 px it closes after navigating', async () => {
    usePhoneWidth();
    const { router } = await renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Mở menu' }));
    await userEvent.click(within(sidebar()).getByRole('link', { name: 'Lớp chủ nhiệm' }));
    expect(sidebar()).toHaveAttribute('data-state', 'closed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher/homeroom-class'));
    expect(await screen.findByRole('heading', { name: 'Lớp chủ nhiệm' })).toBeInTheDocument();
  });
});

// The first render of a lazy page is slow on a loaded 2-core machine (test/setup.ts says why).
describe('shell scroll and focus on navigation', { timeout: 20_000 }, () => {
  /** jsdom does not scroll: the window's position is what the code last set. */
  function fakeWindowScroll(start: number) {
    let y = start;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    vi.spyOn(window, 'scrollTo').mockImplementation(((x: number | ScrollToOptions, top?: number) => {
      y = typeof x === 'number' ? (top ?? 0) : (x.top ?? y);
    }) as typeof window.scrollTo);
    return { at: () => y, set: (v: number) => (y = v) };
  }
  afterEach(() => vi.restoreAllMocks());

  it('a page picked from the phone menu starts at the top, with focus on the main area', async () => {
    usePhoneWidth();
    const scroll = fakeWindowScroll(0);
    const { router } = await renderShell();
    scroll.set(900);
    await userEvent.click(screen.getByRole('button', { name: 'Mở menu' }));
    await userEvent.click(within(sidebar()).getByRole('link', { name: 'Lớp chủ nhiệm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher/homeroom-class'));
    await screen.findByRole('heading', { name: 'Lớp chủ nhiệm', level: 1 });
    // The scroll and the focus follow the navigation's effects: awaited, not assumed done with the heading
    // (on a loaded machine the heading can come first).
    await waitFor(() => {
      expect(scroll.at()).toBe(0);
      expect(document.activeElement).toBe(screen.getByRole('main'));
    });
  });

  it('a change of search parameters keeps the position; Back restores the last page where it was', async () => {
    const scroll = fakeWindowScroll(0);
    const { router } = await renderShell();
    scroll.set(700);
    await act(() => router.navigate('/teacher/dashboard?tab=two', { replace: true }));
    expect(scroll.at()).toBe(700);
    await act(() => router.navigate('/teacher/dashboard?page=3'));
    expect(scroll.at()).toBe(700);
    await act(() => router.navigate('/teacher/homeroom-class'));
    expect(scroll.at()).toBe(0);
    scroll.set(150);
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=3');
    expect(scroll.at()).toBe(700);
    await act(() => router.navigate(1));
    expect(scroll.at()).toBe(150);
  });

  it('a change of search parameters leaves the focus where it is; a new page takes it to the main area', async () => {
    const { router } = await renderShell();
    const account = await screen.findByRole('button', { name: 'Tài khoản: Trần Minh' });
    account.focus();
    await act(() => router.navigate('/teacher/dashboard?tab=two', { replace: true }));
    expect(document.activeElement).toBe(account);
    await act(() => router.navigate('/teacher/homeroom-class'));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
