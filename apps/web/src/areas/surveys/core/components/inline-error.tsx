import { Link } from 'react-router';
import { ArrowLeft, CircleAlert, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { isNotFound } from '@/lib/api-client';
import { OwnResponseMissingError, SurveyNotFoundError } from '../api/survey-api';

/**
 * A load error shown in the page as "Lỗi: text" (spec section 8), with a retry when one makes sense:
 * never for a 404 (`error`), since asking again for something that does not exist cannot help.
 */
export function InlineError({
  text,
  error,
  onRetry,
  retrying = false,
  backTo = '/student/surveys',
}: {
  text: string;
  /** The failed request's error; a 404 hides the retry button. */
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  backTo?: string;
}) {
  return (
    <div className="space-y-4">
      <Link to={backTo} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Quay lại danh sách khảo sát
      </Link>
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-5">
        <p className="flex items-center gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          Lỗi: {text}
        </p>
        {onRetry && !gone(error) ? (
          <Button variant="secondary" onClick={onRetry} disabled={retrying}>
            <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
            Thử lại
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Not there (a 404, an empty survey answer, no submitted answers): asking again shows the same. */
const gone = (error: unknown) => isNotFound(error) || error instanceof SurveyNotFoundError || error instanceof OwnResponseMissingError;

export function FormSkeleton({ label = 'Đang tải khảo sát...' }: { label?: string }) {
  return (
    <div aria-busy="true" className="space-y-4">
      <div className="h-40 animate-pulse rounded-xl bg-surface-2" />
      <div className="h-64 animate-pulse rounded-xl bg-surface-2" />
      <span role="status" className="sr-only">
        {label}
      </span>
    </div>
  );
}
