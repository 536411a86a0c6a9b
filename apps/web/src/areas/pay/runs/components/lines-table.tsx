import type { TPayLine } from '@app/shared/pay';
import { formatPeriods } from '@app/shared/workload-calc';
import { moneyColumn } from '@/areas/pay/core/lib/columns';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect, type Option } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { usePayLines } from '../api/list-lines';
import { formatCoefficient } from '@/areas/pay/core/lib/format';

/**
 * The run's lines: search, department filter, sort, pages (in the address). "Đã chi" and "Còn nhận" appear
 * when an earlier run paid part of a line; a capped line says so. A name opens the line's explanation.
 */
export function LinesTable({
  runId,
  departments,
  showPaid,
  capLabel,
  onOpen,
}: {
  runId: number;
  departments: Option[];
  /** Some line was partly paid by an earlier run (an interim semester, an adjusted run). */
  showPaid: boolean;
  /** "vượt 200 tiết". */
  capLabel: string;
  onOpen: (line: TPayLine) => void;
}) {
  const list = usePayLines(runId);
  // Ten columns of figures fit 1280 px beside the menu only without a row number and with the
  // department under the name (the printed sheet and the export keep both).
  const columns: Column<TPayLine>[] = [
    {
      key: 'name',
      header: 'Họ tên',
      sortKey: 'fullName',
      primary: true,
      cell: (r) => (
        <>
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <button
              type="button"
              onClick={() => onOpen(r)}
              className="rounded text-left font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
              aria-label={`Xem cách tính của ${r.fullName}`}
            >
              {r.fullName}
            </button>
            {r.capped ? <Badge tone="danger">{capLabel}</Badge> : null}
          </span>
          <span className="block text-xs text-muted">
            {r.staffCode}
            {r.departmentName ? ` · ${r.departmentName}` : ''}
          </span>
        </>
      ),
      className: 'min-w-44',
    },
    { key: 'coefficient', header: 'Hệ số', cell: (r) => formatCoefficient(r.coefficient), align: 'right' },
    moneyColumn({ key: 'monthly', header: 'Lương tháng', value: (r) => r.monthlySalary }),
    { key: 'norm', header: 'Định mức', cell: (r) => formatPeriods(r.norm), align: 'right', className: 'tabular-nums' },
    { key: 'counted', header: 'Tiết được tính', cell: (r) => formatPeriods(r.counted), align: 'right', className: 'tabular-nums' },
    {
      key: 'overtime',
      header: 'Dạy thêm',
      sortKey: 'overtime',
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
      cell: (r) => (r.capped ? `${formatPeriods(r.overtimePaid)} / ${formatPeriods(r.overtime)}` : formatPeriods(r.overtimePaid)),
    },
    moneyColumn({ key: 'rate', header: 'Đơn giá', value: (r) => r.overtimePeriodPay }),
    moneyColumn({ key: 'amount', header: 'Thành tiền', sortKey: 'amount', value: (r) => r.amount, strong: true }),
  ];
  if (showPaid)
    columns.push(
      moneyColumn({ key: 'paid', header: 'Đã chi', value: (r) => r.previouslyPaid }),
      moneyColumn({ key: 'due', header: 'Còn nhận', value: (r) => r.due, strong: true }),
    );
  return (
    <div>
      <ListToolbar
        filters={
          <FilterSelect
            label="Tổ chuyên môn"
            value={list.filters.departmentId}
            onChange={(v) => list.setFilter('departmentId', v)}
            options={departments}
          />
        }
        activeFilters={list.activeFilters}
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm giáo viên (tên, mã)..." label="Tìm giáo viên" />
      </ListToolbar>
      <DataTable
        label="Bảng tiền dạy thêm giờ của giáo viên"
        columns={columns}
        rowKey={(r) => r.teacherId}
        emptyTitle="Chưa có giáo viên nào được tính"
        emptyDescription="Khi giáo viên có bản kê khai đã khóa và hệ số lương, bấm “Tính lại” để tính."
        {...list.tableProps}
      />
      <Pagination {...list.paginationProps} />
    </div>
  );
}
