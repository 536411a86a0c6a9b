import type { TPayReport } from '@app/shared/pay';
import { runSummary } from '../core/runs';
import type { LineRow, RunRow } from './reports.repository';

/*
 * The report's figures from frozen run lines, on plain data. Which runs a year's figures come from: its
 * year run — or, once it was paid and corrected, the latest adjustment that follows it (an adjustment
 * carries the whole corrected amount, `due` being the difference) — else its interim semester runs, each
 * followed the same way. Counted periods carry up to 4 decimals: sums are rounded there, never money
 * (whole đồng, exact in a double far beyond any school's total).
 */

type Totals = TPayReport['totals'];
type Source = { source: TPayReport['source']; runs: RunRow[] };

const periods = (x: number) => Math.round(x * 10_000) / 10_000;

export const summaryOf = runSummary;

/** `base` and every adjustment made after it, directly or of an adjustment of it, oldest first. */
export function chainOf(base: RunRow, runs: readonly RunRow[]): RunRow[] {
  const out = [base];
  for (let i = 0; i < out.length; i++) out.push(...runs.filter((r) => r.adjustsRunId === out[i].id));
  return out.sort((a, b) => a.id - b.id);
}

/** The run that holds a base run's latest figures: the last adjustment of its chain, else itself. */
export const latestOf = (base: RunRow, runs: readonly RunRow[]) => chainOf(base, runs).at(-1)!;

/** `runs` (oldest first) of one year; `semesterOrder`: the year's semester ids in order. */
export function sourceOf(runs: readonly RunRow[], semesterOrder: readonly number[]): Source {
  const year = runs.filter((r) => r.kind === 'year').at(-1);
  if (year) return { source: 'year', runs: [latestOf(year, runs)] };
  const rank = (r: RunRow) => semesterOrder.indexOf(r.semesterId ?? -1);
  const bases = runs.filter((r) => r.kind === 'semester').sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  if (bases.length) return { source: 'semesters', runs: bases.map((b) => latestOf(b, runs)) };
  return { source: null, runs: [] };
}

export function totalsOf(lines: readonly LineRow[]): Totals {
  const t = { teachers: new Set(lines.map((l) => l.teacherId)).size, counted: 0, norm: 0, overtime: 0, overtimePaid: 0, amount: 0, due: 0 };
  for (const l of lines) {
    t.counted += l.counted;
    t.norm += l.norm;
    t.overtime += l.overtime;
    t.overtimePaid += l.overtimePaid;
    t.amount += l.amount;
    t.due += l.due;
  }
  return { ...t, counted: periods(t.counted), norm: periods(t.norm), overtime: periods(t.overtime), overtimePaid: periods(t.overtimePaid) };
}

const NO_DEPARTMENT = 'Chưa thuộc tổ';
/** A department across years: by id, or by the name copied into the line when it had none. */
const deptKey = (l: Pick<LineRow, 'departmentId' | 'departmentName'>) =>
  l.departmentId !== null ? `id:${l.departmentId}` : `name:${l.departmentName ?? ''}`;

/**
 * This year's lines by department, with the previous year's amount beside each; a department paid only
 * last year is listed too (zero this year) so the comparison shows what disappeared.
 */
export function departmentsOf(lines: readonly LineRow[], previous: readonly LineRow[] | null): TPayReport['byDepartment'] {
  const groups = new Map<string, LineRow[]>();
  for (const l of lines) groups.set(deptKey(l), [...(groups.get(deptKey(l)) ?? []), l]);
  const before = new Map<string, { amount: number; line: LineRow }>();
  for (const l of previous ?? []) {
    const b = before.get(deptKey(l));
    before.set(deptKey(l), { amount: (b?.amount ?? 0) + l.amount, line: b?.line ?? l });
  }
  const rows: TPayReport['byDepartment'] = [...groups].map(([key, list]) => {
    const t = totalsOf(list);
    return {
      departmentId: list[0].departmentId,
      departmentName: list[0].departmentName ?? NO_DEPARTMENT,
      teachers: t.teachers,
      counted: t.counted,
      norm: t.norm,
      overtime: t.overtime,
      overtimePaid: t.overtimePaid,
      amount: t.amount,
      due: t.due,
      previousAmount: previous ? (before.get(key)?.amount ?? null) : null,
    };
  });
  for (const [key, b] of before)
    if (!groups.has(key))
      rows.push({
        departmentId: b.line.departmentId,
        departmentName: b.line.departmentName ?? NO_DEPARTMENT,
        teachers: 0,
        counted: 0,
        norm: 0,
        overtime: 0,
        overtimePaid: 0,
        amount: 0,
        due: 0,
        previousAmount: b.amount,
      });
  return rows.sort((a, b) => a.departmentName.localeCompare(b.departmentName, 'vi'));
}

/** Each teacher's line of the latest source run that has one (the source runs in order). */
export function latestLinePerTeacher(lines: readonly LineRow[], runOrder: readonly number[]): LineRow[] {
  const byTeacher = new Map<number, LineRow>();
  const sorted = [...lines].sort((a, b) => runOrder.indexOf(a.runId) - runOrder.indexOf(b.runId));
  for (const l of sorted) byTeacher.set(l.teacherId, l);
  return [...byTeacher.values()];
}

/** "2025-09-01" + i months → "2026-01". */
function monthPlus(first: string, i: number): string {
  const m = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1 + i;
  return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
}

/** Σ monthly salaries month by month: each line's groups of equal months expanded into their months. */
export function monthsOf(lines: readonly LineRow[]): TPayReport['byMonth'] {
  const months = new Map<string, { salaryFund: number; teachers: number }>();
  for (const l of lines)
    for (const g of l.monthly ?? [])
      for (let i = 0; i < g.months; i++) {
        const key = monthPlus(g.from, i);
        const m = months.get(key) ?? { salaryFund: 0, teachers: 0 };
        months.set(key, { salaryFund: m.salaryFund + g.total, teachers: m.teachers + 1 });
      }
  return [...months].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({ month, ...m }));
}

export function overCapOf(lines: readonly LineRow[]): TPayReport['overCap'] {
  return lines
    .filter((l) => l.capped)
    .map((l) => ({
      teacherId: l.teacherId,
      staffCode: l.staffCode,
      fullName: l.fullName,
      departmentName: l.departmentName,
      overtime: l.overtime,
      overtimePaid: l.overtimePaid,
      amount: l.amount,
    }))
    .sort((a, b) => b.overtime - a.overtime || a.fullName.localeCompare(b.fullName, 'vi'));
}

/** Each semester of the year with its interim runs: how many (adjustments too), the latest amount, Σ due. */
export function semestersOf(semesters: ReadonlyArray<{ id: number; name: string }>, runs: readonly RunRow[]): TPayReport['bySemester'] {
  return semesters.map((s) => {
    const chains = runs.filter((r) => r.kind === 'semester' && r.semesterId === s.id).map((b) => chainOf(b, runs));
    return {
      semesterId: s.id,
      name: s.name,
      runs: chains.reduce((n, c) => n + c.length, 0),
      amount: chains.reduce((n, c) => n + c.at(-1)!.amount, 0),
      due: chains.reduce((n, c) => n + c.reduce((d, r) => d + r.due, 0), 0),
    };
  });
}
