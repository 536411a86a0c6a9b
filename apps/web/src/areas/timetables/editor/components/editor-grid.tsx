import { useRef, useState, type KeyboardEvent } from 'react';
import { DAY_LABELS, FIXED_EVENT_LABELS, type TClash, type TLesson, type TPeriodGrid } from '@app/shared/timetables';
import { PeriodRowHeader, SessionHeaderRow } from '@/areas/timetables/components/grid-rows';
import { lessonsAt, moveCell, type Cell, type Lookups } from '../lib/editor-model';
import { periodsBySession } from '@/areas/timetables/lib/week';
import { LESSON_MIME, LessonChip } from './lesson-chip';

/**
 * The week of one view as days × periods. A lesson is selected by a click (or Enter on its slot);
 * a click on a slot, Enter on it, or a drop moves the selected / dragged lesson there. Arrow keys move
 * between slots; Escape clears the selection. Read-only versions only select.
 */
export function EditorGrid({
  grid,
  lessons,
  lookups,
  clashes,
  selectedId,
  readOnly,
  showFixedEvents,
  onSelect,
  onPlace,
}: {
  grid: TPeriodGrid;
  lessons: readonly TLesson[];
  lookups: Lookups;
  clashes: Map<number, TClash[]>;
  selectedId: number | null;
  readOnly: boolean;
  /** Homeroom classes hold chào cờ and sinh hoạt lớp. */
  showFixedEvents: boolean;
  onSelect: (lessonId: number | null) => void;
  onPlace: (lessonId: number, cell: Cell) => void;
}) {
  const [active, setActive] = useState<Cell>({ day: grid.days[0], period: 1 });
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const periods = grid.periods.length;

  const focusCell = (c: Cell) => {
    setActive(c);
    tableRef.current?.querySelector<HTMLElement>(`[data-day="${c.day}"][data-period="${c.period}"]`)?.focus();
  };

  const activate = (c: Cell) => {
    const here = lessonsAt(lessons, c.day, c.period);
    if (selectedId !== null && !readOnly && !here.some((l) => l.id === selectedId)) {
      onPlace(selectedId, c);
      return;
    }
    if (!here.length) return;
    // Enter again on a slot cycles through its lessons.
    const i = here.findIndex((l) => l.id === selectedId);
    onSelect(here[(i + 1) % here.length].id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>, c: Cell) => {
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      focusCell(moveCell(c, e.key, { days: grid.days, periods }));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate(c);
    } else if (e.key === 'Escape') {
      onSelect(null);
    }
  };

  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-surface">
      <table
        ref={tableRef}
        role="grid"
        aria-label="Lưới thời khóa biểu"
        className="w-full min-w-[760px] table-fixed border-collapse text-sm"
      >
        <thead>
          <tr>
            <th scope="col" className="w-20 border-b border-border p-2 text-left text-xs font-medium text-muted">
              Tiết
            </th>
            {grid.days.map((d) => (
              <th key={d} scope="col" className="border-b border-l border-border p-2 text-center font-semibold text-fg">
                {DAY_LABELS[d]}
              </th>
            ))}
          </tr>
        </thead>
        {periodsBySession(grid).map(({ session, periods: ps }) => (
          <tbody key={session}>
            <SessionHeaderRow session={session} columns={grid.days.length} />
            {ps.map((p) => (
              <tr key={p.period} className="border-t border-border">
                <PeriodRowHeader period={p} startOnly />
                {grid.days.map((d) => {
                  const cell = { day: d, period: p.period };
                  const key = `${d}:${p.period}`;
                  const here = lessonsAt(lessons, d, p.period);
                  const fixed = showFixedEvents ? grid.fixedEvents.find((f) => f.day === d && f.period === p.period) : undefined;
                  const isActive = active.day === d && active.period === p.period;
                  const slotName = `${DAY_LABELS[d]}, tiết ${p.period}`;
                  return (
                    <td
                      key={d}
                      role="gridcell"
                      tabIndex={isActive ? 0 : -1}
                      data-day={d}
                      data-period={p.period}
                      aria-label={`${slotName}: ${here.length ? `${here.length} tiết học` : 'trống'}${fixed ? `, ${FIXED_EVENT_LABELS[fixed.kind]}` : ''}`}
                      onFocus={() => setActive(cell)}
                      onKeyDown={(e) => onKeyDown(e, cell)}
                      onClick={() => {
                        setActive(cell);
                        if (selectedId !== null && !readOnly && !here.some((l) => l.id === selectedId)) onPlace(selectedId, cell);
                      }}
                      onDragOver={(e) => {
                        if (readOnly) return;
                        e.preventDefault();
                        e.dataTransfer.dropEffect = 'move';
                        setDropTarget(key);
                      }}
                      onDragLeave={() => setDropTarget((t) => (t === key ? null : t))}
                      onDrop={(e) => {
                        e.preventDefault();
                        setDropTarget(null);
                        const id = Number(e.dataTransfer.getData(LESSON_MIME) || e.dataTransfer.getData('text/plain'));
                        if (!readOnly && id) onPlace(id, cell);
                      }}
                      className={`h-16 border-l border-border p-1 align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary ${
                        dropTarget === key ? 'bg-primary/15' : selectedId !== null && !readOnly ? 'cursor-pointer hover:bg-primary/5' : ''
                      }`}
                    >
                      <div className="space-y-1">
                        {fixed ? (
                          <p className="rounded-md bg-amber-300/20 px-1.5 py-0.5 text-xs italic">{FIXED_EVENT_LABELS[fixed.kind]}</p>
                        ) : null}
                        {here.map((l) => (
                          <LessonChip
                            key={l.id}
                            lesson={l}
                            lookups={lookups}
                            clashes={clashes.get(l.id)}
                            selected={l.id === selectedId}
                            readOnly={readOnly}
                            continued={l.period !== p.period}
                            onSelect={(id) => onSelect(id === selectedId ? null : id)}
                          />
                        ))}
                      </div>
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
