import { CLASSROOM_KIND_LABELS } from '@app/shared/school';
import {
  DAY_LABELS,
  FIXED_EVENT_LABELS,
  type TClash,
  type TClashKind,
  type TFixedEventKind,
  type TSoftScore,
} from '@app/shared/timetables';
import type { Instance, InstanceClass, InstanceLesson, InstanceRoom } from './instance';
import { buildModel, gridFor, isPlaced, softScore, type Model } from './model';

/**
 * The clash check: every hard clash of the placed lessons, each with one Vietnamese sentence naming
 * the teacher, room or classes, and the soft score (model.ts: counts and weights).
 *
 * Rules: a teacher, a room or a student (through enrolment) in two lessons at once; a room smaller than
 * the class, at another campus or of the wrong kind; a teacher's unavailable slot; more periods in a
 * day for a student than the grid allows (fixed events count as periods); a lesson on a fixed event
 * (chào cờ, sinh hoạt lớp) of its students' or homeroom teachers' campus; a lesson outside the grid
 * (a double period stays inside one session). Unplaced lessons and lessons without a room are no clash.
 */
export interface Evaluation {
  clashes: TClash[];
  score: TSoftScore;
}

const kindLabel = (k: string) => (CLASSROOM_KIND_LABELS as Record<string, string>)[k]?.toLowerCase() ?? k;
const roomLabel = (r: InstanceRoom) => (r.name && r.name !== r.code ? `${r.code} (${r.name})` : r.code);
const at = (day: number, period: number, length = 1) =>
  `${DAY_LABELS[day] ?? `ngày ${day}`}, ${length > 1 ? `tiết ${period}–${period + length - 1}` : `tiết ${period}`}`;

export function evaluate(inst: Instance): Evaluation {
  const m = buildModel(inst);
  return { clashes: findClashes(m), score: softScore(m, inst.lessons) };
}

