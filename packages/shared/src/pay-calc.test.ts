import { describe, expect, it } from 'vitest';
import {
  computeOvertimePay,
  formatMoney,
  monthlySalary,
  schoolYearMonths,
  seniorityPercentOn,
  type CoefficientValues,
  type PaySettingsValues,
} from './pay-calc';

const settings: PaySettingsValues = {
  effectiveFrom: '2024-07-01',
  baseSalary: 2_340_000,
  overtimeRatePercent: 150,
  countedAllowances: { leadership: true, preferential: true, seniority: true, other: true },
};
const coef: CoefficientValues = {
  effectiveFrom: '2024-07-01',
  rank: 'II',
  step: 3,
  coefficient: '4.68',
  leadershipCoefficient: '0',
  preferentialPercent: '30',
  seniorityPercent: '10',
  serviceStartDate: null,
  otherCoefficient: '0',
};
const year = (c: CoefficientValues = coef, s: PaySettingsValues = settings) =>
  schoolYearMonths('2026-09-05').map((month) => ({ month, settings: s, coefficient: c }));

describe('overtime pay (TT 21/2025, DOMAIN.md worked example)', () => {
  it('computes the worked example to the đồng', () => {
    const m = monthlySalary(settings, coef, '2026-09-01');
    expect(m.parts.map((p) => p.amount)).toEqual([10_951_200, 3_285_360, 1_095_120]);
    const r = computeOvertimePay({
      months: year(),
      normPerWeek: 17,
      teachingWeeks: 35,
      overtimeRatePercent: 150,
      overtimeCap: 200,
      counted: (16 + 4) * 35,
      norm: 595,
    });
    expect(r.monthlySalary).toBe(15_331_680);
    expect(r.yearlySalary).toBe(183_980_160);
    expect(r.periodPayExact).toBe('208.122,35');
    expect(r.periodPay).toBe(208_122);
    expect(r.overtimePeriodPayExact).toBe('312.183,53');
    expect(r.overtimePeriodPay).toBe(312_184);
    expect(r.overtime).toBe(105);
    expect(r.amount).toBe(32_779_271);
    expect(r.capped).toBe(false);
    expect(r.steps.map((s) => s.explanation)).toContain('Tiền lương 1 tiết dạy thêm: 208.122,35 đ × 150% = 312.183,53 đ');
    expect(formatMoney(r.amount)).toBe('32.779.271 đ');
  });

  it('pays at most the cap and says so', () => {
    const r = computeOvertimePay({
      months: year(),
      normPerWeek: 17,
      teachingWeeks: 35,
      overtimeRatePercent: 150,
      overtimeCap: 200,
      counted: 595 + 260,
      norm: 595,
    });
    expect(r.overtime).toBe(260);
    expect(r.overtimePaid).toBe(200);
    expect(r.capped).toBe(true);
    // 200 × 183,980,160 × 1.5 / (595 × 52) = 62,436,705.88… → 62,436,706
    expect(r.amount).toBe(62_436_706);
    expect(r.steps.find((s) => s.label === 'Giới hạn tiết dạy thêm')?.explanation).toContain(
      'chỉ thanh toán 200 tiết, 60 tiết không được thanh toán',
    );
  });

  it('takes each month at its own values when the coefficient changes mid-year', () => {
    const raised: CoefficientValues = { ...coef, effectiveFrom: '2027-01-01', step: 4, coefficient: '5.02' };
    const months = schoolYearMonths('2026-09-05').map((month) => ({ month, settings, coefficient: month < '2027-01-01' ? coef : raised }));
    const r = computeOvertimePay({
      months,
      normPerWeek: 17,
      teachingWeeks: 35,
      overtimeRatePercent: 150,
      overtimeCap: 200,
      counted: 600,
      norm: 595,
    });
    // 4 months at 4.68 × 2,340,000 × 1.4 and 8 at 5.02 × 2,340,000 × 1.4
    expect(r.monthly.map((g) => [g.months, g.total])).toEqual([
      [4, 15_331_680],
      [8, 16_445_520],
    ]);
    expect(r.yearlySalary).toBe(4 * 15_331_680 + 8 * 16_445_520);
    expect(r.steps.find((s) => s.label === 'Lương năm')?.explanation).toBe('Lương năm: 15.331.680 × 4 + 16.445.520 × 8 = 192.890.880 đ');
  });

  it('never has overtime below the norm, and subtracts what earlier runs paid', () => {
    const below = computeOvertimePay({
      months: year(),
      normPerWeek: 17,
      teachingWeeks: 35,
      overtimeRatePercent: 150,
      overtimeCap: 200,
      counted: 500,
      norm: 595,
    });
    expect(below.overtime).toBe(0);
    expect(below.amount).toBe(0);
    const after = computeOvertimePay({
      months: year(),
      normPerWeek: 17,
      teachingWeeks: 35,
      overtimeRatePercent: 150,
      overtimeCap: 200,
      counted: 700,
      norm: 595,
      previouslyPaid: 10_000_000,
    });
    expect(after.due).toBe(22_779_271);
    expect(after.steps.at(-1)?.label).toBe('Còn được nhận');
  });

  it('rounds each line once: many lines summed by hand', () => {
    // Overtime of 1 … 40 periods with a fractional part, each line rounded on its own, half up.
    let total = 0;
    for (let i = 1; i <= 40; i++) {
      const r = computeOvertimePay({
        months: year(),
        normPerWeek: 17,
        teachingWeeks: 35,
        overtimeRatePercent: 150,
        overtimeCap: 200,
        counted: 595 + i + 0.25,
        norm: 595,
      });
      // exact: (i + 0.25) × 183,980,160 ÷ 595 × 35 ÷ 52 × 1.5 = (4i + 1) × 183,980,160 × 3 ÷ (4 × 1,768)
      const num = BigInt((4 * i + 1) * 183_980_160 * 3);
      const den = 4n * 1_768n;
      expect(BigInt(r.amount)).toBe((num * 2n + den) / (2n * den));
      total += r.amount;
    }
    expect(total).toBe(259_112_329); // summed with Python fractions, each line rounded half up
  });

  it('computes seniority from the start of service', () => {
    const c = { seniorityPercent: null, serviceStartDate: '2016-10-15' };
    expect(seniorityPercentOn(c, '2021-10-01')).toBe('0');
    expect(seniorityPercentOn(c, '2021-11-01')).toBe('5');
    expect(seniorityPercentOn(c, '2026-11-01')).toBe('10');
  });
});
