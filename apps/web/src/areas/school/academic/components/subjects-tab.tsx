import { SUBJECT_KINDS, SUBJECT_KIND_LABELS, ZSubject, ZSubjectInput, type TSubject } from '@app/shared/school';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { FormDialog } from '@/components/data/form-dialog';
import { SelectField, SwitchField, TextField } from '@/components/data/form-fields';
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
import { ACADEMIC_PATHS } from './academic-paths';

const PATH = ACADEMIC_PATHS.subjects;
const KIND_OPTIONS = SUBJECT_KINDS.map((k) => ({ value: k, label: SUBJECT_KIND_LABELS[k] }));

const columns: Column<TSubject>[] = [
  { key: 'code', header: 'Mã môn', cell: (s) => <span className="font-medium">{s.code}</span>, sortKey: 'code' },
  { key: 'name', header: 'Tên môn học', cell: (s) => s.name, sortKey: 'name', primary: true },
  {
    key: 'kind',
    header: 'Loại môn',
    cell: (s) => <Badge tone={s.kind === 'specialised' ? 'primary' : 'neutral'}>{SUBJECT_KIND_LABELS[s.kind]}</Badge>,
    sortKey: 'kind',
  },
  {
    key: 'dept',
    header: 'Tổ chuyên môn',
    cell: (s) => s.departmentName ?? <span className="text-muted">Chưa thuộc tổ</span>,
    sortKey: 'departmentName',
  },
  { key: 'lms', header: 'Dùng LMS', cell: (s) => (s.usesLms ? 'Có' : 'Không'), sortKey: 'usesLms', align: 'center' },
];

/** Subjects with kind, department and whether they use the LMS (it changes the survey's questions). */
export function SubjectsTab() {
  const list = useListQuery({ path: PATH, schema: ZSubject, filterKeys: ['departmentId', 'kind'] as const });
  const departments = useOptions(SOURCES.departments);
  const dialogs = useCrudDialogs<TSubject>();
  const save = useSaveMutation({ path: PATH, invalidate: [PATH, ACADEMIC_PATHS.departments] });
  const remove = useDeleteMutation({ path: PATH, invalidate: [PATH, ACADEMIC_PATHS.departments] });
  const row = dialogs.editRow;

  return (
    <section aria-label="Môn học">
      <ListToolbar actions={<ListActions path={PATH} params={list.exportParams} addLabel="Thêm môn học" onAdd={dialogs.openCreate} />}>
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, tên môn..." label="Tìm môn học" />
        <FilterSelect
          label="Loại môn"
          value={list.filters.kind}
          onChange={(v) => list.setFilter('kind', v)}
          options={KIND_OPTIONS}
          allLabel="Tất cả loại môn"
        />
        <FilterSelect
          label="Tổ chuyên môn"
          value={list.filters.departmentId}
          onChange={(v) => list.setFilter('departmentId', v)}
          options={departments.options}
          allLabel="Tất cả tổ"
        />
      </ListToolbar>
      <DataTable
        label="Danh sách môn học"
        columns={columns}
        rowKey={(s) => s.id}
        {...list.tableProps}
        emptyTitle="Chưa có môn học nào"
        actions={(s) => <RowActions name={`môn ${s.name}`} onEdit={() => dialogs.openEdit(s)} onDelete={() => dialogs.openDelete(s)} />}
      />
      <Pagination {...list.paginationProps} />

      <FormDialog
        open={dialogs.editing !== null}
        onClose={dialogs.closeEdit}
        title={row ? `Sửa môn ${row.name}` : 'Thêm môn học'}
        schema={ZSubjectInput}
        initialValues={{
          code: row?.code ?? '',
          name: row?.name ?? '',
          kind: row?.kind ?? 'core',
          departmentId: row?.departmentId ?? null,
          usesLms: row?.usesLms ?? false,
        }}
        onSubmit={(input) => save.mutateAsync({ id: row?.id, input })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="code" label="Mã môn" required autoFocus />
          <TextField name="name" label="Tên môn học" required />
          <SelectField name="kind" label="Loại môn" required options={KIND_OPTIONS} allowEmpty={false} />
          <SelectField
            name="departmentId"
            label="Tổ chuyên môn"
            options={departments.options}
            emptyValue={null}
            placeholder="Chưa thuộc tổ"
          />
        </div>
        <SwitchField name="usesLms" label="Môn dùng LMS" hint="Khảo sát của môn không dùng LMS sẽ không có câu hỏi về LMS." />
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa môn ${dialogs.deleting?.name ?? ''}?`}
        message="Môn học chỉ xóa được khi chưa có lớp học phần hay giáo viên nào gắn với nó. Thao tác này không thể hoàn tác."
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
    </section>
  );
}
