import type { ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';
import type { z } from 'zod';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column, type DataTableProps } from '@/components/data/data-table';
import { FormDialog } from '@/components/data/form-dialog';
import type { FormValues } from '@/components/data/form-context';
import { DateField, SwitchField } from '@/components/data/form-fields';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination, type PaginationProps } from '@/components/data/pagination';
import { IconAction, RowActions } from '@/components/data/row-actions';
import { useApiMutation, useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useCrudDialogs } from '@/components/data/use-crud-dialogs';
import { formatDate } from '@app/shared/format';
import { ACADEMIC_PATHS } from './academic-paths';

/**
 * What academic years, semesters and modules share: start and end dates, and exactly one row that
 * is current ("Đặt làm hiện tại" moves the flag). Each tab keeps its own columns, filters and fields.
 */
export interface DatedPeriod {
  id: number;
  isCurrent: boolean;
  startDate: string;
  endDate: string;
}

export interface PeriodKind<T extends DatedPeriod> {
  path: string;
  /** "năm học", "học kỳ", "học phần". */
  noun: string;
  /** The row in "Đặt {label} làm {noun} hiện tại". */
  label: (row: T) => string;
  /** Completes "Sửa …" and "Xóa …". */
  rowName: (row: T) => string;
  /** The row as its input, without `isCurrent`. */
  toInput: (row: T) => Record<string, unknown>;
}

/** Every write refreshes all academic lists: a change to one can show in the others' columns. */
const ALL = Object.values(ACADEMIC_PATHS);

/** The first column: the row's name with a "Hiện tại" badge on the current one. */
export function currentNameColumn<T extends DatedPeriod>(col: {
  key: string;
  header: string;
  text: (row: T) => string;
  sortKey: string;
  nowrap?: boolean;
}): Column<T> {
  return {
    key: col.key,
    header: col.header,
    cell: (r) => (
      <span className={`inline-flex flex-wrap items-center gap-2 font-medium${col.nowrap ? ' whitespace-nowrap' : ''}`}>
        {col.text(r)}
        {r.isCurrent ? <Badge tone="primary">Hiện tại</Badge> : null}
      </span>
    ),
    sortKey: col.sortKey,
    primary: true,
  };
}

/** "Ngày bắt đầu", "Ngày kết thúc". */
export function periodDateColumns<T extends DatedPeriod>(): Column<T>[] {
  return [
    { key: 'start', header: 'Ngày bắt đầu', cell: (r) => formatDate(r.startDate), sortKey: 'startDate' },
    { key: 'end', header: 'Ngày kết thúc', cell: (r) => formatDate(r.endDate), sortKey: 'endDate' },
  ];
}

/** Save (create or update), make current, delete. `onSuccess` runs after each. */
function usePeriodWrites<T extends DatedPeriod>(kind: PeriodKind<T>, onSuccess?: () => void) {
  const { path } = kind;
  const save = useSaveMutation({ path, invalidate: ALL, onSuccess });
  const makeCurrent = useApiMutation<T>({
    method: 'put',
    url: (r) => `${path}/${r.id}`,
    body: (r) => ({ ...kind.toInput(r), isCurrent: true }),
    invalidate: ALL,
    toastMessage: (r) => `Đã đặt ${kind.label(r)} làm ${kind.noun} hiện tại.`,
    toastError: true,
    onSuccess,
  });
  const remove = useDeleteMutation({ path, invalidate: ALL, onSuccess });
  return { save, makeCurrent, remove };
}

/**
 * The whole tab around the parts that differ: toolbar (the tab's search and filters, "Xuất Excel",
 * "Thêm …"), table with edit / delete / "Đặt … làm … hiện tại", pagination, the create/edit dialog
 * (the tab's own fields, then the dates and the "current" switch) and the delete confirmation.
 * `initialValues` leaves out the dates and `isCurrent`; the section keeps which row is edited or deleted.
 */
export function DatedPeriodSection<T extends DatedPeriod, S extends z.ZodType>({
  kind,
  list,
  columns,
  onWrite,
  filters,
  schema,
  initialValues,
  fields,
  deleteMessage,
}: {
  kind: PeriodKind<T>;
  list: {
    exportParams: Record<string, string>;
    tableProps: Omit<DataTableProps<T>, 'columns' | 'rowKey' | 'label'>;
    paginationProps: PaginationProps;
  };
  columns: Column<T>[];
  /** Runs after each write (e.g. reload the header's module picker). */
  onWrite?: () => void;
  /** Search and filters of the toolbar. */
  filters: ReactNode;
  schema: S;
  /** The form's values for the tab's own fields (the row being edited, or null when creating). */
  initialValues: (row: T | null) => FormValues;
  /** Fields before the dates. */
  fields: ReactNode;
  deleteMessage: string;
}) {
  const dialogs = useCrudDialogs<T>();
  const writes = usePeriodWrites(kind, onWrite);
  const { noun } = kind;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const { makeCurrent } = writes;
  const row = dialogs.editRow;
  return (
    <section aria-label={Noun}>
      <ListToolbar
        actions={<ListActions path={kind.path} params={list.exportParams} addLabel={`Thêm ${noun}`} onAdd={dialogs.openCreate} />}
      >
        {filters}
      </ListToolbar>
      <DataTable
        label={`Danh sách ${noun}`}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.tableProps}
        emptyTitle={`Chưa có ${noun} nào`}
        actions={(r) => (
          <RowActions name={kind.rowName(r)} onEdit={() => dialogs.openEdit(r)} onDelete={() => dialogs.openDelete(r)}>
            {r.isCurrent ? null : (
              <IconAction
                icon={CircleCheck}
                label={`Đặt ${kind.label(r)} làm ${noun} hiện tại`}
                onClick={() => makeCurrent.mutate(r)}
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
        title={row ? `Sửa ${kind.rowName(row)}` : `Thêm ${noun}`}
        schema={schema}
        initialValues={{
          ...initialValues(row),
          startDate: row?.startDate ?? '',
          endDate: row?.endDate ?? '',
          isCurrent: row?.isCurrent ?? false,
        }}
        onSubmit={(input) => writes.save.mutateAsync({ id: row?.id, input })}
      >
        {fields}
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="startDate" label="Ngày bắt đầu" required />
          <DateField name="endDate" label="Ngày kết thúc" required />
        </div>
        <SwitchField name="isCurrent" label={`${Noun} hiện tại`} hint={`${Noun} hiện tại trước đó (nếu có) sẽ không còn là hiện tại.`} />
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={dialogs.deleting ? `Xóa ${kind.rowName(dialogs.deleting)}?` : ''}
        message={deleteMessage}
        onConfirm={() => writes.remove.mutateAsync(dialogs.deleting!.id)}
      />
    </section>
  );
}
