import { useState } from 'react';
import { formatDate } from '@app/shared/format';
import { ZTeacherCoefficientRow, type TTeacherCoefficientRow } from '@app/shared/pay';
import { formatPercent } from '@app/shared/pay-calc';
import { moneyColumn } from '@/areas/pay/core/lib/columns';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ImportDialog } from '@/components/data/import-dialog';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { SOURCES } from '@/components/data/school-sources';
import { useListQuery } from '@/components/data/use-list-query';
import { useOptions } from '@/components/data/use-options';
import { Button } from '@/components/ui/button';
import { COEFFICIENTS_PATH } from '../api/coefficients';
import { VersionsDialog } from './versions-dialog';
import { formatCoefficient as coefficient } from '@/areas/pay/core/lib/format';

const MISSING_OPTIONS = [{ value: '1', label: 'Chưa có hệ số' }];

// The staff code under the name: the columns and the row's button fit 1280 px beside the menu.
const columns: Column<TTeacherCoefficientRow>[] = [
  {
    key: 'fullName',
    header: 'Họ và tên',
    sortKey: 'fullName',
    primary: true,
    cell: (r) => (
      <>
        <span className="font-medium">{r.fullName}</span>
        <span className="block text-xs text-muted">{r.staffCode}</span>
      </>
    ),
  },
  { key: 'department', header: 'Tổ', sortKey: 'department', cell: (r) => r.departmentName ?? '—', hideOnMobile: true },
  {
    key: 'rank',
    header: 'Hạng/bậc',
    cell: (r) => (r.current ? `${r.current.rank}/${r.current.step}` : <Badge tone="danger">Chưa có hệ số</Badge>),
  },
  {
    key: 'coefficient',
    header: 'Hệ số',
    sortKey: 'coefficient',
    align: 'right',
    cell: (r) => (r.current ? coefficient(r.current.coefficient) : '—'),
  },
  {
    key: 'pref',
    header: 'PC ưu đãi',
    align: 'right',
    cell: (r) => (r.current ? formatPercent(r.current.preferentialPercent) : '—'),
    hideOnMobile: true,
  },
  {
    key: 'seniority',
    header: 'Thâm niên',
    align: 'right',
    cell: (r) => (r.seniorityNow !== null ? formatPercent(r.seniorityNow) : '—'),
    hideOnMobile: true,
  },
  moneyColumn({ key: 'salary', header: 'Lương tháng', value: (r) => r.monthlySalary }),
  {
    key: 'from',
    header: 'Hiệu lực từ',
    cell: (r) => (r.current ? formatDate(r.current.effectiveFrom) : '—'),
    hideOnMobile: true,
  },
];

/**
 * "Hệ số giáo viên": every teacher with the coefficients in force today and the monthly salary they
 * give (search, department, those without coefficients, sort, pages); a row opens the teacher's
 * versions; "Nhập Excel" with the import's dry-run preview, "Xuất Excel" in the same columns.
 */
export function CoefficientsPanel() {
  const departments = useOptions(SOURCES.departments);
  const list = useListQuery({
    path: COEFFICIENTS_PATH,
    schema: ZTeacherCoefficientRow,
    filterKeys: ['departmentId', 'missing'] as const,
    defaults: { sort: 'fullName' },
    rankSearch: true,
  });
  const [open, setOpen] = useState<TTeacherCoefficientRow | null>(null);
  const [importing, setImporting] = useState(false);

  return (
    <section aria-labelledby="pay-coefficients-title" className="space-y-4">
      <div>
        <h2 id="pay-coefficients-title" className="text-base font-semibold text-fg">
          Hệ số giáo viên
        </h2>
        <p className="text-sm text-muted">Hạng, bậc và phụ cấp đang áp dụng hôm nay; lương tháng tính theo cấu hình chung đang áp dụng.</p>
      </div>
      <ListToolbar
        actions={
          <ListActions
            path={COEFFICIENTS_PATH}
            params={list.exportParams}
            filename="he-so-luong-giao-vien.xlsx"
            onImport={() => setImporting(true)}
            addLabel=""
          />
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, họ tên..." label="Tìm giáo viên" />
        <FilterSelect
          label="Tổ chuyên môn"
          value={list.filters.departmentId}
          onChange={(v) => list.setFilter('departmentId', v)}
          options={departments.options}
        />
        <FilterSelect
          label="Hệ số"
          value={list.filters.missing}
          onChange={(v) => list.setFilter('missing', v)}
          options={MISSING_OPTIONS}
          allLabel="Tất cả giáo viên"
        />
      </ListToolbar>
      <DataTable
        label="Hệ số lương của giáo viên"
        columns={columns}
        rowKey={(r) => r.teacherId}
        {...list.tableProps}
        emptyTitle="Không có giáo viên nào"
        emptyDescription="Không có giáo viên khớp bộ lọc."
        actions={(r) => (
          <Button variant="ghost" className="px-2! py-1! text-xs" onClick={() => setOpen(r)} aria-label={`Hệ số của ${r.fullName}`}>
            {r.current ? `Xem (${r.versions})` : 'Thêm hệ số'}
          </Button>
        )}
      />
      <Pagination {...list.paginationProps} />
      {open ? <VersionsDialog teacher={open} onClose={() => setOpen(null)} /> : null}
      <ImportDialog open={importing} onClose={() => setImporting(false)} kind="teacher-coefficients" invalidate={[COEFFICIENTS_PATH]} />
    </section>
  );
}
