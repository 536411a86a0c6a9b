import { FIXED_EVENT_LABELS, type TWeekEntry, type TWeekViewKind } from '@app/shared/timetables';

/** What a view names in an entry: a teacher's own week does not repeat the teacher, a room's week not the room. */
export interface EntryParts {
  title: string;
  details: string[];
}

export function entryParts(e: TWeekEntry, view: TWeekViewKind): EntryParts {
  if (e.kind === 'fixed') {
    const title = e.fixedKind ? FIXED_EVENT_LABELS[e.fixedKind] : 'Hoạt động chung';
    return {
      title,
      details: [
        e.homeroomClassName,
        view === 'teacher' || view === 'student' ? null : e.teachers.map((t) => t.name).join(', ') || null,
      ].filter((x): x is string => !!x),
    };
  }
  const details: string[] = [];
  if (e.kind === 'tutoring') details.push('Phụ đạo, bồi dưỡng');
  if (e.courseClass) details.push(e.courseClass.name);
  if (view !== 'teacher' && e.teachers.length) details.push(e.teachers.map((t) => t.name).join(', '));
  if (view !== 'room' && e.room) details.push(`Phòng ${e.room.code}`);
  if (view !== 'room' && view !== 'campus' && e.campusName) details.push(e.campusName);
  if (e.length === 2) details.push('Tiết đôi');
  return { title: e.subjectName ?? e.courseClass?.name ?? (e.kind === 'tutoring' ? 'Buổi phụ đạo' : 'Tiết học'), details };
}

/** One line of an entry for a spreadsheet cell or a screen reader. */
export function entryLine(e: TWeekEntry, view: TWeekViewKind): string {
  const p = entryParts(e, view);
  return [p.title, ...p.details].join(' · ');
}
