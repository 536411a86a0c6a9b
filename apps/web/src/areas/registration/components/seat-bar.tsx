import { formatValue } from '@/lib/format';

/** Seats taken of capacity as a bar with the numbers beside it (the numbers are what a screen reader reads). */
export function SeatBar({ taken, capacity, waiting, label }: { taken: number; capacity: number; waiting?: number; label: string }) {
  const pct = capacity > 0 ? Math.min(100, Math.round((taken / capacity) * 100)) : 0;
  const full = taken >= capacity;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={Math.min(taken, capacity)}
        aria-valuetext={`${taken}/${capacity} chỗ`}
        className="h-2.5 min-w-16 flex-1 overflow-hidden rounded-full bg-surface-2"
      >
        <div className={`h-full rounded-full ${full ? 'bg-danger' : 'bg-primary'}`} style={{ width: `${pct}%` }} />
      </div>
      <span className="shrink-0 text-xs text-fg tabular-nums">
        {formatValue(taken)}/{formatValue(capacity)}
        {waiting ? <span className="text-muted"> · chờ {formatValue(waiting)}</span> : null}
      </span>
    </div>
  );
}
