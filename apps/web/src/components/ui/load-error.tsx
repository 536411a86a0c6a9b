import { CircleAlert, RefreshCw } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from './button';

/** A page section whose read failed: the server's message (or `fallback`) and "Thử lại". */
export function LoadError({
  error,
  onRetry,
  retrying = false,
  fallback,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  fallback: string;
}) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-5">
      <p className="flex items-center gap-2 text-sm font-medium text-danger">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {errorMessage(error, fallback)}
      </p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
        Thử lại
      </Button>
    </div>
  );
}
