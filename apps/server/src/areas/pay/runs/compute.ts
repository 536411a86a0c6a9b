import { createHash } from 'node:crypto';
import { DECLARATION_STATUS_LABELS } from '@app/shared/declarations';
import { computeOvertimePay, monthLabel, type PayMonthInput } from '@app/shared/pay-calc';
import type { TPayBlocker, TPayLineSources } from '@app/shared/pay';
import type { TPosition, TWorkloadRules } from '@app/shared/workload';
import type { PaySourceRow } from '@/areas/teaching/declarations/pay-sources.service';
import { coefficientValues, inForceOn, isoOf, settingsValues } from '../core/values';
import type { CoefficientRow, SettingsRow } from '../core/values.repository';

/*
 * A run's lines from its inputs, on plain data (no database): for each teacher concerned by the run's
 * semesters, their locked declarations' counted periods and norm, the coefficients and settings in force
 * on the first day of each month of the school year, and the workload rule set of the year — or the
 * reasons they cannot be paid yet (a blocking teacher). The same inputs give the same lines, byte for
 * byte: the fingerprint of the result tells a submission whether anything moved since the last compute.
 */

export interface RunScope {
  semesters: { id: number; name: string }[];
  /** The 12 months of the school year (YYYY-MM-01). */
  months: string[];
  /** The month whose coefficients the payroll sheet shows (the scope's last month). */
  lastMonth: string;
  rules: TWorkloadRules;
  ruleSetId: number | null;
  overtimeRatePercent: number;
}

export interface ComputedLine {
  teacherId: number;
  staffCode: string;
  fullName: string;
  departmentId: number | null;
  departmentName: string | null;
  rank: string;
  step: number;
  coefficient: string;
  monthlySalary: number;
  yearlySalary: number;
  yearlyNorm: string;
  counted: string;
  norm: string;
  overtime: string;
  overtimePaid: string;
  capped: boolean;
  periodPay: number;
  overtimePeriodPay: number;
  amount: number;
  previouslyPaid: number;
  due: number;
  detail: {
    periodPayExact: string;
    overtimePeriodPayExact: string;
    monthly: { from: string; to: string; months: number; total: number }[];
    steps: { label: string; value: string; explanation: string }[];
    sources: TPayLineSources;
  };
}

/** "9/2026", or "9/2026 – 12/2026" for consecutive months. */
function monthsText(months: string[]): string {
  if (months.length === 1) return `tháng ${monthLabel(months[0])}`;
  return `các tháng ${monthLabel(months[0])} – ${monthLabel(months[months.length - 1])}`;
}

/** A periods figure stored as numeric(12,4) text. */
const periods = (n: number) => n.toFixed(4);

