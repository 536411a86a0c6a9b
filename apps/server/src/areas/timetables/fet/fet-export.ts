import { FIXED_EVENT_LABELS, type TFixedEventKind, type TPeriod } from '@app/shared/timetables';
import { type Instance, type InstanceClass, type InstanceGrid, type InstanceRoom } from '../core/instance';
import { fetNames } from './fet-names';

/**
 * Writes a timetable problem as a FET 6 `.fet` file (read by `fet-cl` 6.x, Debian package `fet`).
 *
 * The mapping (FET refers to everything by name; see fet-names.ts):
 *  - grid: the union of the campuses' days × the longest campus day. An activity of a campus with a
 *    shorter grid, or a double period (which must stay in one session), gets preferred starting times;
 *  - buildings = campuses; rooms with their capacity;
 *  - students sets: the students with the same course classes (and the same homeroom campus, whose fixed
 *    events they attend) form one set, a FET year without groups, so an activity names the sets of its
 *    students and FET's student clash check is exactly our enrolment check;
 *  - activities: one per lesson, id = our lesson id, duration = its length, the lessons of a course class
 *    in one activity group; and one per campus fixed event (chào cờ, sinh hoạt lớp) for the students sets
 *    and homeroom teachers of that campus, id FIXED_EVENT_ID_BASE + n, permanently locked at its slot — so
 *    FET counts it in the daily limit and in gaps, as our clash check does (the import skips them);
 *  - hard constraints (100 %): basic compulsory time and space, teachers' unavailable slots, max periods a
 *    day for students, each activity's rooms (its fixed room, or the rooms of the right kind and capacity
 *    on its campus), locked placed lessons as permanently locked starting time and room;
 *  - our soft rules where FET has them: teachers' and students' max gaps a week (limits: FET takes them
 *    only at 100 %), a course class's lessons on different days (our "same subject twice a day", 95 %). Preferred days and "two campuses in one session" have
 *    no FET counterpart here and are left out.
 */
export interface FetExportOptions {
  institutionName: string;
  /** The period times of the grid (names the hours "Tiết 1 (07:00–07:45)"); without them "Tiết 1". */
  periodTimes?: TPeriod[];
  campusNames?: Map<number, string>;
  /** Gaps a week at most per teacher / per students set (FET: 100 %); null leaves the constraint out. Defaults 6 and 4. */
  teacherMaxGapsPerWeek?: number | null;
  studentMaxGapsPerWeek?: number | null;
  /** Weight (percent) of "a course class's lessons on different days". Default 95. */
  minDaysWeight?: number;
}

export const FET_VERSION = '6.8.5';
/** Activity ids of the fixed events (above any lesson id). */
export const FIXED_EVENT_ID_BASE = 2_000_000_000;

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** XML-escapes text and drops characters XML 1.0 cannot hold. */
export function xmlEscape(s: string | number): string {
  return (
    String(s)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => ESC[c])
  );
}

class Xml {
  private out: string[] = [];
  line(depth: number, s: string) {
    this.out.push('\t'.repeat(depth) + s);
  }
  el(depth: number, tag: string, value: string | number | boolean) {
    this.line(depth, `<${tag}>${xmlEscape(String(value))}</${tag}>`);
  }
  blank() {
    this.out.push('');
  }
  toString() {
    return this.out.join('\n') + '\n';
  }
}

/** A students set: students with the same course classes and homeroom campus. */
export interface FetStudentsSet {
  name: string;
  classIds: number[];
  homeroomCampusId: number | null;
  studentIds: number[];
}

export function studentsSets(inst: Instance): FetStudentsSet[] {
  const classesOf = new Map<number, number[]>();
  for (const c of [...inst.classes].sort((a, b) => a.id - b.id))
    for (const s of c.studentIds) {
      const list = classesOf.get(s) ?? [];
      if (!list.includes(c.id)) list.push(c.id);
      classesOf.set(s, list);
    }
  const campusOf = new Map(inst.students.map((s) => [s.id, s.homeroomCampusId]));
  const byKey = new Map<string, FetStudentsSet>();
  for (const [studentId, classIds] of [...classesOf].sort((a, b) => a[0] - b[0])) {
    const campus = campusOf.get(studentId) ?? null;
    const key = `${campus}|${classIds.join(',')}`;
    let set = byKey.get(key);
    if (!set) {
      set = { name: '', classIds, homeroomCampusId: campus, studentIds: [] };
      byKey.set(key, set);
    }
    set.studentIds.push(studentId);
  }
  const sets = [...byKey.values()];
  const width = String(sets.length).length;
  sets.forEach((s, i) => (s.name = `Nhóm HS ${String(i + 1).padStart(width, '0')}`));
  return sets;
}

