import { useState, type FormEvent } from 'react';
import { DoorOpen, Search } from 'lucide-react';
import { CLASSROOM_KINDS, CLASSROOM_KIND_LABELS } from '@app/shared/school';
import { DAY_LABELS, type TPeriodGrid } from '@app/shared/timetables';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useFreeRoomSearch } from '../api/find-free-rooms';
import { addDays, formatDate } from '../lib/week';

const field = 'flex flex-col gap-1 text-xs font-medium text-muted';
const input =
  'rounded-lg border border-border bg-surface px-3 py-2 text-sm font-normal text-fg focus-visible:outline-2 focus-visible:outline-primary';

/**
 * "Tìm phòng trống": a slot (a day of the week shown, a period, one or two periods), a capacity and
 * a kind of room → the campus's rooms with no lesson then, in the published timetable in force.
 */
export function FreeRoomFinder({ campusId, grid, weekStart }: { campusId: number | null; grid: TPeriodGrid; weekStart: string }) {
  const [day, setDay] = useState(grid.days[0] ?? 1);
  const [period, setPeriod] = useState(grid.periods[0]?.period ?? 1);
  const [length, setLength] = useState(1);
  const [capacity, setCapacity] = useState('');
  const [kind, setKind] = useState('');
  const search = useFreeRoomSearch();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    search.mutate({
      campusId: campusId ?? undefined,
      date: addDays(weekStart, day - 1),
      day,
      period,
      length,
      capacity: Math.max(0, Number(capacity) || 0),
      kind: (CLASSROOM_KINDS as readonly string[]).includes(kind) ? (kind as (typeof CLASSROOM_KINDS)[number]) : undefined,
    });
  };
  const rooms = search.data;

  return (
    <section aria-labelledby="free-room-heading" className="space-y-3 print:hidden">
      <h3 id="free-room-heading" className="text-sm font-semibold text-fg">
        Tìm phòng trống
      </h3>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Tìm phòng trống">
        <label className={field}>
          Ngày
          <select value={day} onChange={(e) => setDay(Number(e.target.value))} className={input}>
            {grid.days.map((d) => (
              <option key={d} value={d}>
                {DAY_LABELS[d]} {formatDate(addDays(weekStart, d - 1))}
              </option>
            ))}
          </select>
        </label>
        <label className={field}>
          Tiết
          <select value={period} onChange={(e) => setPeriod(Number(e.target.value))} className={input}>
            {grid.periods.map((p) => (
              <option key={p.period} value={p.period}>
                Tiết {p.period} ({p.start} – {p.end})
              </option>
            ))}
          </select>
        </label>
        <label className={field}>
          Số tiết liền
          <select value={length} onChange={(e) => setLength(Number(e.target.value))} className={input}>
            <option value={1}>1 tiết</option>
            <option value={2}>2 tiết</option>
          </select>
        </label>
        <label className={field}>
          Sức chứa tối thiểu
          <input
            type="number"
            min={0}
            inputMode="numeric"
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
            placeholder="Không yêu cầu"
            className={`${input} w-36`}
          />
        </label>
        <label className={field}>
          Loại phòng
          <select value={kind} onChange={(e) => setKind(e.target.value)} className={input}>
            <option value="">Tất cả</option>
            {CLASSROOM_KINDS.map((k) => (
              <option key={k} value={k}>
                {CLASSROOM_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={search.isPending}>
          <Search aria-hidden="true" className="size-4" />
          {search.isPending ? 'Đang tìm...' : 'Tìm phòng trống'}
        </Button>
      </form>
      {search.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(search.error, 'Không thể tìm phòng trống. Vui lòng thử lại sau.')}
        </p>
      ) : rooms ? (
        rooms.length ? (
          <div aria-live="polite">
            <p className="text-sm text-muted">{rooms.length} phòng trống</p>
            <ul aria-label="Phòng trống" className="mt-1 divide-y divide-border rounded-lg border border-border">
              {rooms.map((r) => (
                <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-4 px-3 py-2 text-sm">
                  <span className="flex items-center gap-2 font-medium text-fg">
                    <DoorOpen aria-hidden="true" className="size-4 text-muted" />
                    {r.code} – {r.name}
                  </span>
                  <span className="text-muted">
                    {CLASSROOM_KIND_LABELS[r.kind]} · {r.capacity} chỗ · {r.campusName}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p aria-live="polite" className="rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted">
            Không có phòng nào trống phù hợp vào tiết này. Hãy thử tiết khác, giảm sức chứa hoặc chọn loại phòng khác.
          </p>
        )
      ) : null}
    </section>
  );
}
