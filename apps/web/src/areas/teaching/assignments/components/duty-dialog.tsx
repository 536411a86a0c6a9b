import { useState } from 'react';
import { toast } from 'sonner';
import { ZTeacherDutyInput, type TAssignmentBoard, type TBoardTeacher } from '@app/shared/teaching';
import { formatPeriods } from '@app/shared/workload-calc';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { createDuty } from '../api/save-duty';

/** Adds a duty of the module's year to a teacher: one of the rule set's duties (homeroom and head come from elsewhere). */
export function DutyDialog({
  board,
  teacher,
  onClose,
  onSaved,
}: {
  board: TAssignmentBoard;
  teacher: TBoardTeacher;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const parsed = ZTeacherDutyInput.safeParse({ teacherId: teacher.id, academicYearId: board.module.academicYearId, code, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Dữ liệu không hợp lệ.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await createDuty({ teacherId: teacher.id, academicYearId: board.module.academicYearId, code, note });
      toast.success(res.message ?? 'Đã thêm nhiệm vụ.');
      await onSaved();
    } catch (e) {
      setError(errorMessage(e, 'Không thể thêm nhiệm vụ.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      title={`Thêm nhiệm vụ cho ${teacher.fullName}`}
      description="Nhiệm vụ kiêm nhiệm của năm học được giảm định mức theo bộ quy định đang áp dụng."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Hủy
          </Button>
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? 'Đang lưu...' : 'Thêm nhiệm vụ'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-fg">
          Nhiệm vụ
          <select
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className="rounded-lg border border-border bg-surface px-3 py-2 text-sm font-normal"
          >
            <option value="">Chọn nhiệm vụ</option>
            {board.dutyRules.map((d) => (
              <option key={d.code} value={d.code}>
                {d.name} (giảm {formatPeriods(d.reduction)} tiết/tuần)
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-fg">
          Ghi chú
          <input
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className="rounded-lg border border-border bg-surface px-3 py-2 text-sm font-normal"
          />
        </label>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
