import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, CircleAlert, RefreshCw, SearchX } from 'lucide-react';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Skeleton } from '../ui/skeleton';
import type { SortOrder } from './list-state';

export interface Column<T> {
  /** Unique among the table's columns. */
  key: string;
  /** Column title; also the label of the value on a phone card. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort name; makes the header a sort button. */
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  /** Left out of the phone card (details that do not fit a small screen). */
  hideOnMobile?: boolean;
  /** The card's title on a phone (the first column when none is marked). */
  primary?: boolean;
  /** Extra classes for the cells (widths, wrapping). */
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Names the table for screen readers ("Danh sách cơ sở"). */
  label: string;
  loading?: boolean;
  /** A newer page is on its way (the old one stays on screen). */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** A search or filter is active: an empty answer means "no match", not "no data". */
  searching?: boolean;
  emptyTitle?: string;
  emptyDescription?: ReactNode;
  /** Shown in the empty state, e.g. a create button. */
  emptyAction?: ReactNode;
  sort?: { key?: string; order: SortOrder };
  /** Header click: the list flips the column's direction. */
  onSort?: (key: string) => void;
  /** Sets column and direction at once (the phone's sort select); `undefined` = server default. */
  onSortChange?: (key: string | undefined, order: SortOrder) => void;
  /** Row buttons (see RowActions); rendered in a last column / the card's footer. */
  actions?: (row: T) => ReactNode;
  skeletonRows?: number;
}

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

