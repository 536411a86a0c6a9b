import { ZDepartment, ZDepartmentInput, type TDepartment } from '@app/shared/school';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FormDialog } from '@/components/data/form-dialog';
import { TextField } from '@/components/data/form-fields';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { MultiSelectField } from '@/components/data/multi-select';
import { Pagination } from '@/components/data/pagination';
import { RowActions } from '@/components/data/row-actions';
import { personOption, SOURCES } from '@/components/data/school-sources';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useCrudDialogs } from '@/components/data/use-crud-dialogs';
import { useListQuery } from '@/components/data/use-list-query';
import { formatValue } from '@/lib/format';
import { ACADEMIC_PATHS } from './academic-paths';

const PATH = ACADEMIC_PATHS.departments;

const columns: Column<TDepartment>[] = [
  { key: 'code', header: 'Mã tổ', cell: (d) => <span className="font-medium">{d.code}</span>, sortKey: 'code' },
  { key: 'name', header: 'Tên tổ chuyên môn', cell: (d) => d.name, sortKey: 'name', primary: true },
  {
    key: 'heads',
    header: 'Tổ trưởng / tổ phó',
    cell: (d) =>
      d.heads.length ? (
        <ul className="space-y-0.5">
          {d.heads.map((h) => (
            <li key={h.id}>
              {h.fullName} <span className="text-xs text-muted">({h.staffCode})</span>
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-muted">Chưa có</span>
      ),
  },
  { key: 'teachers', header: 'Số giáo viên', cell: (d) => formatValue(d.teacherCount), sortKey: 'teacherCount', align: 'right' },
  { key: 'subjects', header: 'Số môn', cell: (d) => formatValue(d.subjectCount), sortKey: 'subjectCount', align: 'right' },
];

/** Departments (tổ chuyên môn) and their heads, picked from the teachers by search. */
export function DepartmentsTab() {
  const list = useListQuery({ path: PATH, schema: ZDepartment });
  const dialogs = useCrudDialogs<TDepartment>();
  const save = useSaveMutation({
    path: PATH,
    // Heads gain or lose the head-of-department role; teacher lists show it.
    invalidate: [PATH, ACADEMIC_PATHS.subjects, '/v1/teachers'],
  });
  const remove = useDeleteMutation({ path: PATH, invalidate: [PATH, ACADEMIC_PATHS.subjects, '/v1/teachers'] });
  const row = dialogs.editRow;

  return (
    <section aria-label="Tổ chuyên môn">
      <ListToolbar actions={<ListActions path={PATH} params={list.exportParams} addLabel="Thêm tổ" onAdd={dialogs.openCreate} />}>
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, tên tổ..." label="Tìm tổ chuyên môn" />
      </ListToolbar>
      <DataTable
        label="Danh sách tổ chuyên môn"
        columns={columns}
        rowKey={(d) => d.id}
        {...list.tableProps}
        emptyTitle="Chưa có tổ chuyên môn nào"
        actions={(d) => <RowActions name={`tổ ${d.name}`} onEdit={() => dialogs.openEdit(d)} onDelete={() => dialogs.openDelete(d)} />}
      />
      <Pagination {...list.paginationProps} />

      <FormDialog
        open={dialogs.editing !== null}
        onClose={dialogs.closeEdit}
        title={row ? `Sửa tổ ${row.name}` : 'Thêm tổ chuyên môn'}
        schema={ZDepartmentInput}
        initialValues={{ code: row?.code ?? '', name: row?.name ?? '', headTeacherIds: row?.heads.map((h) => h.id) ?? [] }}
        onSubmit={(input) => save.mutateAsync({ id: row?.id, input })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="code" label="Mã tổ" required autoFocus />
          <TextField name="name" label="Tên tổ chuyên môn" required />
        </div>
        <MultiSelectField
          name="headTeacherIds"
          label="Tổ trưởng / tổ phó"
          source={SOURCES.teachers}
          knownOptions={row?.heads.map(personOption)}
          max={5}
          placeholder="Gõ tên hoặc mã giáo viên..."
          hint="Tối đa 5 người; họ được cấp vai trò Tổ trưởng chuyên môn."
        />
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa tổ ${dialogs.deleting?.name ?? ''}?`}
        message="Tổ chỉ xóa được khi không còn giáo viên hay môn học nào thuộc tổ. Thao tác này không thể hoàn tác."
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
    </section>
  );
}
