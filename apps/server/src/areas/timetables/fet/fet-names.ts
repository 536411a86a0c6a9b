import { DAY_LABELS, type TPeriod } from '@app/shared/timetables';
import type { Instance } from '../core/instance';

/**
 * The names the `.fet` file gives to our things, shared by the export and the import so both agree.
 * FET refers to everything by name, so names must be unique: a clash gets ` #<id>` appended.
 *
 *  - days: "Thứ Hai" … "Thứ Bảy" (day 1..6), only the days some campus grid uses;
 *  - hours: "Tiết <p>" (period 1..N of the longest grid), with the period's times when known;
 *  - activities: id = our lesson id (no mapping needed);
 *  - rooms: the room code (+ ` #id` if two campuses share a code).
 */
export interface FetNames {
  days: number[];
  dayName: Map<number, string>;
  periods: number;
  hourName: Map<number, string>;
  roomName: Map<number, string>;
  teacherName: Map<number, string>;
  subjectName: Map<number, string>;
  campusName: Map<number, string>;
}

export function uniqueNames<T>(items: T[], id: (t: T) => number, name: (t: T) => string): Map<number, string> {
  const count = new Map<string, number>();
  for (const it of items) {
    const n = name(it).trim() || `#${id(it)}`;
    count.set(n, (count.get(n) ?? 0) + 1);
  }
  const out = new Map<number, string>();
  for (const it of items) {
    const n = name(it).trim() || `#${id(it)}`;
    out.set(id(it), count.get(n)! > 1 ? `${n} #${id(it)}` : n);
  }
  return out;
}

export function fetNames(inst: Instance, opts: { periodTimes?: TPeriod[]; campusNames?: Map<number, string> } = {}): FetNames {
  const days = [...new Set(inst.grids.flatMap((g) => g.days))].sort((a, b) => a - b);
  const periods = Math.max(0, ...inst.grids.map((g) => g.sessions.length));
  const hourName = new Map<number, string>();
  for (let p = 1; p <= periods; p++) {
    const t = opts.periodTimes?.find((x) => x.period === p);
    hourName.set(p, t ? `Tiết ${p} (${t.start}–${t.end})` : `Tiết ${p}`);
  }
  const subjects = new Map<number, string>();
  for (const c of inst.classes) subjects.set(c.subjectId, c.subjectName);
  const campusIds = [...new Set([...inst.grids.map((g) => g.campusId), ...inst.rooms.map((r) => r.campusId)])];
  return {
    days,
    dayName: new Map(days.map((d) => [d, DAY_LABELS[d] ?? `Ngày ${d}`])),
    periods,
    hourName,
    roomName: uniqueNames(
      inst.rooms,
      (r) => r.id,
      (r) => r.code,
    ),
    teacherName: uniqueNames(
      inst.teachers,
      (t) => t.id,
      (t) => t.name,
    ),
    subjectName: uniqueNames(
      [...subjects].map(([id, name]) => ({ id, name })),
      (s) => s.id,
      (s) => s.name,
    ),
    campusName: uniqueNames(
      campusIds,
      (id) => id,
      (id) => opts.campusNames?.get(id) ?? `Cơ sở ${id}`,
    ),
  };
}

/** Day number from a FET day name ("Thứ Hai" → 1), or null. */
export function parseDayName(name: string): number | null {
  const n = name.trim();
  for (const [d, label] of Object.entries(DAY_LABELS)) if (label === n) return Number(d);
  return null;
}

/** Period number from a FET hour name ("Tiết 3 (08:40–09:25)" → 3), or null. */
export function parseHourName(name: string): number | null {
  const m = /^Tiết\s+(\d+)\b/.exec(name.trim());
  return m ? Number(m[1]) : null;
}