export function computeRun(opts: {
  scope: RunScope;
  sources: PaySourceRow[];
  coefficients: Map<number, CoefficientRow[]>;
  settings: SettingsRow[];
  /** What paid runs of the same scope paid each teacher (đồng). */
  previouslyPaid: Map<number, number>;
}): { lines: ComputedLine[]; blockers: TPayBlocker[]; fingerprint: string } {
  const { scope } = opts;
  const bySemester = new Map(scope.semesters.map((s) => [s.id, s.name]));
  const teachers = new Map<number, PaySourceRow[]>();
  for (const r of opts.sources) {
    const list = teachers.get(r.teacherId);
    if (list) list.push(r);
    else teachers.set(r.teacherId, [r]);
  }
  const settingsOf = (month: string) => inForceOn(opts.settings, month);

  const lines: ComputedLine[] = [];
  const blockers: TPayBlocker[] = [];
  for (const [teacherId, rows] of teachers) {
    const first = rows[0];
    const missing: string[] = [];
    const kinds = new Set<'declaration' | 'coefficients'>();
    for (const r of rows) {
      const name = bySemester.get(r.semesterId) ?? '';
      if (!r.hasPeriod) missing.push(`${name} chưa có kỳ kê khai`);
      else if (r.declarationId === null) missing.push(`Chưa có kê khai ${name}`);
      else if (r.status !== 'locked') missing.push(`Kê khai ${name} chưa khóa (${DECLARATION_STATUS_LABELS[r.status!]})`);
      else if (!r.totals) missing.push(`Kê khai ${name} chưa có số liệu`);
      else continue;
      kinds.add('declaration');
    }
    const versions = opts.coefficients.get(teacherId) ?? [];
    const uncovered = scope.months.filter((m) => !inForceOn(versions, m));
    if (uncovered.length > 0) {
      missing.push(versions.length === 0 ? 'Chưa có hệ số lương' : `Chưa có hệ số lương cho ${monthsText(uncovered)}`);
      kinds.add('coefficients');
    }
    if (missing.length > 0) {
      blockers.push({
        teacherId,
        staffCode: first.staffCode,
        fullName: first.fullName,
        departmentName: first.departmentName,
        missing,
        kinds: [...kinds],
      });
      continue;
    }

    const months: PayMonthInput[] = scope.months.map((month) => ({
      month,
      settings: settingsValues(settingsOf(month)!),
      coefficient: coefficientValues(inForceOn(versions, month)!),
    }));
    const counted = rows.reduce((a, r) => a + Math.round(r.totals!.counted * 10_000), 0) / 10_000;
    const norm = rows.reduce((a, r) => a + Math.round(r.totals!.normBase * 10_000), 0) / 10_000;
    const position = first.position as TPosition;
    const pay = computeOvertimePay({
      months,
      normPerWeek: scope.rules.norms[position],
      teachingWeeks: scope.rules.teachingWeeks,
      overtimeRatePercent: scope.overtimeRatePercent,
      overtimeCap: scope.rules.overtimeCapPerYear,
      counted,
      norm,
      previouslyPaid: opts.previouslyPaid.get(teacherId) ?? 0,
    });
    const shown = inForceOn(versions, scope.lastMonth)!;
    const countMonths = <T extends { id: number | null }>(of: (m: string) => T) => {
      const counts = new Map<number | null, { row: T; months: number }>();
      for (const m of scope.months) {
        const row = of(m);
        const c = counts.get(row.id);
        if (c) c.months++;
        else counts.set(row.id, { row, months: 1 });
      }
      return [...counts.values()];
    };
    lines.push({
      teacherId,
      staffCode: first.staffCode,
      fullName: first.fullName,
      departmentId: first.departmentId,
      departmentName: first.departmentName,
      rank: shown.rank,
      step: shown.step,
      coefficient: shown.coefficient,
      monthlySalary: pay.monthlySalary,
      yearlySalary: pay.yearlySalary,
      yearlyNorm: periods(pay.yearlyNorm),
      counted: periods(pay.counted),
      norm: periods(pay.norm),
      overtime: periods(pay.overtime),
      overtimePaid: periods(pay.overtimePaid),
      capped: pay.capped,
      periodPay: pay.periodPay,
      overtimePeriodPay: pay.overtimePeriodPay,
      amount: pay.amount,
      previouslyPaid: pay.previouslyPaid,
      due: pay.due,
      detail: {
        periodPayExact: pay.periodPayExact,
        overtimePeriodPayExact: pay.overtimePeriodPayExact,
        monthly: pay.monthly.map(({ from, to, months: n, total }) => ({ from, to, months: n, total })),
        steps: pay.steps,
        sources: {
          declarations: rows.map((r) => ({
            id: r.declarationId!,
            semesterName: bySemester.get(r.semesterId) ?? '',
            version: r.version!,
            counted: r.totals!.counted,
            normBase: r.totals!.normBase,
            lockedAt: isoOf(r.lockedAt),
          })),
          coefficients: countMonths((m) => inForceOn(versions, m)!).map(({ row, months: n }) => ({
            id: row.id,
            effectiveFrom: row.effectiveFrom,
            coefficient: row.coefficient,
            months: n,
          })),
          settings: countMonths((m) => settingsOf(m)!).map(({ row, months: n }) => ({
            id: row.id,
            effectiveFrom: row.effectiveFrom,
            baseSalary: Number(row.baseSalary),
            months: n,
          })),
          ruleSet: { id: scope.ruleSetId, name: scope.rules.name },
        },
      },
    });
  }
  const fingerprint = createHash('sha256').update(JSON.stringify({ lines, blockers })).digest('hex');
  return { lines, blockers, fingerprint };
}

/** The months of `months` without pay settings in force on their first day (the run cannot be computed then). */
export function monthsWithoutSettings(months: string[], settings: SettingsRow[]): string[] {
  return months.filter((m) => !inForceOn(settings, m));
}

export { monthsText };
