import type { ReactNode } from 'react';
import { CalendarX } from 'lucide-react';
import { DAY_LABELS, type TWeekView } from '@app/shared/timetables';
import { FilterSelect } from '@/components/data/filter-select';
import { useUrlParams } from '@/components/data/url-params';
import { EmptyState } from '@/components/ui/empty-state';
import { useWeekView, type WeekQuery } from '../api/get-week-view';
import { exportMatrixXlsx, type MatrixSpec } from '../lib/matrix';
import { addDays, formatDate, fullTitle, todayInWeek, todayIso } from '../lib/week';
import { PrintStyles } from './print-styles';
import { ResourceMatrix } from './resource-matrix';
import { WeekActions, WeekQueryStates } from './week-view-panel';
import { useWeekDate, WeekPicker } from './week-picker';

/** The day shown (`?day=1..6` or `week`); by default today's, or the first school day, or the whole week. */
function useMatrixDay(view: TWeekView | undefined, fallback: 'today' | 'week'): [number | 'week', (v: string) => void] {
  const params = useUrlParams();
  const raw = params.get('day');
  const days = view?.grid.days ?? [];
  const today = view ? todayInWeek(view.weekStart, todayIso()) : null;
  let day: number | 'week';
  if (raw === 'week') day = 'week';
  else if (raw && days.includes(Number(raw))) day = Number(raw);
  else if (fallback === 'week') day = 'week';
  else day = today && days.includes(today) ? today : (days[0] ?? 1);
  return [day, (v) => params.update({ day: v || null })];
}

/**
 * Resources × slots for a week (the head's department, a campus): week picker, a day or the whole
 * week, print and Excel export, and the loading, error and "nothing published" states.
 */
export function MatrixPanel({
  query,
  enabled = true,
  spec,
  rowHeader,
  defaultDay,
  showOccupancy = false,
  toolbar,
  emptyRows,
  children,
}: {
  query: Omit<WeekQuery, 'date'>;
  enabled?: boolean;
  spec: (view: TWeekView) => MatrixSpec;
  rowHeader: string;
  defaultDay: 'today' | 'week';
  showOccupancy?: boolean;
  toolbar?: ReactNode;
  /** Said when the published week has no row to show. */
  emptyRows: string;
  /** Below the table (e.g. the week's occupancy summary), given the loaded week. */
  children?: (view: TWeekView, spec: MatrixSpec) => ReactNode;
}) {
  const { date } = useWeekDate();
  const q = useWeekView({ ...query, date }, enabled);
  const view = q.data;
  const [day, setDay] = useMatrixDay(view, defaultDay);
  const today = view ? todayInWeek(view.weekStart, todayIso()) : null;
  const built = view ? spec(view) : null;

  return (
    <div className="space-y-4">
      <PrintStyles />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          {toolbar}
          <WeekPicker weekStart={view?.weekStart} />
          {view ? (
            <FilterSelect
              label="Xem ngày"
              value={String(day)}
              onChange={setDay}
              allLabel={null}
              options={[
                ...view.grid.days.map((d) => ({ value: d, label: `${DAY_LABELS[d]} ${formatDate(addDays(view.weekStart, d - 1))}` })),
                { value: 'week', label: 'Cả tuần' },
              ]}
            />
          ) : null}
        </div>
        {view?.timetable && built ? (
          <WeekActions onExport={() => exportMatrixXlsx(view, built, day, rowHeader)} onPrint={() => window.print()} />
        ) : null}
      </div>
      <WeekQueryStates query={q} enabled={enabled}>
        {(view) =>
          !built ? null : !built.rows.length ? (
            <EmptyState icon={CalendarX} title={emptyRows} />
          ) : (
            <div className="tt-print space-y-3" aria-busy={q.isFetching}>
              <h2 className="text-base font-semibold text-fg print:text-lg">
                {fullTitle(view.title)} –{' '}
                {day === 'week'
                  ? `tuần ${formatDate(view.weekStart)} – ${formatDate(addDays(view.weekStart, 5))}`
                  : `${DAY_LABELS[day]} ${formatDate(addDays(view.weekStart, day - 1))}`}
              </h2>
              <ResourceMatrix view={view} spec={built} day={day} rowHeader={rowHeader} today={today} showOccupancy={showOccupancy} />
              {children?.(view, built)}
            </div>
          )
        }
      </WeekQueryStates>
    </div>
  );
}
