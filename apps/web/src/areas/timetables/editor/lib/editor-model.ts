import type { TClassroom, TCourseClass, THomeroomClass } from '@app/shared/school';
import type { TClash, TEditResult, TLesson, TPeriodGrid, TTimetableDetail } from '@app/shared/timetables';

/** The ways the editor shows a week: one homeroom class, teacher, room or course class. */
export const EDITOR_VIEWS = ['homeroom', 'teacher', 'room', 'course_class'] as const;
export type EditorView = (typeof EDITOR_VIEWS)[number];
export const EDITOR_VIEW_LABELS: Record<EditorView, string> = {
  homeroom: 'Lớp chủ nhiệm',
  teacher: 'Giáo viên',
  room: 'Phòng học',
  course_class: 'Lớp học phần',
};

export function isEditorView(v: string | null): v is EditorView {
  return (EDITOR_VIEWS as readonly string[]).includes(v ?? '');
}

export interface Lookups {
  classes: Map<number, TCourseClass>;
  rooms: Map<number, TClassroom>;
}

export function byId<T extends { id: number }>(rows: readonly T[] | undefined): Map<number, T> {
  return new Map((rows ?? []).map((r) => [r.id, r]));
}

/** The lessons one view shows: a homeroom class's come from the course classes its students take. */
export function lessonsInView(
  lessons: readonly TLesson[],
  view: { kind: EditorView; id: number | null; homeroomClassIds?: ReadonlySet<number> },
  lookups: Lookups,
): TLesson[] {
  const { kind, id } = view;
  if (id === null) return [];
  return lessons.filter((l) => {
    switch (kind) {
      case 'course_class':
        return l.courseClassId === id;
      case 'room':
        return l.classroomId === id;
      case 'teacher':
        return lookups.classes.get(l.courseClassId)?.teachers.some((t) => t.id === id) ?? false;
      case 'homeroom':
        return view.homeroomClassIds?.has(l.courseClassId) ?? false;
    }
  });
}

/** Lessons that take this slot: those starting here, and double periods that started the period before. */
export function lessonsAt(lessons: readonly TLesson[], day: number, period: number): TLesson[] {
  return lessons.filter((l) => l.day === day && l.period !== null && period >= l.period && period < l.period + l.length);
}

/** The version after one edit: the changed lessons replaced, the clashes and score from the answer. */
export function applyEditResult(detail: TTimetableDetail, result: TEditResult): TTimetableDetail {
  const changed = new Map(result.lessons.map((l) => [l.id, l]));
  const lessons = detail.lessons.map((l) => changed.get(l.id) ?? l);
  return {
    ...detail,
    lessons,
    clashes: result.clashes,
    score: result.score,
    unplacedCount: lessons.filter((l) => l.day === null).length,
    hardClashCount: result.clashes.length,
  };
}

export function clashesByLesson(clashes: readonly TClash[]): Map<number, TClash[]> {
  const out = new Map<number, TClash[]>();
  for (const c of clashes)
    for (const id of c.lessonIds) {
      const list = out.get(id);
      if (list) list.push(c);
      else out.set(id, [c]);
    }
  return out;
}

/** "Toán 10A1 (TOAN10-1)" — how a lesson reads on a card; the id while the names load. */
export function courseClassLabel(courseClassId: number, lookups: Lookups): string {
  const c = lookups.classes.get(courseClassId);
  return c ? c.name : `Lớp học phần #${courseClassId}`;
}

export function teachersLabel(courseClassId: number, lookups: Lookups): string {
  return (lookups.classes.get(courseClassId)?.teachers ?? []).map((t) => t.fullName).join(', ');
}

export function roomLabel(roomId: number | null, lookups: Lookups): string {
  if (roomId === null) return 'Chưa có phòng';
  const r = lookups.rooms.get(roomId);
  return r ? r.code : `Phòng #${roomId}`;
}

export interface EntityOption {
  value: number;
  label: string;
  /** The campus whose period grid the view uses. */
  campusId: number | null;
}

/** What the second picker lists for a view. Teachers: those teaching a course class of the module. */
export function entityOptions(
  kind: EditorView,
  src: { classes: readonly TCourseClass[]; rooms: readonly TClassroom[]; homerooms: readonly THomeroomClass[] },
): EntityOption[] {
  const collator = new Intl.Collator('vi');
  const sorted = (opts: EntityOption[]) => opts.sort((a, b) => collator.compare(a.label, b.label));
  switch (kind) {
    case 'course_class':
      return sorted(src.classes.map((c) => ({ value: c.id, label: `${c.name} (${c.code})`, campusId: c.campusId })));
    case 'room':
      return sorted(src.rooms.map((r) => ({ value: r.id, label: `${r.code} – ${r.name} (${r.campusName})`, campusId: r.campusId })));
    case 'homeroom':
      return sorted(src.homerooms.map((h) => ({ value: h.id, label: h.name, campusId: h.campusId })));
    case 'teacher': {
      const seen = new Map<number, EntityOption>();
      for (const c of src.classes)
        for (const t of c.teachers)
          if (!seen.has(t.id)) seen.set(t.id, { value: t.id, label: `${t.fullName} (${t.staffCode})`, campusId: c.campusId });
      return sorted([...seen.values()]);
    }
  }
}

/** The grid of the view's campus, else the first one. */
export function gridFor(grids: readonly TPeriodGrid[] | undefined, campusId: number | null): TPeriodGrid | null {
  if (!grids?.length) return null;
  return grids.find((g) => g.campusId === campusId) ?? grids[0];
}

export interface Cell {
  day: number;
  period: number;
}

/** The cell an arrow key moves to, staying inside the grid. */
export function moveCell(cell: Cell, key: string, grid: { days: readonly number[]; periods: number }): Cell {
  const di = grid.days.indexOf(cell.day);
  switch (key) {
    case 'ArrowLeft':
      return { ...cell, day: grid.days[Math.max(0, di - 1)] };
    case 'ArrowRight':
      return { ...cell, day: grid.days[Math.min(grid.days.length - 1, di + 1)] };
    case 'ArrowUp':
      return { ...cell, period: Math.max(1, cell.period - 1) };
    case 'ArrowDown':
      return { ...cell, period: Math.min(grid.periods, cell.period + 1) };
    default:
      return cell;
  }
}
