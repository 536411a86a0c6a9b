import { defaultPeriodGrid, type TSession } from '@app/shared/timetables';
import type { Instance, InstanceClass, InstanceGrid, InstanceLesson, InstanceRoom } from './instance';

/**
 * The engine's indexed view of an Instance, shared by the clash check (engine.ts) and the generator
 * (generator.ts), so both count the soft rules the same way.
 *
 * A slot is an integer: (day - 1) * MAX_P + (period - 1). Resources are everything that can be in one
 * place at a time or whose day is scored: teachers, rooms, student sets (students with the same course
 * classes and homeroom campus, like FET's groups, weighted by their number of students) and course
 * classes (for "same subject twice a day").
 */
export const MAX_P = 12;
export const DAYS = 6;
export const slotOf = (day: number, period: number) => (day - 1) * MAX_P + (period - 1);

/** Weights of the soft score's total (lower is better). */
export const SOFT_WEIGHTS = {
  /** One idle period between a teacher's first and last lesson of a session. */
  teacherGap: 3,
  /** One idle period of one student (students are counted one by one). */
  studentGap: 0.1,
  /** A course class with the same subject twice on a day (a double period counts once). */
  sameSubjectTwiceADay: 2,
  /** A teacher at two campuses in one session. */
  teacherTwoCampuses: 5,
  /** A lesson on a day the teacher did not prefer (when they named preferred days). */
  preferredDayMissed: 1,
} as const;

export type ResKind = 'teacher' | 'room' | 'set' | 'class';

export interface Resource {
  kind: ResKind;
  /** Id of the teacher / room / class; index of the set. */
  ref: number;
  /** Number of students (sets), else 1. */
  weight: number;
  /** Sessions of its periods (the grid of its campus) for gaps. */
  sessions: TSession[];
  /** Periods held by fixed events per day index 0..5 (bit p-1), students and homeroom teachers. */
  fixed: number[];
  maxPerDay: number;
  preferredDays: number[] | null;
}

export interface StudentSet {
  studentIds: number[];
  classIds: number[];
  campusId: number | null;
}

export interface Model {
  inst: Instance;
  gridOf: Map<number, InstanceGrid>;
  classById: Map<number, InstanceClass>;
  roomById: Map<number, InstanceRoom>;
  teacherName: Map<number, string>;
  resources: Resource[];
  teacherRes: Map<number, number>;
  roomRes: Map<number, number>;
  classRes: Map<number, number>;
  sets: StudentSet[];
  /** Resource indices of a class's teachers / student sets / itself. */
  classResources: Map<number, number[]>;
  /** Slots a class may not use: `slot → reason` (fixed event or teacher unavailable). */
  classBlocked: Map<number, Map<number, string>>;
}

export function gridFor(gridOf: Map<number, InstanceGrid>, campusId: number): InstanceGrid {
  const g = gridOf.get(campusId);
  if (g) return g;
  const d = defaultPeriodGrid();
  const made: InstanceGrid = {
    campusId,
    days: d.days,
    sessions: d.periods.map((p) => p.session),
    maxPeriodsPerDay: d.maxPeriodsPerDay,
    fixedEvents: d.fixedEvents,
  };
  gridOf.set(campusId, made);
  return made;
}

function fixedMask(grid: InstanceGrid): number[] {
  const m = new Array<number>(DAYS).fill(0);
  for (const e of grid.fixedEvents) m[e.day - 1] |= 1 << (e.period - 1);
  return m;
}

