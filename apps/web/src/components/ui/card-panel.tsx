import { useId, type ReactNode } from 'react';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from './button';
import { Skeleton } from './skeleton';

/**
 * A titled card that loads its own data (the dashboards' cards): a skeleton while loading, the
 * server's message with "Thử lại" when the read failed, else its content. `action` sits beside the
 * title (a "see all" link); the section is named by its title for screen readers.
 */
export function CardPanel({
  title,
  description,
  action,
  loading = false,
  error,
  errorText = 'Không thể tải dữ liệu. Vui lòng thử lại sau.',
  onRetry,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  loading?: boolean;
  /** Shown (with a retry when `onRetry` is given) instead of the content when set. */
  error?: unknown;
  errorText?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {title}
        </h2>
        {action && !loading && !error ? <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">{action}</div> : null}
      </div>
      {description ? <p className="mt-0.5 text-xs text-muted">{description}</p> : null}
      <div className="mt-4">
        {loading ? (
          <div aria-busy="true" className="space-y-3">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-6" />
            <span className="sr-only">Đang tải {title.toLowerCase()}...</span>
          </div>
        ) : error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
            {errorMessage(error, errorText)}
            {onRetry ? (
              <Button variant="secondary" onClick={onRetry}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Thử lại
              </Button>
            ) : null}
          </div>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/** What a card says when it has nothing yet: what will appear here, and when. */
export function CardEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted">{children}</p>;
}

/** A link inside a card, styled as the app's text links. */
export const cardLinkClass =
  'rounded font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
