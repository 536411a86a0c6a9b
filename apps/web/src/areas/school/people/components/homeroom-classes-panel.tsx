import { useState } from 'react';
import { ZHomeroomClass, type THomeroomClass } from '@app/shared/school';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { RowActions } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useListQuery } from '@/components/data/use-list-query';
import { formatValue } from '@/lib/format';
import { GRADE_OPTIONS, useAcademicYears, useCampusOptions } from '../api/people-options';
import { HomeroomClassFormDialog, type THomeroomClassInput } from './homeroom-class-form-dialog';

const AFFECTED = ['/v1/homeroom-classes', '/v1/students'] as const;

const columns: Column<THomeroomClass>[] = [
  { key: 'name', header: 'Tên lớp', cell: (c) => <span className="font-medium">{c.name}</span>, sortKey: 'name', primary: true },
  { key: 'grade', header: 'Khối', cell: (c) => c.grade, sortKey: 'grade', align: 'center' },
  { key: 'campus', header: 'Cơ sở', cell: (c) => c.campusName, sortKey: 'campusName' },
  { key: 'year', header: 'Năm học', cell: (c) => c.academicYearName, sortKey: 'academicYearName' },
  {
    key: 'teacher',
    header: 'Giáo viên chủ nhiệm',
    cell: (c) => c.homeroomTeacherName ?? <span className="text-muted">Chưa phân công</span>,
    sortKey: 'homeroomTeacherName',
  },
  { key: 'count', header: 'Sĩ số', cell: (c) => formatValue(c.studentCount), sortKey: 'studentCount', align: 'right' },
];

export function HomeroomClassesPanel() {
  const years = useAcademicYears();
  const campuses = useCampusOptions();
  const currentYear = years.current ? String(years.current.id) : '';
  const list = useListQuery({
    path: '/v1/homeroom-classes',
    schema: ZHomeroomClass,
    filterKeys: ['academicYearId', 'grade', 'campusId'] as const,
    // Until the years have loaded the list would show every year at once; it waits for them instead.
    defaults: { sort: 'name', filters: { academicYearId: currentYear } },
    enabled: !years.isLoading,
  });

  const [editing, setEditing] = useState<THomeroomClass | 'new' | null>(null);
  const [deleting, setDeleting] = useState<THomeroomClass | null>(null);
  const save = useSaveMutation<THomeroomClassInput>({ path: '/v1/homeroom-classes', invalidate: AFFECTED });
  const remove = useDeleteMutation({ path: '/v1/homeroom-classes', invalidate: AFFECTED });
  const editRow = editing === 'new' ? null : editing;
  const chosenYear = list.filters.academicYearId ? Number(list.filters.academicYearId) : years.current?.id;

  return (
    <>
      <ListToolbar
        actions={
          <ListActions
            path="/v1/homeroom-classes"
            params={list.exportParams}
            filename="danh-sach-lop-chu-nhiem.xlsx"
            addLabel="Thêm lớp"
            onAdd={() => setEditing('new')}
          />
        }
      >
        <SearchInput
          value={list.searchText}
          onChange={list.setSearch}
          placeholder="Tìm theo tên lớp, giáo viên..."
          label="Tìm lớp chủ nhiệm"
        />
        <FilterSelect
          label="Năm học"
          value={list.filters.academicYearId}
          onChange={(v) => list.setFilter('academicYearId', v)}
          options={years.options}
          allLabel="Tất cả năm học"
        />
        <FilterSelect label="Khối" value={list.filters.grade} onChange={(v) => list.setFilter('grade', v)} options={GRADE_OPTIONS} />
        <FilterSelect
          label="Cơ sở"
          value={list.filters.campusId}
          onChange={(v) => list.setFilter('campusId', v)}
          options={campuses.options}
        />
      </ListToolbar>

      <DataTable
        label="Danh sách lớp chủ nhiệm"
        columns={columns}
        rowKey={(c) => c.id}
        {...list.tableProps}
        emptyTitle="Chưa có lớp chủ nhiệm nào"
        emptyDescription="Tạo lớp cho năm học rồi xếp học sinh vào lớp trong hồ sơ học sinh."
        actions={(c) => <RowActions name={`lớp ${c.name}`} onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />}
      />
      <Pagination {...list.paginationProps} />

      <HomeroomClassFormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        row={editRow}
        years={years.options}
        defaultYearId={chosenYear}
        campuses={campuses.options}
        onSubmit={(input) => save.mutateAsync({ id: editRow?.id, input })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Xóa lớp ${deleting?.name ?? ''}?`}
        message={
          <p>
            Lớp <strong>{deleting?.name}</strong> ({deleting?.academicYearName}) sẽ bị xóa. Lớp còn học sinh thì không xóa được; hãy chuyển
            học sinh sang lớp khác trước.
          </p>
        }
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
    </>
  );
}
