import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Text,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { fmtN, fmtPercent, fmtScore, TOO_FEW } from '../lib/stats';

/*
 * The results charts. recharts is imported only here, and this file only from the lazily loaded
 * results pages, so the sign-in and student form bundles never carry it. Every chart sits beside a
 * table or list with the same numbers (n, mean, SD): the chart is for the eye, the text is exact and
 * what a screen reader reads.
 */

/** Whole-number ticks 0…max: "0 1 2 3 4 5" reads better than recharts' "0,00 2,00 4,00 5,00". */
const wholeTicks = (max: number) => Array.from({ length: Math.floor(max) + 1 }, (_, i) => i);
const axisTick = { fontSize: 11, fill: 'var(--app-muted)' };

export const COLORS = { own: 'var(--app-primary)', department: '#d97706', school: '#64748b', muted: 'var(--app-muted)' } as const;

export interface BarRow {
  key: string;
  label: string;
  value: number | null;
  n: number;
  hidden?: boolean;
}

/** Category labels wrap onto two lines; a phone gets a narrower label column so the bars keep room. */
function useLabelWidth() {
  return useMediaQuery(DESKTOP_QUERY) ? 190 : 122;
}

function CategoryTick(props: { x?: number | string; y?: number | string; payload?: { value?: unknown }; width: number }) {
  return (
    <Text
      x={Number(props.x ?? 0) - 6}
      y={Number(props.y ?? 0)}
      width={props.width - 10}
      maxLines={2}
      textAnchor="end"
      verticalAnchor="middle"
      lineHeight="1.15em"
      // A string size: recharts measures the wrap with this style on a DOM span, where a bare 12 is ignored (16 px).
      style={{ fontSize: '12px', fill: 'var(--app-fg)' }}
    >
      {String(props.payload?.value ?? '')}
    </Text>
  );
}

function ChartFrame({ label, height, children }: { label: string; height: number; children: ReactNode }) {
  return (
    <figure aria-label={label} className="m-0 w-full min-w-0">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
        {children as never}
      </ResponsiveContainer>
    </figure>
  );
}

function TooltipBox({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div className="max-w-64 rounded-lg border border-border bg-surface px-3 py-2 text-xs text-fg shadow-lg">
      <p className="mb-1 font-medium">{title}</p>
      {lines.map((l) => (
        <p key={l} className="text-muted">
          {l}
        </p>
      ))}
    </div>
  );
}

/** The reason on a hidden row's band, on one line (recharts' own label would wrap it to the band's width). */
function GhostLabel(props: { x?: number | string; y?: number | string; height?: number | string; value?: unknown }) {
  if (props.value === undefined || props.value === null) return null;
  return (
    <text
      x={Number(props.x ?? 0) + 6}
      y={Number(props.y ?? 0) + Number(props.height ?? 0) / 2}
      dy="0.35em"
      fontSize={11}
      fill="var(--app-muted)"
    >
      {String(props.value)}
    </text>
  );
}

/** On a phone the band is too short for the whole message; the table beside the chart carries it in full. */
const rowText = (r: BarRow, format: (v: number) => string, short: boolean) =>
  r.hidden ? (short ? 'Chưa đủ phản hồi' : TOO_FEW) : r.value === null ? 'chưa có' : `${format(r.value)} · ${fmtN(r.n)}`;

/**
 * Horizontal bars (long Vietnamese labels read on the left, the value and its n at the bar's end).
 * Hidden slices keep their row, with no bar and the reason as its label.
 */
export function HBarChart({
  rows,
  max,
  label,
  format = fmtScore,
  color = COLORS.own,
}: {
  rows: BarRow[];
  max: number;
  label: string;
  format?: (v: number) => string;
  color?: string;
}) {
  const labelWidth = useLabelWidth();
  const scoreAxis = format === fmtScore;
  // A hidden or empty row gets a pale full-width band that says why, in place of a bar (a zero-length
  // bar would carry no label).
  const data = rows.map((r) => {
    const missing = r.hidden || r.value === null;
    return { ...r, bar: missing ? null : r.value, ghost: missing ? max : null, text: rowText(r, format, labelWidth < 150) };
  });
  const height = rows.length * 34 + 36;
  return (
    <ChartFrame label={label} height={height}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 96, bottom: 4, left: 0 }} barCategoryGap={8}>
        <CartesianGrid horizontal={false} stroke="var(--app-border)" />
        <XAxis
          type="number"
          domain={[0, max]}
          ticks={scoreAxis ? wholeTicks(max) : undefined}
          tick={axisTick}
          tickFormatter={(v: number) => (scoreAxis ? String(v) : format(v))}
        />
        <YAxis
          type="category"
          dataKey="label"
          width={labelWidth}
          interval={0}
          tick={(p: object) => <CategoryTick {...p} width={labelWidth} />}
        />
        <Tooltip
          cursor={{ fill: 'var(--app-surface-2)' }}
          content={({ active, payload }) => {
            const r = active ? (payload?.[0]?.payload as (typeof data)[number] | undefined) : undefined;
            return r ? <TooltipBox title={r.label} lines={[r.text]} /> : null;
          }}
        />
        <Bar dataKey="bar" stackId="row" fill={color} radius={[0, 4, 4, 0]} maxBarSize={22} isAnimationActive={false}>
          <LabelList dataKey="text" position="right" style={{ fontSize: 11, fill: 'var(--app-fg)' }} />
        </Bar>
        <Bar dataKey="ghost" stackId="row" fill="var(--app-surface-2)" maxBarSize={22} isAnimationActive={false}>
          <LabelList dataKey="text" content={GhostLabel} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

