import { ROLES, type TRole } from '@app/shared/roles';
import type { TWeekViewKind } from '@app/shared/timetables';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { AppError } from '@/plugins/errors';

/*
 * Who may do what with timetables (issue 13 "Roles"), named once. Route files put the lists in
 * `config.roles`; the services check the finer scopes (a teacher's own week, a head's department …)
 * with the functions below.
 */

/** The administrator writes everything: grids, period plans, versions, edits, the generator, publishing. */
export const TIMETABLE_WRITERS = ['ADMIN'] as const satisfies readonly TRole[];
/** Read every version, every week and every setting: the principal and the academic office. */
export const TIMETABLE_WIDE_READERS = ['ADMIN', 'PRINCIPAL', 'ACADEMIC_AFFAIR'] as const satisfies readonly TRole[];

/** Period grids are read by everyone who plans with or looks at timetables (a week view carries its grid too). */
export const GRID_READERS = [
  ...TIMETABLE_WIDE_READERS,
  'HEAD_DEPARTMENT',
  'TEACHER',
  'HOMEROOM_TEACHER',
  'FACILITY_MANAGER',
] as const satisfies readonly TRole[];
/** Subject × grade periods per week: the planners, and heads of department (their subjects' load). */
export const PERIOD_PLAN_READERS = [...TIMETABLE_WIDE_READERS, 'HEAD_DEPARTMENT'] as const satisfies readonly TRole[];

/** A teacher's availability: wide readers any; a head their department's teachers; a teacher their own (the service). */
export const AVAILABILITY_READERS = [...TIMETABLE_WIDE_READERS, 'HEAD_DEPARTMENT', 'TEACHER'] as const satisfies readonly TRole[];
/** Written by the administrator, a head for their department's teachers, a teacher for themself (pending until approved). */
export const AVAILABILITY_WRITERS = ['ADMIN', 'HEAD_DEPARTMENT', 'TEACHER'] as const satisfies readonly TRole[];

/** Week views: every role that has a week to look at; each view's scope is checked by `canSeeWeek`. */
export const WEEK_READERS = [
  ...TIMETABLE_WIDE_READERS,
  'HEAD_DEPARTMENT',
  'TEACHER',
  'HOMEROOM_TEACHER',
  'STUDENT',
  'FACILITY_MANAGER',
] as const satisfies readonly TRole[];
/** Rooms and campuses (room and campus views, free rooms): the facility manager and the wide readers. */
export const ROOM_READERS = [...TIMETABLE_WIDE_READERS, 'FACILITY_MANAGER'] as const satisfies readonly TRole[];

/** Every signed-in person may keep a private iCalendar link to their own timetable. */
export const CALENDAR_FEED_USERS = ROLES;

export const isWideReader = (actor: Actor) => hasAnyRole(actor, TIMETABLE_WIDE_READERS);
export const isTimetableWriter = (actor: Actor) => hasAnyRole(actor, TIMETABLE_WRITERS);

const refused = () => new AppError('FORBIDDEN', 'Bạn không có quyền xem thời khóa biểu này.');

/** What the service knows about the actor's place in the school, to check a week's scope. */
export interface WeekScope {
  /** Departments the actor heads. */
  headedDepartmentIds: number[];
  /** The department of the teacher asked for (teacher view), when any. */
  targetDepartmentId: number | null;
  /** The homeroom classes the actor leads. */
  homeroomClassIds: number[];
  /** The course classes the actor teaches. */
  taughtCourseClassIds: number[];
}

/**
 * May the actor see this week? Wide readers see every view. Otherwise: a student their own week; a
 * teacher their own; a head their department's (and its teachers'); a homeroom teacher their class;
 * a teacher a course class they teach; the facility manager rooms and campuses.
 */
export function assertCanSeeWeek(actor: Actor, view: TWeekViewKind, id: number, scope: WeekScope): void {
  if (isWideReader(actor)) return;
  const ok = (() => {
    switch (view) {
      case 'student':
        return actor.studentId !== null && actor.studentId === id;
      case 'teacher':
        return (
          (actor.teacherId !== null && actor.teacherId === id) ||
          (hasAnyRole(actor, ['HEAD_DEPARTMENT']) &&
            scope.targetDepartmentId !== null &&
            scope.headedDepartmentIds.includes(scope.targetDepartmentId))
        );
      case 'department':
        return hasAnyRole(actor, ['HEAD_DEPARTMENT']) && scope.headedDepartmentIds.includes(id);
      case 'room':
      case 'campus':
        return hasAnyRole(actor, ROOM_READERS);
      case 'homeroom':
        return scope.homeroomClassIds.includes(id);
      case 'course_class':
        return scope.taughtCourseClassIds.includes(id);
      case 'school':
        return false;
    }
  })();
  if (!ok) throw refused();
}

/**
 * May the actor read (or write) this teacher's availability? Wide readers read any and the
 * administrator writes any; a head their department's teachers; a teacher themself.
 */
export function assertAvailabilityAccess(
  actor: Actor,
  mode: 'read' | 'write',
  teacher: { id: number; departmentId: number | null },
  headedDepartmentIds: number[],
): void {
  if (mode === 'read' ? isWideReader(actor) : isTimetableWriter(actor)) return;
  if (actor.teacherId === teacher.id) return;
  if (hasAnyRole(actor, ['HEAD_DEPARTMENT']) && teacher.departmentId !== null && headedDepartmentIds.includes(teacher.departmentId)) return;
  throw new AppError('FORBIDDEN', 'Bạn chỉ xem và sửa được lịch bận của chính mình hoặc của giáo viên trong tổ mình.');
}

/** Slots entered by the teacher themself wait for approval; an administrator's or the head's are approved. */
export function availabilityApproves(actor: Actor, teacher: { id: number; departmentId: number | null }, headed: number[]): boolean {
  if (isTimetableWriter(actor)) return true;
  return hasAnyRole(actor, ['HEAD_DEPARTMENT']) && teacher.departmentId !== null && headed.includes(teacher.departmentId);
}
