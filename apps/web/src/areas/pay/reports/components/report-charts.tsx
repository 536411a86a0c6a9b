import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TPayReport } from '@app/shared/pay';
import { formatMoney, monthLabel } from '@app/shared/pay-calc';
import { formatPeriods } from '@app/shared/workload-calc';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { millions } from '../lib/format';

/*
 * The report's charts, drawn with recharts like the app's other charts (imported only here, from the lazily
 * loaded reports page). Each is for the eye only: the tables beside them hold the same figures exactly
 * and are what a screen reader reads.
 */

const axisTick = { fontSize: 11, fill: 'var(--app-muted)' };
const COLORS = { now: 'var(--app-primary)', before: '#94a3b8', norm: '#94a3b8', counted: 'var(--app-primary)' } as const;

function Frame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <figure aria-hidden="true" className="m-0 w-full min-w-0">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
        {children as never}
      </ResponsiveContainer>
    </figure>
  );
}

function useLabelWidth() {
  return useMediaQuery(DESKTOP_QUERY) ? 180 : 100;
}

/** Two bars per department: this year's amount and the previous year's. */
export function DepartmentAmountChart({
  rows,
  yearName,
  previousName,
}: {
  rows: TPayReport['byDepartment'];
  yearName: string;
  previousName: string | null;
}) {
  const labelWidth = useLabelWidth();
  const data = rows.map((d) => ({ label: d.departmentName, now: d.amount, before: d.previousAmount ?? 0 }));
  const height = rows.length * (previousName ? 44 : 30) + 70;
  return (
    <Frame height={height}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 0 }} barCategoryGap={8} barGap={2}>
        <CartesianGrid horizontal={false} stroke="var(--app-border)" />
        <XAxis type="number" tick={axisTick} tickFormatter={millions} />
        <YAxis type="category" dataKey="label" width={labelWidth} interval={0} tick={{ fontSize: 12, fill: 'var(--app-fg)' }} />
        <Tooltip cursor={{ fill: 'var(--app-surface-2)' }} formatter={(v) => formatMoney(Number(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="now" name={yearName} fill={COLORS.now} radius={[0, 4, 4, 0]} maxBarSize={16} isAnimationActive={false} />
        {previousName ? (
          <Bar dataKey="before" name={previousName} fill={COLORS.before} radius={[0, 4, 4, 0]} maxBarSize={16} isAnimationActive={false} />
        ) : null}
      </BarChart>
    </Frame>
  );
}

/** The salary fund month by month (Σ the teachers' monthly salaries the pay is computed from). */
export function SalaryFundChart({ rows }: { rows: TPayReport['byMonth'] }) {
  const data = rows.map((m) => ({ label: monthLabel(m.month), fund: m.salaryFund }));
  return (
    <Frame height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 4, left: 8 }}>
        <CartesianGrid vertical={false} stroke="var(--app-border)" />
        <XAxis dataKey="label" tick={axisTick} interval="preserveStartEnd" />
        <YAxis tick={axisTick} tickFormatter={millions} width={64} />
        <Tooltip cursor={{ fill: 'var(--app-surface-2)' }} formatter={(v) => [formatMoney(Number(v)), 'Quỹ lương tháng']} />
        <Bar dataKey="fund" fill={COLORS.now} radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

/** Per department: the norm against the periods counted (the part above the norm is the overtime). */
export function NormChart({ rows }: { rows: TPayReport['byDepartment'] }) {
  const labelWidth = useLabelWidth();
  const data = rows.filter((d) => d.teachers > 0).map((d) => ({ label: d.departmentName, norm: d.norm, counted: d.counted }));
  const height = data.length * 44 + 70;
  return (
    <Frame height={height}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 0 }} barCategoryGap={8} barGap={2}>
        <CartesianGrid horizontal={false} stroke="var(--app-border)" />
        <XAxis type="number" tick={axisTick} allowDecimals={false} />
        <YAxis type="category" dataKey="label" width={labelWidth} interval={0} tick={{ fontSize: 12, fill: 'var(--app-fg)' }} />
        <Tooltip cursor={{ fill: 'var(--app-surface-2)' }} formatter={(v) => `${formatPeriods(Number(v))} tiết`} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="norm" name="Định mức" fill={COLORS.norm} radius={[0, 4, 4, 0]} maxBarSize={16} isAnimationActive={false} />
        <Bar dataKey="counted" name="Thực dạy" fill={COLORS.counted} radius={[0, 4, 4, 0]} maxBarSize={16} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}
