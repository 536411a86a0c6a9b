import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { DAY_LABELS, SESSION_LABELS, type TWeekView } from '@app/shared/timetables';
import { addDays, entriesAt, formatDate, periodsBySession } from '../lib/week';
import { EntryCard } from './entry-card';

/**
 * The week on a phone: one day at a time behind day tabs (today's first chosen), its periods as a
 * list. The tabs follow the ARIA tabs pattern: arrow keys, Home and End move between days.
 */
export function DayList({ view, today }: { view: TWeekView; today: number | null }) {
  const { grid, weekStart } = view;
  const [chosen, setChosen] = useState<number>(today && grid.days.includes(today) ? today : grid.days[0]);
  const day = grid.days.includes(chosen) ? chosen : grid.days[0];
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKey = (e: KeyboardEvent, index: number) => {
    const last = grid.days.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setChosen(grid.days[next]);
    tabs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Ngày trong tuần" className="flex gap-1 overflow-x-auto pb-2">
        {grid.days.map((d, i) => (
          <button
            key={d}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${d}`}
            aria-selected={d === day}
            aria-controls={`${baseId}-panel`}
            tabIndex={d === day ? 0 : -1}
            onClick={() => setChosen(d)}
            onKeyDown={(e) => onKey(e, i)}
            className={`shrink-0 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary ${
              d === day ? 'bg-primary text-primary-fg' : d === today ? 'bg-primary/10 text-primary' : 'bg-surface-2 text-fg'
            }`}
          >
            <span aria-hidden="true">
              T{d + 1}
              <span className="block text-xs font-normal">{formatDate(addDays(weekStart, d - 1)).slice(0, 5)}</span>
            </span>
            <span className="sr-only">
              {DAY_LABELS[d]}
              {d === today ? ' (hôm nay)' : ''}
            </span>
          </button>
        ))}
      </div>
      <section
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${day}`}
        tabIndex={0}
        className="focus-visible:outline-2 focus-visible:outline-primary"
      >
        <h2 className="mb-2 text-base font-semibold text-fg">
          {DAY_LABELS[day]}, {formatDate(addDays(weekStart, day - 1))}
          {day === today ? <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs text-primary">Hôm nay</span> : null}
        </h2>
        {periodsBySession(grid).map(({ session, periods }) => (
          <div key={session} className="mb-3">
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">Buổi {SESSION_LABELS[session].toLowerCase()}</h3>
            <ol className="divide-y divide-border rounded-xl border border-border bg-surface">
              {periods.map((p) => {
                const here = entriesAt(view.entries, day, p.period);
                return (
                  <li key={p.period} className="flex gap-3 p-2">
                    <div className="w-20 shrink-0 text-xs">
                      <p className="font-medium text-fg">Tiết {p.period}</p>
                      <p className="text-muted tabular-nums">
                        {p.start} – {p.end}
                      </p>
                    </div>
                    <div className="min-w-0 flex-1 space-y-1">
                      {here.length ? (
                        here.map((e, i) => <EntryCard key={`${e.lessonId ?? e.fixedKind}-${i}`} entry={e} view={view.view} />)
                      ) : (
                        <p className="py-1 text-xs text-muted">Trống</p>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
      </section>
    </div>
  );
}
