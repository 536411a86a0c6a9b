import { ZAcademicYear, ZAcademicYearInput, type TAcademicYear } from '@app/shared/school';
import type { Column } from '@/components/data/data-table';
import { TextField } from '@/components/data/form-fields';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { formatValue } from '@/lib/format';
import { ACADEMIC_PATHS } from './academic-paths';
import { DatedPeriodSection, currentNameColumn, periodDateColumns, type PeriodKind } from './dated-period';

const PATH = ACADEMIC_PATHS.years;

const KIND: PeriodKind<TAcademicYear> = {
  path: PATH,
  noun: 'năm học',
  label: (y) => y.name,
  rowName: (y) => `năm học ${y.name}`,
  toInput: (y) => ({ name: y.name, startDate: y.startDate, endDate: y.endDate }),
};

const columns: Column<TAcademicYear>[] = [
  currentNameColumn({ key: 'name', header: 'Năm học', text: (y) => y.name, sortKey: 'name' }),
  ...periodDateColumns<TAcademicYear>(),
  { key: 'semesters', header: 'Số học kỳ', cell: (y) => formatValue(y.semesterCount), sortKey: 'semesterCount', align: 'right' },
];

/** Academic years; exactly one may be current ("Đặt làm hiện tại" moves the flag). */
export function YearsTab() {
  const list = useListQuery({ path: PATH, schema: ZAcademicYear, defaults: { sort: 'startDate', order: 'desc' } });

  return (
    <DatedPeriodSection
      kind={KIND}
      list={list}
      columns={columns}
      filters={<SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm năm học..." label="Tìm năm học" />}
      schema={ZAcademicYearInput}
      initialValues={(row) => ({ name: row?.name ?? '' })}
      fields={<TextField name="name" label="Tên năm học" required placeholder="2025-2026" autoFocus />}
      deleteMessage="Năm học chỉ xóa được khi chưa có học kỳ hay lớp nào thuộc về nó. Thao tác này không thể hoàn tác."
    />
  );
}
