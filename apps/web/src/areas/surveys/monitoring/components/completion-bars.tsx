import type { ReactNode } from 'react';
import { CircleAlert, RefreshCw } from 'lucide-react';
import type { TCompletion } from '@app/shared/survey-monitoring';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ProgressBar } from './progress-bar';

/** A titled list of completion bars (per class, per grade × campus, per survey) with its loading, error and empty states. */
export function CompletionBars<T extends Pick<TCompletion, 'done' | 'expected' | 'rate'>>({
  title,
  description,
  rows,
  loading,
  error,
  onRetry,
  rowKey,
  label,
  hint,
  action,
  emptyText,
  columns = 1,
}: {
  title: string;
  description?: ReactNode;
  rows: T[] | undefined;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  rowKey: (row: T) => string | number;
  label: (row: T) => ReactNode;
  hint?: (row: T) => ReactNode;
  action?: (row: T) => ReactNode;
  emptyText: string;
  /** Two columns of bars from 1024 px (long lists such as classes). */
  columns?: 1 | 2;
}) {
  const headingId = `bars-${title.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <h3 id={headingId} className="text-base font-semibold text-fg">
        {title}
      </h3>
      {description ? <p className="mt-0.5 text-xs text-muted">{description}</p> : null}
      <div className="mt-4">
        {loading ? (
          <div aria-busy="true" className="space-y-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-8" />
            ))}
            <span className="sr-only">Đang tải {title.toLowerCase()}...</span>
          </div>
        ) : error && !rows ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
            {errorMessage(error, 'Không thể tải tiến độ. Vui lòng thử lại sau.')}
            {onRetry ? (
              <Button variant="secondary" onClick={onRetry}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Thử lại
              </Button>
            ) : null}
          </div>
        ) : !rows?.length ? (
          <p className="text-sm text-muted">{emptyText}</p>
        ) : (
          <ul className={`grid gap-x-8 gap-y-4 ${columns === 2 ? 'lg:grid-cols-2' : ''}`}>
            {rows.map((r) => (
              <li key={rowKey(r)}>
                <ProgressBar label={label(r)} completion={r} hint={hint?.(r)} action={action?.(r)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
