import type { ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { X } from 'lucide-react';

const SIZES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

/**
 * The dialog frame of the kit. Clicking the backdrop does nothing (a stray click must not throw
 * away a half-filled form); Escape and the X call `onClose`, which the caller may ignore while busy.
 * On a phone the panel fills the screen's width and scrolls inside.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  size = 'md',
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  size?: keyof typeof SIZES;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    // Headless UI reports Escape and outside clicks alike; only Escape closes (handled here). On the
    // dialog, not the panel: a dialog without a field to focus keeps the focus on itself, outside the panel.
    <Dialog
      open={open}
      onClose={() => {}}
      className="relative z-50"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          className={`flex max-h-[92dvh] w-full flex-col rounded-t-2xl border border-border bg-surface text-fg shadow-2xl sm:max-h-[90dvh] sm:rounded-2xl ${SIZES[size]}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
              {description ? <Description className="mt-1 text-sm text-muted">{description}</Description> : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Đóng"
              className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
