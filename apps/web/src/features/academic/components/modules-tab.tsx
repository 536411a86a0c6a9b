import { CircleCheck, Plus } from 'lucide-react';
import { ZModule, ZModuleInput, type TModule } from '@app/shared/school';
import { Badge } from '../../../components/data/badge';
import { ConfirmDialog } from '../../../components/data/confirm-dialog';
import { DataTable, type Column } from '../../../components/data/data-table';
import { ExportButton } from '../../../components/data/export-button';
import { FilterSelect } from '../../../components/data/filter-select';
import { FormDialog } from '../../../components/data/form-dialog';
import { DateField, SelectField, SwitchField, TextField } from '../../../components/data/form-fields';
import { ListToolbar } from '../../../components/data/list-toolbar';
import { Pagination } from '../../../components/data/pagination';
import { IconAction, RowActions } from '../../../components/data/row-actions';
import { SOURCES } from '../../../components/data/school-sources';
import { SearchInput } from '../../../components/data/search-input';
import { useApiMutation } from '../../../components/data/use-api-mutation';
import { useCrudDialogs } from '../../../components/data/use-crud-dialogs';
import { useListQuery } from '../../../components/data/use-list-query';
import { useOptions } from '../../../components/data/use-options';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { useCurrentModule } from '../../modules/current-module-context';
import { ACADEMIC_PATHS } from './academic-paths';

const PATH = ACADEMIC_PATHS.modules;
const ALL = Object.values(ACADEMIC_PATHS);

const columns: Column<TModule>[] = [
  {
    key: 'code',
    header: 'Mã học phần',
    cell: (m) => (
      <span className="inline-flex flex-wrap items-center gap-2 font-medium whitespace-nowrap">
        {m.code}
        {m.isCurrent ? <Badge tone="primary">Hiện tại</Badge> : null}
      </span>
    ),
    sortKey: 'code',
    primary: true,
  },
  { key: 'name', header: 'Tên học phần', cell: (m) => m.name, sortKey: 'name' },
  { key: 'semester', header: 'Học kỳ', cell: (m) => m.semesterName, sortKey: 'semesterName' },
  { key: 'year', header: 'Năm học', cell: (m) => m.academicYearName, sortKey: 'academicYearName', hideOnMobile: true },
  { key: 'start', header: 'Ngày bắt đầu', cell: (m) => formatDate(m.startDate), sortKey: 'startDate' },
  { key: 'end', header: 'Ngày kết thúc', cell: (m) => formatDate(m.endDate), sortKey: 'endDate' },
];

const toInput = (m: TModule, isCurrent = m.isCurrent) => ({
  code: m.code,
  name: m.name,
  semesterId: m.semesterId,
  startDate: m.startDate,
  endDate: m.endDate,
  isCurrent,
});

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
  const dialogs = useCrudDialogs<TModule>();
  // The header's module picker is not a query: ask it to reload after a change.
  const { reload } = useCurrentModule();
  const refreshPicker = () => void reload(true);
  const save = useApiMutation<{ id?: number; input: unknown }>({
    method: (v) => (v.id ? 'put' : 'post'),
    url: (v) => (v.id ? `${PATH}/${v.id}` : PATH),
    body: (v) => v.input,
    invalidate: ALL,
    onSuccess: refreshPicker,
  });
  const makeCurrent = useApiMutation<TModule>({
    method: 'put',
    url: (m) => `${PATH}/${m.id}`,
    body: (m) => toInput(m, true),
    invalidate: ALL,
    toastMessage: (m) => `Đã đặt ${m.code} làm học phần hiện tại.`,
    toastError: true,
    onSuccess: refreshPicker,
  });
  const remove = useApiMutation<number>({ method: 'delete', url: (id) => `${PATH}/${id}`, invalidate: ALL, onSuccess: refreshPicker });
  const row = dialogs.editRow;
  const semesterDefault = row?.semesterId ?? (list.filters.semesterId ? Number(list.filters.semesterId) : undefined);

  return (
    <section aria-label="Học phần">
      <ListToolbar
        actions={
          <>
            <ExportButton path={PATH} params={list.exportParams} />
            <Button onClick={dialogs.openCreate}>
              <Plus aria-hidden="true" className="size-4" />
              Thêm học phần
            </Button>
          </>
        }
      >
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
      </ListToolbar>
      <DataTable
        label="Danh sách học phần"
        columns={columns}
        rowKey={(m) => m.id}
        {...list.tableProps}
        emptyTitle="Chưa có học phần nào"
        actions={(m) => (
          <RowActions name={`học phần ${m.code}`} onEdit={() => dialogs.openEdit(m)} onDelete={() => dialogs.openDelete(m)}>
            {m.isCurrent ? null : (
              <IconAction
                icon={CircleCheck}
                label={`Đặt ${m.code} làm học phần hiện tại`}
                onClick={() => makeCurrent.mutate(m)}
                disabled={makeCurrent.isPending}
              />
            )}
          </RowActions>
        )}
      />
      <Pagination {...list.paginationProps} />

      <FormDialog
        open={dialogs.editing !== null}
        onClose={dialogs.closeEdit}
        title={row ? `Sửa học phần ${row.code}` : 'Thêm học phần'}
        schema={ZModuleInput}
        initialValues={{
          code: row?.code ?? '',
          name: row?.name ?? '',
          semesterId: semesterDefault,
          startDate: row?.startDate ?? '',
          endDate: row?.endDate ?? '',
          isCurrent: row?.isCurrent ?? false,
        }}
        onSubmit={(input) => save.mutateAsync({ id: row?.id, input })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="code" label="Mã học phần" required autoFocus />
          <TextField name="name" label="Tên học phần" required />
        </div>
        <SelectField name="semesterId" label="Học kỳ" required options={allSemesters.options} placeholder="— Chọn học kỳ —" />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="startDate" label="Ngày bắt đầu" required />
          <DateField name="endDate" label="Ngày kết thúc" required />
        </div>
        <SwitchField name="isCurrent" label="Học phần hiện tại" hint="Học phần hiện tại trước đó (nếu có) sẽ không còn là hiện tại." />
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa học phần ${dialogs.deleting?.code ?? ''}?`}
        message="Học phần chỉ xóa được khi chưa có lớp học phần nào thuộc về nó. Thao tác này không thể hoàn tác."
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
    </section>
  );
}
