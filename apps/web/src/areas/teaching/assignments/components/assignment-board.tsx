import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAssignmentBoard, TBoardCourseClass } from '@app/shared/teaching';
import { formatDate } from '@app/shared/format';
import { formatPeriods } from '@app/shared/workload-calc';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { useBoard } from '../api/get-board';
import { BOARD_ROOT, boardKey } from '../api/keys';
import { AssignDialog } from './assign-dialog';
import { TeacherCard } from './teacher-card';

/**
 * The assignment board of one department for one module (issue 15 "Teaching assignments"): the course
 * classes with their teachers (assign or change), and beside them every teacher of the department with
 * the live load, clashes, duties and position. The departments offered are the ones the server lets the
 * caller work on (a head: their own; admin and academic affairs: all), so other pages mount it as is.
 */
export function AssignmentBoard({
  moduleId,
  departmentId,
  onDepartmentChange,
}: {
  moduleId: number;
  /** The department asked for (null: the first the caller may work on). */
  departmentId: number | null;
  onDepartmentChange: (id: number) => void;
}) {
  const client = useQueryClient();
  const board = useBoard(moduleId, departmentId);
  const [editing, setEditing] = useState<TBoardCourseClass | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: BOARD_ROOT });

  if (board.isPending) return <SectionSpinner label="Đang tải phân công..." />;
  if (board.isError)
    return (
      <LoadError
        error={board.error}
        onRetry={() => void board.refetch()}
        retrying={board.isFetching}
        fallback="Không thể tải bảng phân công."
      />
    );
  const b = board.data;
  if (b.departmentId === null)
    return <EmptyState title="Chưa có tổ chuyên môn" description="Bạn chưa phụ trách tổ chuyên môn nào để phân công giảng dạy." />;

  const saved = (next: TAssignmentBoard) => {
    client.setQueryData(boardKey(moduleId, departmentId), next);
    setEditing(null);
    void refresh();
  };
  const columns: Column<TBoardCourseClass>[] = [
    { key: 'code', header: 'Lớp học phần', primary: true, cell: (c) => <span className="font-medium">{c.code}</span> },
    { key: 'name', header: 'Tên lớp', cell: (c) => c.name, hideOnMobile: true },
    { key: 'subject', header: 'Môn', cell: (c) => c.subjectName },
    { key: 'grade', header: 'Khối', cell: (c) => c.grade, hideOnMobile: true },
    { key: 'periods', header: 'Tiết/tuần', cell: (c) => formatPeriods(c.periodsPerWeek) },
    {
      key: 'teachers',
      header: 'Giáo viên',
      cell: (c) =>
        c.teachers.length ? (
          c.teachers.map((t) => t.fullName).join(', ')
        ) : (
          <span className="text-amber-700 dark:text-amber-300">Chưa phân công</span>
        ),
    },
    {
      key: 'actions',
      header: 'Thao tác',
      cell: (c) => (
        <Button variant="secondary" className="px-3! py-1! text-xs" onClick={() => setEditing(c)} aria-label={`Phân công ${c.code}`}>
          {c.teachers.length ? 'Đổi giáo viên' : 'Phân công'}
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Tổ chuyên môn"
          value={String(b.departmentId)}
          allLabel={null}
          onChange={(v) => onDepartmentChange(Number(v))}
          options={b.departments.map((d) => ({ value: d.id, label: d.name }))}
          disabled={b.departments.length < 2}
        />
        <p className="text-xs text-muted">
          Định mức theo {b.ruleSet.name} (hiệu lực từ {formatDate(b.ruleSet.effectiveFrom)}).{' '}
          {b.timetable ? `Kiểm tra trùng tiết theo ${b.timetable.name}.` : 'Chưa có thời khóa biểu công bố để kiểm tra trùng tiết.'}
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-label="Lớp học phần của tổ" className="min-w-0">
          <DataTable
            label="Lớp học phần của tổ"
            columns={columns}
            rows={b.courseClasses}
            rowKey={(c) => c.id}
            loading={false}
            error={null}
            onRetry={() => void board.refetch()}
            fetching={board.isFetching}
            emptyTitle="Chưa có lớp học phần"
            emptyDescription="Tổ chưa có lớp học phần nào trong học phần này."
          />
        </section>
        <section aria-label="Giáo viên của tổ" className="min-w-0 space-y-2">
          <h2 className="text-sm font-semibold text-fg">Giáo viên của tổ ({b.teachers.length})</h2>
          {b.teachers.length === 0 ? (
            <EmptyState title="Tổ chưa có giáo viên" />
          ) : (
            <ul className="space-y-2">
              {b.teachers.map((t) => (
                <TeacherCard key={t.id} board={b} teacher={t} refresh={refresh} />
              ))}
            </ul>
          )}
        </section>
      </div>
      {editing ? <AssignDialog courseClass={editing} teachers={b.teachers} onClose={() => setEditing(null)} onSaved={saved} /> : null}
    </div>
  );
}
