import { Link } from 'react-router';
import { ArrowLeft, CircleAlert, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A load error shown in the page as "Lỗi: text" (spec section 8), with a retry when one makes sense. */
export function InlineError({ text, onRetry, retrying = false, backTo = '/student/surveys' }: {
  text: string;
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
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry} disabled={retrying}>
            <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
            Thử lại
          </Button>
        ) : null}
      </div>
    </div>
  );
}

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