export function buildModel(inst: Instance): Model {
  const gridOf = new Map(inst.grids.map((g) => [g.campusId, g]));
  const classById = new Map(inst.classes.map((c) => [c.id, c]));
  const roomById = new Map(inst.rooms.map((r) => [r.id, r]));
  const teacherById = new Map(inst.teachers.map((t) => [t.id, t]));
  const teacherName = new Map(inst.teachers.map((t) => [t.id, t.name]));
  const studentCampus = new Map(inst.students.map((s) => [s.id, s.homeroomCampusId]));
  const firstGrid = inst.grids[0] ?? gridFor(gridOf, inst.classes[0]?.campusId ?? 0);

  const resources: Resource[] = [];
  const teacherRes = new Map<number, number>();
  const roomRes = new Map<number, number>();
  const classRes = new Map<number, number>();
  const none = () => new Array<number>(DAYS).fill(0);

  const teacherCampus = new Map<number, number>();
  for (const c of inst.classes) for (const t of c.teacherIds) if (!teacherCampus.has(t)) teacherCampus.set(t, c.campusId);
  const teacherIds = new Set<number>([...inst.teachers.map((t) => t.id), ...inst.classes.flatMap((c) => c.teacherIds)]);
  for (const id of [...teacherIds].sort((a, b) => a - b)) {
    const t = teacherById.get(id);
    const campus = t?.homeroomCampusId ?? teacherCampus.get(id);
    const grid = campus != null ? gridFor(gridOf, campus) : firstGrid;
    teacherRes.set(id, resources.length);
    resources.push({
      kind: 'teacher',
      ref: id,
      weight: 1,
      sessions: grid.sessions,
      fixed: t?.homeroomCampusId != null ? fixedMask(gridFor(gridOf, t.homeroomCampusId)) : none(),
      maxPerDay: MAX_P,
      preferredDays: t && t.preferredDays.length ? t.preferredDays : null,
    });
  }
  for (const r of inst.rooms) {
    roomRes.set(r.id, resources.length);
    resources.push({
      kind: 'room',
      ref: r.id,
      weight: 1,
      sessions: gridFor(gridOf, r.campusId).sessions,
      fixed: none(),
      maxPerDay: MAX_P,
      preferredDays: null,
    });
  }

  // Student sets: students with the same classes and homeroom campus.
  const classesOf = new Map<number, number[]>();
  for (const c of inst.classes) for (const s of c.studentIds) classesOf.set(s, [...(classesOf.get(s) ?? []), c.id]);
  const setByKey = new Map<string, StudentSet>();
  for (const [sid, cids] of [...classesOf].sort((a, b) => a[0] - b[0])) {
    const sorted = [...new Set(cids)].sort((a, b) => a - b);
    const campus = studentCampus.get(sid) ?? null;
    const key = `${campus}|${sorted.join(',')}`;
    let set = setByKey.get(key);
    if (!set) setByKey.set(key, (set = { studentIds: [], classIds: sorted, campusId: campus }));
    set.studentIds.push(sid);
  }
  const sets = [...setByKey.values()];
  const classResources = new Map<number, number[]>(inst.classes.map((c) => [c.id, []]));
  sets.forEach((set, i) => {
    const grid = set.campusId != null ? gridFor(gridOf, set.campusId) : gridFor(gridOf, classById.get(set.classIds[0])!.campusId);
    const idx = resources.length;
    resources.push({
      kind: 'set',
      ref: i,
      weight: set.studentIds.length,
      sessions: grid.sessions,
      fixed: set.campusId != null ? fixedMask(grid) : none(),
      maxPerDay: grid.maxPeriodsPerDay,
      preferredDays: null,
    });
    for (const cid of set.classIds) classResources.get(cid)!.push(idx);
  });
  for (const c of inst.classes) {
    const idx = resources.length;
    classRes.set(c.id, idx);
    resources.push({
      kind: 'class',
      ref: c.id,
      weight: 1,
      sessions: gridFor(gridOf, c.campusId).sessions,
      fixed: none(),
      maxPerDay: MAX_P,
      preferredDays: null,
    });
    const list = classResources.get(c.id)!;
    for (const t of new Set(c.teacherIds)) list.unshift(teacherRes.get(t)!);
    list.push(idx);
  }

  // Static blocks of a class: fixed events of its students' and homeroom teachers' campuses, and its
  // teachers' unavailable slots.
  const classBlocked = new Map<number, Map<number, string>>();
  for (const c of inst.classes) {
    const blocked = new Map<number, string>();
    const campuses = new Set<number>();
    for (const s of c.studentIds) {
      const cp = studentCampus.get(s);
      if (cp != null) campuses.add(cp);
    }
    for (const t of c.teacherIds) {
      const cp = teacherById.get(t)?.homeroomCampusId;
      if (cp != null) campuses.add(cp);
    }
    for (const cp of campuses) for (const e of gridFor(gridOf, cp).fixedEvents) blocked.set(slotOf(e.day, e.period), `fixed:${e.kind}`);
    for (const t of c.teacherIds)
      for (const u of teacherById.get(t)?.unavailable ?? []) {
        const [d, p] = u.split(':').map(Number);
        if (!blocked.has(slotOf(d, p))) blocked.set(slotOf(d, p), `teacher:${t}`);
      }
    classBlocked.set(c.id, blocked);
  }

  return { inst, gridOf, classById, roomById, teacherName, resources, teacherRes, roomRes, classRes, sets, classResources, classBlocked };
}

/** Occupancy of one resource on one day: the lessons there (their class, first period, length). */
export interface DayEntry {
  lesson: number;
  period: number;
  length: number;
  campusId: number;
}

export interface DayTerm {
  hard: number;
  teacherGaps: number;
  studentGaps: number;
  sameSubject: number;
  twoCampuses: number;
  preferredMissed: number;
}

export const ZERO_TERM: DayTerm = { hard: 0, teacherGaps: 0, studentGaps: 0, sameSubject: 0, twoCampuses: 0, preferredMissed: 0 };

export const softTotal = (t: Omit<DayTerm, 'hard'>) =>
  SOFT_WEIGHTS.teacherGap * t.teacherGaps +
  SOFT_WEIGHTS.studentGap * t.studentGaps +
  SOFT_WEIGHTS.sameSubjectTwiceADay * t.sameSubject +
  SOFT_WEIGHTS.teacherTwoCampuses * t.twoCampuses +
  SOFT_WEIGHTS.preferredDayMissed * t.preferredMissed;

