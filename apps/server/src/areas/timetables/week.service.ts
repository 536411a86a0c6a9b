import type { z } from 'zod';
import {
  FIXED_EVENT_LABELS,
  type TFreeRoom,
  type TWeekEntry,
  type TWeekView,
  type TWeekViewKind,
  type ZFreeRoomsQuery,
} from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { found } from '@/lib/write';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { badRequest } from '@/plugins/errors';
import { assertCanSeeWeek, isWideReader } from './access';
import { gridOf } from './setup.service';
import { headedDepartmentIds } from './setup.repository';
import { timetableSummary } from './versions.service';
import { sessionsOfWeek } from '@/areas/tutoring/tutoring.service';
import {
  firstCampusId,
  freeRooms,
  homerooms,
  lessonEntries,
  modulesOn,
  subjectOf,
  teacherReach,
  versionInForce,
  viewFilter,
  type HomeroomRef,
} from './week.repository';
import type { TimetableRow } from './versions.repository';

/** Today in the school's time zone (YYYY-MM-DD). */
export function todayInVietnam(now = new Date()): string {
  return new Date(now.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
}

const dayOfWeek = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};
export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);
export const mondayOf = (date: string) => addDays(date, 1 - dayOfWeek(date));

/** The version in force for a week: on the day asked, else on the first school day of its week that has one. */
async function versionForWeek(db: Db, date: string): Promise<TimetableRow | null> {
  const v = await versionInForce(db, date);
  if (v) return v;
  const monday = mondayOf(date);
  for (let i = 0; i < 6; i++) {
    const d = addDays(monday, i);
    if (d === date) continue;
    const w = await versionInForce(db, d);
    if (w) return w;
  }
  return null;
}

const TITLES: Record<TWeekViewKind, string> = {
  student: 'Thời khóa biểu của học sinh',
  teacher: 'Thời khóa biểu của giáo viên',
  department: 'Thời khóa biểu tổ',
  room: 'Thời khóa biểu phòng',
  campus: 'Thời khóa biểu cơ sở',
  school: 'Thời khóa biểu toàn trường',
  homeroom: 'Thời khóa biểu lớp',
  course_class: 'Thời khóa biểu lớp học phần',
};

/** The id a view means when none is given: the person's own week, or the department they head. */
async function defaultId(db: Db, actor: Actor, view: TWeekViewKind): Promise<number> {
  if (view === 'school') return 0;
  if (view === 'student' && actor.studentId !== null) return actor.studentId;
  if (view === 'teacher' && actor.teacherId !== null) return actor.teacherId;
  if (view === 'department') {
    const [d] = await headedDepartmentIds(db, actor.teacherId);
    if (d) return d;
  }
  if (view === 'homeroom' && actor.teacherId !== null) {
    const [h] = (await teacherReach(db, actor.teacherId)).homeroomClassIds;
    if (h) return h;
  }
  throw badRequest('Hãy chọn đối tượng cần xem thời khóa biểu.');
}

function fixedEntries(classes: HomeroomRef[], grids: Map<number, Awaited<ReturnType<typeof gridOf>>>): TWeekEntry[] {
  const out: TWeekEntry[] = [];
  for (const h of classes) {
    const g = grids.get(h.campusId);
    for (const e of g?.fixedEvents ?? []) {
      out.push({
        kind: 'fixed',
        day: e.day,
        period: e.period,
        length: 1,
        lessonId: null,
        fixedKind: e.kind,
        courseClass: null,
        subjectName: FIXED_EVENT_LABELS[e.kind],
        teachers: h.teacherId !== null ? [{ id: h.teacherId, name: h.teacherName ?? '' }] : [],
        room: null,
        campusName: h.campusName,
        homeroomClassName: h.name,
      });
    }
  }
  return out;
}

