import { useState } from 'react';
import { ArrowLeft, ClipboardCheck, Plus } from 'lucide-react';
import { formatDate } from '@app/shared/format';
import { periodsLabel, tutoringKindLabel, type TTutoringGroupDetail, type TTutoringSession } from '@app/shared/tutoring';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { IconAction, RowActions } from '@/components/data/row-actions';
import { useCrudDialogs } from '@/components/data/use-crud-dialogs';
import { Button } from '@/components/ui/button';
import { CardPanel } from '@/components/ui/card-panel';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { useGroup, useSessions } from '../api/groups';
import { useDeleteSession } from '../api/sessions';
import { AttendanceDialog } from './attendance-sheet';
import { SessionFormDialog } from './session-form-dialog';
import { SessionStatusBadge, sessionWhen } from './session-status';

/** One group: who is in it, its sessions (add, edit, delete) and each session's attendance sheet. */
export function GroupDetail({ groupId, onBack }: { groupId: number; onBack: () => void }) {
  const group = useGroup(groupId);
  const back = (
    <Button variant="ghost" onClick={onBack}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Danh sách nhóm
    </Button>
  );
  if (group.isPending) return <SectionSpinner label="Đang tải nhóm phụ đạo..." />;
  if (group.isError)
    return (
      <div className="space-y-3">
        {back}
        <LoadError error={group.error} onRetry={() => void group.refetch()} fallback="Không thể tải nhóm phụ đạo." />
      </div>
    );
  const g = group.data;
  return (
    <div className="space-y-4">
      {back}
      <CardPanel title={g.name} description={`${tutoringKindLabel(g.kind)} · ${g.subjectName}${g.campusName ? ` · ${g.campusName}` : ''}`}>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">Giáo viên</dt>
            <dd>{g.teachers.map((t) => t.name).join(', ')}</dd>
          </div>
          <div>
            <dt className="text-muted">Học sinh</dt>
            <dd>{g.studentCount}</dd>
          </div>
          <div>
            <dt className="text-muted">Đã dạy</dt>
            <dd>
              {g.taughtCount}/{g.sessionCount} buổi · {g.taughtPeriods} tiết
            </dd>
          </div>
        </dl>
        {g.note ? <p className="mt-3 text-sm text-muted">{g.note}</p> : null}
        {g.students.length ? (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-primary">Danh sách học sinh ({g.students.length})</summary>
            <ul className="mt-2 grid gap-1 sm:grid-cols-2">
              {g.students.map((s) => (
                <li key={s.id}>
                  {s.name} <span className="text-muted">· {s.code}</span>
                  {s.homeroomClassName ? <span className="text-muted"> · {s.homeroomClassName}</span> : null}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </CardPanel>
      <SessionsPanel group={g} />
    </div>
  );
}

function SessionsPanel({ group }: { group: TTutoringGroupDetail }) {
  const sessions = useSessions(group.id);
  const dialogs = useCrudDialogs<TTutoringSession>();
  const [marking, setMarking] = useState<number | null>(null);
  const remove = useDeleteSession();
  const columns: Column<TTutoringSession>[] = [
    { key: 'date', header: 'Ngày', cell: (s) => formatDate(s.onDate), primary: true },
    { key: 'periods', header: 'Tiết', cell: (s) => periodsLabel(s.period, s.length) },
    { key: 'room', header: 'Phòng', cell: (s) => s.classroomName ?? '—' },
    { key: 'teacher', header: 'Giáo viên', cell: (s) => s.teacherName },
    { key: 'status', header: 'Trạng thái', cell: (s) => <SessionStatusBadge status={s.status} /> },
    { key: 'attended', header: 'Có mặt', align: 'right', cell: (s) => (s.marked ? `${s.attended}/${s.marked}` : '—'), hideOnMobile: true },
  ];
  return (
    <section aria-labelledby="tutoring-sessions" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tutoring-sessions" className="text-base font-semibold text-fg">
          Buổi phụ đạo
        </h2>
        <Button onClick={dialogs.openCreate}>
          <Plus aria-hidden="true" className="size-4" />
          Thêm buổi
        </Button>
      </div>
      <DataTable
        label={`Các buổi của nhóm ${group.name}`}
        columns={columns}
        rows={sessions.data}
        rowKey={(s) => s.id}
        loading={sessions.isPending}
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        emptyTitle="Chưa có buổi phụ đạo"
        emptyDescription="Thêm buổi đầu tiên của nhóm: ngày, tiết và phòng được kiểm tra trùng lịch."
        actions={(s) => (
          <RowActions
            name={`buổi ${sessionWhen(s)}`}
            onEdit={() => dialogs.openEdit(s)}
            onDelete={s.status === 'taught' ? undefined : () => dialogs.openDelete(s)}
          >
            {s.status !== 'cancelled' ? (
              <IconAction icon={ClipboardCheck} label={`Điểm danh buổi ${sessionWhen(s)}`} onClick={() => setMarking(s.id)} />
            ) : null}
          </RowActions>
        )}
      />
      <SessionFormDialog open={dialogs.editing !== null} onClose={dialogs.closeEdit} group={group} session={dialogs.editRow} />
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa buổi ${dialogs.deleting ? sessionWhen(dialogs.deleting) : ''}?`}
        message="Buổi học chưa được điểm danh sẽ bị xóa khỏi lịch của giáo viên và học sinh."
        onConfirm={() => remove.mutateAsync(dialogs.deleting?.id ?? 0)}
      />
      <AttendanceDialog sessionId={marking} onClose={() => setMarking(null)} />
    </section>
  );
}