export interface Series {
  key: string;
  label: string;
  color: string;
}
export interface GroupRow {
  key: string;
  label: string;
  values: Record<string, number | null>;
  n: Record<string, number>;
}

/** Several means per category (the teacher, the department, the school), one colour each. */
export function GroupedHBarChart({ rows, series, max, label }: { rows: GroupRow[]; series: Series[]; max: number; label: string }) {
  const labelWidth = useLabelWidth();
  const data = rows.map((r) => ({ label: r.label, ...Object.fromEntries(series.map((s) => [s.key, r.values[s.key]])), row: r }));
  const height = rows.length * (series.length * 14 + 22) + 64;
  return (
    <ChartFrame label={label} height={height}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 40, bottom: 4, left: 0 }} barCategoryGap={6} barGap={1}>
        <CartesianGrid horizontal={false} stroke="var(--app-border)" />
        <XAxis type="number" domain={[0, max]} ticks={wholeTicks(max)} tick={axisTick} />
        <YAxis
          type="category"
          dataKey="label"
          width={labelWidth}
          interval={0}
          tick={(p: object) => <CategoryTick {...p} width={labelWidth} />}
        />
        <Tooltip
          cursor={{ fill: 'var(--app-surface-2)' }}
          content={({ active, payload }) => {
            const r = active ? (payload?.[0]?.payload as { row: GroupRow } | undefined)?.row : undefined;
            if (!r) return null;
            return (
              <TooltipBox
                title={r.label}
                lines={series.map(
                  (s) => `${s.label}: ${r.values[s.key] == null ? 'chưa có' : fmtScore(r.values[s.key])} (${fmtN(r.n[s.key] ?? 0)})`,
                )}
              />
            );
          }}
        />
        <Legend verticalAlign="top" height={28} itemSorter={null} wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={[0, 3, 3, 0]} maxBarSize={14} isAnimationActive={false}>
            <LabelList
              dataKey={s.key}
              position="right"
              formatter={(v: unknown) => (typeof v === 'number' ? fmtScore(v) : '')}
              style={{ fontSize: 10, fill: 'var(--app-fg)' }}
            />
          </Bar>
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** Share of answers per option (percent of those who answered), count and share at the bar's end. */
export function DistributionChart({
  options,
  label,
}: {
  options: Array<{ value: string; label: string; count: number; percent: number }>;
  label: string;
}) {
  const labelWidth = useLabelWidth();
  const data = options.map((o) => ({ ...o, text: `${o.count} (${fmtPercent(o.percent)})` }));
  return (
    <ChartFrame label={label} height={options.length * 28 + 30}>
      <BarChart data={data} layout="vertical" margin={{ top: 2, right: labelWidth > 150 ? 84 : 70, bottom: 2, left: 0 }} barCategoryGap={6}>
        <XAxis type="number" domain={[0, 100]} hide />
        <YAxis
          type="category"
          dataKey="label"
          width={labelWidth}
          interval={0}
          tick={(p: object) => <CategoryTick {...p} width={labelWidth} />}
        />
        <Bar
          dataKey="percent"
          fill={COLORS.own}
          radius={[0, 4, 4, 0]}
          maxBarSize={18}
          background={{ fill: 'var(--app-surface-2)' }}
          isAnimationActive={false}
        >
          <LabelList dataKey="text" position="right" style={{ fontSize: 11, fill: 'var(--app-fg)' }} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

export interface TrendPoint {
  key: string;
  label: string;
  value: number | null;
  sd: number | null;
  n: number;
  hidden: boolean;
}

/** A score over modules, oldest first. A hidden or empty module leaves a gap rather than a fake 0. */
export function TrendChart({ points, max, label }: { points: TrendPoint[]; max: number; label: string }) {
  const data = points.map((p) => ({ ...p, y: p.hidden ? null : p.value }));
  return (
    <ChartFrame label={label} height={240}>
      <LineChart data={data} margin={{ top: 20, right: 24, bottom: 4, left: 0 }}>
        <CartesianGrid stroke="var(--app-border)" vertical={false} />
        <XAxis dataKey="label" tick={axisTick} interval="preserveStartEnd" padding={{ left: 24, right: 24 }} />
        <YAxis domain={[0, max]} ticks={wholeTicks(max)} width={28} tick={axisTick} />
        <Tooltip
          content={({ active, payload }) => {
            const p = active ? (payload?.[0]?.payload as TrendPoint | undefined) : undefined;
            if (!p) return null;
            return (
              <TooltipBox title={p.label} lines={[p.hidden ? TOO_FEW : `Điểm ${fmtScore(p.value)} · ĐLC ${fmtScore(p.sd)}`, fmtN(p.n)]} />
            );
          }}
        />
        <Line type="monotone" dataKey="y" stroke={COLORS.own} strokeWidth={2} dot={{ r: 4 }} connectNulls={false} isAnimationActive={false}>
          <LabelList
            dataKey="y"
            position="top"
            offset={10}
            formatter={(v: unknown) => (typeof v === 'number' ? fmtScore(v) : '')}
            style={{ fontSize: 11, fill: 'var(--app-fg)' }}
          />
        </Line>
      </LineChart>
    </ChartFrame>
  );
}