function gapsOf(mask: number, sessions: TSession[]): number {
  // Per session: periods between its first and last taken one that are free. No closures: this runs
  // in the generator's innermost loop.
  let gaps = 0;
  let first = -1;
  let last = -1;
  let count = 0;
  let session: TSession | null = null;
  for (let p = 0; p < sessions.length; p++) {
    if (sessions[p] !== session) {
      if (first >= 0) gaps += last - first + 1 - count;
      first = last = -1;
      count = 0;
      session = sessions[p];
    }
    if (mask & (1 << p)) {
      if (first < 0) first = p;
      last = p;
      count++;
    }
  }
  if (first >= 0) gaps += last - first + 1 - count;
  return gaps;
}

const popcount = (x: number) => {
  let n = 0;
  while (x) {
    x &= x - 1;
    n++;
  }
  return n;
};

/**
 * The hard count (internal: double bookings, periods over the daily limit) and soft counts of one
 * resource on one day. `day` is 1..6.
 */
export function dayTerm(r: Resource, day: number, entries: DayEntry[]): DayTerm {
  if (entries.length === 0) {
    if (r.kind === 'set' && r.fixed[day - 1]) {
      // Fixed events alone: a gap between two of them still counts.
      return { ...ZERO_TERM, studentGaps: gapsOf(r.fixed[day - 1], r.sessions) * r.weight };
    }
    return ZERO_TERM;
  }
  let mask = 0;
  let hard = 0;
  for (const e of entries)
    for (let k = 0; k < e.length; k++) {
      const bit = 1 << (e.period - 1 + k);
      if (mask & bit) hard++;
      mask |= bit;
    }
  const term: DayTerm = { ...ZERO_TERM, hard };
  if (r.kind === 'room') return term;
  if (r.kind === 'class') {
    term.sameSubject = entries.length - 1;
    return term;
  }
  const all = mask | r.fixed[day - 1];
  if (r.kind === 'set') {
    const over = popcount(all) - r.maxPerDay;
    if (over > 0) term.hard += over;
    term.studentGaps = gapsOf(all, r.sessions) * r.weight;
    return term;
  }
  // teacher
  term.teacherGaps = gapsOf(all, r.sessions);
  if (r.preferredDays && !r.preferredDays.includes(day)) term.preferredMissed = entries.length;
  // A session counts once when its lessons are at more than one campus (-1: already counted).
  let morning: number | undefined;
  let afternoon: number | undefined;
  for (const e of entries) {
    const afternoonLesson = r.sessions[e.period - 1] === 'afternoon';
    const c = afternoonLesson ? afternoon : morning;
    let next = c;
    if (c === undefined) next = e.campusId;
    else if (c !== e.campusId && c !== -1) {
      term.twoCampuses++;
      next = -1;
    }
    if (afternoonLesson) afternoon = next;
    else morning = next;
  }
  return term;
}

export function isPlaced(l: InstanceLesson): l is InstanceLesson & { day: number; period: number } {
  return l.day != null && l.period != null;
}

/** Soft score of the placed lessons (as the generator counts it). */
export function softScore(m: Model, lessons: InstanceLesson[]) {
  const byResDay = new Map<number, DayEntry[]>();
  lessons.forEach((l, i) => {
    if (!isPlaced(l) || l.day < 1 || l.day > DAYS) return;
    const c = m.classById.get(l.courseClassId);
    if (!c) return;
    for (const r of m.classResources.get(c.id) ?? []) {
      const key = r * 8 + l.day;
      const list = byResDay.get(key) ?? [];
      list.push({ lesson: i, period: l.period, length: l.length, campusId: c.campusId });
      byResDay.set(key, list);
    }
  });
  const acc = { teacherGaps: 0, studentGaps: 0, sameSubject: 0, twoCampuses: 0, preferredMissed: 0 };
  m.resources.forEach((r, ri) => {
    for (let d = 1; d <= DAYS; d++) {
      const t = dayTerm(r, d, byResDay.get(ri * 8 + d) ?? []);
      acc.teacherGaps += t.teacherGaps;
      acc.studentGaps += t.studentGaps;
      acc.sameSubject += t.sameSubject;
      acc.twoCampuses += t.twoCampuses;
      acc.preferredMissed += t.preferredMissed;
    }
  });
  return {
    teacherGaps: acc.teacherGaps,
    studentGaps: acc.studentGaps,
    sameSubjectTwiceADay: acc.sameSubject,
    teacherTwoCampuses: acc.twoCampuses,
    preferredDaysMissed: acc.preferredMissed,
    total: Math.round(softTotal(acc) * 10) / 10,
  };
}

export type { InstanceRoom };
