import { ZCampus, ZCampusInput, type TCampus } from '@app/shared/school';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FormDialog } from '@/components/data/form-dialog';
import { TextField } from '@/components/data/form-fields';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { RowActions } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useCrudDialogs } from '@/components/data/use-crud-dialogs';
import { useListQuery } from '@/components/data/use-list-query';
import { formatDate } from '@app/shared/format';
import { formatValue } from '@/lib/format';

const PATH = '/v1/campuses';

const columns: Column<TCampus>[] = [
  { key: 'code', header: 'Mã cơ sở', cell: (c) => <span className="font-medium">{c.code}</span>, sortKey: 'code' },
  { key: 'name', header: 'Tên cơ sở', cell: (c) => c.name, sortKey: 'name', primary: true },
  { key: 'address', header: 'Địa chỉ', cell: (c) => c.address || <span className="text-muted">—</span>, sortKey: 'address' },
  { key: 'rooms', header: 'Số phòng học', cell: (c) => formatValue(c.classroomCount), sortKey: 'classroomCount', align: 'right' },
  { key: 'created', header: 'Ngày tạo', cell: (c) => formatDate(c.createdAt), sortKey: 'createdAt', hideOnMobile: true },
];

/** Campuses: list, search, create/edit/delete, export. Used by the admin's tab and the facility manager's page. */
export function CampusesPanel() {
  const list = useListQuery({ path: PATH, schema: ZCampus });
  const dialogs = useCrudDialogs<TCampus>();
  const save = useSaveMutation({ path: PATH, invalidate: [PATH, '/v1/classrooms'] });
  const remove = useDeleteMutation({ path: PATH, invalidate: [PATH] });
  const row = dialogs.editRow;

  return (
    <section aria-label="Cơ sở">
      <ListToolbar actions={<ListActions path={PATH} params={list.exportParams} addLabel="Thêm cơ sở" onAdd={dialogs.openCreate} />}>
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, tên, địa chỉ..." label="Tìm cơ sở" />
      </ListToolbar>
      <DataTable
        label="Danh sách cơ sở"
        columns={columns}
        rowKey={(c) => c.id}
        {...list.tableProps}
        emptyTitle="Chưa có cơ sở nào"
        actions={(c) => <RowActions name={`cơ sở ${c.name}`} onEdit={() => dialogs.openEdit(c)} onDelete={() => dialogs.openDelete(c)} />}
      />
      <Pagination {...list.paginationProps} />

      <FormDialog
        open={dialogs.editing !== null}
        onClose={dialogs.closeEdit}
        title={row ? `Sửa cơ sở ${row.code}` : 'Thêm cơ sở'}
        schema={ZCampusInput}
        initialValues={{ code: row?.code ?? '', name: row?.name ?? '', address: row?.address ?? '' }}
        onSubmit={(input) => save.mutateAsync({ id: row?.id, input })}
      >
        <TextField name="code" label="Mã cơ sở" required autoFocus />
        <TextField name="name" label="Tên cơ sở" required />
        <TextField name="address" label="Địa chỉ" multiline />
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa cơ sở ${dialogs.deleting?.name ?? ''}?`}
        message="Cơ sở chỉ xóa được khi không còn phòng học, học sinh hay lớp nào thuộc về nó. Thao tác này không thể hoàn tác."
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
    </section>
  );
}
