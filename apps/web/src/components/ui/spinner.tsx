import { LoaderCircle } from 'lucide-react';

export function Spinner({ label = 'Đang tải...', className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-muted ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary" />
      <span className="text-sm">{label}</span>
    </span>
  );
}

/** Whole-screen waiting state: auth check, redirects, lazy page chunks. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-bg p-6">
      <Spinner label={label} />
    </div>
  );
}

export function SectionSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-48 items-center justify-center p-6">
      <Spinner label={label} />
    </div>
  );
}
