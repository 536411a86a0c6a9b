import type { ReactNode } from 'react';
import { FolderOpen } from 'lucide-react';
import type { TDeclarationSummary } from '@app/shared/declarations';
import { formatDateTime } from '@app/shared/format';
import { formatPeriods } from '@app/shared/workload-calc';
import { DataTable, type Column } from '@/components/data/data-table';
import { IconAction } from '@/components/data/row-actions';
import { useUrlParams } from '@/components/data/url-params';
import { DeclarationStatusBadge } from './status-badge';

/** The declaration open in the editor (`?id=` in the address, so a link or a reload reopens it). */
export function useOpenDeclaration() {
  const params = useUrlParams();
  const raw = Number(params.get('id'));
  return {
    openId: Number.isInteger(raw) && raw > 0 ? raw : null,
    open: (id: number) => params.update({ id: String(id) }),
    close: () => params.update({ id: null }),
  };
}

const totals = (r: TDeclarationSummary, key: 'counted' | 'normBase' | 'overtime') => (r.totals ? formatPeriods(r.totals[key]) : '—');

/** The columns every declaration list shares; `extra` columns go before the totals. */
export function declarationColumns(
  opts: { department?: boolean; comment?: boolean; extra?: Column<TDeclarationSummary>[] } = {},
): Column<TDeclarationSummary>[] {
  return [
    {
      key: 'teacher',
      header: 'Giáo viên',
      primary: true,
      cell: (r) => (
        <span>
          <span className="font-medium">{r.teacherName}</span> <span className="text-xs text-muted">{r.teacherCode}</span>
        </span>
      ),
    },
    ...(opts.department ? [{ key: 'department', header: 'Tổ', cell: (r: TDeclarationSummary) => r.departmentName ?? '—' }] : []),
    { key: 'status', header: 'Trạng thái', cell: (r) => <DeclarationStatusBadge status={r.status} /> },
    ...(opts.extra ?? []),
    { key: 'counted', header: 'Số tiết được tính', align: 'right', cell: (r) => totals(r, 'counted') },
    { key: 'norm', header: 'Định mức', align: 'right', cell: (r) => totals(r, 'normBase') },
    {
      key: 'overtime',
      header: 'Vượt giờ',
      align: 'right',
      cell: (r) => <span className={r.totals && r.totals.overtime > 0 ? 'font-medium text-primary' : ''}>{totals(r, 'overtime')}</span>,
    },
    ...(opts.comment
      ? [
          {
            key: 'comment',
            header: 'Nhận xét gần nhất',
            hideOnMobile: true,
            className: 'max-w-64 break-words',
            cell: (r: TDeclarationSummary) => r.lastComment ?? '',
          },
        ]
      : []),
    { key: 'updated', header: 'Cập nhật', hideOnMobile: true, cell: (r) => formatDateTime(r.updatedAt) },
  ];
}

/** A list of declarations with the "Mở" button of each row (and any more buttons). */
export function DeclarationsTable({
  rows,
  columns,
  loading,
  fetching,
  error,
  onRetry,
  searching,
  emptyTitle,
  emptyDescription,
  onOpen,
  rowActions,
}: {
  rows: TDeclarationSummary[] | undefined;
  columns: Column<TDeclarationSummary>[];
  loading: boolean;
  fetching?: boolean;
  error: unknown;
  onRetry: () => void;
  searching?: boolean;
  emptyTitle: string;
  emptyDescription?: ReactNode;
  onOpen: (id: number) => void;
  rowActions?: (r: TDeclarationSummary) => ReactNode;
}) {
  return (
    <DataTable
      label="Danh sách bản kê khai"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      fetching={fetching}
      error={error}
      onRetry={onRetry}
      searching={searching}
      emptyTitle={emptyTitle}
      emptyDescription={emptyDescription}
      actions={(r) => (
        <div className="inline-flex items-center gap-1">
          {rowActions?.(r)}
          <IconAction icon={FolderOpen} label={`Mở bản kê khai của ${r.teacherName}`} onClick={() => onOpen(r.id)} />
        </div>
      )}
    />
  );
}
