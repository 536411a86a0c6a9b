import { ZSemester, ZSemesterInput, type TSemester } from '@app/shared/school';
import type { Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { SelectField, TextField } from '@/components/data/form-fields';
import { SOURCES } from '@/components/data/school-sources';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { useOptions } from '@/components/data/use-options';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { ACADEMIC_PATHS } from './academic-paths';
import { DatedPeriodSection, currentNameColumn, periodDateColumns, type PeriodKind } from './dated-period';

const PATH = ACADEMIC_PATHS.semesters;

const KIND: PeriodKind<TSemester> = {
  path: PATH,
  noun: 'học kỳ',
  label: (s) => `${s.name} (${s.academicYearName})`,
  rowName: (s) => `${s.name} (${s.academicYearName})`,
  toInput: (s) => ({ name: s.name, academicYearId: s.academicYearId, startDate: s.startDate, endDate: s.endDate }),
};

const columns: Column<TSemester>[] = [
  currentNameColumn({ key: 'name', header: 'Học kỳ', text: (s) => s.name, sortKey: 'name' }),
  { key: 'year', header: 'Năm học', cell: (s) => s.academicYearName, sortKey: 'academicYearName' },
  ...periodDateColumns<TSemester>(),
];

/** Semesters, filtered by academic year. */
export function SemestersTab() {
  const list = useListQuery({
    path: PATH,
    schema: ZSemester,
    filterKeys: ['academicYearId'] as const,
    defaults: { sort: 'startDate', order: 'desc' },
  });
  const years = useOptions(SOURCES.years);
  // The header's module picker lists the current semester's modules.
  const { reload } = useCurrentModule();
  // A new semester starts in the year the list is filtered to.
  const yearFilter = list.filters.academicYearId ? Number(list.filters.academicYearId) : undefined;

  return (
    <DatedPeriodSection
      kind={KIND}
      list={list}
      columns={columns}
      onWrite={() => void reload(true)}
      filters={
        <>
          <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm học kỳ..." label="Tìm học kỳ" />
          <FilterSelect
            label="Năm học"
            value={list.filters.academicYearId}
            onChange={(v) => list.setFilter('academicYearId', v)}
            options={years.options}
            allLabel="Tất cả năm học"
          />
        </>
      }
      schema={ZSemesterInput}
      initialValues={(row) => ({ name: row?.name ?? '', academicYearId: row?.academicYearId ?? yearFilter })}
      fields={
        <>
          <TextField name="name" label="Tên học kỳ" required placeholder="Học kỳ 1" autoFocus />
          <SelectField name="academicYearId" label="Năm học" required options={years.options} placeholder="— Chọn năm học —" />
        </>
      }
      deleteMessage="Học kỳ chỉ xóa được khi chưa có học phần nào thuộc về nó. Thao tác này không thể hoàn tác."
    />
  );
}
