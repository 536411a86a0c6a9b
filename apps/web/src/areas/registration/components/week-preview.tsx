import { Fragment } from 'react';
import { DAY_LABELS, type TPeriod } from '@app/shared/timetables';
import { PeriodRowHeader, SessionHeaderRow } from '@/areas/timetables/public';
import { weekOf, type Timed } from '../lib/offers';

/**
 * The week as it will look with the chosen classes: school days across, periods down, grouped by
 * session with their starting times from the student's campus's period grid (the timetable's week grid
 * look; the preview sits in a narrow column).
 * A period a lesson uses past the grid's last one still gets its row, without times. The scroll box is
 * focusable so the keyboard can scroll it on a phone.
 */
export function WeekPreview({
  offers,
  periods = [],
  label = 'Tuần học dự kiến',
}: {
  offers: ReadonlyArray<Timed>;
  periods?: readonly TPeriod[];
  label?: string;
}) {
  const week = weekOf(offers, periods.length);
  const timed = offers.some((o) => o.lessons.length > 0);
  const byNumber = new Map(periods.map((p) => [p.period, p]));
  // Rows by session: the grid's sessions in order, then the periods the grid does not know.
  const groups: Array<{ session: TPeriod['session'] | null; rows: number[] }> = [];
  for (const n of week.periods) {
    const session = byNumber.get(n)?.session ?? null;
    const last = groups[groups.length - 1];
    if (last && last.session === session) last.rows.push(n);
    else groups.push({ session, rows: [n] });
  }
  return (
    <div className="space-y-2">
      <div
        tabIndex={0}
        role="region"
        aria-label={label}
        className="relative overflow-x-auto rounded-xl border border-border bg-surface focus-visible:outline-2 focus-visible:outline-primary"
      >
        <table className="w-full min-w-[560px] table-fixed border-collapse text-xs">
          <caption className="sr-only">{label}</caption>
          <thead>
            <tr>
              <th scope="col" className="w-16 border-b border-border p-1.5 text-left font-medium text-muted">
                Tiết
              </th>
              {week.days.map((d) => (
                <th key={d} scope="col" className="border-b border-l border-border p-1.5 text-center font-semibold text-fg">
                  {DAY_LABELS[d]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map(({ session, rows }) => (
              <Fragment key={`${session ?? 'none'}-${rows[0]}`}>
                {session && periods.length ? <SessionHeaderRow session={session} columns={week.days.length} /> : null}
                {rows.map((p) => {
                  const period = byNumber.get(p);
                  return (
                    <tr key={p} className="border-t border-border">
                      {period ? (
                        <PeriodRowHeader period={period} startOnly />
                      ) : (
                        <th scope="row" className="p-1.5 text-left font-medium text-fg">
                          Tiết {p}
                        </th>
                      )}
                      {week.days.map((d) => {
                        const here = week.at(d, p);
                        return (
                          <td
                            key={d}
                            data-day={d}
                            data-period={p}
                            className={`h-10 border-l border-border p-1 align-top ${here.length > 1 ? 'bg-danger/10' : ''}`}
                          >
                            {here.map((c) => (
                              <span
                                key={c.code}
                                className="block truncate rounded bg-primary/10 px-1 py-0.5 text-primary"
                                title={`${c.name}${c.roomCode ? ` – phòng ${c.roomCode}` : ''}`}
                              >
                                {c.code}
                                {c.roomCode ? <span className="text-muted"> · {c.roomCode}</span> : null}
                              </span>
                            ))}
                            {here.length === 0 ? <span className="sr-only">Trống</span> : null}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {!timed ? <p className="text-xs text-muted">Các lớp đã chọn chưa có lịch học trong thời khóa biểu đã công bố.</p> : null}
    </div>
  );
}
