import { Lock, TriangleAlert } from 'lucide-react';
import type { TClash, TLesson } from '@app/shared/timetables';
import { courseClassLabel, roomLabel, teachersLabel, type Lookups } from '../lib/editor-model';

export const LESSON_MIME = 'application/x-lesson-id';

/**
 * One lesson on the editor's grid or in the unplaced list: a button that selects it, draggable onto a
 * slot (or onto the unplaced list) unless the version is read-only or the lesson is locked.
 */
export function LessonChip({
  lesson,
  lookups,
  clashes,
  selected,
  readOnly,
  continued = false,
  onSelect,
}: {
  lesson: TLesson;
  lookups: Lookups;
  clashes: readonly TClash[] | undefined;
  selected: boolean;
  readOnly: boolean;
  /** The second period of a double one (drawn lighter, same lesson). */
  continued?: boolean;
  onSelect: (lessonId: number) => void;
}) {
  const name = courseClassLabel(lesson.courseClassId, lookups);
  const teachers = teachersLabel(lesson.courseClassId, lookups);
  const clashCount = clashes?.length ?? 0;
  const draggable = !readOnly && !lesson.locked;
  const label = [
    name,
    teachers,
    roomLabel(lesson.classroomId, lookups),
    lesson.length === 2 ? 'tiết đôi' : null,
    lesson.locked ? 'đã khóa' : null,
    clashCount ? `${clashCount} xung đột` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      tabIndex={-1}
      data-lesson-id={lesson.id}
      aria-pressed={selected}
      aria-label={continued ? `${label} (tiết thứ hai)` : label}
      title={clashes?.map((c) => c.message).join('\n') || label}
      draggable={draggable}
      onDragStart={(e) => {
        e.dataTransfer.setData(LESSON_MIME, String(lesson.id));
        e.dataTransfer.setData('text/plain', String(lesson.id));
        e.dataTransfer.effectAllowed = 'move';
      }}
      onClick={(e) => {
        e.stopPropagation();
        onSelect(lesson.id);
      }}
      className={`block w-full rounded-md border px-1.5 py-1 text-left text-xs leading-snug transition-colors ${
        clashCount ? 'border-danger/60 bg-danger/10' : 'border-primary/30 bg-primary/5'
      } ${selected ? 'ring-2 ring-primary' : ''} ${continued ? 'opacity-60' : ''} ${draggable ? 'cursor-grab' : ''}`}
    >
      <span className="flex items-center gap-1 font-semibold text-fg">
        {lesson.locked ? <Lock aria-hidden="true" className="size-3 shrink-0" /> : null}
        {clashCount ? <TriangleAlert aria-hidden="true" className="size-3 shrink-0 text-danger" /> : null}
        <span className="truncate">{name}</span>
      </span>
      {continued ? null : (
        <span className="block truncate text-muted">
          {roomLabel(lesson.classroomId, lookups)}
          {teachers ? ` · ${teachers}` : ''}
        </span>
      )}
    </button>
  );
}
