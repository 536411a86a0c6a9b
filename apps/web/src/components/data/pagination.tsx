import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatValue } from '@/lib/format';
import { PAGE_SIZES } from './list-state';

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  /** Nothing to page (no data yet, or an empty list). */
  hidden?: boolean;
  pageSizes?: readonly number[];
}

/** 1 … 4 5 6 … 24: the first, the last and the current page's neighbours. */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
  const keep = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...keep].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : 'gap');
    out.push(p);
  });
  return out;
}

const btn =
  'inline-flex min-w-9 items-center justify-center rounded-lg border border-border px-2.5 py-1.5 text-sm text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50';

export function Pagination({ page, limit, total, onPageChange, onLimitChange, hidden, pageSizes = PAGE_SIZES }: PaginationProps) {
  if (hidden) return null;
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav aria-label="Phân trang" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <div className="flex flex-wrap items-center gap-3">
        <p aria-live="polite">
          Hiển thị {formatValue(from)}–{formatValue(to)} trong {formatValue(total)}
        </p>
        <label className="flex items-center gap-2">
          <span>Số dòng</span>
          <select
            value={limit}
            onChange={(e) => onLimitChange(Number(e.target.value))}
            className="rounded-lg border border-border bg-surface px-2 py-1.5 text-sm text-fg focus-visible:outline-2 focus-visible:outline-primary"
          >
            {pageSizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex items-center gap-1">
        <button type="button" className={btn} onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Trang trước">
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        {/* Phones show "2 / 24" instead of the page buttons. */}
        <span className="px-2 text-fg sm:hidden">
          {page} / {pageCount}
        </span>
        <ul className="hidden items-center gap-1 sm:flex">
          {pageWindow(page, pageCount).map((p, i) =>
            p === 'gap' ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  onClick={() => onPageChange(p)}
                  aria-label={`Trang ${p}`}
                  aria-current={p === page ? 'page' : undefined}
                  className={`${btn} ${p === page ? 'border-primary bg-primary text-primary-fg hover:bg-primary-hover' : ''}`}
                >
                  {p}
                </button>
              </li>
            ),
          )}
        </ul>
        <button
          type="button"
          className={btn}
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pageCount}
          aria-label="Trang sau"
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
