import { DAY_LABELS, SESSION_LABELS, type TWeekView } from '@app/shared/timetables';
import { addDays, entriesAt, formatDate, periodsBySession, slotLayout } from '../lib/week';
import { entryLine } from '../lib/entry-text';
import { EntryCard } from './entry-card';
import { PeriodRowHeader, SessionHeaderRow } from './grid-rows';

/**
 * The week as a table: school days across, periods down (grouped by session, with their times).
 * A double period spans two rows; today's column is highlighted; an empty slot says so (for a
 * teacher: "Trống", a free period). The scroll box is focusable so the keyboard can scroll it.
 */
export function WeekGrid({ view, today }: { view: TWeekView; today: number | null }) {
  const { grid, weekStart } = view;
  const emptyText = view.view === 'teacher' ? 'Trống' : '';
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`Thời khóa biểu tuần ${formatDate(weekStart)}`}
      className="relative overflow-x-auto rounded-xl border border-border bg-surface focus-visible:outline-2 focus-visible:outline-primary print:overflow-visible print:border-0"
    >
      <table className="w-full min-w-[720px] table-fixed border-collapse text-sm print:min-w-0">
        <caption className="sr-only">
          {view.title}: tuần {formatDate(weekStart)} – {formatDate(addDays(weekStart, 5))}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="w-24 border-b border-border p-2 text-left text-xs font-medium text-muted">
              Tiết
            </th>
            {grid.days.map((d) => (
              <th
                key={d}
                scope="col"
                aria-current={d === today ? 'date' : undefined}
                className={`border-b border-l border-border p-2 text-center text-sm font-semibold ${d === today ? 'bg-primary/10 text-primary' : 'text-fg'}`}
              >
                {DAY_LABELS[d]}
                <span className="block text-xs font-normal text-muted">{formatDate(addDays(weekStart, d - 1))}</span>
                {d === today ? <span className="block text-xs font-medium">Hôm nay</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        {periodsBySession(grid).map(({ session, periods }) => (
          <tbody key={session} aria-label={`Buổi ${SESSION_LABELS[session].toLowerCase()}`}>
            <SessionHeaderRow session={session} columns={grid.days.length} />
            {periods.map((p) => (
              <tr key={p.period} className="border-t border-border">
                <PeriodRowHeader period={p} />
                {grid.days.map((d) => {
                  const { span, skip } = slotLayout(view.entries, grid, d, p.period);
                  if (skip) return null;
                  const here = entriesAt(view.entries, d, p.period);
                  const label = `${DAY_LABELS[d]}, tiết ${p.period}: ${here.length ? here.map((e) => entryLine(e, view.view)).join('; ') : 'trống'}`;
                  return (
                    <td
                      key={d}
                      rowSpan={span}
                      data-day={d}
                      data-period={p.period}
                      title={label}
                      className={`h-14 border-l border-border p-1 align-top ${d === today ? 'bg-primary/5' : ''}`}
                    >
                      {here.length ? (
                        <div className="space-y-1">
                          {here.map((e, i) => (
                            <EntryCard key={`${e.lessonId ?? e.fixedKind}-${i}`} entry={e} view={view.view} compact={here.length > 3} />
                          ))}
                        </div>
                      ) : (
                        <span className="block text-center text-xs text-muted">{emptyText || <span className="sr-only">Trống</span>}</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
