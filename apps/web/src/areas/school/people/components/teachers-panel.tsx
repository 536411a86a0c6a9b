import { useState } from 'react';
import { ZTeacher, type TTeacher } from '@app/shared/school';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ImportDialog } from '@/components/data/import-dialog';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { RowActions } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useListQuery } from '@/components/data/use-list-query';
import { useDepartmentOptions, useSubjectOptions } from '../api/people-options';
import { teacherColumns } from './teacher-columns';
import { TeacherFormDialog, type TTeacherInput } from './teacher-form-dialog';

/** Teachers show up in departments (counts, heads) and homeroom classes (names). */
const AFFECTED = ['/v1/teachers', '/v1/departments', '/v1/homeroom-classes'] as const;

export function TeachersPanel() {
  const departments = useDepartmentOptions();
  const subjects = useSubjectOptions();
  const list = useListQuery({
    path: '/v1/teachers',
    schema: ZTeacher,
    filterKeys: ['departmentId', 'subjectId'] as const,
    defaults: { sort: 'fullName' },
    rankSearch: true,
  });
  const [editing, setEditing] = useState<TTeacher | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TTeacher | null>(null);
  const [importing, setImporting] = useState(false);

  const save = useSaveMutation<TTeacherInput>({ path: '/v1/teachers', invalidate: AFFECTED });
  const remove = useDeleteMutation({ path: '/v1/teachers', invalidate: AFFECTED });
  const editRow = editing === 'new' ? null : editing;

  return (
    <>
      <ListToolbar
        actions={
          <ListActions
            path="/v1/teachers"
            params={list.exportParams}
            filename="danh-sach-giao-vien.xlsx"
            onImport={() => setImporting(true)}
            addLabel="Thêm giáo viên"
            onAdd={() => setEditing('new')}
          />
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, tên, e-mail..." label="Tìm giáo viên" />
        <FilterSelect
          label="Tổ chuyên môn"
          value={list.filters.departmentId}
          onChange={(v) => list.setFilter('departmentId', v)}
          options={departments.options}
        />
        <FilterSelect
          label="Môn dạy"
          value={list.filters.subjectId}
          onChange={(v) => list.setFilter('subjectId', v)}
          options={subjects.options}
        />
      </ListToolbar>

      <DataTable
        label="Danh sách giáo viên"
        columns={teacherColumns}
        rowKey={(t) => t.id}
        {...list.tableProps}
        emptyTitle="Chưa có giáo viên nào"
        emptyDescription="Thêm từng giáo viên hoặc nhập cả danh sách từ tệp Excel."
        actions={(t) => <RowActions name={`giáo viên ${t.fullName}`} onEdit={() => setEditing(t)} onDelete={() => setDeleting(t)} />}
      />
      <Pagination {...list.paginationProps} />

      <TeacherFormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        teacher={editRow}
        departments={departments.options}
        onSubmit={(input) => save.mutateAsync({ id: editRow?.id, input })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Xóa giáo viên ${deleting?.fullName ?? ''}?`}
        message={
          <p>
            Hồ sơ giáo viên <strong>{deleting?.staffCode}</strong> sẽ bị xóa. Giáo viên đang dạy lớp học phần, làm tổ trưởng hoặc chủ nhiệm
            lớp thì không xóa được.
          </p>
        }
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} kind="teachers" invalidate={AFFECTED} />
    </>
  );
}
