import { useId, type ReactNode } from 'react';
import type { TCompletion } from '@app/shared/survey-monitoring';
import { formatRate, itemsText } from '../lib/completion';

/** Under this share done the bar turns red: the classes to chase first. */
const LOW_RATE = 50;

/**
 * One labelled completion bar: a plain element with role=progressbar (0–100, the percent), and the
 * counts spelled out in aria-valuetext, so a screen reader hears "62,5%, 5/8 lượt". No chart library.
 */
export function ProgressBar({
  label,
  completion,
  hint,
  action,
  large = false,
}: {
  label: ReactNode;
  completion: Pick<TCompletion, 'done' | 'expected' | 'rate'>;
  hint?: ReactNode;
  /** E.g. a button that opens the students of this row. */
  action?: ReactNode;
  large?: boolean;
}) {
  const id = useId();
  const { done, expected, rate } = completion;
  const pct = expected > 0 ? Math.min(100, (done / expected) * 100) : 0;
  const low = rate !== null && rate < LOW_RATE;
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span id={id} className={`min-w-0 break-words text-fg ${large ? 'text-base font-semibold' : 'text-sm font-medium'}`}>
          {label}
        </span>
        <span className="text-sm whitespace-nowrap text-muted tabular-nums">
          <span className={`font-semibold ${low ? 'text-danger' : 'text-fg'}`}>{formatRate(rate)}</span> · {itemsText(completion)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
        aria-valuetext={`${formatRate(rate)}, ${itemsText(completion)}`}
        className={`mt-1.5 overflow-hidden rounded-full bg-surface-2 ring-1 ring-border ring-inset ${large ? 'h-3.5' : 'h-2.5'}`}
      >
        <div className={`h-full rounded-full ${low ? 'bg-danger' : 'bg-primary'}`} style={{ width: `${pct}%` }} />
      </div>
      {hint || action ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
          <span>{hint}</span>
          {action}
        </div>
      ) : null}
    </div>
  );
}