/**
 * The list table of every management page: sortable headers, loading skeleton, empty and error
 * states, row actions. Under 768 px each row becomes a card, so a phone never scrolls sideways.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { rows, loading, error, onRetry, searching, label } = props;

  if (error && !rows) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-5">
        <p className="flex items-center gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {errorMessage(error, 'Không thể tải dữ liệu. Vui lòng thử lại sau.')}
        </p>
        {onRetry && !isNotFound(error) ? (
          <Button variant="secondary" onClick={onRetry} disabled={props.fetching}>
            <RefreshCw aria-hidden="true" className={`size-4 ${props.fetching ? 'animate-spin' : ''}`} />
            Thử lại
          </Button>
        ) : null}
      </div>
    );
  }

  if (!loading && rows && rows.length === 0) {
    return searching ? (
      <EmptyState icon={SearchX} title="Không tìm thấy kết quả phù hợp" description="Hãy thử từ khóa hoặc bộ lọc khác." />
    ) : (
      <EmptyState title={props.emptyTitle ?? 'Không có dữ liệu'} description={props.emptyDescription}>
        {props.emptyAction}
      </EmptyState>
    );
  }

  const busy = Boolean(loading || props.fetching);
  return (
    <div aria-busy={busy} className={`transition-opacity ${props.fetching && !loading ? 'opacity-70' : ''}`}>
      {desktop ? <TableView {...props} /> : <CardView {...props} />}
      {loading ? <span className="sr-only">Đang tải {label.toLowerCase()}...</span> : null}
    </div>
  );
}

function SortHeader<T>({ col, sort, onSort }: { col: Column<T>; sort?: DataTableProps<T>['sort']; onSort?: (k: string) => void }) {
  const active = col.sortKey !== undefined && sort?.key === col.sortKey;
  if (!col.sortKey || !onSort) return <>{col.header}</>;
  const Icon = active ? (sort?.order === 'desc' ? ArrowDown : ArrowUp) : ArrowUpDown;
  const next = active && sort?.order === 'asc' ? 'giảm dần' : 'tăng dần';
  return (
    <button
      type="button"
      onClick={() => onSort(col.sortKey as string)}
      title={`Sắp xếp ${next}`}
      className={`-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-semibold hover:text-fg focus-visible:outline-2 focus-visible:outline-primary ${
        active ? 'text-fg' : ''
      } ${col.align === 'right' ? 'flex-row-reverse' : ''}`}
    >
      {col.header}
      <Icon aria-hidden="true" className={`size-3.5 shrink-0 ${active ? 'text-primary' : 'opacity-60'}`} />
    </button>
  );
}

function TableView<T>({ columns, rows, rowKey, label, loading, sort, onSort, actions, skeletonRows = 5 }: DataTableProps<T>) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-border bg-surface">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-surface-2 text-xs text-muted">
          <tr>
            {columns.map((col) => {
              const active = col.sortKey !== undefined && sort?.key === col.sortKey;
              return (
                <th
                  key={col.key}
                  scope="col"
                  aria-sort={col.sortKey ? (active ? (sort?.order === 'desc' ? 'descending' : 'ascending') : 'none') : undefined}
                  className={`px-4 py-3 font-semibold tracking-wide whitespace-nowrap ${ALIGN[col.align ?? 'left']}`}
                >
                  <SortHeader col={col} sort={sort} onSort={onSort} />
                </th>
              );
            })}
            {actions ? (
              <th scope="col" className="px-4 py-3 text-right font-semibold tracking-wide">
                <span className="sr-only">Thao tác</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {loading || !rows
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={`sk-${i}`}>
                  {columns.map((col) => (
                    <td key={col.key} className="px-4 py-3">
                      <Skeleton className="h-4 w-3/4" />
                    </td>
                  ))}
                  {actions ? (
                    <td className="px-4 py-3">
                      <Skeleton className="ml-auto h-4 w-16" />
                    </td>
                  ) : null}
                </tr>
              ))
            : rows.map((row) => (
                <tr key={rowKey(row)} className="text-fg hover:bg-surface-2/60">
                  {columns.map((col) => (
                    <td key={col.key} className={`px-4 py-3 align-middle ${ALIGN[col.align ?? 'left']} ${col.className ?? ''}`}>
                      {col.cell(row)}
                    </td>
                  ))}
                  {actions ? <td className="px-4 py-2 text-right whitespace-nowrap">{actions(row)}</td> : null}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

function CardView<T>({ columns, rows, rowKey, label, loading, sort, onSortChange, actions, skeletonRows = 4 }: DataTableProps<T>) {
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const rest = columns.filter((c) => c !== primary && !c.hideOnMobile);
  const sortable = columns.filter((c) => c.sortKey);
  return (
    <div className="space-y-3">
      {sortable.length && onSortChange ? <MobileSort columns={sortable} sort={sort} onSortChange={onSortChange} /> : null}
      {loading || !rows ? (
        <div className="space-y-3">
          {Array.from({ length: skeletonRows }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : (
        <ul aria-label={label} className="space-y-3">
          {rows.map((row) => (
            <li key={rowKey(row)} className="rounded-xl border border-border bg-surface p-4 text-sm text-fg">
              <div className="font-medium break-words">{primary.cell(row)}</div>
              {rest.length ? (
                <dl className="mt-2 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1.5">
                  {rest.map((col) => (
                    <div key={col.key} className="contents">
                      <dt className="text-muted">{col.header}</dt>
                      <dd className="min-w-0 break-words">{col.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {actions ? <div className="mt-3 flex flex-wrap justify-end gap-1 border-t border-border pt-2">{actions(row)}</div> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Phones have no column headers to click: one select chooses the column and direction. */
function MobileSort<T>({
  columns,
  sort,
  onSortChange,
}: {
  columns: Column<T>[];
  sort?: DataTableProps<T>['sort'];
  onSortChange: NonNullable<DataTableProps<T>['onSortChange']>;
}) {
  const value = sort?.key ? `${sort.key}:${sort.order}` : '';
  return (
    <label className="flex items-center justify-end gap-2 text-sm text-muted">
      Sắp xếp
      <select
        value={value}
        onChange={(e) => {
          const [key, order] = e.target.value.split(':');
          onSortChange(key || undefined, order === 'desc' ? 'desc' : 'asc');
        }}
        className="rounded-lg border border-border bg-surface px-2 py-1.5 text-sm text-fg focus-visible:outline-2 focus-visible:outline-primary"
      >
        <option value="">Mặc định</option>
        {columns.flatMap((c) => [
          <option key={`${c.key}-a`} value={`${c.sortKey}:asc`}>
            {c.header} (tăng dần)
          </option>,
          <option key={`${c.key}-d`} value={`${c.sortKey}:desc`}>
            {c.header} (giảm dần)
          </option>,
        ])}
      </select>
    </label>
  );
}
