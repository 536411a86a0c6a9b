import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useUrlParams } from '@/components/data/url-params';
import { Button } from '@/components/ui/button';
import { addDays, formatDate, isIsoDate, mondayOf, todayIso } from '../lib/week';

/** The week asked for in the address (`?date=`, any day of it), or null for this week. */
export function useWeekDate(): { date: string | null; setDate: (date: string | null) => void } {
  const params = useUrlParams();
  const raw = params.get('date');
  return {
    date: isIsoDate(raw) ? raw : null,
    setDate: (date) => params.update({ date }),
  };
}

/**
 * "Tuần trước · Tuần này · Tuần sau" with the week's dates (dd/mm/yyyy – dd/mm/yyyy, Monday to
 * Saturday). The week lives in the address so a reload or a shared link shows the same week.
 */
export function WeekPicker({ weekStart }: { weekStart?: string }) {
  const { date, setDate } = useWeekDate();
  const monday = weekStart ?? mondayOf(date ?? todayIso());
  const thisWeek = mondayOf(todayIso());
  const go = (d: string) => setDate(d === thisWeek ? null : d);
  return (
    <div role="group" aria-label="Chọn tuần" className="flex flex-wrap items-center gap-2 print:hidden">
      <Button variant="secondary" onClick={() => go(addDays(monday, -7))} aria-label="Tuần trước">
        <ChevronLeft aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Tuần trước</span>
      </Button>
      <Button variant="secondary" onClick={() => go(thisWeek)} disabled={monday === thisWeek}>
        Tuần này
      </Button>
      <Button variant="secondary" onClick={() => go(addDays(monday, 7))} aria-label="Tuần sau">
        <span className="hidden sm:inline">Tuần sau</span>
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
      <p aria-live="polite" className="text-sm font-medium text-fg tabular-nums">
        {formatDate(monday)} – {formatDate(addDays(monday, 5))}
      </p>
    </div>
  );
}
