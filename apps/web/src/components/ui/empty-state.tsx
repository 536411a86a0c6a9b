import type { ReactNode } from 'react';
import { Inbox, type LucideIcon } from 'lucide-react';

export function EmptyState({
  title,
  description,
  icon: Icon = Inbox,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-muted" />
      <p className="text-base font-medium text-fg">{title}</p>
      {description ? <div className="max-w-md text-sm text-muted">{description}</div> : null}
      {children}
    </div>
  );
}
