import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { fail, ok, type MockRequest } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { makeReport } from '../test/fixtures';

const reportCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url === '/v1/pay/reports');
const accountant = makeUser(['ACCOUNTANT']);

afterEach(() => localStorage.clear());

describe('/accountant/reports', { timeout: 20_000 }, () => {
  it('shows the year’s key figures, departments against the previous year, semesters and the teachers over the cap', async () => {
    renderApp({ path: '/accountant/reports', user: accountant, api: { 'GET /v1/pay/reports': () => ok(makeReport()) } });

    const figures = await screen.findByText('Tổng thành tiền', {}, { timeout: 10_000 });
    expect(figures.closest('div')).toHaveTextContent('88.000.000 đ');
    expect(figures.closest('div')).toHaveTextContent('Còn phải trả 58.000.000 đ');
    // 88 against 80 million the year before: +10%.
    expect(screen.getByText('So với năm trước').closest('div')).toHaveTextContent('+10%');
    expect(screen.getByText('Tiết dạy thêm được trả').closest('div')).toHaveTextContent('260');
    expect(screen.getByRole('link', { name: 'Tiền dạy thêm giờ 2025-2026' })).toHaveAttribute('href', '/accountant/salary?run=7');

    const depts = screen.getByRole('table', { name: 'Tổng hợp theo tổ chuyên môn' });
    const math = within(depts).getByRole('rowheader', { name: 'Tổ Toán' }).closest('tr') as HTMLElement;
    expect(math).toHaveTextContent('1.000,5');
    expect(math).toHaveTextContent('80.000.000 đ');
    expect(math).toHaveTextContent('+10%');
    const school = within(depts).getByRole('rowheader', { name: 'Toàn trường' }).closest('tr') as HTMLElement;
    expect(school).toHaveTextContent('1.300,5');

    const semesters = screen.getByRole('table', { name: 'Đợt tạm tính theo học kỳ' });
    expect(within(semesters).getByRole('rowheader', { name: 'Học kỳ 1' }).closest('tr')).toHaveTextContent('32.000.000 đ');

    const capped = screen.getByRole('table', { name: 'Danh sách giáo viên vượt giới hạn' });
    const row = within(capped)
      .getByRole('rowheader', { name: /Trần Thị Bình/ })
      .closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('260,5');
    expect(row).toHaveTextContent('60,5');
    expect(row).toHaveTextContent('70.000.000 đ');

    expect(screen.getByRole('table', { name: 'Quỹ lương theo tháng' })).toHaveTextContent('9/2025');
    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeInTheDocument();
  });

  it('picks another year: the address and the request carry it', async () => {
    const { mock, router } = renderApp({
      path: '/accountant/reports',
      user: accountant,
      api: {
        'GET /v1/pay/reports': (req) =>
          ok(
            req.params.academicYearId === 1
              ? makeReport({ academicYearId: 1, academicYearName: '2024-2025', previousYear: null })
              : makeReport(),
          ),
      },
    });
    const picker = await screen.findByLabelText('Năm học', {}, { timeout: 10_000 });
    expect(picker).toHaveValue('2');
    expect(reportCalls(mock.calls)[0].params).toEqual({});
    await userEvent.selectOptions(picker, '1');
    await waitFor(() => expect(router.state.location.search).toBe('?year=1'));
    await waitFor(() => expect(reportCalls(mock.calls).at(-1)?.params).toEqual({ academicYearId: 1 }));
    expect(await screen.findByText('Năm học trước chưa có đợt tính')).toBeInTheDocument();
  });

  it('says so when the year has no run, without an export', async () => {
    renderApp({
      path: '/accountant/reports?year=3',
      user: accountant,
      api: {
        'GET /v1/pay/reports': () =>
          ok(
            makeReport({
              academicYearId: 3,
              academicYearName: '2026-2027',
              source: null,
              runs: [],
              byMonth: [],
              overCap: [],
              byDepartment: [],
            }),
          ),
      },
    });
    const empty = (await screen.findByText('Năm học này chưa có đợt tính thù lao', {}, { timeout: 10_000 })).parentElement as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'Quản lý thù lao' })).toHaveAttribute('href', '/accountant/salary');
    expect(empty).toHaveTextContent('hoặc chọn năm học 2024-2025');
    expect(screen.queryByRole('button', { name: 'Xuất Excel' })).not.toBeInTheDocument();
  });

  it('shows the server’s message and retries when the read fails', async () => {
    let fails = true;
    renderApp({
      path: '/accountant/reports?year=99',
      user: accountant,
      api: { 'GET /v1/pay/reports': () => (fails ? fail(404, 'Không tìm thấy năm học.') : ok(makeReport())) },
    });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Không tìm thấy năm học.');
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Tổng thành tiền')).toBeInTheDocument();
  });
});
