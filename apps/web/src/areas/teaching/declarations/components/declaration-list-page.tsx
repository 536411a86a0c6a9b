import type { ReactNode } from 'react';
import {
  ZDeclarationSummary,
  DECLARATION_STATUSES,
  DECLARATION_STATUS_LABELS,
  type TDeclarationPeriod,
  type TDeclarationSummary,
} from '@app/shared/declarations';
import type { Column } from '@/components/data/data-table';
import { FilterSelect, type Option } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { ExportButton } from '@/components/data/export-button';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { DECLARATIONS_ROOT } from '../api/keys';
import { DeclarationEditorDialog } from './declaration-editor';
import { DeclarationsTable, useOpenDeclaration } from './declarations-table';
import { PeriodDeadlines, usePeriodChoice } from './period-picker';

export const STATUS_OPTIONS: Option[] = DECLARATION_STATUSES.map((s) => ({ value: s, label: DECLARATION_STATUS_LABELS[s] }));

/** A period's declarations in the caller's scope, filtered by status (and department) and searched, in the address. */
export function usePeriodDeclarations(period: TDeclarationPeriod | null, defaults: { status?: string } = {}) {
  return useListQuery({
    path: DECLARATIONS_ROOT,
    schema: ZDeclarationSummary,
    filterKeys: ['status', 'departmentId'] as const,
    defaults: { limit: 20, filters: defaults.status ? { status: defaults.status } : {} },
    params: { periodId: period?.id },
    enabled: period !== null,
  });
}

/**
 * The frame every staff declaration page shares: title, period picker, the period's deadlines, then
 * the page's own content; loading, error and "no period yet" states of the periods read.
 */
export function PeriodPageFrame({
  title,
  subtitle,
  actions,
  noPeriod,
  children,
}: {
  title: string;
  subtitle: string;
  actions?: (period: TDeclarationPeriod) => ReactNode;
  /** Shown when no period exists yet (an admin's page offers to create one). */
  noPeriod?: ReactNode;
  children: (period: TDeclarationPeriod) => ReactNode;
}) {
  const { query, periods, period, picker } = usePeriodChoice();
  if (query.isPending) return <SectionSpinner label="Đang tải kỳ kê khai..." />;
  if (query.isError)
    return (
      <div>
        <PageHeader title={title} />
        <LoadError
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          fallback="Không thể tải các kỳ kê khai."
        />
      </div>
    );
  return (
    <div className="space-y-4">
      <PageHeader
        title={title}
        subtitle={period ? <PeriodDeadlines period={period} /> : subtitle}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            {periods.length ? picker : null}
            {period ? (
              <ExportButton path={`/v1/teaching/declarations/periods/${period.id}`} filename="ke-khai-giang-day.xlsx" label="Xuất Excel" />
            ) : null}
            {period ? actions?.(period) : null}
          </div>
        }
      />
      {period
        ? children(period)
        : (noPeriod ?? <EmptyState title="Chưa có kỳ kê khai" description="Quản trị viên chưa mở kỳ kê khai giảng dạy nào." />)}
    </div>
  );
}

/** Status filter, search, the table and its pages: the list part of the staff pages. */
export function DeclarationList({
  list,
  columns,
  emptyTitle,
  emptyDescription,
  extraFilters,
  rowActions,
  teachers,
  above,
  children,
}: {
  list: ReturnType<typeof usePeriodDeclarations>;
  columns: Column<TDeclarationSummary>[];
  emptyTitle: string;
  emptyDescription?: ReactNode;
  extraFilters?: ReactNode;
  rowActions?: (r: TDeclarationSummary) => ReactNode;
  teachers?: Option[];
  above?: ReactNode;
  /** Dialogs of the page. */
  children?: ReactNode;
}) {
  const editor = useOpenDeclaration();
  return (
    <>
      <ListToolbar
        filters={
          <>
            <FilterSelect
              label="Trạng thái"
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              options={STATUS_OPTIONS}
            />
            {extraFilters}
          </>
        }
        activeFilters={list.activeFilters}
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm giáo viên (tên, mã)..." label="Tìm giáo viên" />
      </ListToolbar>
      {above}
      <DeclarationsTable
        rows={list.tableProps.rows}
        columns={columns}
        loading={list.tableProps.loading}
        fetching={list.tableProps.fetching}
        error={list.tableProps.error}
        onRetry={list.tableProps.onRetry}
        searching={list.tableProps.searching}
        emptyTitle={emptyTitle}
        emptyDescription={emptyDescription}
        onOpen={editor.open}
        rowActions={rowActions}
      />
      <Pagination {...list.paginationProps} />
      <DeclarationEditorDialog id={editor.openId} onClose={editor.close} teachers={teachers} />
      {children}
    </>
  );
}
