import { useState } from 'react';
import { toast } from 'sonner';
import { Plus, Trash2 } from 'lucide-react';
import type { TAssignmentBoard, TBoardDuty, TBoardTeacher } from '@app/shared/teaching';
import { POSITIONS, POSITION_LABELS, type TPosition } from '@app/shared/workload';
import { formatPeriods } from '@app/shared/workload-calc';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { deleteDuty } from '../api/delete-duty';
import { setPosition } from '../api/set-position';
import { DutyDialog } from './duty-dialog';
import { DifferenceBadge } from './load-figures';

const SOURCE_HINT: Record<TBoardDuty['source'], string> = {
  homeroom: 'theo lớp chủ nhiệm',
  head: 'theo tổ chuyên môn',
  stored: '',
};

/** One teacher beside the table: the live load, clashes, duties (add, remove) and position. */
export function TeacherCard({
  board,
  teacher,
  refresh,
}: {
  board: TAssignmentBoard;
  teacher: TBoardTeacher;
  refresh: () => Promise<void>;
}) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TBoardDuty | null>(null);
  const [savingPosition, setSavingPosition] = useState(false);

  const changePosition = async (position: TPosition) => {
    setSavingPosition(true);
    try {
      await setPosition(teacher.id, position);
      toast.success(`Đã lưu chức vụ của ${teacher.fullName}.`);
      await refresh();
    } catch (e) {
      toast.error(errorMessage(e, 'Không thể lưu chức vụ.'));
    } finally {
      setSavingPosition(false);
    }
  };

  return (
    <li className="space-y-2 rounded-xl border border-border bg-surface p-3" aria-label={teacher.fullName}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-fg">{teacher.fullName}</p>
          <p className="text-xs text-muted">{teacher.staffCode}</p>
        </div>
        <DifferenceBadge difference={teacher.difference} status={teacher.status} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center text-xs">
        <div className="rounded-lg bg-surface-2 p-1.5">
          <dt className="text-muted">Đã phân công</dt>
          <dd className="text-sm font-semibold text-fg">{formatPeriods(teacher.periodsAssigned)}</dd>
        </div>
        <div className="rounded-lg bg-surface-2 p-1.5">
          <dt className="text-muted">Định mức sau giảm</dt>
          <dd className="text-sm font-semibold text-fg">{formatPeriods(teacher.normAfterReductions)}</dd>
        </div>
        <div className="rounded-lg bg-surface-2 p-1.5">
          <dt className="text-muted">Định mức</dt>
          <dd className="text-sm font-semibold text-fg">{formatPeriods(teacher.normPerWeek)}</dd>
        </div>
      </dl>
      {teacher.clashes.length ? (
        <div role="alert" className="rounded-lg bg-danger/10 p-2 text-xs text-danger">
          <p className="font-medium">Trùng tiết trên thời khóa biểu:</p>
          <ul className="list-inside list-disc">
            {teacher.clashes.map((c) => (
              <li key={`${c.day}:${c.period}`}>{c.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <label className="flex items-center gap-2 text-xs text-muted">
        Chức vụ
        <select
          aria-label={`Chức vụ của ${teacher.fullName}`}
          value={teacher.position}
          disabled={savingPosition}
          onChange={(e) => void changePosition(e.target.value as TPosition)}
          className="rounded-lg border border-border bg-surface px-2 py-1 text-sm text-fg"
        >
          {POSITIONS.map((p) => (
            <option key={p} value={p}>
              {POSITION_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <div>
        <p className="text-xs font-medium text-muted">Nhiệm vụ kiêm nhiệm</p>
        {teacher.duties.length === 0 ? <p className="text-xs text-muted">Chưa có nhiệm vụ.</p> : null}
        <ul className="space-y-1">
          {teacher.duties.map((d) => (
            <li key={`${d.source}:${d.code}:${d.dutyId ?? ''}`} className="flex items-center justify-between gap-2 text-sm">
              <span className={d.counted ? 'text-fg' : 'text-muted line-through'}>
                {d.label}
                <span className="text-xs text-muted">
                  {' '}
                  · −{formatPeriods(d.perWeek)} tiết/tuần{d.counted ? '' : ' (không tính)'}
                  {SOURCE_HINT[d.source] ? ` · ${SOURCE_HINT[d.source]}` : ''}
                </span>
              </span>
              {d.dutyId !== null ? (
                <button
                  type="button"
                  onClick={() => setRemoving(d)}
                  aria-label={`Xóa nhiệm vụ ${d.label} của ${teacher.fullName}`}
                  className="rounded p-1 text-muted hover:bg-surface-2 hover:text-danger"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        <Button
          variant="ghost"
          className="mt-1 px-2! py-1! text-xs"
          onClick={() => setAdding(true)}
          aria-label={`Thêm nhiệm vụ cho ${teacher.fullName}`}
        >
          <Plus aria-hidden="true" className="size-3.5" />
          Thêm nhiệm vụ
        </Button>
      </div>
      {adding ? (
        <DutyDialog
          board={board}
          teacher={teacher}
          onClose={() => setAdding(false)}
          onSaved={async () => {
            setAdding(false);
            await refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Xóa nhiệm vụ?"
        message={removing ? `Xóa nhiệm vụ "${removing.label}" của ${teacher.fullName}? Định mức sau giảm trừ sẽ được tính lại.` : null}
        onConfirm={async () => {
          await deleteDuty(removing!.dutyId!);
          toast.success('Đã xóa nhiệm vụ.');
          setRemoving(null);
          await refresh();
        }}
      />
    </li>
  );
}
