import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';

const axisTick = { fontSize: 11, fill: 'var(--app-muted)' };

/**
 * Periods taught per teacher as horizontal bars. The chart is for the eye only (hidden from screen
 * readers): the table beside it holds the same numbers.
 */
export function PeriodsChart({ rows }: { rows: Array<{ label: string; periods: number }> }) {
  const labelWidth = useMediaQuery(DESKTOP_QUERY) ? 180 : 110;
  const height = rows.length * 32 + 36;
  return (
    <figure aria-hidden="true" className="m-0 w-full min-w-0">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 0 }} barCategoryGap={8}>
          <CartesianGrid horizontal={false} stroke="var(--app-border)" />
          <XAxis type="number" allowDecimals={false} tick={axisTick} />
          <YAxis type="category" dataKey="label" width={labelWidth} interval={0} tick={{ fontSize: 12, fill: 'var(--app-fg)' }} />
          <Tooltip cursor={{ fill: 'var(--app-surface-2)' }} formatter={(v) => [`${String(v)} tiết`, 'Đã dạy']} />
          <Bar dataKey="periods" fill="var(--app-primary)" radius={[0, 4, 4, 0]} maxBarSize={20} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
