import { useState } from 'react';
import { GENDER_LABELS, STUDENT_STATUS_LABELS, ZHomeroomClass, ZStudent, type TStudent } from '@app/shared/school';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ImportDialog } from '@/components/data/import-dialog';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { RowActions } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useListQuery } from '@/components/data/use-list-query';
import { useOptions } from '@/components/data/use-options';
import { formatDate } from '@app/shared/format';
import { GRADE_OPTIONS, STATUS_OPTIONS, useAcademicYears, useCampusOptions } from '../api/people-options';
import { StudentFormDialog, type TStudentInput } from './student-form-dialog';

/** Lists whose numbers change when a student is written (class sizes). */
const AFFECTED = ['/v1/students', '/v1/homeroom-classes'] as const;

const STATUS_STYLE: Record<TStudent['status'], string> = {
  active: 'bg-primary/10 text-primary',
  graduated: 'bg-surface-2 text-fg',
  transferred: 'bg-surface-2 text-muted',
  dropped: 'bg-danger/10 text-danger',
};

const columns: Column<TStudent>[] = [
  { key: 'code', header: 'Mã HS', cell: (s) => <span className="font-mono text-xs">{s.studentCode}</span>, sortKey: 'studentCode' },
  { key: 'name', header: 'Họ và tên', cell: (s) => <span className="font-medium">{s.fullName}</span>, sortKey: 'fullName', primary: true },
  { key: 'dob', header: 'Ngày sinh', cell: (s) => formatDate(s.dateOfBirth) || '—', sortKey: 'dateOfBirth', hideOnMobile: true },
  { key: 'gender', header: 'Giới tính', cell: (s) => GENDER_LABELS[s.gender], hideOnMobile: true },
  { key: 'grade', header: 'Khối', cell: (s) => s.grade, sortKey: 'grade', align: 'center' },
  { key: 'campus', header: 'Cơ sở', cell: (s) => s.campusName },
  {
    key: 'class',
    header: 'Lớp CN',
    className: 'md:whitespace-nowrap',
    cell: (s) => s.homeroomClassName ?? <span className="text-muted">Chưa xếp lớp</span>,
  },
  {
    key: 'status',
    header: 'Trạng thái',
    cell: (s) => (
      <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_STYLE[s.status]}`}>
        {STUDENT_STATUS_LABELS[s.status]}
      </span>
    ),
  },
];

export function StudentsPanel() {
  const years = useAcademicYears();
  const campuses = useCampusOptions();
  const list = useListQuery({
    path: '/v1/students',
    schema: ZStudent,
    filterKeys: ['grade', 'campusId', 'homeroomClassId', 'status'] as const,
    defaults: { sort: 'studentCode' },
    rankSearch: true,
  });
  const yearId = years.current?.id;
  const classes = useOptions(
    {
      path: '/v1/homeroom-classes',
      schema: ZHomeroomClass,
      sort: 'name',
      params: { academicYearId: yearId, grade: list.filters.grade, campusId: list.filters.campusId },
      toOption: (c) => ({ value: c.id, label: c.name }),
    },
    { enabled: yearId !== undefined },
  );

  const [editing, setEditing] = useState<TStudent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TStudent | null>(null);
  const [importing, setImporting] = useState(false);

  const save = useSaveMutation<TStudentInput>({ path: '/v1/students', invalidate: AFFECTED });
  const remove = useDeleteMutation({ path: '/v1/students', invalidate: AFFECTED });

  const editRow = editing === 'new' ? null : editing;
  return (
    <>
      <ListToolbar
        actions={
          <ListActions
            path="/v1/students"
            params={list.exportParams}
            filename="danh-sach-hoc-sinh.xlsx"
            onImport={() => setImporting(true)}
            addLabel="Thêm học sinh"
            onAdd={() => setEditing('new')}
          />
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, tên, e-mail..." label="Tìm học sinh" />
        <FilterSelect label="Khối" value={list.filters.grade} onChange={(v) => list.setFilter('grade', v)} options={GRADE_OPTIONS} />
        <FilterSelect
          label="Cơ sở"
          value={list.filters.campusId}
          onChange={(v) => list.setFilter('campusId', v)}
          options={campuses.options}
        />
        <FilterSelect
          label={years.current ? `Lớp chủ nhiệm (${years.current.name})` : 'Lớp chủ nhiệm'}
          value={list.filters.homeroomClassId}
          onChange={(v) => list.setFilter('homeroomClassId', v)}
          options={classes.options}
        />
        <FilterSelect
          label="Trạng thái"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          options={STATUS_OPTIONS}
        />
      </ListToolbar>

      <DataTable
        label="Danh sách học sinh"
        columns={columns}
        rowKey={(s) => s.id}
        {...list.tableProps}
        emptyTitle="Chưa có học sinh nào"
        emptyDescription="Thêm từng học sinh hoặc nhập cả danh sách từ tệp Excel."
        actions={(s) => <RowActions name={`học sinh ${s.fullName}`} onEdit={() => setEditing(s)} onDelete={() => setDeleting(s)} />}
      />
      <Pagination {...list.paginationProps} />

      <StudentFormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        student={editRow}
        campuses={campuses.options}
        academicYearId={yearId}
        onSubmit={(input) => save.mutateAsync({ id: editRow?.id, input })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Xóa học sinh ${deleting?.fullName ?? ''}?`}
        message={
          <p>
            Hồ sơ học sinh <strong>{deleting?.studentCode}</strong> sẽ bị xóa. Học sinh đã ghi danh lớp học phần thì không xóa được; khi đó
            hãy đổi trạng thái (đã chuyển trường, đã thôi học…).
          </p>
        }
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} kind="students" invalidate={AFFECTED} />
    </>
  );
}
