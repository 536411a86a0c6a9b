import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { CalendarX, Download, LoaderCircle, Printer } from 'lucide-react';
import { toast } from 'sonner';
import type { TWeekView } from '@app/shared/timetables';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useWeekView, type WeekQuery } from '../api/get-week-view';
import { exportWeekXlsx } from '../lib/week-sheet';
import { addDays, formatDate, fullTitle, todayInWeek, todayIso } from '../lib/week';
import { DayList } from './day-list';
import { PrintStyles } from './print-styles';
import { useWeekDate, WeekPicker } from './week-picker';
import { WeekGrid } from './week-grid';

const NO_TIMETABLE = 'Chưa có thời khóa biểu được công bố cho tuần này.';

/** "In" and "Xuất Excel" for a loaded week. */
export function WeekActions({ onExport, onPrint }: { onExport: () => Promise<void>; onPrint: () => void }) {
  const [busy, setBusy] = useState(false);
  const exportIt = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch {
      toast.error('Không thể xuất tệp Excel. Vui lòng thử lại sau.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button variant="secondary" onClick={onPrint}>
        <Printer aria-hidden="true" className="size-4" />
        In
      </Button>
      <Button variant="secondary" onClick={() => void exportIt()} disabled={busy} aria-busy={busy}>
        {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Download aria-hidden="true" className="size-4" />}
        {busy ? 'Đang xuất...' : 'Xuất Excel'}
      </Button>
    </div>
  );
}

/** Prints with the table layout even on a phone: the grid is drawn first, then the browser's print dialog opens. */
export function usePrint(): { printing: boolean; print: () => void } {
  const [printing, setPrinting] = useState(false);
  return {
    printing,
    print: () => {
      flushSync(() => setPrinting(true));
      window.print();
      setPrinting(false);
    },
  };
}

function LoadingBlock({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="space-y-3">
      <Skeleton className="h-10 rounded-xl" />
      <Skeleton className="h-96 rounded-xl" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * The states of a week query before there is a published week to draw: loading, a load error with
 * "Thử lại", and "nothing published for this week"; `children` draws the week once it is there.
 */
export function WeekQueryStates({
  query,
  enabled = true,
  children,
}: {
  query: UseQueryResult<TWeekView>;
  enabled?: boolean;
  children: (view: TWeekView) => ReactNode;
}) {
  const view = query.data;
  if (query.isPending && enabled) return <LoadingBlock label="Đang tải thời khóa biểu..." />;
  if (query.isError && !view)
    return (
      <LoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        fallback="Không thể tải thời khóa biểu. Vui lòng thử lại sau."
      />
    );
  if (!view) return null;
  if (!view.timetable)
    return (
      <EmptyState
        icon={CalendarX}
        title={NO_TIMETABLE}
        description="Khi nhà trường công bố thời khóa biểu áp dụng cho tuần này, lịch sẽ hiện ở đây. Hãy chọn tuần khác để xem."
      />
    );
  return <>{children(view)}</>;
}

/** A line under the toolbar: which published version is shown. */
function VersionNote({ view }: { view: TWeekView }) {
  if (!view.timetable) return null;
  return (
    <p className="text-xs text-muted print:text-black">
      {view.timetable.name}
      {view.timetable.effectiveFrom ? ` · áp dụng từ ${formatDate(view.timetable.effectiveFrom)}` : ''}
    </p>
  );
}

/**
 * A week of one view (a student's, a teacher's, a room's …) with the week picker, print and Excel
 * export: the table on a wide screen, a day list on a phone; loading, error and "nothing published"
 * states. `extra` sits below (e.g. the calendar subscription block).
 */
export function WeekViewPanel({
  query,
  enabled = true,
  toolbar,
}: {
  query: Omit<WeekQuery, 'date'>;
  enabled?: boolean;
  toolbar?: ReactNode;
}) {
  const { date } = useWeekDate();
  const q = useWeekView({ ...query, date }, enabled);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { printing, print } = usePrint();
  const view = q.data;
  const today = view ? todayInWeek(view.weekStart, todayIso()) : null;

  return (
    <div className="space-y-4">
      <PrintStyles />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          {toolbar}
          <WeekPicker weekStart={view?.weekStart} />
        </div>
        {view?.timetable ? <WeekActions onExport={() => exportWeekXlsx(view)} onPrint={print} /> : null}
      </div>
      <WeekQueryStates query={q} enabled={enabled}>
        {(view) => (
          <div className="tt-print space-y-2" aria-busy={q.isFetching}>
            <h2 className="text-base font-semibold text-fg print:text-lg">
              {fullTitle(view.title)} – tuần {formatDate(view.weekStart)} – {formatDate(addDays(view.weekStart, 5))}
            </h2>
            <VersionNote view={view} />
            {desktop || printing ? <WeekGrid view={view} today={today} /> : <DayList view={view} today={today} />}
          </div>
        )}
      </WeekQueryStates>
    </div>
  );
}
