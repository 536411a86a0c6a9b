import { z } from 'zod';
import { ZId, ZIdText } from './api';
import { CLASSROOM_KINDS } from './school';
import './zod-locale';

/**
 * What the school's offices see on their dashboards (issue 12): the academic office's work queue,
 * the facility summary and the teaching load the accountant pays for. Read-only figures; each list
 * of things to fix carries its full count and at most QUEUE_LISTED rows.
 *
 *  GET /academic-queue?moduleId=          ADMIN, ACADEMIC_AFFAIR, PRINCIPAL, QUALITY_ASSURANCE → ZAcademicQueue
 *  GET /facilities/summary?moduleId=      ADMIN, FACILITY_MANAGER, ACADEMIC_AFFAIR, PRINCIPAL → ZFacilitySummary
 *  GET /teachers/teaching-load?moduleId=  ADMIN, ACCOUNTANT, ACADEMIC_AFFAIR, PRINCIPAL → ZTeachingLoad
 * Without `moduleId` the current module (the current semester's flagged one) is used.
 */

export const QUEUE_LISTED = 20;

const id = ZId;
const int = z.number().int();

export const ZOverviewModule = z.object({ id, code: z.string(), name: z.string() });
export type TOverviewModule = z.infer<typeof ZOverviewModule>;

/** A list of things to fix: how many there are, and the first QUEUE_LISTED of them. */
const queue = <T extends z.ZodType>(item: T) => z.object({ count: int, items: z.array(item) });

export const ZQueueCourseClass = z.object({
  id,
  code: z.string(),
  name: z.string(),
  subjectName: z.string(),
  grade: int,
  campusName: z.string(),
  capacity: int,
  enrolledCount: int,
  teacherNames: z.array(z.string()),
});
export type TQueueCourseClass = z.infer<typeof ZQueueCourseClass>;

export const ZQueueHomeroomClass = z.object({ id, name: z.string(), grade: int, campusName: z.string(), studentCount: int });
export type TQueueHomeroomClass = z.infer<typeof ZQueueHomeroomClass>;

export const ZQueueStudent = z.object({
  id,
  studentCode: z.string(),
  fullName: z.string(),
  grade: int,
  campusName: z.string(),
  /** The class they are in when it belongs to another school year; null when they have none. */
  homeroomClassName: z.string().nullable(),
});
export type TQueueStudent = z.infer<typeof ZQueueStudent>;

/** Every overview takes the module its course-class figures are about. */
export const ZOverviewQuery = z.object({ moduleId: ZIdText.optional() });

export const ZAcademicQueue = z.object({
  /** The module the course-class figures are about; null when the school has none. */
  module: ZOverviewModule.nullable(),
  /** The school year the homeroom figures are about (the current one); null when none is current. */
  academicYear: z.object({ id, name: z.string() }).nullable(),
  courseClasses: int,
  withoutTeacher: queue(ZQueueCourseClass),
  withoutStudents: queue(ZQueueCourseClass),
  overCapacity: queue(ZQueueCourseClass),
  homeroomClasses: int,
  homeroomWithoutTeacher: queue(ZQueueHomeroomClass),
  activeStudents: int,
  /** Active students with no homeroom class of the current school year. */
  studentsWithoutHomeroom: queue(ZQueueStudent),
});
export type TAcademicQueue = z.infer<typeof ZAcademicQueue>;

const ZKindCount = z.object({ kind: z.enum(CLASSROOM_KINDS), rooms: int, seats: int });
export type TKindCount = z.infer<typeof ZKindCount>;

export const ZFacilitySummary = z.object({
  totals: z.object({ campuses: int, rooms: int, seats: int }),
  campuses: z.array(z.object({ id, code: z.string(), name: z.string(), rooms: int, seats: int, byKind: z.array(ZKindCount) })),
  byKind: z.array(ZKindCount),
  module: ZOverviewModule.nullable(),
  /** Rooms given to at least one course class of the module. */
  roomsInUse: int,
  /** Course classes of the module with no room yet (the timetable will place them). */
  classesWithoutRoom: queue(ZQueueCourseClass),
});
export type TFacilitySummary = z.infer<typeof ZFacilitySummary>;

export const ZTeachingLoadDepartment = z.object({
  departmentId: id.nullable(),
  departmentName: z.string().nullable(),
  teachers: int,
  /** Teachers with at least one course class in the module. */
  teaching: int,
  /** Course classes of the module taught by at least one teacher of the department. */
  courseClasses: int,
});
export const ZTeachingLoad = z.object({
  module: ZOverviewModule.nullable(),
  teachers: int,
  teaching: int,
  courseClasses: int,
  departments: z.array(ZTeachingLoadDepartment),
});
export type TTeachingLoad = z.infer<typeof ZTeachingLoad>;
