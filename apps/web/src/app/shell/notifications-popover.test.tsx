import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TNotification } from '@app/shared/notifications';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { NotificationsPopover } from './notifications-popover';

let restore: (() => void) | null = null;
beforeEach(() => {
  // No live stream in the test: the bell falls back to asking for the count.
  vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
});
afterEach(() => {
  restore?.();
  restore = null;
  vi.unstubAllGlobals();
});

const note = (over: Partial<TNotification>): TNotification => ({
  id: 1,
  kind: 'form.decided',
  title: 'Đơn của bạn đã được duyệt',
  body: 'Đơn xin nghỉ học ngày 24/11/2026',
  link: '/student/forms',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...over,
});

describe('the header`s bell', { timeout: 30_000 }, () => {
  it('shows the unread count, the newest items, and opening one marks it read and goes to its page', async () => {
    let unread = 2;
    const items = [
      note({ id: 7 }),
      note({ id: 6, title: 'Thời khóa biểu mới đã được công bố', link: '/student/schedule', readAt: '2026-11-24T01:00:00Z', body: '' }),
    ];
    const mock = mockApi({
      'GET /v1/notifications/unread-count': () => ok({ unread }),
      'GET /v1/notifications': () => ok({ items, total: 2, page: 1, limit: 6 }),
      'POST /v1/notifications/7/read': () => {
        unread = 1;
        return ok({ unread });
      },
    });
    restore = mock.restore;
    const { router } = renderUi(<NotificationsPopover />, { path: '/student/dashboard' });
    const bell = await screen.findByRole('button', { name: 'Thông báo: 2 chưa đọc' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2');

    fireEvent.click(bell);
    const first = await screen.findByRole('button', { name: /Đơn của bạn đã được duyệt/ });
    expect(first).toHaveTextContent('5 phút trước');
    expect(first).toHaveTextContent('(chưa đọc)');
    expect(screen.getByRole('button', { name: /Thời khóa biểu mới/ })).not.toHaveTextContent('chưa đọc');
    expect(screen.getByRole('link', { name: 'Xem tất cả' })).toHaveAttribute('href', '/notifications');

    fireEvent.click(first);
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST' && c.url === '/v1/notifications/7/read')).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/forms'));
    await screen.findByRole('button', { name: 'Thông báo: 1 chưa đọc' });
  });

  it('marks every notification read from the panel', async () => {
    let unread = 3;
    const mock = mockApi({
      'GET /v1/notifications/unread-count': () => ok({ unread }),
      'GET /v1/notifications': () => ok({ items: [note({ id: 9 })], total: 1, page: 1, limit: 6 }),
      'POST /v1/notifications/read-all': () => {
        unread = 0;
        return ok({ marked: 3 }, 'Đã đánh dấu 3 thông báo là đã đọc.');
      },
    });
    restore = mock.restore;
    renderUi(<NotificationsPopover />, { path: '/teacher/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Thông báo: 3 chưa đọc' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Đánh dấu tất cả đã đọc' }));
    expect(await screen.findByText('Đã đánh dấu 3 thông báo là đã đọc.')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Thông báo' });
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });
});
