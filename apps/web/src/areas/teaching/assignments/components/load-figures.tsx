import { LOAD_STATUS_LABELS, type TLoadStatus } from '@app/shared/teaching';
import { formatPeriods } from '@app/shared/workload-calc';

/** Under the norm: amber; over: red; on it: green (with the words, never colour alone). */
const TONE: Record<TLoadStatus, string> = {
  under: 'bg-amber-300/30 text-amber-800 ring-amber-500/60 dark:text-amber-200',
  over: 'bg-danger/10 text-danger ring-danger/30',
  ok: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/40 dark:text-emerald-300',
};

const signed = (n: number) => (n > 0 ? `+${formatPeriods(n)}` : formatPeriods(n));

/** The difference between the periods assigned and the norm after reductions, coloured by its status. */
export function DifferenceBadge({ difference, status }: { difference: number; status: TLoadStatus }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[status]}`}>
      {signed(difference)} tiết/tuần · {LOAD_STATUS_LABELS[status]}
    </span>
  );
}
