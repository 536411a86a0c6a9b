import { useState } from 'react';
import type { TClash, TLesson } from '@app/shared/timetables';
import { inputClass } from '@/components/data/form-fields';
import { courseClassLabel, teachersLabel, type Lookups } from '../lib/editor-model';
import { LESSON_MIME, LessonChip } from './lesson-chip';

/**
 * Lessons without a slot, filterable by course class, subject or teacher; by default those of the
 * current view. A lesson dragged here from the grid is unplaced.
 */
export function UnplacedPanel({
  lessons,
  inView,
  lookups,
  clashes,
  selectedId,
  readOnly,
  onSelect,
  onUnplace,
}: {
  /** Every unplaced lesson of the version. */
  lessons: readonly TLesson[];
  /** Ids of the lessons the current view shows. */
  inView: ReadonlySet<number>;
  lookups: Lookups;
  clashes: Map<number, TClash[]>;
  selectedId: number | null;
  readOnly: boolean;
  onSelect: (lessonId: number | null) => void;
  onUnplace: (lessonId: number) => void;
}) {
  const [search, setSearch] = useState('');
  const [onlyView, setOnlyView] = useState(true);
  const [over, setOver] = useState(false);
  const q = search.trim().toLocaleLowerCase('vi');
  const shown = lessons.filter((l) => {
    if (onlyView && !inView.has(l.id)) return false;
    if (!q) return true;
    const c = lookups.classes.get(l.courseClassId);
    const text = [courseClassLabel(l.courseClassId, lookups), c?.code, c?.subjectName, teachersLabel(l.courseClassId, lookups)].join(' ');
    return text.toLocaleLowerCase('vi').includes(q);
  });
  return (
    <section
      aria-labelledby="unplaced-title"
      onDragOver={(e) => {
        if (readOnly) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const id = Number(e.dataTransfer.getData(LESSON_MIME) || e.dataTransfer.getData('text/plain'));
        if (!readOnly && id && !lessons.some((l) => l.id === id)) onUnplace(id);
      }}
      className={`rounded-xl border bg-surface p-3 ${over ? 'border-primary bg-primary/5' : 'border-border'}`}
    >
      <h2 id="unplaced-title" className="text-sm font-semibold text-fg">
        Tiết chưa xếp ({lessons.length})
      </h2>
      <div className="mt-2 space-y-2">
        <input
          type="search"
          aria-label="Lọc tiết chưa xếp"
          placeholder="Lọc theo lớp, môn, giáo viên"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`${inputClass} border-border`}
        />
        <label className="flex items-center gap-2 text-xs text-muted">
          <input type="checkbox" checked={onlyView} onChange={(e) => setOnlyView(e.target.checked)} />
          Chỉ của mục đang xem
        </label>
      </div>
      {shown.length ? (
        <ul className="mt-2 max-h-80 space-y-1 overflow-y-auto">
          {shown.map((l) => (
            <li key={l.id}>
              <LessonChip
                lesson={l}
                lookups={lookups}
                clashes={clashes.get(l.id)}
                selected={l.id === selectedId}
                readOnly={readOnly}
                onSelect={(id) => onSelect(id === selectedId ? null : id)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-xs text-muted">{lessons.length ? 'Không có tiết nào khớp bộ lọc.' : 'Mọi tiết đã được xếp.'}</p>
      )}
      {readOnly ? null : <p className="mt-2 text-xs text-muted">Kéo một tiết vào đây để bỏ xếp.</p>}
    </section>
  );
}
