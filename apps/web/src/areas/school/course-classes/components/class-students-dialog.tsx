import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UserMinus, UserPlus } from 'lucide-react';
import { ZCourseClass, ZEnrolment, type TCourseClass, type TEnrolment } from '@app/shared/school';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { IconAction } from '@/components/data/row-actions';
import { Modal } from '@/components/data/modal';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { useListQuery } from '@/components/data/use-list-query';
import { Button } from '@/components/ui/button';
import { apiClient, unwrap } from '@/lib/api-client';
import { formatDate } from '@app/shared/format';
import { formatValue } from '@/lib/format';
import { AddStudentsPanel } from './add-students-panel';

const columns: Column<TEnrolment>[] = [
  { key: 'code', header: 'Mã học sinh', cell: (s) => <span className="font-medium">{s.studentCode}</span> },
  { key: 'name', header: 'Họ và tên', cell: (s) => s.fullName, primary: true },
  { key: 'grade', header: 'Khối', cell: (s) => s.grade, align: 'center' },
  { key: 'homeroom', header: 'Lớp chủ nhiệm', cell: (s) => s.homeroomClassName ?? <span className="text-muted">—</span> },
  { key: 'at', header: 'Ngày ghi danh', cell: (s) => formatDate(s.enrolledAt), hideOnMobile: true },
];

/** The class as the server has it now (its enrolled count changes while the dialog is open). */
function useCourseClass(initial: TCourseClass) {
  const path = `/v1/course-classes/${initial.id}`;
  return useQuery({
    queryKey: ['detail', path],
    queryFn: async () => unwrap(ZCourseClass, (await apiClient.get(path)).data),
    initialData: initial,
    staleTime: 0,
  }).data;
}

/** "Học sinh" of one course class: who is enrolled (paged, searchable), add several, remove one. */
export function ClassStudentsDialog({ courseClass, onClose }: { courseClass: TCourseClass | null; onClose: () => void }) {
  if (!courseClass) return null;
  return <StudentsBody initial={courseClass} onClose={onClose} />;
}

function StudentsBody({ initial, onClose }: { initial: TCourseClass; onClose: () => void }) {
  const cls = useCourseClass(initial);
  const path = `/v1/course-classes/${cls.id}/students`;
  // Kept in the dialog, not the page's URL: the page's own list state must survive closing it.
  const list = useListQuery({ path, schema: ZEnrolment, inUrl: false });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TEnrolment | null>(null);
  const remove = useApiMutation<number>({
    method: 'delete',
    url: (studentId) => `${path}/${studentId}`,
    invalidate: ['/v1/course-classes'],
  });
  const full = cls.enrolledCount >= cls.capacity;

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title={`Học sinh lớp ${cls.code}`}
      description={
        <>
          {cls.name} · {cls.subjectName} · Khối {cls.grade} · {cls.campusName} ·{' '}
          <span className={full ? 'font-medium text-danger' : 'font-medium text-fg'}>
            Sĩ số {formatValue(cls.enrolledCount)}/{formatValue(cls.capacity)}
          </span>
        </>
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          Đóng
        </Button>
      }
    >
      <div className="space-y-4">
        {adding ? (
          <AddStudentsPanel courseClass={cls} onDone={() => setAdding(false)} />
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <SearchInput
              value={list.searchText}
              onChange={list.setSearch}
              placeholder="Tìm theo mã, tên học sinh..."
              label="Tìm học sinh trong lớp"
            />
            <Button onClick={() => setAdding(true)} disabled={full} title={full ? 'Lớp đã đủ sĩ số' : undefined}>
              <UserPlus aria-hidden="true" className="size-4" />
              Thêm học sinh
            </Button>
          </div>
        )}
        <DataTable
          label={`Học sinh lớp ${cls.code}`}
          columns={columns}
          rowKey={(s) => s.studentId}
          {...list.tableProps}
          emptyTitle="Lớp chưa có học sinh nào"
          actions={(s) => <IconAction icon={UserMinus} label={`Xóa ${s.fullName} khỏi lớp`} onClick={() => setRemoving(s)} danger />}
        />
        <Pagination {...list.paginationProps} />
      </div>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Xóa ${removing?.fullName ?? ''} khỏi lớp ${cls.code}?`}
        message={removing ? `Học sinh ${removing.studentCode} sẽ không còn ghi danh trong lớp học phần này.` : null}
        confirmLabel="Xóa khỏi lớp"
        onConfirm={() => remove.mutateAsync(removing!.studentId)}
      />
    </Modal>
  );
}
