import { ArrowLeftRight, Lock, LockOpen, Undo2, X } from 'lucide-react';
import { CLASSROOM_KIND_LABELS } from '@app/shared/school';
import { DAY_LABELS, type TClash, type TLesson } from '@app/shared/timetables';
import { inputClass } from '@/components/data/form-fields';
import { Button } from '@/components/ui/button';
import { courseClassLabel, teachersLabel, type Lookups } from '../lib/editor-model';

/** The selected lesson: where it is, its clashes, and what can be done to it (room, lock, unplace, swap). */
export function LessonInspector({
  lesson,
  lookups,
  clashes,
  readOnly,
  busy,
  swapping,
  onRoom,
  onLock,
  onUnplace,
  onSwapMode,
  onClose,
}: {
  lesson: TLesson;
  lookups: Lookups;
  clashes: readonly TClash[];
  readOnly: boolean;
  busy: boolean;
  /** Waiting for the second lesson of a swap. */
  swapping: boolean;
  onRoom: (classroomId: number | null) => void;
  onLock: (locked: boolean) => void;
  onUnplace: () => void;
  onSwapMode: (on: boolean) => void;
  onClose: () => void;
}) {
  const c = lookups.classes.get(lesson.courseClassId);
  const rooms = [...lookups.rooms.values()]
    .filter((r) => !c || r.campusId === c.campusId || r.id === lesson.classroomId)
    .sort((a, b) => a.code.localeCompare(b.code, 'vi'));
  const placed = lesson.day !== null && lesson.period !== null;
  const where = placed
    ? `${DAY_LABELS[lesson.day as number]}, tiết ${lesson.period}${lesson.length === 2 ? `–${(lesson.period as number) + 1}` : ''}`
    : 'Chưa xếp';
  return (
    <section aria-label="Tiết đang chọn" className="rounded-xl border border-primary/40 bg-surface p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-fg">{courseClassLabel(lesson.courseClassId, lookups)}</h2>
          <p className="text-xs text-muted">
            {c ? `${c.subjectName} · ${c.code} · sĩ số ${c.enrolledCount}` : null}
            {teachersLabel(lesson.courseClassId, lookups) ? ` · ${teachersLabel(lesson.courseClassId, lookups)}` : ''}
          </p>
          <p className="mt-1 text-xs text-fg">
            {where}
            {lesson.length === 2 ? ' (tiết đôi)' : ''}
            {lesson.locked ? ' · đã khóa' : ''}
          </p>
        </div>
        <button type="button" onClick={onClose} className="rounded-md p-1 text-muted hover:bg-surface-2" aria-label="Bỏ chọn">
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {clashes.length ? (
        <ul className="mt-2 space-y-1 text-xs text-danger" aria-label="Xung đột của tiết này">
          {clashes.map((x, i) => (
            <li key={i}>{x.message}</li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <div className="mt-3 space-y-2">
          <label className="flex flex-col gap-1 text-xs font-medium text-muted">
            Phòng học
            <select
              value={lesson.classroomId ?? ''}
              disabled={busy}
              onChange={(e) => onRoom(e.target.value ? Number(e.target.value) : null)}
              className={`${inputClass} border-border`}
            >
              <option value="">Chưa có phòng</option>
              {rooms.map((r) => (
                <option key={r.id} value={r.id}>
                  {`${r.code} – ${r.name} (${CLASSROOM_KIND_LABELS[r.kind]}, ${r.capacity} chỗ)`}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={busy} onClick={() => onLock(!lesson.locked)}>
              {lesson.locked ? <LockOpen aria-hidden="true" className="size-4" /> : <Lock aria-hidden="true" className="size-4" />}
              {lesson.locked ? 'Mở khóa' : 'Khóa'}
            </Button>
            {placed ? (
              <Button variant="secondary" disabled={busy || lesson.locked} onClick={onUnplace}>
                <Undo2 aria-hidden="true" className="size-4" />
                Bỏ xếp
              </Button>
            ) : null}
            <Button
              variant={swapping ? 'primary' : 'secondary'}
              disabled={busy || lesson.locked}
              aria-pressed={swapping}
              onClick={() => onSwapMode(!swapping)}
            >
              <ArrowLeftRight aria-hidden="true" className="size-4" />
              {swapping ? 'Hủy đổi chỗ' : 'Đổi chỗ'}
            </Button>
          </div>
          <p className="text-xs text-muted">
            {swapping
              ? 'Chọn tiết cần đổi chỗ với tiết này.'
              : lesson.locked
                ? 'Tiết đã khóa: mở khóa để xếp lại.'
                : 'Bấm vào một ô (hoặc kéo thả, hoặc dùng phím mũi tên rồi Enter) để xếp tiết vào đó.'}
          </p>
        </div>
      )}
    </section>
  );
}