/** The tutoring sessions of a student's, a teacher's or a room's week (Monday to Saturday), as entries. */
async function tutoringEntries(db: Db, view: TWeekViewKind, id: number, monday: string): Promise<TWeekEntry[]> {
  const who =
    view === 'student' ? { studentId: id } : view === 'teacher' ? { teacherId: id } : view === 'room' ? { classroomId: id } : null;
  if (!who) return [];
  const sessions = await sessionsOfWeek(db, who, monday, addDays(monday, 5));
  return sessions.map((s) => ({
    kind: 'tutoring' as const,
    day: dayOfWeek(s.onDate),
    period: s.period,
    length: s.length,
    lessonId: null,
    fixedKind: null,
    courseClass: null,
    subjectName: s.groupName,
    teachers: [{ id: s.teacherId, name: s.teacherName }],
    room: s.classroomId !== null ? { id: s.classroomId, code: s.classroomCode ?? '', name: s.classroomName ?? '' } : null,
    campusName: s.campusName,
    homeroomClassName: null,
    tutoringGroup: { id: s.groupId, name: s.groupName },
  }));
}

/**
 * A week (GET /timetables/week): the published version in force that week, the lessons the view shows,
 * and, for a student, a homeroom class and a homeroom teacher, the fixed events (chào cờ, sinh hoạt
 * lớp) of the homeroom class; for a student, a teacher and a room, the week's tutoring sessions. Scope: access.ts `assertCanSeeWeek`.
 */
export async function weekView(db: Db, actor: Actor, q: { view: TWeekViewKind; id?: number; date?: string }): Promise<TWeekView> {
  const date = q.date ?? todayInVietnam();
  const id = q.id ?? (await defaultId(db, actor, q.view));
  const who = found(await subjectOf(db, q.view, id), 'đối tượng cần xem');

  const wide = isWideReader(actor);
  const needsReach = !wide && (q.view === 'homeroom' || q.view === 'course_class');
  const headed = !wide && hasAnyRole(actor, ['HEAD_DEPARTMENT']) ? await headedDepartmentIds(db, actor.teacherId) : [];
  const reach = needsReach ? await teacherReach(db, actor.teacherId) : { homeroomClassIds: [], taughtCourseClassIds: [] };
  assertCanSeeWeek(actor, q.view, id, { headedDepartmentIds: headed, targetDepartmentId: who.departmentId ?? null, ...reach });

  const version = await versionForWeek(db, date);
  const entries = version ? await lessonEntries(db, version.id, viewFilter(q.view, id)) : [];

  // Fixed events, while school is in session that week.
  let fixedClasses: HomeroomRef[] = [];
  const inSession = version !== null || (await modulesOn(db, date)).length > 0;
  if (inSession) {
    if (q.view === 'student' && who.homeroomClassId) fixedClasses = await homerooms(db, { id: who.homeroomClassId });
    else if (q.view === 'homeroom') fixedClasses = await homerooms(db, { id });
    else if (q.view === 'teacher') fixedClasses = await homerooms(db, { teacherId: id });
  }
  const campusId = who.campusId ?? fixedClasses[0]?.campusId ?? (await firstCampusId(db));
  if (campusId === null) throw badRequest('Trường chưa có cơ sở nào.');
  const grid = await gridOf(db, campusId);
  const grids = new Map([[campusId, grid]]);
  for (const h of fixedClasses) if (!grids.has(h.campusId)) grids.set(h.campusId, await gridOf(db, h.campusId));
  const tutoring = await tutoringEntries(db, q.view, id, mondayOf(date));
  const all = [...fixedEntries(fixedClasses, grids), ...entries, ...tutoring].sort((a, b) => a.day - b.day || a.period - b.period);

  return {
    view: q.view,
    timetable: version ? await timetableSummary(db, version, undefined, { cachedClashes: true }) : null,
    weekStart: mondayOf(date),
    grid,
    title: q.view === 'school' ? TITLES.school : `${TITLES[q.view]} ${who.name}`,
    entries: all,
  };
}

/** Free rooms at a slot (GET /timetables/free-rooms): of the version in force on the date (today unless given). */
export async function findFreeRooms(db: Db, q: z.infer<typeof ZFreeRoomsQuery>): Promise<TFreeRoom[]> {
  const date = q.date ?? todayInVietnam();
  const day = q.day ?? dayOfWeek(date);
  if (day === 7) throw badRequest('Chủ nhật không có tiết học. Hãy chọn ngày khác.');
  const version = await versionInForce(db, date);
  return freeRooms(db, {
    timetableId: version?.id ?? null,
    campusId: q.campusId,
    day,
    period: q.period,
    length: q.length,
    capacity: q.capacity,
    kind: q.kind,
  });
}
