import { formatPeriods, type TWorkloadResult } from '@app/shared/workload-calc';

type Figures = Pick<TWorkloadResult, 'counted' | 'normBase' | 'overtime' | 'steps'>;

/** Counted, norm and overtime in three boxes; `live` says they follow the lines being edited (read aloud as they change). */
export function WorkloadTotals({
  result,
  live = false,
}: {
  result: Pick<TWorkloadResult, 'counted' | 'normBase' | 'overtime'>;
  live?: boolean;
}) {
  const items = [
    { label: 'Số tiết được tính', value: result.counted },
    { label: 'Định mức', value: result.normBase },
    { label: 'Vượt giờ', value: result.overtime },
  ];
  return (
    <dl aria-live={live ? 'polite' : undefined} className="grid grid-cols-3 gap-2">
      {items.map((it) => (
        <div key={it.label} className="rounded-lg border border-border bg-surface-2 px-3 py-2">
          <dt className="text-xs text-muted">{it.label}</dt>
          <dd className={`text-lg font-semibold ${it.label === 'Vượt giờ' && it.value > 0 ? 'text-primary' : 'text-fg'}`}>
            <span data-testid={`total-${it.label}`}>{formatPeriods(it.value)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Every step of the calculator with its Vietnamese explanation (lines, reductions, counted, norm, overtime). */
export function WorkloadSteps({ result }: { result: Figures }) {
  return (
    <ol className="space-y-1 text-sm">
      {result.steps.map((s, i) => (
        <li key={i} className="flex flex-wrap gap-x-2 border-b border-border/60 py-1 last:border-0">
          <span className="font-medium text-fg">{s.label}:</span>
          <span className="min-w-0 break-words text-muted">{s.explanation}</span>
        </li>
      ))}
    </ol>
  );
}
