import { useState } from 'react';
import { toast } from 'sonner';
import type { TBoardCourseClass, TBoardTeacher } from '@app/shared/teaching';
import { foldVietnamese } from '@app/shared/vietnamese';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatPeriods } from '@app/shared/workload-calc';
import { assignTeachers } from '../api/assign-teachers';
import type { TAssignmentBoard } from '@app/shared/teaching';

/**
 * Who teaches a course class: the department's teachers, searchable, several may be ticked; a teacher
 * already on the class but of another department stays listed. Saves through the board's own call.
 */
export function AssignDialog({
  courseClass,
  teachers,
  onClose,
  onSaved,
}: {
  courseClass: TBoardCourseClass;
  teachers: TBoardTeacher[];
  onClose: () => void;
  onSaved: (board: TAssignmentBoard) => void;
}) {
  const [chosen, setChosen] = useState<number[]>(courseClass.teachers.map((t) => t.id));
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const outside = courseClass.teachers.filter((t) => !teachers.some((x) => x.id === t.id));
  const list = [...teachers.map((t) => ({ ...t, load: t as TBoardTeacher | null })), ...outside.map((t) => ({ ...t, load: null }))];
  const q = foldVietnamese(search.trim());
  const shown = q ? list.filter((t) => foldVietnamese(`${t.fullName} ${t.staffCode}`).includes(q)) : list;

  const save = async () => {
    if (!chosen.length) {
      setError('Lớp học phần phải có ít nhất một giáo viên.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await assignTeachers(courseClass.id, chosen);
      toast.success(res.message ?? 'Đã phân công giáo viên.');
      onSaved(res.data);
    } catch (e) {
      setError(errorMessage(e, 'Không thể phân công giáo viên.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      title={`Phân công ${courseClass.code}`}
      description={`${courseClass.name} · ${courseClass.subjectName} · ${formatPeriods(courseClass.periodsPerWeek)} tiết/tuần`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Hủy
          </Button>
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? 'Đang lưu...' : 'Lưu phân công'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-fg">
          Tìm giáo viên
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Tên hoặc mã giáo viên"
            className="rounded-lg border border-border bg-surface px-3 py-2 text-sm font-normal"
          />
        </label>
        <fieldset>
          <legend className="sr-only">Giáo viên của tổ</legend>
          {shown.length === 0 ? <p className="text-sm text-muted">Không có giáo viên phù hợp.</p> : null}
          <ul className="max-h-72 space-y-1 overflow-y-auto">
            {shown.map((t) => (
              <li key={t.id}>
                <label className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-2">
                  <input
                    type="checkbox"
                    checked={chosen.includes(t.id)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, t.id] : c.filter((id) => id !== t.id)))}
                  />
                  <span className="flex-1">
                    {t.fullName} <span className="text-muted">· {t.staffCode}</span>
                  </span>
                  {t.load ? (
                    <span className="text-xs text-muted">
                      {formatPeriods(t.load.periodsAssigned)}/{formatPeriods(t.load.normAfterReductions)} tiết
                    </span>
                  ) : (
                    <span className="text-xs text-muted">ngoài tổ</span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
