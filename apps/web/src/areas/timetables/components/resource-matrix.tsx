import { DAY_LABELS, SESSION_LABELS, type TWeekView } from '@app/shared/timetables';
import { addDays, formatDate } from '../lib/week';
import { cellEntries, matrixSlots, occupancy, type MatrixSpec } from '../lib/matrix';

/**
 * Resources down (the department's teachers, the campus's rooms), slots across: the periods of one
 * day, or of the whole week (compact). A filled cell names the class (and room or teacher); an empty
 * one is free. `showOccupancy` adds the row's share of the week's slots in use.
 */
export function ResourceMatrix({
  view,
  spec,
  day,
  rowHeader,
  today,
  showOccupancy = false,
}: {
  view: TWeekView;
  spec: MatrixSpec;
  day: number | 'week';
  rowHeader: string;
  today: number | null;
  showOccupancy?: boolean;
}) {
  const slots = matrixSlots(view, day);
  const days = day === 'week' ? view.grid.days : [day];
  const periodOf = (n: number) => view.grid.periods.find((p) => p.period === n);
  const compact = day === 'week';
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`${rowHeader} theo tiết`}
      className="overflow-x-auto rounded-xl border border-border bg-surface focus-visible:outline-2 focus-visible:outline-primary print:overflow-visible print:border-0"
    >
      <table className="w-full border-collapse text-xs">
        <thead>
          <tr>
            <th
              scope="col"
              rowSpan={2}
              className="sticky left-0 z-10 min-w-32 border-b border-border bg-surface p-2 text-left font-medium text-muted"
            >
              {rowHeader}
            </th>
            {days.map((d) => (
              <th
                key={d}
                scope="colgroup"
                colSpan={view.grid.periods.length}
                aria-current={d === today ? 'date' : undefined}
                className={`border-b border-l border-border p-1 text-center font-semibold ${d === today ? 'bg-primary/10 text-primary' : 'text-fg'}`}
              >
                {DAY_LABELS[d]} {formatDate(addDays(view.weekStart, d - 1)).slice(0, 5)}
              </th>
            ))}
            {showOccupancy ? (
              <th scope="col" rowSpan={2} className="border-b border-l border-border p-2 text-right font-medium text-muted">
                Sử dụng tuần
              </th>
            ) : null}
          </tr>
          <tr>
            {slots.map((s) => {
              const p = periodOf(s.period);
              const sessionStart = p && periodOf(s.period - 1)?.session !== p.session;
              return (
                <th
                  key={`${s.day}-${s.period}`}
                  scope="col"
                  title={p ? `${DAY_LABELS[s.day]}, tiết ${s.period} (${SESSION_LABELS[p.session]}, ${p.start} – ${p.end})` : undefined}
                  className={`border-b border-border p-1 text-center font-normal text-muted ${sessionStart ? 'border-l' : ''}`}
                >
                  {compact ? s.period : `Tiết ${s.period}`}
                  {!compact && p ? <span className="block tabular-nums">{p.start}</span> : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {spec.rows.map((r) => {
            const occ = showOccupancy ? occupancy(view, spec, r.id) : null;
            return (
              <tr key={r.id} className="border-t border-border">
                <th scope="row" className="sticky left-0 z-10 bg-surface p-2 text-left font-medium text-fg">
                  {r.label}
                  {r.hint ? <span className="block font-normal text-muted">{r.hint}</span> : null}
                </th>
                {slots.map((s) => {
                  const here = cellEntries(view, spec, r.id, s);
                  const p = periodOf(s.period);
                  const sessionStart = p && periodOf(s.period - 1)?.session !== p.session;
                  const text = here.map(spec.cellText).join('; ');
                  return (
                    <td
                      key={`${s.day}-${s.period}`}
                      data-day={s.day}
                      data-period={s.period}
                      title={`${r.label} – ${DAY_LABELS[s.day]}, tiết ${s.period}: ${text || 'trống'}`}
                      className={`h-9 p-0.5 text-center align-middle ${sessionStart ? 'border-l border-border' : ''} ${s.day === today ? 'bg-primary/5' : ''}`}
                    >
                      {here.length ? (
                        <span
                          className={`block rounded px-1 py-0.5 ${here.some((e) => e.kind === 'fixed') ? 'bg-amber-300/30 italic' : 'bg-primary/15'} ${compact ? 'truncate' : ''}`}
                        >
                          {text}
                        </span>
                      ) : (
                        <span className="sr-only">Trống</span>
                      )}
                    </td>
                  );
                })}
                {occ ? (
                  <td
                    className="border-l border-border p-2 text-right whitespace-nowrap tabular-nums"
                    aria-label={`${r.label} sử dụng ${occ.percent}% số tiết trong tuần`}
                  >
                    {occ.percent}%
                    <span className="block text-muted">
                      {occ.used}/{occ.total} tiết
                    </span>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
