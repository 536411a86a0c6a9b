import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Bell } from 'lucide-react';
import { NotificationPanel, useNotificationStream, useUnreadCount } from '@/areas/notifications/public';

/**
 * The header's bell (issue 17): the unread count, live from the server's stream (polled while it is
 * down), and a panel with the newest notifications.
 */
export function NotificationsPopover() {
  const live = useNotificationStream();
  const count = useUnreadCount(live);
  const unread = count.data ?? 0;
  const label = unread ? `Thông báo: ${unread} chưa đọc` : 'Thông báo';
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={label}
        className="relative rounded-lg p-2 text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary data-open:bg-surface-2 data-open:text-fg"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            data-testid="notification-count"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-surface p-3 text-fg shadow-xl focus:outline-none"
      >
        {({ close }) => <NotificationPanel unread={unread} onClose={() => close()} />}
      </PopoverPanel>
    </Popover>
  );
}
