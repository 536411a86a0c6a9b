import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TActionResult, TMyRound } from '@app/shared/registration';
import { defaultPeriodGrid } from '@app/shared/timetables';
import { makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRequest, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeMyRound, makeOffer, makeRegistration } from '../test/fixtures';
import StudentRegistrationPage from './student-registration-page';

const student = makeUser(['STUDENT']);
/** The student's campus's periods: the default grid (5 morning periods from 07:00, 5 afternoon ones from 13:30). */
const periods = defaultPeriodGrid().periods;
const posts = (calls: MockRequest[], action: string) =>
  calls.filter((c) => c.method === 'POST' && c.url === `/v1/registration/me/rounds/7/${action}`);
const seatsOf = (round: TMyRound) =>
  round.offers.map((o) => ({ courseClassId: o.courseClassId, capacity: o.capacity, taken: o.taken, waiting: o.waiting }));

/** An action's answer: the student's registrations and the seats after it. */
const answer = (outcome: TActionResult['outcome'], position: number | null, round: TMyRound): TActionResult => ({
  outcome,
  position,
  roundId: round.id,
  mine: round.mine,
  seats: seatsOf(round),
});

function api(round: () => TMyRound, extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /v1/registration/me': () => ok({ rounds: [round()], periods }),
    'GET /v1/registration/rounds/7/seats': () => ok(seatsOf(round())),
    ...extra,
  };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const card = (code: string) => screen.findByRole('listitem', { name: new RegExp(`^${code} `) });

