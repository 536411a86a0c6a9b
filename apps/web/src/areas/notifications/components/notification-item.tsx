import { formatDateTime } from '@app/shared/format';
import type { TNotification } from '@app/shared/notifications';
import { timeAgo } from '../lib/time-ago';

/** One notification as the bell and the page show it: title, body, time ago (the moment on hover), an unread dot. */
export function NotificationItem({ n, onOpen }: { n: TNotification; onOpen: (n: TNotification) => void }) {
  const unread = n.readAt === null;
  return (
    <button
      type="button"
      onClick={() => onOpen(n)}
      className="flex w-full items-start gap-3 rounded-lg px-2 py-2 text-left transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary"
    >
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`} />
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${unread ? 'font-semibold text-fg' : 'text-fg'}`}>
          {n.title}
          {unread ? <span className="sr-only"> (chưa đọc)</span> : null}
        </span>
        {n.body ? <span className="mt-0.5 block text-xs text-muted">{n.body}</span> : null}
        <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} className="mt-0.5 block text-xs text-muted">
          {timeAgo(n.createdAt)}
        </time>
      </span>
    </button>
  );
}
