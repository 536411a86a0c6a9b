import type { TFixedEventKind, TSession } from '@app/shared/timetables';

/**
 * A timetable problem as the engine sees it (clash check, score, generator, FET export): plain data,
 * no database, so it can cross into a worker thread (structured clone) and be built by hand in tests.
 * `loadInstance` (instance.repository.ts) builds it from a timetable version.
 *
 * Slots are (day, period): day 1..6 (Thứ Hai … Thứ Bảy), period 1..N of the campus grid.
 */
export interface InstanceGrid {
  campusId: number;
  days: number[];
  /** sessions[p - 1] is the session of period p; its length is the number of periods a day. */
  sessions: TSession[];
  maxPeriodsPerDay: number;
  /** Held by every homeroom class of the campus (its students and its homeroom teacher). */
  fixedEvents: Array<{ kind: TFixedEventKind; day: number; period: number }>;
}

export interface InstanceRoom {
  id: number;
  campusId: number;
  code: string;
  name: string;
  capacity: number;
  kind: string;
}

export interface InstanceClass {
  id: number;
  code: string;
  name: string;
  subjectId: number;
  subjectName: string;
  campusId: number;
  grade: number;
  /** Enrolled students (the room must hold them). */
  size: number;
  /** The room kind it needs ('standard', 'lab', 'computer', 'gym', …). */
  roomKind: string;
  /** Its fixed room, if any: every lesson takes it. */
  fixedRoomId: number | null;
  teacherIds: number[];
  studentIds: number[];
  /** Periods a week and whether they come in pairs (tiết đôi). */
  periodsPerWeek: number;
  doublePeriods: boolean;
}

export interface InstanceLesson {
  id: number;
  courseClassId: number;
  day: number | null;
  period: number | null;
  /** 1, or 2 for a double period (it takes `period` and `period + 1`, in one session). */
  length: number;
  roomId: number | null;
  locked: boolean;
}

export interface InstanceTeacher {
  id: number;
  name: string;
  /** Slots the teacher cannot teach (approved ones only): `${day}:${period}`. */
  unavailable: string[];
  preferredDays: number[];
  /** Homeroom teachers lead their class's fixed events (same slots as its students). */
  homeroomCampusId: number | null;
}

export interface InstanceStudent {
  id: number;
  /** The campus whose fixed events the student attends (their homeroom class's); null without one. */
  homeroomCampusId: number | null;
}

export interface Instance {
  grids: InstanceGrid[];
  rooms: InstanceRoom[];
  classes: InstanceClass[];
  teachers: InstanceTeacher[];
  students: InstanceStudent[];
  lessons: InstanceLesson[];
}
