import { useState } from 'react';
import { FileUp, Users } from 'lucide-react';
import { ZCourseClass, type TCourseClass } from '@app/shared/school';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ImportDialog, type ImportKind } from '@/components/data/import-dialog';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { MenuButtonList } from '@/components/data/menu-button';
import { Pagination } from '@/components/data/pagination';
import { IconAction, RowActions } from '@/components/data/row-actions';
import { SOURCES } from '@/components/data/school-sources';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useCrudDialogs } from '@/components/data/use-crud-dialogs';
import { useListQuery } from '@/components/data/use-list-query';
import { useOptions } from '@/components/data/use-options';
import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { formatValue } from '@/lib/format';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { ClassStudentsDialog } from '../components/class-students-dialog';
import { CourseClassForm, GRADE_OPTIONS } from '../components/course-class-form';

const PATH = '/v1/course-classes';

const baseColumns: Column<TCourseClass>[] = [
  { key: 'code', header: 'Mã lớp', cell: (c) => <span className="font-medium whitespace-nowrap">{c.code}</span>, sortKey: 'code' },
  { key: 'name', header: 'Tên lớp học phần', cell: (c) => c.name, sortKey: 'name', primary: true },
  { key: 'subject', header: 'Môn học', cell: (c) => c.subjectName, sortKey: 'subjectName' },
  { key: 'module', header: 'Học phần', cell: (c) => <span className="whitespace-nowrap">{c.moduleCode}</span>, hideOnMobile: true },
  { key: 'campus', header: 'Cơ sở', cell: (c) => c.campusName, hideOnMobile: true, className: 'min-w-32' },
  { key: 'grade', header: 'Khối', cell: (c) => c.grade, sortKey: 'grade', align: 'center' },
  {
    key: 'teachers',
    header: 'Giáo viên',
    cell: (c) => c.teachers.map((t) => t.fullName).join(', ') || <span className="text-muted">—</span>,
    className: 'min-w-36',
  },
  {
    key: 'enrolled',
    header: 'Sĩ số',
    cell: (c) => (
      <span className={`whitespace-nowrap ${c.enrolledCount >= c.capacity ? 'font-medium text-danger' : ''}`}>
        {formatValue(c.enrolledCount)}/{formatValue(c.capacity)}
      </span>
    ),
    sortKey: 'enrolledCount',
    align: 'right',
  },
];
/** With one module chosen its column says the same thing on every row: leave it out. */
const columnsFor = (moduleFiltered: boolean) => (moduleFiltered ? baseColumns.filter((c) => c.key !== 'module') : baseColumns);

/** /admin/course-classes: course classes of a module (default: the one picked in the header). */
export default function CourseClassesPage() {
  const title = useRouteTitle('Quản lý lớp học');
  const current = useCurrentModule();
  const moduleReady = current.status === 'success' || current.status === 'error';
  const list = useListQuery({
    path: PATH,
    schema: ZCourseClass,
    filterKeys: ['moduleId', 'subjectId', 'campusId', 'grade', 'teacherId'] as const,
    defaults: { sort: 'code', filters: { moduleId: current.module ? String(current.module.id) : '' } },
    // Wait for the header's module so the first request is already the right one.
    enabled: moduleReady,
  });
  const modules = useOptions(SOURCES.modules);
  const subjects = useOptions(SOURCES.subjects);
  const campuses = useOptions(SOURCES.campuses);
  const teachers = useOptions(SOURCES.teachers);
  const dialogs = useCrudDialogs<TCourseClass>();
  const [students, setStudents] = useState<TCourseClass | null>(null);
  const [importKind, setImportKind] = useState<ImportKind | null>(null);
  const save = useSaveMutation({ path: PATH, invalidate: [PATH] });
  const remove = useDeleteMutation({ path: PATH, invalidate: [PATH] });
  const moduleId = list.filters.moduleId ? Number(list.filters.moduleId) : undefined;

  return (
    <div>
      <PageHeader title={title} subtitle="Lớp học phần theo học phần: giáo viên, sĩ số và học sinh ghi danh." />
      <ListToolbar
        activeFilters={list.activeFilters}
        actions={
          <ListActions path={PATH} params={list.exportParams} addLabel="Thêm lớp" onAdd={dialogs.openCreate}>
            <MenuButtonList
              label="Nhập Excel"
              icon={FileUp}
              items={[
                { label: 'Nhập lớp học phần', onClick: () => setImportKind('course-classes') },
                { label: 'Nhập danh sách ghi danh', onClick: () => setImportKind('enrolments') },
              ]}
            />
          </ListActions>
        }
        filters={
          <>
            <FilterSelect
              label="Học phần"
              value={list.filters.moduleId}
              onChange={(v) => list.setFilter('moduleId', v)}
              options={modules.options}
              allLabel="Tất cả học phần"
            />
            <FilterSelect
              label="Môn học"
              value={list.filters.subjectId}
              onChange={(v) => list.setFilter('subjectId', v)}
              options={subjects.options}
              allLabel="Tất cả môn"
            />
            <FilterSelect
              label="Cơ sở"
              value={list.filters.campusId}
              onChange={(v) => list.setFilter('campusId', v)}
              options={campuses.options}
              allLabel="Tất cả cơ sở"
            />
            <FilterSelect
              label="Khối"
              value={list.filters.grade}
              onChange={(v) => list.setFilter('grade', v)}
              options={GRADE_OPTIONS}
              allLabel="Tất cả khối"
            />
            <FilterSelect
              label="Giáo viên"
              value={list.filters.teacherId}
              onChange={(v) => list.setFilter('teacherId', v)}
              options={teachers.options}
              allLabel="Tất cả giáo viên"
            />
          </>
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, tên lớp..." label="Tìm lớp học phần" />
      </ListToolbar>
      <DataTable
        label="Danh sách lớp học phần"
        columns={columnsFor(Boolean(list.filters.moduleId))}
        rowKey={(c) => c.id}
        {...list.tableProps}
        loading={list.tableProps.loading || !moduleReady}
        emptyTitle="Chưa có lớp học phần nào"
        actions={(c) => (
          <RowActions name={`lớp ${c.code}`} onEdit={() => dialogs.openEdit(c)} onDelete={() => dialogs.openDelete(c)}>
            <IconAction icon={Users} label={`Học sinh lớp ${c.code}`} onClick={() => setStudents(c)} />
          </RowActions>
        )}
      />
      <Pagination {...list.paginationProps} />

      <CourseClassForm
        open={dialogs.editing !== null}
        row={dialogs.editRow}
        defaultModuleId={moduleId}
        onClose={dialogs.closeEdit}
        onSubmit={(input) => save.mutateAsync({ id: dialogs.editRow?.id, input })}
      />
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa lớp học phần ${dialogs.deleting?.code ?? ''}?`}
        message={
          dialogs.deleting
            ? `${dialogs.deleting.name} (${dialogs.deleting.subjectName}) sẽ bị xóa. Lớp đã có học sinh ghi danh hoặc khảo sát sẽ không xóa được.`
            : null
        }
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
      <ClassStudentsDialog courseClass={students} onClose={() => setStudents(null)} />
      <ImportDialog
        open={importKind !== null}
        onClose={() => setImportKind(null)}
        kind={importKind ?? 'course-classes'}
        invalidate={[PATH]}
      />
    </div>
  );
}
