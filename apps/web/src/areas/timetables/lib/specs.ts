import { FIXED_EVENT_LABELS, type TWeekEntry, type TWeekView } from '@app/shared/timetables';
import type { MatrixRow, MatrixSpec } from './matrix';

const byLabel = (a: MatrixRow, b: MatrixRow) => a.label.localeCompare(b.label, 'vi');

function fixedText(e: TWeekEntry): string {
  return [e.fixedKind ? FIXED_EVENT_LABELS[e.fixedKind] : 'Hoạt động chung', e.homeroomClassName].filter(Boolean).join(' ');
}

/** The department's teachers × slots: each teacher's class (and room) in each period. */
export function teacherSpec(view: TWeekView): MatrixSpec {
  const rows = new Map<number, MatrixRow>();
  for (const e of view.entries) for (const t of e.teachers) rows.set(t.id, { id: t.id, label: t.name });
  return {
    rows: [...rows.values()].sort(byLabel),
    rowIds: (e) => e.teachers.map((t) => t.id),
    cellText: (e) =>
      e.kind === 'fixed'
        ? fixedText(e)
        : [e.courseClass?.code ?? e.subjectName, e.room ? `P.${e.room.code}` : null].filter(Boolean).join(' '),
  };
}

/**
 * A campus's rooms × slots: each room's class (and teacher) in each period. `rooms` are all the
 * campus's rooms (so an unused one shows, at 0%); rooms met only in the lessons are added.
 */
export function roomSpec(view: TWeekView, rooms: MatrixRow[]): MatrixSpec {
  const rows = new Map<number, MatrixRow>(rooms.map((r) => [r.id, r]));
  for (const e of view.entries)
    if (e.room && !rows.has(e.room.id)) rows.set(e.room.id, { id: e.room.id, label: e.room.code, hint: e.room.name });
  return {
    rows: [...rows.values()].sort(byLabel),
    rowIds: (e) => (e.room ? [e.room.id] : []),
    cellText: (e) =>
      e.kind === 'fixed'
        ? fixedText(e)
        : [e.courseClass?.code ?? e.subjectName, e.teachers.map((t) => t.name.split(' ').pop()).join(', ')].filter(Boolean).join(' · '),
  };
}
