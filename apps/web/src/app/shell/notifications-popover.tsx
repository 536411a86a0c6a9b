import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Bell, BellOff } from 'lucide-react';

/** No notification source exists yet, so the panel says so instead of inventing items. */
export function NotificationsPopover() {
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label="Thông báo"
        className="rounded-lg p-2 text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary data-open:bg-surface-2 data-open:text-fg"
      >
        <Bell aria-hidden="true" className="size-5" />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-72 rounded-xl border border-border bg-surface p-4 text-fg shadow-xl focus:outline-none"
      >
        <h2 className="text-sm font-semibold">Thông báo</h2>
        <div className="mt-4 flex flex-col items-center gap-2 py-4 text-center">
          <BellOff aria-hidden="true" className="size-8 text-muted" />
          <p className="text-sm text-muted">Không có thông báo mới</p>
        </div>
      </PopoverPanel>
    </Popover>
  );
}
