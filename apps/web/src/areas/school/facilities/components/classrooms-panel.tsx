import { CLASSROOM_KINDS, CLASSROOM_KIND_LABELS, ZClassroom, ZClassroomInput, type TClassroom } from '@app/shared/school';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { FormDialog } from '@/components/data/form-dialog';
import { NumberField, SelectField, TextField } from '@/components/data/form-fields';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { RowActions } from '@/components/data/row-actions';
import { SOURCES } from '@/components/data/school-sources';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useCrudDialogs } from '@/components/data/use-crud-dialogs';
import { useListQuery } from '@/components/data/use-list-query';
import { useOptions } from '@/components/data/use-options';
import { formatValue } from '@/lib/format';

const PATH = '/v1/classrooms';
const KIND_OPTIONS = CLASSROOM_KINDS.map((k) => ({ value: k, label: CLASSROOM_KIND_LABELS[k] }));

const columns: Column<TClassroom>[] = [
  { key: 'code', header: 'Mã phòng', cell: (r) => <span className="font-medium">{r.code}</span>, sortKey: 'code' },
  { key: 'name', header: 'Tên phòng', cell: (r) => r.name, sortKey: 'name', primary: true },
  { key: 'campus', header: 'Cơ sở', cell: (r) => r.campusName, sortKey: 'campusName' },
  { key: 'kind', header: 'Loại phòng', cell: (r) => <Badge>{CLASSROOM_KIND_LABELS[r.kind]}</Badge>, sortKey: 'kind' },
  { key: 'capacity', header: 'Sức chứa', cell: (r) => formatValue(r.capacity), sortKey: 'capacity', align: 'right' },
];

/** Classrooms with campus and kind filters. Used by the admin's tab and the facility manager's page. */
export function ClassroomsPanel() {
  const list = useListQuery({ path: PATH, schema: ZClassroom, filterKeys: ['campusId', 'kind'] as const });
  const campuses = useOptions(SOURCES.campuses);
  const dialogs = useCrudDialogs<TClassroom>();
  const save = useSaveMutation({ path: PATH, invalidate: [PATH, '/v1/campuses'] });
  const remove = useDeleteMutation({ path: PATH, invalidate: [PATH, '/v1/campuses'] });
  const row = dialogs.editRow;
  // A new room starts on the campus the list is filtered to.
  const campusDefault =
    row?.campusId ??
    (list.filters.campusId ? Number(list.filters.campusId) : campuses.options.length === 1 ? campuses.options[0].value : undefined);

  return (
    <section aria-label="Phòng học">
      <ListToolbar actions={<ListActions path={PATH} params={list.exportParams} addLabel="Thêm phòng học" onAdd={dialogs.openCreate} />}>
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, tên phòng..." label="Tìm phòng học" />
        <FilterSelect
          label="Cơ sở"
          value={list.filters.campusId}
          onChange={(v) => list.setFilter('campusId', v)}
          options={campuses.options}
          allLabel="Tất cả cơ sở"
        />
        <FilterSelect
          label="Loại phòng"
          value={list.filters.kind}
          onChange={(v) => list.setFilter('kind', v)}
          options={KIND_OPTIONS}
          allLabel="Tất cả loại phòng"
        />
      </ListToolbar>
      <DataTable
        label="Danh sách phòng học"
        columns={columns}
        rowKey={(r) => r.id}
        {...list.tableProps}
        emptyTitle="Chưa có phòng học nào"
        actions={(r) => <RowActions name={`phòng ${r.name}`} onEdit={() => dialogs.openEdit(r)} onDelete={() => dialogs.openDelete(r)} />}
      />
      <Pagination {...list.paginationProps} />

      <FormDialog
        open={dialogs.editing !== null}
        onClose={dialogs.closeEdit}
        title={row ? `Sửa phòng ${row.code}` : 'Thêm phòng học'}
        schema={ZClassroomInput}
        initialValues={{
          campusId: campusDefault,
          code: row?.code ?? '',
          name: row?.name ?? '',
          capacity: row?.capacity ?? 40,
          kind: row?.kind ?? 'standard',
        }}
        onSubmit={(input) => save.mutateAsync({ id: row?.id, input })}
      >
        <SelectField name="campusId" label="Cơ sở" required options={campuses.options} placeholder="— Chọn cơ sở —" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="code" label="Mã phòng" required />
          <TextField name="name" label="Tên phòng" required />
          <NumberField name="capacity" label="Sức chứa" required min={1} max={2000} />
          <SelectField name="kind" label="Loại phòng" required options={KIND_OPTIONS} allowEmpty={false} />
        </div>
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa phòng ${dialogs.deleting?.name ?? ''}?`}
        message={
          dialogs.deleting
            ? `Phòng ${dialogs.deleting.code} thuộc ${dialogs.deleting.campusName} sẽ bị xóa. Thao tác này không thể hoàn tác.`
            : null
        }
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
    </section>
  );
}