export function findClashes(m: Model): TClash[] {
  const clashes: TClash[] = [];
  const seen = new Set<string>();
  const add = (kind: TClashKind, day: number, period: number, lessonIds: number[], message: string, key?: string) => {
    const k = key ?? `${kind}:${[...lessonIds].sort((a, b) => a - b).join(',')}`;
    if (seen.has(k)) return;
    seen.add(k);
    clashes.push({ kind, day, period, lessonIds, message });
  };

  const placed: Array<{ l: InstanceLesson & { day: number; period: number }; c: InstanceClass }> = [];
  for (const l of m.inst.lessons) {
    if (!isPlaced(l)) continue;
    const c = m.classById.get(l.courseClassId);
    if (c) placed.push({ l, c });
  }

  // Per lesson: grid, fixed events, unavailable teachers, room fit.
  const inGrid: typeof placed = [];
  for (const p of placed) {
    const { l, c } = p;
    const grid = gridFor(m.gridOf, c.campusId);
    const last = l.period + l.length - 1;
    let why: string | null = null;
    if (!grid.days.includes(l.day)) why = `${DAY_LABELS[l.day] ?? `ngày ${l.day}`} không phải ngày học`;
    else if (l.period < 1 || last > grid.sessions.length) why = `khung tiết chỉ có ${grid.sessions.length} tiết một ngày`;
    else if (grid.sessions[l.period - 1] !== grid.sessions[last - 1]) why = `tiết ${l.period}–${last} không cùng một buổi`;
    if (why) {
      add('outside_grid', l.day, l.period, [l.id], `Lớp ${c.name} được xếp ngoài khung tiết (${at(l.day, l.period, l.length)}): ${why}.`);
      continue;
    }
    inGrid.push(p);
    const blocked = m.classBlocked.get(c.id)!;
    for (let k = 0; k < l.length; k++) {
      const period = l.period + k;
      const reason = blocked.get((l.day - 1) * 12 + period - 1);
      if (reason?.startsWith('fixed:')) {
        const label = FIXED_EVENT_LABELS[reason.slice(6) as TFixedEventKind];
        add(
          'fixed_event',
          l.day,
          period,
          [l.id],
          `Lớp ${c.name} được xếp trùng giờ ${label} (${at(l.day, period)}).`,
          `fixed:${l.id}:${period}`,
        );
      }
    }
    for (const t of c.teacherIds) {
      const un = new Set(m.inst.teachers.find((x) => x.id === t)?.unavailable ?? []);
      for (let k = 0; k < l.length; k++)
        if (un.has(`${l.day}:${l.period + k}`))
          add(
            'unavailable',
            l.day,
            l.period + k,
            [l.id],
            `Giáo viên ${m.teacherName.get(t) ?? t} bận vào ${at(l.day, l.period + k)} nhưng được xếp dạy ${c.name}.`,
            `unavailable:${l.id}:${t}:${l.period + k}`,
          );
    }
    const room = l.roomId != null ? m.roomById.get(l.roomId) : undefined;
    if (room) {
      if (room.campusId !== c.campusId)
        add(
          'campus',
          l.day,
          l.period,
          [l.id],
          `Phòng ${roomLabel(room)} ở cơ sở khác với lớp ${c.name} (${at(l.day, l.period, l.length)}).`,
        );
      if (room.capacity < c.size)
        add(
          'capacity',
          l.day,
          l.period,
          [l.id],
          `Phòng ${roomLabel(room)} chỉ có ${room.capacity} chỗ, ít hơn sĩ số ${c.size} của lớp ${c.name} (${at(l.day, l.period, l.length)}).`,
        );
      if (room.kind !== c.roomKind)
        add(
          'room_kind',
          l.day,
          l.period,
          [l.id],
          `Lớp ${c.name} cần ${kindLabel(c.roomKind)} nhưng được xếp vào phòng ${roomLabel(room)} (${kindLabel(room.kind)}) (${at(l.day, l.period, l.length)}).`,
        );
    }
  }

  // Pairs of lessons in the same slot: teacher, room, students.
  const bySlot = new Map<number, typeof inGrid>();
  for (const p of inGrid)
    for (let k = 0; k < p.l.length; k++) {
      const s = (p.l.day - 1) * 12 + p.l.period + k - 1;
      const list = bySlot.get(s) ?? [];
      list.push(p);
      bySlot.set(s, list);
    }
  const shared = new Map<string, number>();
  const studentSets = new Map<number, Set<number>>();
  const sharedStudents = (a: InstanceClass, b: InstanceClass) => {
    const key = a.id < b.id ? `${a.id}:${b.id}` : `${b.id}:${a.id}`;
    let n = shared.get(key);
    if (n === undefined) {
      let set = studentSets.get(a.id);
      if (!set) studentSets.set(a.id, (set = new Set(a.studentIds)));
      n = 0;
      for (const s of new Set(b.studentIds)) if (set.has(s)) n++;
      shared.set(key, n);
    }
    return n;
  };
  for (const s of [...bySlot.keys()].sort((a, b) => a - b)) {
    const list = bySlot.get(s)!;
    const day = Math.floor(s / 12) + 1;
    const period = (s % 12) + 1;
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        if (a.l.id === b.l.id) continue;
        const ids = [a.l.id, b.l.id];
        const pair = `${Math.min(...ids)},${Math.max(...ids)}`;
        for (const t of a.c.teacherIds)
          if (b.c.teacherIds.includes(t))
            add(
              'teacher',
              day,
              period,
              ids,
              `Giáo viên ${m.teacherName.get(t) ?? t} dạy hai lớp cùng lúc: ${a.c.name} và ${b.c.name} (${at(day, period)}).`,
              `teacher:${t}:${pair}`,
            );
        if (a.l.roomId != null && a.l.roomId === b.l.roomId) {
          const room = m.roomById.get(a.l.roomId);
          add(
            'room',
            day,
            period,
            ids,
            `Phòng ${room ? roomLabel(room) : a.l.roomId} có hai lớp cùng lúc: ${a.c.name} và ${b.c.name} (${at(day, period)}).`,
            `room:${pair}`,
          );
        }
        const n = a.c.id === b.c.id ? new Set(a.c.studentIds).size : sharedStudents(a.c, b.c);
        if (n > 0)
          add(
            'student',
            day,
            period,
            ids,
            a.c.id === b.c.id
              ? `Lớp ${a.c.name} có hai tiết cùng lúc (${at(day, period)}): ${n} học sinh học trùng giờ.`
              : `${n} học sinh học cả ${a.c.name} và ${b.c.name} cùng lúc (${at(day, period)}).`,
            `student:${pair}`,
          );
      }
  }

  // Periods a day per student (fixed events count).
  const grids = m.gridOf;
  const classesOfStudent = new Map<number, InstanceClass[]>();
  for (const c of m.inst.classes) for (const s of new Set(c.studentIds)) classesOfStudent.set(s, [...(classesOfStudent.get(s) ?? []), c]);
  const lessonsOfClass = new Map<number, typeof inGrid>();
  for (const p of inGrid) lessonsOfClass.set(p.c.id, [...(lessonsOfClass.get(p.c.id) ?? []), p]);
  const studentCampus = new Map(m.inst.students.map((s) => [s.id, s.homeroomCampusId]));
  const over = new Map<string, { day: number; periods: number; max: number; lessons: typeof inGrid; students: number }>();
  for (const [sid, classes] of classesOfStudent) {
    const campus = studentCampus.get(sid) ?? null;
    const grid = gridFor(grids, campus ?? classes[0].campusId);
    for (const day of grid.days) {
      const periods = new Set<number>();
      const lessons: typeof inGrid = [];
      for (const c of classes)
        for (const p of lessonsOfClass.get(c.id) ?? [])
          if (p.l.day === day) {
            lessons.push(p);
            for (let k = 0; k < p.l.length; k++) periods.add(p.l.period + k);
          }
      if (campus != null) for (const e of grid.fixedEvents) if (e.day === day) periods.add(e.period);
      if (periods.size <= grid.maxPeriodsPerDay || lessons.length === 0) continue;
      lessons.sort((x, y) => x.l.period - y.l.period || x.l.id - y.l.id);
      const key = `${day}:${lessons.map((p) => p.l.id).join(',')}`;
      const o = over.get(key);
      if (o) o.students++;
      else over.set(key, { day, periods: periods.size, max: grid.maxPeriodsPerDay, lessons, students: 1 });
    }
  }
  for (const [key, o] of over) {
    const names = [...new Set(o.lessons.map((p) => p.c.name))].join(', ');
    add(
      'daily_limit',
      o.day,
      o.lessons[0].l.period,
      o.lessons.map((p) => p.l.id),
      `${o.students} học sinh có ${o.periods} tiết vào ${DAY_LABELS[o.day]}, quá ${o.max} tiết một ngày: ${names}.`,
      `daily:${key}`,
    );
  }
  return clashes;
}
