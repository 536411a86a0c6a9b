import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TT05_2025_RULES } from '@app/shared/workload';
import type { TCoefficientVersion, TPaySettingsVersion, TTeacherCoefficientRow } from '@app/shared/pay';
import { mockApi, ok, type MockRequest } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import CoefficientsPage from './coefficients-page';

const SETTINGS: TPaySettingsVersion = {
  id: 1,
  effectiveFrom: '2024-07-01',
  baseSalary: 2_340_000,
  overtimeRatePercent: 150,
  countedAllowances: { leadership: true, preferential: true, seniority: true, other: true },
  note: null,
  updatedAt: '2026-01-01T00:00:00Z',
  inForce: true,
};
const VERSION: TCoefficientVersion = {
  id: 5,
  teacherId: 11,
  effectiveFrom: '2025-01-01',
  rank: 'II',
  step: 3,
  coefficient: '4.68',
  leadershipCoefficient: '0',
  preferentialPercent: '30',
  seniorityPercent: '10',
  serviceStartDate: null,
  otherCoefficient: '0',
  note: null,
  updatedAt: '2026-01-01T00:00:00Z',
};
const ROWS: TTeacherCoefficientRow[] = [
  {
    teacherId: 11,
    staffCode: 'GV011',
    fullName: 'Nguyễn Thị Hoa',
    departmentId: 2,
    departmentName: 'Tổ Toán',
    position: 'TEACHER',
    current: VERSION,
    seniorityNow: '10',
    versions: 1,
    monthlySalary: 15_331_680,
  },
  {
    teacherId: 12,
    staffCode: 'GV012',
    fullName: 'Trần Văn Nam',
    departmentId: 3,
    departmentName: 'Tổ Văn',
    position: 'TEACHER',
    current: null,
    seniorityNow: null,
    versions: 0,
    monthlySalary: null,
  },
];

const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

let mock: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  mock?.restore();
  mock = null;
});

function renderPage(extra = {}) {
  mock = mockApi({
    'GET /v1/pay/settings': () =>
      ok({
        items: [SETTINGS],
        inForceId: 1,
        today: '2026-11-25',
        ruleSet: {
          id: 1,
          name: TT05_2025_RULES.name,
          effectiveFrom: TT05_2025_RULES.effectiveFrom,
          teachingWeeks: 35,
          norms: TT05_2025_RULES.norms,
          overtimeCapPerYear: 200,
        },
      }),
    'GET /v1/pay/coefficients': () => ok({ items: ROWS, total: 2, page: 1, limit: 10 }),
    'GET /v1/departments': () => ok({ items: [], total: 0, page: 1, limit: 100 }),
    'GET /v1/pay/coefficients/teachers/12': () => ok([]),
    'GET /v1/pay/coefficients/teachers/11': () => ok([VERSION]),
    ...extra,
  });
  renderUi(<CoefficientsPage />, { path: '/accountant/coefficients' });
  return mock;
}

describe('CoefficientsPage', { timeout: 30_000 }, () => {
  it('shows the settings, the rule set read-only and every teacher with the monthly salary', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Hệ số lương của giáo viên' });
    expect(await within(table).findByText('Nguyễn Thị Hoa')).toBeInTheDocument();
    expect(within(table).getByText('15.331.680 đ')).toBeInTheDocument();
    expect(within(table).getByText('4,68')).toBeInTheDocument();
    expect(within(table).getByText('Chưa có hệ số')).toBeInTheDocument();
    expect(screen.getByText(`Định mức và giới hạn (theo quy định định mức đang áp dụng: ${TT05_2025_RULES.name})`)).toBeInTheDocument();
    expect(screen.getByText('17 tiết/tuần')).toBeInTheDocument();
    expect(screen.getByText('200 tiết')).toBeInTheDocument();
    expect(screen.getAllByText('2.340.000 đ').length).toBeGreaterThan(0);
  });

  it('checks a settings version with the shared schema (Vietnamese) before sending', async () => {
    const api = renderPage({ 'POST /v1/pay/settings': () => ok(SETTINGS, 'Đã tạo phiên bản cấu hình lương.') });
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm phiên bản' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm phiên bản cấu hình lương' });
    const rate = within(dialog).getByLabelText(/Tỷ lệ trả lương dạy thêm giờ/);
    await userEvent.clear(rate);
    await userEvent.type(rate, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm phiên bản' }));
    expect(await within(dialog).findByText('Tỷ lệ trả lương dạy thêm giờ tối thiểu 100%.')).toBeInTheDocument();
    expect(within(dialog).getByText('Ngày hiệu lực là bắt buộc.')).toBeInTheDocument();
    expect(sent(api.calls, 'POST', '/v1/pay/settings')).toHaveLength(0);
  });

  it('adds a teacher’s coefficients: hạng then bậc with its coefficient, 70% quick choice, seniority from the start date', async () => {
    const api = renderPage({
      'POST /v1/pay/coefficients': (req: MockRequest) => ok({ ...VERSION, ...(req.body as object), id: 9 }, 'Đã thêm hệ số lương.'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Hệ số của Trần Văn Nam' }));
    const versions = await screen.findByRole('dialog', { name: 'Hệ số lương – Trần Văn Nam' });
    expect(await within(versions).findByText('Chưa có hệ số lương')).toBeInTheDocument();
    await userEvent.click(within(versions).getByRole('button', { name: 'Thêm phiên bản' }));
    const form = await screen.findByRole('dialog', { name: 'Thêm hệ số lương – Trần Văn Nam' });

    await userEvent.selectOptions(within(form).getByLabelText(/^Hạng/), 'Hạng III');
    await userEvent.selectOptions(within(form).getByLabelText(/^Bậc/), 'Bậc 9 – hệ số 4,98');
    await userEvent.click(within(form).getByRole('button', { name: 'Thêm' }));
    expect(await within(form).findByText('Ngày hiệu lực là bắt buộc.')).toBeInTheDocument();
    expect(sent(api.calls, 'POST', '/v1/pay/coefficients')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Ngày hiệu lực/), '01092026');
    await userEvent.click(within(form).getByRole('button', { name: '70% (lớp chuyên)' }));
    await userEvent.type(within(form).getByLabelText(/^Ngày bắt đầu công tác/), '15082012');
    await userEvent.click(within(form).getByRole('button', { name: 'Thêm' }));
    await waitFor(() => expect(sent(api.calls, 'POST', '/v1/pay/coefficients')).toHaveLength(1));
    expect(sent(api.calls, 'POST', '/v1/pay/coefficients')[0].body).toEqual({
      teacherId: 12,
      effectiveFrom: '2026-09-01',
      rank: 'III',
      step: 9,
      leadershipCoefficient: '0',
      preferentialPercent: '70',
      seniorityPercent: null,
      serviceStartDate: '2012-08-15',
      otherCoefficient: '0',
      note: null,
    });
  });
});
