import { CircleCheck, Plus } from 'lucide-react';
import { ZAcademicYear, ZAcademicYearInput, type TAcademicYear } from '@app/shared/school';
import { Badge } from '../../../components/data/badge';
import { ConfirmDialog } from '../../../components/data/confirm-dialog';
import { DataTable, type Column } from '../../../components/data/data-table';
import { ExportButton } from '../../../components/data/export-button';
import { FormDialog } from '../../../components/data/form-dialog';
import { DateField, SwitchField, TextField } from '../../../components/data/form-fields';
import { ListToolbar } from '../../../components/data/list-toolbar';
import { Pagination } from '../../../components/data/pagination';
import { IconAction, RowActions } from '../../../components/data/row-actions';
import { SearchInput } from '../../../components/data/search-input';
import { useApiMutation } from '../../../components/data/use-api-mutation';
import { useCrudDialogs } from '../../../components/data/use-crud-dialogs';
import { useListQuery } from '../../../components/data/use-list-query';
import { Button } from '../../../components/ui/button';
import { formatDate, formatValue } from '../../../lib/format';
import { ACADEMIC_PATHS } from './academic-paths';

const PATH = ACADEMIC_PATHS.years;

const columns: Column<TAcademicYear>[] = [
  {
    key: 'name',
    header: 'Năm học',
    cell: (y) => (
      <span className="inline-flex flex-wrap items-center gap-2 font-medium">
        {y.name}
        {y.isCurrent ? <Badge tone="primary">Hiện tại</Badge> : null}
      </span>
    ),
    sortKey: 'name',
    primary: true,
  },
  { key: 'start', header: 'Ngày bắt đầu', cell: (y) => formatDate(y.startDate), sortKey: 'startDate' },
  { key: 'end', header: 'Ngày kết thúc', cell: (y) => formatDate(y.endDate), sortKey: 'endDate' },
  { key: 'semesters', header: 'Số học kỳ', cell: (y) => formatValue(y.semesterCount), sortKey: 'semesterCount', align: 'right' },
];

/** Academic years; exactly one may be current ("Đặt làm hiện tại" moves the flag). */
export function YearsTab() {
  const list = useListQuery({ path: PATH, schema: ZAcademicYear, defaults: { sort: 'startDate', order: 'desc' } });
  const dialogs = useCrudDialogs<TAcademicYear>();
  const save = useApiMutation<{ id?: number; input: unknown }>({
    method: (v) => (v.id ? 'put' : 'post'),
    url: (v) => (v.id ? `${PATH}/${v.id}` : PATH),
    body: (v) => v.input,
    invalidate: Object.values(ACADEMIC_PATHS),
  });
  const makeCurrent = useApiMutation<TAcademicYear>({
    method: 'put',
    url: (y) => `${PATH}/${y.id}`,
    body: (y) => ({ name: y.name, startDate: y.startDate, endDate: y.endDate, isCurrent: true }),
    invalidate: Object.values(ACADEMIC_PATHS),
    toastMessage: (y) => `Đã đặt ${y.name} làm năm học hiện tại.`,
    toastError: true,
  });
  const remove = useApiMutation<number>({ method: 'delete', url: (id) => `${PATH}/${id}`, invalidate: Object.values(ACADEMIC_PATHS) });
  const row = dialogs.editRow;

  return (
    <section aria-label="Năm học">
      <ListToolbar
        actions={
          <>
            <ExportButton path={PATH} params={list.exportParams} />
            <Button onClick={dialogs.openCreate}>
              <Plus aria-hidden="true" className="size-4" />
              Thêm năm học
            </Button>
          </>
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm năm học..." label="Tìm năm học" />
      </ListToolbar>
      <DataTable
        label="Danh sách năm học"
        columns={columns}
        rowKey={(y) => y.id}
        {...list.tableProps}
        emptyTitle="Chưa có năm học nào"
        actions={(y) => (
          <RowActions name={`năm học ${y.name}`} onEdit={() => dialogs.openEdit(y)} onDelete={() => dialogs.openDelete(y)}>
            {y.isCurrent ? null : (
              <IconAction
                icon={CircleCheck}
                label={`Đặt ${y.name} làm năm học hiện tại`}
                onClick={() => makeCurrent.mutate(y)}
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
        title={row ? `Sửa năm học ${row.name}` : 'Thêm năm học'}
        schema={ZAcademicYearInput}
        initialValues={{ name: row?.name ?? '', startDate: row?.startDate ?? '', endDate: row?.endDate ?? '', isCurrent: row?.isCurrent ?? false }}
        onSubmit={(input) => save.mutateAsync({ id: row?.id, input })}
      >
        <TextField name="name" label="Tên năm học" required placeholder="2025-2026" autoFocus />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="startDate" label="Ngày bắt đầu" required />
          <DateField name="endDate" label="Ngày kết thúc" required />
        </div>
        <SwitchField name="isCurrent" label="Năm học hiện tại" hint="Năm học hiện tại trước đó (nếu có) sẽ không còn là hiện tại." />
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa năm học ${dialogs.deleting?.name ?? ''}?`}
        message="Năm học chỉ xóa được khi chưa có học kỳ hay lớp nào thuộc về nó. Thao tác này không thể hoàn tác."
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
    </section>
  );
}
