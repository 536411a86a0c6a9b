import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeModule } from '@/test/fixtures';
import { fail, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeOffer, makeRound, makeRoundDetail } from '../test/fixtures';
import QualityRegistrationPage from './quality-registration-page';

const module = makeModule(3, { code: '2025-HK1-M1', isCurrent: true });
const offers = [
  makeOffer(11, { taken: 15, capacity: 30 }),
  makeOffer(12, { subjectId: 2, subjectName: 'Ngữ văn', name: 'Ngữ văn 10A2', taken: 30, capacity: 30, waiting: 4 }),
].map(({ clashesWith: _c, ...o }) => o);

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('QualityRegistrationPage', { timeout: 20_000 }, () => {
  it('shows the figures of a round: demand and fill per subject and class, waitlists, unmet count, exports', async () => {
    const mock = mockApi({
      'GET /v1/registration/rounds': () => ok([makeRound({ state: 'closed', taken: 45, seats: 60 })]),
      'GET /v1/registration/rounds/7': () => ok(makeRoundDetail({ state: 'closed', offers, unmetCount: 12, studentCount: 120 })),
    });
    restore = mock.restore;
    renderUi(<QualityRegistrationPage />, { module });

    expect(await screen.findByRole('heading', { name: 'Đăng ký HK1 khối 10' })).toBeInTheDocument();
    expect(screen.getByText('Chỗ đã đăng ký').nextSibling).toHaveTextContent('45/60');
    expect(screen.getByText('Tỉ lệ lấp đầy').nextSibling).toHaveTextContent('75%');
    expect(screen.getByText('Học sinh chưa đạt quy tắc').nextSibling).toHaveTextContent('12/120');
    const bySubject = screen.getByRole('table', { name: 'Tỉ lệ lấp đầy theo môn' });
    expect(within(bySubject).getByRole('row', { name: /Ngữ văn/ })).toHaveTextContent('30/30100%4');
    expect(within(bySubject).getByRole('row', { name: /Toán/ })).toHaveTextContent('15/3050%0');
    expect(within(screen.getByRole('table', { name: 'Tỉ lệ lấp đầy theo lớp' })).getAllByRole('row')).toHaveLength(3);
    // Demand: registered and waiting against the seats, most wanted first.
    const demand = within(screen.getByRole('table', { name: 'Mức độ quan tâm theo lớp' })).getAllByRole('row');
    expect(demand[0]).toHaveTextContent('Nhu cầu');
    expect(demand[1]).toHaveTextContent('CC12 · Ngữ văn 10A234/30113,3%4');
    expect(screen.getByRole('list', { name: 'Danh sách chờ theo lớp' })).toHaveTextContent('CC12 · Ngữ văn 10A24 người chờ');
    expect(screen.getByRole('button', { name: 'Xuất theo lớp' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xuất DS chưa đạt' })).toBeInTheDocument();
    // Read-only: nothing to change here, and a closed round is not polled.
    expect(screen.queryByRole('button', { name: /Chốt|Sửa|Thêm/ })).toBeNull();
    expect(mock.calls.some((c) => c.url.endsWith('/seats'))).toBe(false);
  });

  it('downloads an export with its kind', async () => {
    const mock = mockApi({
      'GET /v1/registration/rounds': () => ok([makeRound({ state: 'closed' })]),
      'GET /v1/registration/rounds/7': () => ok(makeRoundDetail({ state: 'closed', offers })),
      'GET /v1/registration/rounds/7/export': () => fail(403, 'Bạn không có quyền xuất dữ liệu này.'),
    });
    restore = mock.restore;
    renderUi(<QualityRegistrationPage />, { module });
    await userEvent.click(await screen.findByRole('button', { name: 'Xuất theo học sinh' }));
    expect(await screen.findByText('Bạn không có quyền xuất dữ liệu này.')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/v1/registration/rounds/7/export')?.params).toEqual({ kind: 'student' });
  });

  it('says when the module has no round', async () => {
    const mock = mockApi({ 'GET /v1/registration/rounds': () => ok([]) });
    restore = mock.restore;
    renderUi(<QualityRegistrationPage />, { module });
    expect(await screen.findByText('Học phần này chưa có đợt đăng ký nào.')).toBeInTheDocument();
  });
});