/** Rooms an activity of this class may use: its fixed room, else the right kind and size on its campus. */
export function allowedRooms(inst: Instance, c: InstanceClass): InstanceRoom[] {
  if (c.fixedRoomId != null) return inst.rooms.filter((r) => r.id === c.fixedRoomId);
  const need = Math.max(c.size, c.studentIds.length);
  return inst.rooms.filter((r) => r.campusId === c.campusId && r.kind === c.roomKind && r.capacity >= need);
}

/** Starting slots of a lesson of `length` in a campus grid: inside the grid and within one session. */
export function startingSlots(grid: InstanceGrid, length: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const d of grid.days)
    for (let p = 1; p + length - 1 <= grid.sessions.length; p++) {
      let ok = true;
      for (let k = 1; k < length; k++) if (grid.sessions[p - 1 + k] !== grid.sessions[p - 1]) ok = false;
      if (ok) out.push([d, p]);
    }
  return out;
}

export function exportFet(inst: Instance, opts: FetExportOptions): string {
  const names = fetNames(inst, opts);
  const gridOf = new Map(inst.grids.map((g) => [g.campusId, g]));
  const classOf = new Map(inst.classes.map((c) => [c.id, c]));
  const sets = studentsSets(inst);
  const setsOfClass = new Map<number, string[]>();
  for (const s of sets)
    for (const id of s.classIds) {
      const list = setsOfClass.get(id) ?? [];
      list.push(s.name);
      setsOfClass.set(id, list);
    }
  const lessons = [...inst.lessons].sort((a, b) => a.id - b.id);
  const lessonsOfClass = new Map<number, typeof lessons>();
  for (const l of lessons) {
    const list = lessonsOfClass.get(l.courseClassId) ?? [];
    list.push(l);
    lessonsOfClass.set(l.courseClassId, list);
  }
  // Fixed events: one activity per campus and event, for its students sets and homeroom teachers.
  const fixed: Array<{ id: number; kind: TFixedEventKind; day: number; period: number; teachers: string[]; sets: string[] }> = [];
  for (const g of [...inst.grids].sort((a, b) => a.campusId - b.campusId)) {
    const setNames = sets.filter((s) => s.homeroomCampusId === g.campusId).map((s) => s.name);
    const teachers = inst.teachers
      .filter((t) => t.homeroomCampusId === g.campusId)
      .sort((a, b) => a.id - b.id)
      .map((t) => names.teacherName.get(t.id)!);
    if (!setNames.length && !teachers.length) continue;
    for (const e of g.fixedEvents)
      if (names.dayName.has(e.day) && names.hourName.has(e.period))
        fixed.push({ id: FIXED_EVENT_ID_BASE + fixed.length + 1, kind: e.kind, day: e.day, period: e.period, teachers, sets: setNames });
  }
  const realSubjects = new Set(names.subjectName.values());
  const fixedSubject = (k: TFixedEventKind) =>
    realSubjects.has(FIXED_EVENT_LABELS[k]) ? `${FIXED_EVENT_LABELS[k]} (cố định)` : FIXED_EVENT_LABELS[k];
  const fixedKinds = [...new Set(fixed.map((f) => f.kind))];

  const x = new Xml();
  const dayName = (d: number) => names.dayName.get(d)!;
  const hourName = (p: number) => names.hourName.get(p)!;

  x.line(0, '<?xml version="1.0" encoding="UTF-8"?>');
  x.blank();
  x.line(0, `<fet version="${FET_VERSION}">`);
  x.blank();
  x.el(0, 'Mode', 'Official');
  x.blank();
  x.el(0, 'Institution_Name', opts.institutionName);
  x.blank();
  x.el(0, 'Comments', 'Xuất từ hệ thống quản lý trường: mã hoạt động (Id) = mã tiết học.');
  x.blank();

  x.line(0, '<Days_List>');
  x.el(0, 'Number_of_Days', names.days.length);
  for (const d of names.days) {
    x.line(0, '<Day>');
    x.el(1, 'Name', dayName(d));
    x.line(0, '</Day>');
  }
  x.line(0, '</Days_List>');
  x.blank();
  x.line(0, '<Hours_List>');
  x.el(0, 'Number_of_Hours', names.periods);
  for (let p = 1; p <= names.periods; p++) {
    x.line(0, '<Hour>');
    x.el(1, 'Name', hourName(p));
    x.line(0, '</Hour>');
  }
  x.line(0, '</Hours_List>');
  x.blank();

  x.line(0, '<Subjects_List>');
  for (const [, name] of [...names.subjectName].sort((a, b) => a[0] - b[0])) {
    x.line(0, '<Subject>');
    x.el(1, 'Name', name);
    x.el(1, 'Comments', '');
    x.line(0, '</Subject>');
  }
  for (const k of fixedKinds) {
    x.line(0, '<Subject>');
    x.el(1, 'Name', fixedSubject(k));
    x.el(1, 'Comments', '');
    x.line(0, '</Subject>');
  }
  x.line(0, '</Subjects_List>');
  x.blank();
  x.line(0, '<Activity_Tags_List>');
  x.line(0, '</Activity_Tags_List>');
  x.blank();

  x.line(0, '<Teachers_List>');
  for (const t of [...inst.teachers].sort((a, b) => a.id - b.id)) {
    x.line(0, '<Teacher>');
    x.el(1, 'Name', names.teacherName.get(t.id)!);
    x.el(1, 'Target_Number_of_Hours', 0);
    x.line(1, '<Qualified_Subjects>');
    x.line(1, '</Qualified_Subjects>');
    x.el(1, 'Comments', `id=${t.id}`);
    x.line(0, '</Teacher>');
  }
  x.line(0, '</Teachers_List>');
  x.blank();

  x.line(0, '<Students_List>');
  for (const s of sets) {
    x.line(0, '<Year>');
    x.el(1, 'Name', s.name);
    x.el(1, 'Number_of_Students', s.studentIds.length);
    x.el(1, 'Comments', `Lớp học phần: ${s.classIds.map((id) => classOf.get(id)?.code ?? id).join(', ')}`);
    x.el(1, 'Number_of_Categories', 0);
    x.el(1, 'Separator', ' ');
    x.line(0, '</Year>');
  }
  x.line(0, '</Students_List>');
  x.blank();

  x.line(0, '<Activities_List>');
  for (const l of lessons) {
    const c = classOf.get(l.courseClassId);
    if (!c) throw new Error(`Tiết học ${l.id} thuộc lớp học phần ${l.courseClassId} không có trong dữ liệu.`);
    const group = lessonsOfClass.get(c.id)!;
    x.line(0, '<Activity>');
    for (const t of c.teacherIds) if (names.teacherName.has(t)) x.el(1, 'Teacher', names.teacherName.get(t)!);
    x.el(1, 'Subject', names.subjectName.get(c.subjectId)!);
    for (const s of setsOfClass.get(c.id) ?? []) x.el(1, 'Students', s);
    x.el(1, 'Duration', l.length);
    x.el(1, 'Total_Duration', group.length > 1 ? group.reduce((n, g) => n + g.length, 0) : l.length);
    x.el(1, 'Id', l.id);
    x.el(1, 'Activity_Group_Id', group.length > 1 ? group[0].id : 0);
    x.el(1, 'Active', true);
    x.el(1, 'Comments', c.code);
    x.line(0, '</Activity>');
  }
  for (const f of fixed) {
    x.line(0, '<Activity>');
    for (const t of f.teachers) x.el(1, 'Teacher', t);
    x.el(1, 'Subject', fixedSubject(f.kind));
    for (const s of f.sets) x.el(1, 'Students', s);
    x.el(1, 'Duration', 1);
    x.el(1, 'Total_Duration', 1);
    x.el(1, 'Id', f.id);
    x.el(1, 'Activity_Group_Id', 0);
    x.el(1, 'Active', true);
    x.el(1, 'Comments', 'Hoạt động cố định');
    x.line(0, '</Activity>');
  }
  x.line(0, '</Activities_List>');
  x.blank();

  x.line(0, '<Buildings_List>');
  for (const [, name] of [...names.campusName].sort((a, b) => a[0] - b[0])) {
    x.line(0, '<Building>');
    x.el(1, 'Name', name);
    x.el(1, 'Comments', '');
    x.line(0, '</Building>');
  }
  x.line(0, '</Buildings_List>');
  x.blank();
  x.line(0, '<Rooms_List>');
  for (const r of [...inst.rooms].sort((a, b) => a.id - b.id)) {
    x.line(0, '<Room>');
    x.el(1, 'Name', names.roomName.get(r.id)!);
    x.el(1, 'Building', names.campusName.get(r.campusId)!);
    x.el(1, 'Capacity', r.capacity);
    x.el(1, 'Virtual', false);
    x.el(1, 'Comments', `${r.name} (${r.kind})`);
    x.line(0, '</Room>');
  }
  x.line(0, '</Rooms_List>');
  x.blank();

  // ---- time constraints
  const slot = (depth: number, tag: string, dayTag: string, hourTag: string, d: number, p: number) => {
    x.line(depth, `<${tag}>`);
    x.el(depth + 1, dayTag, dayName(d));
    x.el(depth + 1, hourTag, hourName(p));
    x.line(depth, `</${tag}>`);
  };
  const footer = (depth = 1) => {
    x.el(depth, 'Active', true);
    x.el(depth, 'Comments', '');
  };
  const inFetGrid = (d: number, p: number) => names.dayName.has(d) && names.hourName.has(p);

  x.line(0, '<Time_Constraints_List>');
  x.line(0, '<ConstraintBasicCompulsoryTime>');
  x.el(1, 'Weight_Percentage', 100);
  footer();
  x.line(0, '</ConstraintBasicCompulsoryTime>');

  // Teachers: their unavailable slots. The fixed events a homeroom teacher leads are activities (above),
  // which an unavailable slot does not stop (our clash check applies availability to lessons only).
  for (const t of [...inst.teachers].sort((a, b) => a.id - b.id)) {
    const leads = new Set(
      t.homeroomCampusId == null ? [] : (gridOf.get(t.homeroomCampusId)?.fixedEvents ?? []).map((e) => `${e.day}:${e.period}`),
    );
    const slots = [...new Set(t.unavailable)]
      .filter((k) => !leads.has(k))
      .map((k) => k.split(':').map(Number) as [number, number])
      .filter(([d, p]) => inFetGrid(d, p))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (!slots.length) continue;
    x.line(0, '<ConstraintTeacherNotAvailableTimes>');
    x.el(1, 'Weight_Percentage', 100);
    x.el(1, 'Teacher', names.teacherName.get(t.id)!);
    x.el(1, 'Number_of_Not_Available_Times', slots.length);
    for (const [d, p] of slots) slot(1, 'Not_Available_Time', 'Day', 'Hour', d, p);
    footer();
    x.line(0, '</ConstraintTeacherNotAvailableTimes>');
  }

  // Fixed events sit where they are; students' daily limit (fixed events count, as in our clash check).
  for (const f of fixed) {
    x.line(0, '<ConstraintActivityPreferredStartingTime>');
    x.el(1, 'Weight_Percentage', 100);
    x.el(1, 'Activity_Id', f.id);
    x.el(1, 'Preferred_Day', dayName(f.day));
    x.el(1, 'Preferred_Hour', hourName(f.period));
    x.el(1, 'Permanently_Locked', true);
    footer();
    x.line(0, '</ConstraintActivityPreferredStartingTime>');
  }
  const minMaxDaily = Math.min(...inst.grids.map((g) => g.maxPeriodsPerDay));
  for (const s of sets) {
    const g = s.homeroomCampusId != null ? gridOf.get(s.homeroomCampusId) : undefined;
    const max = g?.maxPeriodsPerDay ?? minMaxDaily;
    if (!Number.isFinite(max) || max >= names.periods) continue;
    x.line(0, '<ConstraintStudentsSetMaxHoursDaily>');
    x.el(1, 'Weight_Percentage', 100);
    x.el(1, 'Maximum_Hours_Daily', max);
    x.el(1, 'Students', s.name);
    footer();
    x.line(0, '</ConstraintStudentsSetMaxHoursDaily>');
  }

  // Each activity starts inside its campus grid and, when double, within one session; locked ones where they are.
  const allStarts = (length: number) => names.days.length * Math.max(0, names.periods - length + 1);
  for (const l of lessons) {
    const c = classOf.get(l.courseClassId)!;
    if (l.locked && l.day != null && l.period != null) {
      x.line(0, '<ConstraintActivityPreferredStartingTime>');
      x.el(1, 'Weight_Percentage', 100);
      x.el(1, 'Activity_Id', l.id);
      x.el(1, 'Preferred_Day', dayName(l.day));
      x.el(1, 'Preferred_Hour', hourName(l.period));
      x.el(1, 'Permanently_Locked', true);
      footer();
      x.line(0, '</ConstraintActivityPreferredStartingTime>');
      continue;
    }
    const g = gridOf.get(c.campusId);
    if (!g) continue;
    const starts = startingSlots(g, l.length).filter(([d, p]) => inFetGrid(d, p));
    if (starts.length === allStarts(l.length)) continue;
    x.line(0, '<ConstraintActivityPreferredStartingTimes>');
    x.el(1, 'Weight_Percentage', 100);
    x.el(1, 'Activity_Id', l.id);
    x.el(1, 'Number_of_Preferred_Starting_Times', starts.length);
    for (const [d, p] of starts) slot(1, 'Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour', d, p);
    footer();
    x.line(0, '</ConstraintActivityPreferredStartingTimes>');
  }

  // Soft: a course class's lessons on different days; gaps.
  const minDaysWeight = opts.minDaysWeight ?? 95;
  for (const [classId, group] of [...lessonsOfClass].sort((a, b) => a[0] - b[0])) {
    const days = gridOf.get(classOf.get(classId)!.campusId)?.days.length ?? names.days.length;
    if (group.length < 2 || group.length > days) continue;
    x.line(0, '<ConstraintMinDaysBetweenActivities>');
    x.el(1, 'Weight_Percentage', minDaysWeight);
    x.el(1, 'Consecutive_If_Same_Day', true);
    x.el(1, 'Number_of_Activities', group.length);
    for (const l of group) x.el(1, 'Activity_Id', l.id);
    x.el(1, 'MinDays', 1);
    footer();
    x.line(0, '</ConstraintMinDaysBetweenActivities>');
  }
  // FET takes max gaps for students only at 100 % (it refuses the file otherwise), so they are limits, not weights.
  const teacherGaps = opts.teacherMaxGapsPerWeek === undefined ? 6 : opts.teacherMaxGapsPerWeek;
  if (teacherGaps != null) {
    x.line(0, '<ConstraintTeachersMaxGapsPerWeek>');
    x.el(1, 'Weight_Percentage', 100);
    x.el(1, 'Max_Gaps', teacherGaps);
    footer();
    x.line(0, '</ConstraintTeachersMaxGapsPerWeek>');
  }
  const studentGaps = opts.studentMaxGapsPerWeek === undefined ? 4 : opts.studentMaxGapsPerWeek;
  if (studentGaps != null) {
    x.line(0, '<ConstraintStudentsMaxGapsPerWeek>');
    x.el(1, 'Weight_Percentage', 100);
    x.el(1, 'Max_Gaps', studentGaps);
    footer();
    x.line(0, '</ConstraintStudentsMaxGapsPerWeek>');
  }
  x.line(0, '</Time_Constraints_List>');
  x.blank();

  // ---- space constraints
  x.line(0, '<Space_Constraints_List>');
  x.line(0, '<ConstraintBasicCompulsorySpace>');
  x.el(1, 'Weight_Percentage', 100);
  footer();
  x.line(0, '</ConstraintBasicCompulsorySpace>');
  const roomsOfClass = new Map<number, InstanceRoom[]>();
  for (const l of lessons) {
    const c = classOf.get(l.courseClassId)!;
    if (l.locked && l.day != null && l.roomId != null && names.roomName.has(l.roomId)) {
      x.line(0, '<ConstraintActivityPreferredRoom>');
      x.el(1, 'Weight_Percentage', 100);
      x.el(1, 'Activity_Id', l.id);
      x.el(1, 'Room', names.roomName.get(l.roomId)!);
      x.el(1, 'Permanently_Locked', true);
      footer();
      x.line(0, '</ConstraintActivityPreferredRoom>');
      continue;
    }
    if (!roomsOfClass.has(c.id)) roomsOfClass.set(c.id, allowedRooms(inst, c));
    const rooms = roomsOfClass.get(c.id)!;
    if (!rooms.length) continue;
    if (rooms.length === 1) {
      x.line(0, '<ConstraintActivityPreferredRoom>');
      x.el(1, 'Weight_Percentage', 100);
      x.el(1, 'Activity_Id', l.id);
      x.el(1, 'Room', names.roomName.get(rooms[0].id)!);
      x.el(1, 'Permanently_Locked', false);
      footer();
      x.line(0, '</ConstraintActivityPreferredRoom>');
      continue;
    }
    x.line(0, '<ConstraintActivityPreferredRooms>');
    x.el(1, 'Weight_Percentage', 100);
    x.el(1, 'Activity_Id', l.id);
    x.el(1, 'Number_of_Preferred_Rooms', rooms.length);
    for (const r of rooms) x.el(1, 'Preferred_Room', names.roomName.get(r.id)!);
    footer();
    x.line(0, '</ConstraintActivityPreferredRooms>');
  }
  x.line(0, '</Space_Constraints_List>');
  x.blank();
  x.line(0, '</fet>');
  return x.toString();
}