describe('StudentRegistrationPage', { timeout: 20_000 }, () => {
  it('registers a class with a request id, once for a double click, and shows it in "Đăng ký của tôi" and the week', async () => {
    let round = makeMyRound();
    const mock = mockApi(
      api(() => round, {
        'POST /v1/registration/me/rounds/7/register': async () => {
          await new Promise((r) => setTimeout(r, 50));
          round = makeMyRound({ mine: [makeRegistration(11)], rules: { met: true, problems: [] } });
          return ok(answer('registered', null, round), 'Đã đăng ký lớp CC11.');
        },
      }),
    );
    restore = mock.restore;
    renderUi(<StudentRegistrationPage />, { auth: student, path: '/student/course-registration' });

    expect(await screen.findByRole('heading', { name: 'Đăng ký HK1 khối 10' })).toBeInTheDocument();
    const c11 = await card('CC11');
    expect(c11).toHaveTextContent('Thứ Hai, tiết 1–2, phòng A101');
    expect(c11).toHaveTextContent('Còn 5/30 chỗ');
    expect(screen.getByRole('list', { name: 'Quy tắc chưa đáp ứng' })).toHaveTextContent('Cần chọn thêm 1 lớp trong nhóm Tự chọn A');
    expect(screen.getByRole('timer')).toHaveTextContent(/Còn (3 ngày|2 ngày 23 giờ 59 phút) trước khi đóng \(25\/08\/2025 17:00\)/);

    await userEvent.dblClick(within(c11).getByRole('button', { name: 'Đăng ký CC11' }));
    await waitFor(() => expect(within(c11).getByText('Đã đăng ký')).toBeInTheDocument());
    expect(posts(mock.calls, 'register')).toHaveLength(1);
    const body = posts(mock.calls, 'register')[0].body as { courseClassId: number; requestId: string };
    expect(body.courseClassId).toBe(11);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Đã đăng ký lớp CC11.')).toBeInTheDocument();
    expect(screen.getByText('Bạn đã đáp ứng đủ các quy tắc của đợt.')).toBeInTheDocument();
    const week = screen.getByRole('region', { name: /Tuần học dự kiến/ });
    expect(week.querySelector('td[data-day="1"][data-period="2"]')).toHaveTextContent('CC11');
    // The rows are the campus's periods with their times, by session.
    expect(within(week).getByRole('rowheader', { name: /Tiết 2\s*07:50/ })).toBeInTheDocument();
    expect(within(week).getByRole('rowheader', { name: /Tiết 6\s*13:30/ })).toBeInTheDocument();
    expect(within(week).getByRole('columnheader', { name: 'Buổi chiều' })).toBeInTheDocument();
    expect(within(week).getAllByRole('rowheader')).toHaveLength(10);
  });

  it('shows the server’s refusal in Vietnamese, and a clash warning before trying', async () => {
    const message = 'Lớp CC12 trùng lịch với CC11 (Thứ Ba, tiết 3).';
    const round = makeMyRound({
      offers: [makeOffer(11), makeOffer(12, { clashesWith: ['CC11 (Thứ Ba, tiết 3)'] })],
    });
    const mock = mockApi(
      api(() => round, { 'POST /v1/registration/me/rounds/7/register': () => fail(409, message, 'REGISTRATION_CLASH') }),
    );
    restore = mock.restore;
    renderUi(<StudentRegistrationPage />, { auth: student });

    const c12 = await card('CC12');
    expect(c12).toHaveTextContent('Trùng lịch với CC11 (Thứ Ba, tiết 3)');
    await userEvent.click(within(c12).getByRole('button', { name: 'Đăng ký CC12' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // The toast says it too.
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(within(c12).getByRole('button', { name: 'Đăng ký CC12' })).toBeEnabled();
  });

  it('offers the waitlist for a full class and shows the position', async () => {
    let round = makeMyRound({ offers: [makeOffer(11), makeOffer(13, { taken: 30 })] });
    const mock = mockApi(
      api(() => round, {
        'POST /v1/registration/me/rounds/7/register': () => {
          round = { ...round, mine: [makeRegistration(13, { status: 'waitlisted', position: 3 })] };
          return ok(answer('waitlisted', 3, round));
        },
      }),
    );
    restore = mock.restore;
    renderUi(<StudentRegistrationPage />, { auth: student });

    const c13 = await card('CC13');
    expect(c13).toHaveTextContent('Hết chỗ (30/30)');
    expect(within(c13).queryByRole('button', { name: 'Đăng ký CC13' })).toBeNull();
    await userEvent.click(within(c13).getByRole('button', { name: 'Vào danh sách chờ CC13' }));
    expect(await screen.findByText('Lớp CC13 đã hết chỗ: bạn ở vị trí 3 trong danh sách chờ.')).toBeInTheDocument();
    expect(within(c13).getByText('Danh sách chờ · vị trí 3')).toBeInTheDocument();
    expect(within(c13).getByRole('button', { name: 'Rời danh sách chờ CC13' })).toBeInTheDocument();
    expect(posts(mock.calls, 'register')[0].body).toMatchObject({ courseClassId: 13 });
  });

  it('swaps a held class for another in one step, explaining the old one is kept on failure', async () => {
    let round = makeMyRound({ mine: [makeRegistration(11)] });
    const mock = mockApi(
      api(() => round, {
        'POST /v1/registration/me/rounds/7/swap': () => {
          round = { ...round, mine: [makeRegistration(12)] };
          return ok(answer('swapped', null, round), 'Đã đổi từ CC11 sang CC12.');
        },
      }),
    );
    restore = mock.restore;
    renderUi(<StudentRegistrationPage />, { auth: student });

    const c12 = await card('CC12');
    await userEvent.click(within(c12).getByRole('button', { name: 'Đổi lớp sang CC12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đổi sang lớp CC12' });
    expect(dialog).toHaveTextContent('nếu không nhận được, bạn vẫn giữ lớp cũ');
    expect(within(dialog).getByRole('radio', { name: /CC11/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đổi lớp' }));

    expect(await screen.findByText('Đã đổi từ CC11 sang CC12.')).toBeInTheDocument();
    const body = posts(mock.calls, 'swap')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ fromCourseClassId: 11, toCourseClassId: 12 });
    expect(typeof body.requestId).toBe('string');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await card('CC12')).getByText('Đã đăng ký')).toBeInTheDocument();
  });

  it('drops a class only after confirmation', async () => {
    let round = makeMyRound({ mine: [makeRegistration(11)] });
    const mock = mockApi(
      api(() => round, {
        'POST /v1/registration/me/rounds/7/drop': () => {
          round = { ...round, mine: [] };
          return ok(answer('dropped', null, round));
        },
      }),
    );
    restore = mock.restore;
    renderUi(<StudentRegistrationPage />, { auth: student });

    await userEvent.click(within(await card('CC11')).getByRole('button', { name: 'Hủy CC11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hủy đăng ký lớp CC11?' });
    expect(posts(mock.calls, 'drop')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy đăng ký' }));
    expect(await screen.findByText('Đã hủy đăng ký lớp CC11.')).toBeInTheDocument();
    expect(posts(mock.calls, 'drop')[0].body).toMatchObject({ courseClassId: 11 });
  });

  it('updates the seats left from the live poll without a reload', async () => {
    const round = makeMyRound();
    let taken = 25;
    const mock = mockApi(
      api(() => round, {
        'GET /v1/registration/rounds/7/seats': () => ok([{ courseClassId: 11, capacity: 30, taken: taken, waiting: 0 }]),
      }),
    );
    restore = mock.restore;
    renderUi(<StudentRegistrationPage />, { auth: student });

    const c11 = await card('CC11');
    await waitFor(() => expect(c11).toHaveTextContent('Còn 5/30 chỗ'));
    const before = mock.calls.filter((c) => c.url === '/v1/registration/rounds/7/seats').length;
    taken = 30;
    await waitFor(() => expect(c11).toHaveTextContent('Hết chỗ (30/30)'), { timeout: 8000 });
    expect(mock.calls.filter((c) => c.url === '/v1/registration/rounds/7/seats').length).toBeGreaterThan(before);
    expect(mock.calls.filter((c) => c.url === '/v1/registration/me')).toHaveLength(1);
  });

  it('before a round opens shows when it opens, with no actions; after it closes the read-only result', async () => {
    const upcoming = makeMyRound({ id: 7, state: 'upcoming', opensAt: '2025-08-22T12:30:00Z', now: '2025-08-22T10:00:00Z' });
    const closed = makeMyRound({
      id: 8,
      name: 'Đăng ký bổ sung',
      state: 'closed',
      closedAt: '2025-08-26T02:00:00Z',
      mine: [makeRegistration(12, { roundId: 8 })],
      rules: { met: true, problems: [] },
    });
    const mock = mockApi({ 'GET /v1/registration/me': () => ok({ rounds: [upcoming, closed], periods }) });
    restore = mock.restore;
    renderUi(<StudentRegistrationPage />, { auth: student });

    expect(await screen.findByText(/Đợt mở lúc 22\/08\/2025 19:30 — còn/)).toHaveTextContent(/còn 2 giờ (30|29) phút\./);
    expect(screen.queryByRole('button', { name: /^Đăng ký CC/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Kết quả đăng ký' })).toBeInTheDocument();
    expect(screen.getByText(/Đợt đã được chốt lúc 26\/08\/2025 09:00/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Các lớp đã chọn' })).toHaveTextContent('CC12');
    expect(mock.calls.some((c) => c.url.endsWith('/seats'))).toBe(false);
  });

  it('reads the round again when the countdown reaches its opening, and the actions appear', async () => {
    const now = new Date();
    const opensAt = new Date(now.getTime() + 1500).toISOString();
    const closesAt = new Date(now.getTime() + 86_400_000).toISOString();
    let reads = 0;
    const mock = mockApi({
      'GET /v1/registration/me': () =>
        ok({ rounds: [makeMyRound({ state: ++reads === 1 ? 'upcoming' : 'open', opensAt, closesAt, now: now.toISOString() })], periods }),
      'GET /v1/registration/rounds/7/seats': () => ok([]),
    });
    restore = mock.restore;
    renderUi(<StudentRegistrationPage />, { auth: student });

    expect(await screen.findByText(/Đợt mở lúc/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Đăng ký CC11' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Đăng ký CC11' }, { timeout: 6000 })).toBeEnabled();
    expect(mock.calls.filter((c) => c.url === '/v1/registration/me')).toHaveLength(2);
  });

  it('shows a load error with a retry, and an empty state', async () => {
    let n = 0;
    const mock = mockApi({
      'GET /v1/registration/me': () => (++n === 1 ? fail(403, 'Bạn không có quyền xem đợt đăng ký này.') : ok({ rounds: [], periods })),
    });
    restore = mock.restore;
    renderUi(<StudentRegistrationPage />, { auth: student });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn không có quyền xem đợt đăng ký này.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Chưa có đợt đăng ký')).toBeInTheDocument();
  });
});
