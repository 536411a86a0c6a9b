import { ZModule, ZModuleInput, type TModule } from '@app/shared/school';
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

const PATH = ACADEMIC_PATHS.modules;

const KIND: PeriodKind<TModule> = {
  path: PATH,
  noun: 'học phần',
  label: (m) => m.code,
  rowName: (m) => `học phần ${m.code}`,
  toInput: (m) => ({ code: m.code, name: m.name, semesterId: m.semesterId, startDate: m.startDate, endDate: m.endDate }),
};

const columns: Column<TModule>[] = [
  currentNameColumn({ key: 'code', header: 'Mã học phần', text: (m) => m.code, sortKey: 'code', nowrap: true }),
  { key: 'name', header: 'Tên học phần', cell: (m) => m.name, sortKey: 'name' },
  { key: 'semester', header: 'Học kỳ', cell: (m) => m.semesterName, sortKey: 'semesterName' },
  { key: 'year', header: 'Năm học', cell: (m) => m.academicYearName, sortKey: 'academicYearName', hideOnMobile: true },
  ...periodDateColumns<TModule>(),
];

/** Modules (học phần), filtered by academic year and semester. */
export function ModulesTab() {
  const list = useListQuery({
    path: PATH,
    schema: ZModule,
    filterKeys: ['academicYearId', 'semesterId'] as const,
    defaults: { sort: 'startDate', order: 'desc' },
  });
  const years = useOptions(SOURCES.years);
  // The semester filter lists the chosen year's semesters only.
  const semesters = useOptions({ ...SOURCES.semesters, params: { academicYearId: list.filters.academicYearId } });
  const allSemesters = useOptions(SOURCES.semesters);
  // The header's module picker is not a query: ask it to reload after a change.
  const { reload } = useCurrentModule();
  // A new module starts in the semester the list is filtered to.
  const semesterFilter = list.filters.semesterId ? Number(list.filters.semesterId) : undefined;

  return (
    <DatedPeriodSection
      kind={KIND}
      list={list}
      columns={columns}
      onWrite={() => void reload(true)}
      filters={
        <>
          <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, tên học phần..." label="Tìm học phần" />
          <FilterSelect
            label="Năm học"
            value={list.filters.academicYearId}
            // A semester of another year would hide every row.
            onChange={(v) => list.setFilters({ academicYearId: v, semesterId: '' })}
            options={years.options}
            allLabel="Tất cả năm học"
          />
          <FilterSelect
            label="Học kỳ"
            value={list.filters.semesterId}
            onChange={(v) => list.setFilter('semesterId', v)}
            options={semesters.options}
            allLabel="Tất cả học kỳ"
          />
        </>
      }
      schema={ZModuleInput}
      initialValues={(row) => ({ code: row?.code ?? '', name: row?.name ?? '', semesterId: row?.semesterId ?? semesterFilter })}
      fields={
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="code" label="Mã học phần" required autoFocus />
            <TextField name="name" label="Tên học phần" required />
          </div>
          <SelectField name="semesterId" label="Học kỳ" required options={allSemesters.options} placeholder="— Chọn học kỳ —" />
        </>
      }
      deleteMessage="Học phần chỉ xóa được khi chưa có lớp học phần nào thuộc về nó. Thao tác này không thể hoàn tác."
    />
  );
}
