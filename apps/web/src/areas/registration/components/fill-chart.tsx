import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { fmtPercent, type FillRow } from '../lib/fill';

/*
 * Fill rates as horizontal bars (recharts is imported only here, from the lazily loaded monitoring page),
 * beside a table with the same numbers: the chart is for the eye, the table is exact and what a screen
 * reader reads.
 */

const axisTick = { fontSize: 11, fill: 'var(--app-muted)' };

/**
 * `countLabel`: what `taken` counts ("Đã đăng ký"; "Nhu cầu" for demand, which may pass 100%: the axis
 * then runs to the next 50% above the largest).
 */
export function FillChart({ rows, label, countLabel = 'Đã đăng ký' }: { rows: FillRow[]; label: string; countLabel?: string }) {
  const labelWidth = useMediaQuery(DESKTOP_QUERY) ? 200 : 120;
  const top = Math.max(100, Math.ceil(Math.max(0, ...rows.map((r) => r.percent)) / 50) * 50);
  const ticks = Array.from({ length: 5 }, (_, i) => (top / 4) * i);
  const data = rows.map((r) => ({ ...r, bar: Math.min(top, r.percent), text: `${fmtPercent(r.percent)} · ${r.taken}/${r.capacity}` }));
  const height = rows.length * 32 + 36;
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <figure aria-hidden="true" className="m-0 w-full min-w-0">
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 96, bottom: 4, left: 0 }} barCategoryGap={8}>
            <CartesianGrid horizontal={false} stroke="var(--app-border)" />
            <XAxis type="number" domain={[0, top]} ticks={ticks} tick={axisTick} tickFormatter={(v: number) => `${v}%`} />
            <YAxis type="category" dataKey="label" width={labelWidth} interval={0} tick={{ fontSize: 12, fill: 'var(--app-fg)' }} />
            <Tooltip
              cursor={{ fill: 'var(--app-surface-2)' }}
              content={({ active, payload }) => {
                const r = active ? (payload?.[0]?.payload as (typeof data)[number] | undefined) : undefined;
                return r ? (
                  <div className="rounded-lg border border-border bg-surface px-3 py-2 text-xs text-fg shadow-lg">
                    <p className="font-medium">{r.label}</p>
                    <p className="text-muted">{r.text}</p>
                    {r.waiting ? <p className="text-muted">{r.waiting} đang chờ</p> : null}
                  </div>
                ) : null;
              }}
            />
            <Bar dataKey="bar" fill="var(--app-primary)" radius={[0, 4, 4, 0]} maxBarSize={20} isAnimationActive={false}>
              <LabelList dataKey="text" position="right" style={{ fontSize: 11, fill: 'var(--app-fg)' }} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="text-left text-xs text-muted">
            <tr>
              <th scope="col" className="p-1.5 font-medium">
                Tên
              </th>
              <th scope="col" className="p-1.5 text-right font-medium">
                {countLabel}
              </th>
              <th scope="col" className="p-1.5 text-right font-medium">
                Tỉ lệ
              </th>
              <th scope="col" className="p-1.5 text-right font-medium">
                Chờ
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-border">
                <th scope="row" className="p-1.5 text-left font-normal">
                  {r.label}
                </th>
                <td className="p-1.5 text-right tabular-nums">
                  {r.taken}/{r.capacity}
                </td>
                <td className="p-1.5 text-right tabular-nums">{fmtPercent(r.percent)}</td>
                <td className="p-1.5 text-right tabular-nums">{r.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
