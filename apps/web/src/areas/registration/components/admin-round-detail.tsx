import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BellRing, Lock, Pencil, RotateCcw, Trash2, UserMinus, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { formatDateTime } from '@app/shared/format';
import type { TCloseReport, TRoundDetail } from '@app/shared/registration';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Button } from '@/components/ui/button';
import { CardPanel } from '@/components/ui/card-panel';
import { errorMessage } from '@/lib/api-client';
import { addStudent, removeStudent } from '../api/admin-registration';
import { closeRound } from '../api/close-round';
import { deleteRound } from '../api/delete-round';
import { seatMap, useSeats } from '../api/get-seats';
import { remindStudents } from '../api/remind-students';
import { reopenRound } from '../api/reopen-round';
import { useRoundStudents } from '../api/round-students';
import { AdminStudentDialog } from './admin-student-dialog';
import { CloseReport } from './close-report';
import { RoundExportButtons } from './export-buttons';
import { RoundStateBadge } from './round-state-badge';
import { SeatsTable } from './seats-table';
import { UnmetStudents } from './unmet-students';

/**
 * One round for the admin: its rules, live seats per class, the students who have not met the rules
 * (with a reminder), add or remove a student, close (with its report), reopen, edit, delete, export.
 */
export function AdminRoundDetail({ round, onEdit, onDeleted }: { round: TRoundDetail; onEdit: () => void; onDeleted: () => void }) {
  const client = useQueryClient();
  const live = round.state === 'open';
  const seats = useSeats(round.id, live);
  const unmet = useRoundStudents(round.id, 'unmet');
  const [confirm, setConfirm] = useState<'close' | 'reopen' | 'delete' | null>(null);
  const [report, setReport] = useState<TCloseReport | null>(null);
  const [studentMode, setStudentMode] = useState<'add' | 'remove' | null>(null);
  const [reminding, setReminding] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['registration'] });

  const remind = async () => {
    setReminding(true);
    try {
      const res = await remindStudents(round.id);
      toast.success(res.message ?? `Đã nhắc ${res.data.reminded} học sinh.`);
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể gửi nhắc nhở. Vui lòng thử lại sau.'));
    } finally {
      setReminding(false);
    }
  };

  const close = async () => {
    const res = await closeRound(round.id);
    setReport(res.data);
    toast.success(res.message ?? 'Đã chốt đăng ký.');
    await refresh();
  };
  const reopen = async () => {
    const res = await reopenRound(round.id);
    setReport(null);
    toast.success(res.message ?? 'Đã mở lại đợt đăng ký.');
    await refresh();
  };
  const remove = async () => {
    const res = await deleteRound(round.id);
    toast.success(res.message ?? 'Đã xóa đợt đăng ký.');
    onDeleted();
    await refresh();
  };
  const changeStudent = async (mode: 'add' | 'remove', input: Parameters<typeof addStudent>[1]) => {
    const res = mode === 'add' ? await addStudent(round.id, input) : await removeStudent(round.id, input);
    toast.success(res.message ?? (mode === 'add' ? 'Đã thêm học sinh vào lớp.' : 'Đã bỏ học sinh khỏi lớp.'));
    await refresh();
  };

  const closed = round.state === 'closed';
  return (
    <section aria-labelledby={`detail-${round.id}`} className="space-y-4">
      <div className="rounded-xl border border-border bg-surface p-4 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`detail-${round.id}`} className="text-lg font-semibold text-fg">
                {round.name}
              </h2>
              <RoundStateBadge state={round.state} />
            </div>
            <p className="mt-1 text-sm text-muted">
              {formatDateTime(round.opensAt)} – {formatDateTime(round.closesAt)} · khối {round.grades.join(', ')}
              {round.maxClasses ? ` · tối đa ${round.maxClasses} lớp` : ''}
              {round.noClash ? ' · không trùng lịch' : ''}
              {round.waitlist ? ' · có danh sách chờ' : ''}
              {round.closedAt ? ` · chốt lúc ${formatDateTime(round.closedAt)}` : ''}
            </p>
            <p className="mt-1 text-sm text-fg">
              {round.taken}/{round.seats} chỗ đã đăng ký · {round.waiting} đang chờ · {round.unmetCount}/{round.studentCount} học sinh chưa
              đạt quy tắc
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {closed ? (
              <Button variant="secondary" onClick={() => setConfirm('reopen')}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Mở lại
              </Button>
            ) : (
              <>
                <Button variant="secondary" onClick={onEdit}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Sửa
                </Button>
                {round.state !== 'upcoming' ? (
                  <Button onClick={() => setConfirm('close')}>
                    <Lock aria-hidden="true" className="size-4" />
                    Chốt đăng ký
                  </Button>
                ) : null}
                {round.taken === 0 && round.waiting === 0 ? (
                  <Button variant="ghost" onClick={() => setConfirm('delete')}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    Xóa
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">
          {closed ? null : (
            <>
              <Button variant="secondary" onClick={() => setStudentMode('add')}>
                <UserPlus aria-hidden="true" className="size-4" />
                Thêm học sinh
              </Button>
              <Button variant="secondary" onClick={() => setStudentMode('remove')}>
                <UserMinus aria-hidden="true" className="size-4" />
                Bỏ học sinh
              </Button>
            </>
          )}
          <RoundExportButtons roundId={round.id} />
        </div>
      </div>

      {report ? <CloseReport report={report} /> : null}

      <CardPanel title="Chỗ theo lớp" description={live ? 'Cập nhật mỗi 5 giây khi trang đang mở.' : undefined}>
        {round.offers.length ? (
          <SeatsTable offers={round.offers} seats={seatMap(seats.data)} />
        ) : (
          <p className="text-sm text-muted">Đợt chưa có lớp nào.</p>
        )}
      </CardPanel>

      <CardPanel
        title="Học sinh chưa đạt quy tắc"
        action={
          !closed && (unmet.data?.length ?? 0) > 0 ? (
            <Button variant="secondary" onClick={() => void remind()} disabled={reminding}>
              <BellRing aria-hidden="true" className="size-4" />
              {reminding ? 'Đang gửi...' : 'Nhắc nhở'}
            </Button>
          ) : null
        }
      >
        <UnmetStudents
          rows={unmet.data}
          loading={unmet.isPending}
          fetching={unmet.isFetching}
          error={unmet.error}
          onRetry={() => void unmet.refetch()}
        />
      </CardPanel>

      <ConfirmDialog
        open={confirm === 'close'}
        onClose={() => setConfirm(null)}
        title={`Chốt đợt “${round.name}”?`}
        message="Các đăng ký sẽ trở thành danh sách lớp chính thức; danh sách chờ bị hủy. Có thể mở lại trước khi học phần bắt đầu."
        confirmLabel="Chốt đăng ký"
        danger={false}
        onConfirm={close}
      />
      <ConfirmDialog
        open={confirm === 'reopen'}
        onClose={() => setConfirm(null)}
        title={`Mở lại đợt “${round.name}”?`}
        message="Học sinh có thể đăng ký và hủy lại cho đến thời điểm đóng."
        confirmLabel="Mở lại"
        danger={false}
        onConfirm={reopen}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onClose={() => setConfirm(null)}
        title={`Xóa đợt “${round.name}”?`}
        message="Chỉ xóa được khi chưa có học sinh nào đăng ký."
        onConfirm={remove}
      />
      <AdminStudentDialog mode={studentMode} round={round} onClose={() => setStudentMode(null)} onSubmit={changeStudent} />
    </section>
  );
}
