import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeDetail, makePeriod, makeSummary, page } from '../test/fixtures';

/** The teacher themself as the period's only teacher in scope. */
const self = (declarationId: number | null) => ({
  teacherId: 101,
  staffCode: 'GV101',
  fullName: 'Nguyễn Văn An',
  departmentId: 5,
  departmentName: 'Tổ Toán',
  declarationId,
  status: declarationId ? ('returned' as const) : null,
});
import MyDeclarationsPage from './my-declarations-page';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('MyDeclarationsPage', { timeout: 30_000 }, () => {
  it('shows each semester’s status, totals with the explanation, and every review comment', async () => {
    const detail = makeDetail({
      status: 'returned',
      history: [
        {
          id: 3,
          action: 'return',
          fromStatus: 'submitted',
          toStatus: 'returned',
          comment: 'Thiếu minh chứng dạy thay',
          changes: null,
          actorId: 8,
          actorName: 'Tổ trưởng Hòa',
          at: '2025-10-08T10:00:00+07:00',
        },
        {
          id: 2,
          action: 'submit',
          fromStatus: 'draft',
          toStatus: 'submitted',
          comment: null,
          changes: null,
          actorId: 7,
          actorName: 'Trần Thư Ký',
          at: '2025-10-07T10:00:00+07:00',
        },
      ],
    });
    const mock = mockApi({
      'GET /v1/teaching/declarations/periods': () => ok([makePeriod()]),
      'GET /v1/teaching/declarations/periods/1/teachers': () => ok([self(10)]),
      'GET /v1/teaching/declarations': () => page([makeSummary({ status: 'returned' })]),
      'GET /v1/teaching/declarations/10': () => ok(detail),
    });
    restore = mock.restore;
    renderUi(<MyDeclarationsPage />, { path: '/teacher/teaching-declaration-results' });

    const card = await screen.findByRole('region', { name: 'Học kỳ 1 2026-2027' });
    expect(within(card).getByText('Trả lại')).toBeInTheDocument();
    expect(await within(card).findByText('Thiếu minh chứng dạy thay')).toBeInTheDocument();
    expect(within(card).getByText(/Trả lại · Tổ trưởng Hòa · 08\/10\/2025 10:00/)).toBeInTheDocument();
    expect(within(card).getByTestId('total-Vượt giờ').textContent).toBe('54');
    expect(within(card).getByText('Vượt giờ: 360 − 306 = 54 tiết')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Mở bản kê khai Học kỳ 1 2026-2027' })).toBeInTheDocument();
    // Declared in the open period already: nothing to start.
    expect(screen.queryByRole('button', { name: 'Tạo bản kê khai của tôi' })).toBeNull();
  });

  it('lets a teacher without a declaration in the open period create their own, then opens it', async () => {
    let created = false;
    const mock = mockApi({
      'GET /v1/teaching/declarations/periods': () => ok([makePeriod()]),
      'GET /v1/teaching/declarations/periods/1/teachers': () => ok([self(created ? 10 : null)]),
      'GET /v1/teaching/declarations': () => page(created ? [makeSummary()] : []),
      'POST /v1/teaching/declarations': () => {
        created = true;
        return ok(makeDetail(), 'Đã tạo bản kê khai.');
      },
      'GET /v1/teaching/declarations/10': () => ok(makeDetail()),
    });
    restore = mock.restore;
    renderUi(<MyDeclarationsPage />, { path: '/teacher/teaching-declaration-results' });

    await userEvent.click(await screen.findByRole('button', { name: 'Tạo bản kê khai của tôi' }));
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ periodId: 1, teacherId: 101 });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tạo bản kê khai của tôi' })).toBeNull();
  });
});
