import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeLine, makeLineDetail, makeRun, makeRunSummary, page } from '../test/fixtures';
import SalaryPage from './salary-page';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const CAPPED = makeLine({
  teacherId: 11,
  staffCode: 'GV011',
  fullName: 'Trần Thị Bình',
  departmentId: 6,
  departmentName: 'Tổ Lý',
  counted: 566,
  overtime: 260,
  overtimePaid: 200,
  capped: true,
  amount: 62_436_000,
  due: 62_436_000,
});

function api(extra: MockRoutes = {}) {
  const mock = mockApi({
    'GET /v1/academic-years/academic-years': () => page([]),
    'GET /v1/pay/runs': () => page([makeRunSummary(), makeRunSummary({ id: 2, name: 'Năm học 2024-2025', status: 'paid', blockers: 0 })]),
    'GET /v1/pay/runs/1': () => ok(makeRun()),
    'GET /v1/pay/runs/1/lines': () => page([makeLine(), CAPPED]),
    'GET /v1/pay/runs/1/lines/10': () => ok(makeLineDetail()),
    ...extra,
  });
  restore = mock.restore;
  return mock;
}

describe('SalaryPage', { timeout: 30_000 }, () => {
  it('lists the runs with state, teachers, blocking and amount; a name opens the run in the address', async () => {
    api();
    const { router } = renderUi(<SalaryPage />, { path: '/accountant/salary' });
    const table = await screen.findByRole('table', { name: 'Danh sách đợt tính tiền dạy thêm giờ' });
    const row = (await within(table).findByRole('link', { name: 'Tiền dạy thêm giờ năm học 2025-2026' })).closest('tr')!;
    expect(row).toHaveTextContent('Nháp');
    expect(row).toHaveTextContent('Cả năm học');
    expect(row).toHaveTextContent('95.215.271 đ');
    expect(within(table).getByText('Đã chi trả')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('link', { name: 'Tiền dạy thêm giờ năm học 2025-2026' }));
    expect(router.state.location.search).toBe('?run=1');
    expect(await screen.findByRole('heading', { name: 'Tiền dạy thêm giờ năm học 2025-2026', level: 1 })).toBeInTheDocument();
  });

  it('shows the run: values used, blocking teachers with what is missing, totals per department, lines with the cap, a line’s explanation', async () => {
    const mock = api();
    renderUi(<SalaryPage />, { path: '/accountant/salary?run=1' });
    const blockers = await screen.findByRole('region', { name: 'Giáo viên chưa đủ điều kiện (1)' });
    expect(within(blockers).getByText('Lê Thị Cúc')).toBeInTheDocument();
    expect(within(blockers).getByText('Chưa có bản kê khai đã khóa của Học kỳ 2')).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Thông tin đợt tính' });
    expect(info).toHaveTextContent('2.340.000 đ');
    expect(info).toHaveTextContent('150%');
    expect(info).toHaveTextContent('Thông tư 05/2025 · tối đa 200 tiết/năm');
    const depts = screen.getByRole('region', { name: 'Tổng theo tổ chuyên môn' });
    expect(within(depts).getByText('Toàn trường').closest('tr')).toHaveTextContent('95.215.271 đ');
    const lines = await screen.findByRole('table', { name: 'Bảng tiền dạy thêm giờ của giáo viên' });
    const capped = (await within(lines).findByRole('button', { name: 'Xem cách tính của Trần Thị Bình' })).closest('tr')!;
    expect(within(capped).getByText('vượt 200 tiết')).toBeInTheDocument();
    expect(capped).toHaveTextContent('200 / 260');
    // No earlier payment: no "Đã chi" column.
    expect(within(lines).queryByRole('columnheader', { name: 'Đã chi' })).toBeNull();
    expect(mock.calls.find((c) => c.url === '/v1/pay/runs/1/lines')?.params).toMatchObject({ page: '1', limit: '20' });

    await userEvent.click(within(lines).getByRole('button', { name: 'Xem cách tính của Nguyễn Văn An' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Tiền lương 1 tiết: 183.980.160 ÷ 612 tiết (định mức năm 17 × 36 tuần) × 36 tuần ÷ 52 tuần = 208.122,35',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Học kỳ 1: phiên bản 4, 205 tiết được tính/)).toHaveTextContent('khóa lúc 20/01/2026 10:00');
    expect(within(dialog).getByText('Thông tư 05/2025')).toBeInTheDocument();
  });

  it('recomputes and submits a draft with the version read; submitting with blocking teachers must say so', async () => {
    const mock = api({
      'POST /v1/pay/runs/1/recompute': () => ok(makeRun({ version: 4 }), 'Đã tính lại.'),
      'POST /v1/pay/runs/1/transition': () => ok(makeRun({ status: 'submitted', version: 4 }), 'Đã trình duyệt.'),
    });
    renderUi(<SalaryPage />, { path: '/accountant/salary?run=1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Tính lại' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Tính lại' }));
    expect(await screen.findByText('Đã tính lại.')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.method === 'POST' && c.url.endsWith('/recompute'))?.body).toEqual({ version: 3 });

    await userEvent.click(screen.getByRole('button', { name: 'Trình duyệt' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trình duyệt' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tiếp tục không gồm 1 giáo viên chưa đủ điều kiện');
    expect(mock.calls.some((c) => c.url.endsWith('/transition'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Tiếp tục không gồm 1 giáo viên chưa đủ điều kiện' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trình duyệt' }));
    expect(await screen.findByText('Đã trình duyệt.')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url.endsWith('/transition'))?.body).toEqual({
      action: 'submit',
      version: 3,
      proceedWithoutBlocked: true,
    });
  });

  it('a stale version (409) closes the dialog and offers to reload the run', async () => {
    let reads = 0;
    api({
      'GET /v1/pay/runs/1': () => ok(makeRun({ version: ++reads === 1 ? 3 : 5 })),
      'POST /v1/pay/runs/1/recompute': () => fail(409, 'Đợt tính đã được thay đổi, hãy tải lại.', 'CONFLICT'),
    });
    renderUi(<SalaryPage />, { path: '/accountant/salary?run=1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Tính lại' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Tính lại' }));
    expect(await screen.findByText('Đợt tính đã được thay đổi, hãy tải lại.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Tải lại' })).toBeInTheDocument();
    expect(await screen.findByText(/phiên bản 5/)).toBeInTheDocument();
  });

  it('a paid run is frozen: no recompute, an adjustment run instead, prefilled with the paid run', async () => {
    const mock = api({
      'GET /v1/pay/runs': ({ params }) => page(params.status === 'paid' ? [makeRunSummary({ status: 'paid' })] : []),
      'GET /v1/pay/runs/1': () => ok(makeRun({ status: 'paid', paidAt: '2026-07-01T08:00:00+07:00', blockerList: [], blockers: 0 })),
      'GET /v1/academic-years/academic-years': () =>
        page([{ id: 4, name: '2025-2026', startDate: '2025-09-01', endDate: '2026-08-31', isCurrent: true }]),
      'POST /v1/pay/runs': () => ok(makeRun({ id: 9, kind: 'adjustment', adjustsRunId: 1 }), 'Đã tạo đợt điều chỉnh.'),
      'GET /v1/pay/runs/9': () => ok(makeRun({ id: 9, name: 'Điều chỉnh', kind: 'adjustment', adjustsRunId: 1 })),
      'GET /v1/pay/runs/9/lines': () => page([makeLine({ previouslyPaid: 30_000_000, due: 2_779_271 })]),
    });
    const { router } = renderUi(<SalaryPage />, { path: '/accountant/salary?run=1' });
    expect(await screen.findByText(/Đợt đã chi trả: số liệu được giữ nguyên/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tính lại' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Trình duyệt' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Tạo đợt điều chỉnh' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: /Tiền dạy thêm giờ năm học 2025-2026/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo và tính' }));
    expect(await screen.findByText('Đã tạo đợt điều chỉnh.')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'adjustment',
      academicYearId: 4,
      semesterId: null,
      adjustsRunId: 1,
      name: null,
    });
    expect(router.state.location.search).toBe('?run=9');
    await screen.findByRole('heading', { name: 'Điều chỉnh', level: 1 });
    const lines = await screen.findByRole('table', { name: 'Bảng tiền dạy thêm giờ của giáo viên' });
    expect(await within(lines).findByText('2.779.271 đ')).toBeInTheDocument();
    expect(within(lines).getByRole('columnheader', { name: 'Còn nhận' })).toBeInTheDocument();
  });
});
