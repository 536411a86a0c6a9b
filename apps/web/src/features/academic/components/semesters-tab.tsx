import { CircleCheck, Plus } from 'lucide-react';
import { ZSemester, ZSemesterInput, type TSemester } from '@app/shared/school';
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

const PATH = ACADEMIC_PATHS.semesters;
const ALL = Object.values(ACADEMIC_PATHS);

const columns: Column<TSemester>[] = [
  {
    key: 'name',
    header: 'Học kỳ',
    cell: (s) => (
      <span className="inline-flex flex-wrap items-center gap-2 font-medium">
        {s.name}
        {s.isCurrent ? <Badge tone="primary">Hiện tại</Badge> : null}
      </span>
    ),
    sortKey: 'name',
    primary: true,
  },
  { key: 'year', header: 'Năm học', cell: (s) => s.academicYearName, sortKey: 'academicYearName' },
  { key: 'start', header: 'Ngày bắt đầu', cell: (s) => formatDate(s.startDate), sortKey: 'startDate' },
  { key: 'end', header: 'Ngày kết thúc', cell: (s) => formatDate(s.endDate), sortKey: 'endDate' },
];

const toInput = (s: TSemester, isCurrent = s.isCurrent) => ({
  name: s.name,
  academicYearId: s.academicYearId,
  startDate: s.startDate,
  endDate: s.endDate,
  isCurrent,
});

/** Semesters, filtered by academic year. */
export function SemestersTab() {
  const list = useListQuery({ path: PATH, schema: ZSemester, filterKeys: ['academicYearId'] as const, defaults: { sort: 'startDate', order: 'desc' } });
  const years = useOptions(SOURCES.years);
  const dialogs = useCrudDialogs<TSemester>();
  // The header's module picker lists the current semester's modules.
  const { reload } = useCurrentModule();
  const refreshPicker = () => void reload(true);
  const save = useApiMutation<{ id?: number; input: unknown }>({
    method: (v) => (v.id ? 'put' : 'post'),
    url: (v) => (v.id ? `${PATH}/${v.id}` : PATH),
    body: (v) => v.input,
    invalidate: ALL,
    onSuccess: refreshPicker,
  });
  const makeCurrent = useApiMutation<TSemester>({
    method: 'put',
    url: (s) => `${PATH}/${s.id}`,
    body: (s) => toInput(s, true),
    invalidate: ALL,
    toastMessage: (s) => `Đã đặt ${s.name} (${s.academicYearName}) làm học kỳ hiện tại.`,
    toastError: true,
    onSuccess: refreshPicker,
  });
  const remove = useApiMutation<number>({ method: 'delete', url: (id) => `${PATH}/${id}`, invalidate: ALL, onSuccess: refreshPicker });
  const row = dialogs.editRow;
  const yearDefault = row?.academicYearId ?? (list.filters.academicYearId ? Number(list.filters.academicYearId) : undefined);

  return (
    <section aria-label="Học kỳ">
      <ListToolbar
        actions={
          <>
            <ExportButton path={PATH} params={list.exportParams} />
            <Button onClick={dialogs.openCreate}>
              <Plus aria-hidden="true" className="size-4" />
              Thêm học kỳ
            </Button>
          </>
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm học kỳ..." label="Tìm học kỳ" />
        <FilterSelect
          label="Năm học"
          value={list.filters.academicYearId}
          onChange={(v) => list.setFilter('academicYearId', v)}
          options={years.options}
          allLabel="Tất cả năm học"
        />
      </ListToolbar>
      <DataTable
        label="Danh sách học kỳ"
        columns={columns}
        rowKey={(s) => s.id}
        {...list.tableProps}
        emptyTitle="Chưa có học kỳ nào"
        actions={(s) => (
          <RowActions name={`${s.name} (${s.academicYearName})`} onEdit={() => dialogs.openEdit(s)} onDelete={() => dialogs.openDelete(s)}>
            {s.isCurrent ? null : (
              <IconAction
                icon={CircleCheck}
                label={`Đặt ${s.name} (${s.academicYearName}) làm học kỳ hiện tại`}
                onClick={() => makeCurrent.mutate(s)}
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
        title={row ? `Sửa ${row.name} (${row.academicYearName})` : 'Thêm học kỳ'}
        schema={ZSemesterInput}
        initialValues={{
          name: row?.name ?? '',
          academicYearId: yearDefault,
          startDate: row?.startDate ?? '',
          endDate: row?.endDate ?? '',
          isCurrent: row?.isCurrent ?? false,
        }}
        onSubmit={(input) => save.mutateAsync({ id: row?.id, input })}
      >
        <TextField name="name" label="Tên học kỳ" required placeholder="Học kỳ 1" autoFocus />
        <SelectField name="academicYearId" label="Năm học" required options={years.options} placeholder="— Chọn năm học —" />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="startDate" label="Ngày bắt đầu" required />
          <DateField name="endDate" label="Ngày kết thúc" required />
        </div>
        <SwitchField name="isCurrent" label="Học kỳ hiện tại" hint="Học kỳ hiện tại trước đó (nếu có) sẽ không còn là hiện tại." />
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa ${dialogs.deleting?.name ?? ''} (${dialogs.deleting?.academicYearName ?? ''})?`}
        message="Học kỳ chỉ xóa được khi chưa có học phần nào thuộc về nó. Thao tác này không thể hoàn tác."
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
    </section>
  );
}
