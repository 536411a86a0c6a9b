import { Link } from 'react-router';
import { BellOff } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { useLatestNotifications } from '../api/list-latest';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationItem } from './notification-item';
import { useOpenNotification } from './use-open-notification';

/** The bell's panel: the newest notifications, "Đánh dấu tất cả đã đọc" and "Xem tất cả". `onClose` closes the popover. */
export function NotificationPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const latest = useLatestNotifications(true);
  const markAll = useMarkAllRead();
  const open = useOpenNotification(onClose);
  const items = latest.data ?? [];
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Thông báo</h2>
        <button
          type="button"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
          className="text-xs font-medium text-primary hover:underline disabled:cursor-default disabled:text-muted disabled:no-underline"
        >
          Đánh dấu tất cả đã đọc
        </button>
      </div>
      {latest.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-2 py-4 text-center">
          <BellOff aria-hidden="true" className="size-8 text-muted" />
          <p className="text-sm text-muted">Không có thông báo nào</p>
        </div>
      ) : (
        <ul className="mt-2 max-h-96 overflow-y-auto" aria-label="Thông báo mới nhất">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem n={n} onOpen={open} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 border-t border-border pt-2 text-center">
        <Link to="/notifications" onClick={onClose} className="text-sm font-medium text-primary hover:underline">
          Xem tất cả
        </Link>
      </div>
    </div>
  );
}
