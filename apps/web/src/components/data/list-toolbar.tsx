import { useState, type ReactNode } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';

/**
 * The strip above a list: search and filters, then the buttons (create, import, export) pushed to
 * the right; everything wraps, and on a phone each control takes the full width.
 * `children` are always shown; `filters` fold behind a "Bộ lọc" button on a phone, where five
 * selects would otherwise fill the screen before the first row.
 */
export function ListToolbar({
  children,
  filters,
  activeFilters = 0,
  actions,
}: {
  children?: ReactNode;
  filters?: ReactNode;
  /** How many of `filters` are set (shown on the phone's button). */
  activeFilters?: number;
  actions?: ReactNode;
}) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState(false);
  const showFilters = Boolean(filters) && (desktop || open);
  return (
    <div className="mb-4 flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
      {children ? <div className="contents">{children}</div> : null}
      {filters && !desktop ? (
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="inline-flex items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 py-2 text-sm font-medium text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary"
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {open ? 'Ẩn bộ lọc' : 'Bộ lọc'}
          {activeFilters ? <span className="rounded-full bg-primary px-1.5 text-xs text-primary-fg">{activeFilters}</span> : null}
        </button>
      ) : null}
      {showFilters ? <div className="contents">{filters}</div> : null}
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2 whitespace-nowrap md:ml-auto">{actions}</div> : null}
    </div>
  );
}
