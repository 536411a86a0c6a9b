import { z } from 'zod';
import { ZId } from './api';
import { TT05_2025_RULES } from './workload';
import './zod-locale';

/**
 * Tutoring (issue 15 "Tutoring"; DOMAIN.md "Tutoring"). A group of a semester has a kind (an activity code
 * of the workload rule set: gifted training, remedial, research guidance, exam review …), a subject, its
 * teachers and students; its sessions have a date, periods (`period` for `length`), a room and the teacher
 * who teaches it (one of the group's), clash-checked against other sessions and the published timetable in
 * force on that date. Attendance is taken per session (present, late, excused, absent); saving it marks
 * the session taught. Taught sessions feed the teacher's declaration with the kind's factor.
 *
 * Calls (under /api/v1; roles in apps/server/src/areas/tutoring/access.ts):
 *  GET    /tutoring/groups?semesterId=&search=&page=&limit=   ADMIN, ACADEMIC_AFFAIR          → page of ZTutoringGroup
 *  POST   /tutoring/groups                                   ADMIN, ACADEMIC_AFFAIR  ZTutoringGroupInput → ZTutoringGroupDetail
 *  GET    /tutoring/groups/{id}                              ADMIN, ACADEMIC_AFFAIR, TEACHER of the group → ZTutoringGroupDetail
 *  PUT    /tutoring/groups/{id}                              ADMIN, ACADEMIC_AFFAIR  ZTutoringGroupInput → ZTutoringGroupDetail
 *  DELETE /tutoring/groups/{id}                              ADMIN, ACADEMIC_AFFAIR (refused once a session is taught)
 *  GET    /tutoring/groups/{id}/sessions                     ADMIN, ACADEMIC_AFFAIR, TEACHER of the group → ZTutoringSession[]
 *  POST   /tutoring/groups/{id}/sessions                     ADMIN, ACADEMIC_AFFAIR  ZTutoringSessionInput → ZTutoringSession (409 on a clash)
 *  PUT    /tutoring/sessions/{id}                            ADMIN, ACADEMIC_AFFAIR  ZTutoringSessionInput → ZTutoringSession (409 on a clash)
 *  DELETE /tutoring/sessions/{id}                            ADMIN, ACADEMIC_AFFAIR
 *  GET    /tutoring/sessions/{id}/attendance                 ADMIN, ACADEMIC_AFFAIR, TEACHER of the group → ZAttendanceSheet
 *  PUT    /tutoring/sessions/{id}/attendance                 ADMIN, ACADEMIC_AFFAIR, TEACHER of the group  ZAttendanceInput → ZAttendanceSheet
 *  GET    /tutoring/mine                                     TEACHER: their groups and upcoming sessions → ZMyTutoring
 *  GET    /tutoring/report?from=&to=&semesterId=             ADMIN, ACADEMIC_AFFAIR          → ZTutoringReport
 *  GET    /tutoring/report/export?from=&to=&semesterId=      ADMIN, ACADEMIC_AFFAIR          XLSX
 */

/** The activity kinds a group may have: the codes of the rule set's converted activities. */
export const TUTORING_KINDS = TT05_2025_RULES.activityKinds.map((k) => k.code) as [string, ...string[]];
export const TUTORING_KIND_LABELS: Record<string, string> = Object.fromEntries(TT05_2025_RULES.activityKinds.map((k) => [k.code, k.name]));
export const tutoringKindLabel = (code: string) => TUTORING_KIND_LABELS[code] ?? code;

export const SESSION_STATUSES = ['planned', 'taught', 'cancelled'] as const;
export type TSessionStatus = (typeof SESSION_STATUSES)[number];
export const SESSION_STATUS_LABELS: Record<TSessionStatus, string> = { planned: 'Dự kiến', taught: 'Đã dạy', cancelled: 'Đã hủy' };

export const ATTENDANCE_STATUSES = ['present', 'late', 'excused', 'absent'] as const;
export type TAttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_LABELS: Record<TAttendanceStatus, string> = {
  present: 'Có mặt',
  late: 'Đi muộn',
  excused: 'Vắng có phép',
  absent: 'Vắng không phép',
};
/** Present and late count as attended in the rates. */
export const ATTENDED: readonly TAttendanceStatus[] = ['present', 'late'];

/** The most periods a school day has (the timetable's grids go up to 10 or 12). */
export const MAX_PERIOD = 15;

const isoDate = z.iso.date({ error: 'Ngày không hợp lệ.' });
const note = z.string().trim().max(1000, 'Ghi chú tối đa 1000 ký tự.').nullable().default(null);

export const ZTutoringGroupInput = z.object({
  semesterId: ZId,
  name: z.string().trim().min(1, 'Hãy nhập tên nhóm.').max(200, 'Tên nhóm tối đa 200 ký tự.'),
  kind: z.enum(TUTORING_KINDS, { error: 'Loại hoạt động không hợp lệ.' }),
  subjectId: ZId,
  campusId: ZId.nullable().default(null),
  note,
  teacherIds: z.array(ZId).min(1, 'Hãy chọn ít nhất một giáo viên.').max(20, 'Một nhóm có tối đa 20 giáo viên.'),
  studentIds: z.array(ZId).max(300, 'Một nhóm có tối đa 300 học sinh.').default([]),
});
export type TTutoringGroupInput = z.input<typeof ZTutoringGroupInput>;

const ZPerson = z.object({ id: z.number().int(), name: z.string() });

export const ZTutoringGroup = z.object({
  id: z.number().int(),
  semesterId: z.number().int(),
  name: z.string(),
  kind: z.string(),
  subjectId: z.number().int(),
  subjectName: z.string(),
  campusId: z.number().int().nullable(),
  campusName: z.string().nullable(),
  note: z.string().nullable(),
  teachers: z.array(ZPerson),
  studentCount: z.number().int(),
  sessionCount: z.number().int(),
  taughtCount: z.number().int(),
  /** Sum of `length` of the taught sessions. */
  taughtPeriods: z.number().int(),
  updatedAt: z.string(),
});
export type TTutoringGroup = z.infer<typeof ZTutoringGroup>;

export const ZTutoringStudent = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  grade: z.number().int(),
  homeroomClassName: z.string().nullable(),
});
export type TTutoringStudent = z.infer<typeof ZTutoringStudent>;

export const ZTutoringGroupDetail = ZTutoringGroup.extend({ students: z.array(ZTutoringStudent) });
export type TTutoringGroupDetail = z.infer<typeof ZTutoringGroupDetail>;

export const ZTutoringSessionInput = z
  .object({
    onDate: isoDate,
    period: z.number().int().min(1, 'Tiết bắt đầu phải từ 1.').max(MAX_PERIOD, `Tiết bắt đầu tối đa là ${MAX_PERIOD}.`),
    length: z.number().int().min(1, 'Số tiết phải từ 1.').max(6, 'Một buổi tối đa 6 tiết.').default(1),
    classroomId: ZId.nullable().default(null),
    teacherId: ZId,
    /** A planned session may be cancelled (and planned again); 'taught' is set by taking attendance. */
    status: z.enum(['planned', 'cancelled'], { error: 'Trạng thái buổi học không hợp lệ.' }).default('planned'),
    note,
  })
  .refine((s) => s.period + s.length - 1 <= MAX_PERIOD, {
    path: ['length'],
    message: `Buổi học phải kết thúc trước tiết ${MAX_PERIOD + 1}.`,
  });
export type TTutoringSessionInput = z.input<typeof ZTutoringSessionInput>;

export const ZTutoringSession = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  onDate: z.string(),
  period: z.number().int(),
  length: z.number().int(),
  classroomId: z.number().int().nullable(),
  classroomName: z.string().nullable(),
  teacherId: z.number().int(),
  teacherName: z.string(),
  status: z.enum(SESSION_STATUSES),
  note: z.string().nullable(),
  /** Students marked present or late, and students marked at all. */
  attended: z.number().int(),
  marked: z.number().int(),
});
export type TTutoringSession = z.infer<typeof ZTutoringSession>;

/** One clash the session check found (the 409's `details`). */
export const ZTutoringClash = z.object({
  what: z.enum(['room', 'teacher', 'student']),
  source: z.enum(['tutoring', 'timetable']),
  message: z.string(),
});
export type TTutoringClash = z.infer<typeof ZTutoringClash>;

export const ZAttendanceRow = ZTutoringStudent.extend({
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  note: z.string().nullable(),
});
export type TAttendanceRow = z.infer<typeof ZAttendanceRow>;

export const ZAttendanceSheet = z.object({
  session: ZTutoringSession,
  groupName: z.string(),
  students: z.array(ZAttendanceRow),
});
export type TAttendanceSheet = z.infer<typeof ZAttendanceSheet>;

export const ZAttendanceInput = z.object({
  items: z
    .array(
      z.object({
        studentId: ZId,
        status: z.enum(ATTENDANCE_STATUSES, { error: 'Trạng thái điểm danh không hợp lệ.' }),
        note: z.string().trim().max(300, 'Ghi chú tối đa 300 ký tự.').nullable().default(null),
      }),
    )
    .max(300),
});
export type TAttendanceInput = z.input<typeof ZAttendanceInput>;

export const ZMySession = ZTutoringSession.extend({ groupName: z.string(), kind: z.string(), subjectName: z.string() });
export type TMySession = z.infer<typeof ZMySession>;

export const ZMyTutoring = z.object({
  groups: z.array(ZTutoringGroup),
  /** Sessions from today on, not cancelled, soonest first. */
  upcoming: z.array(ZMySession),
  /** Past sessions still planned: attendance not taken yet. */
  toMark: z.array(ZMySession),
});
export type TMyTutoring = z.infer<typeof ZMyTutoring>;

export const ZTutoringReportQuery = z
  .object({ from: isoDate, to: isoDate, semesterId: z.coerce.number().int().positive().optional() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'Ngày kết thúc phải sau ngày bắt đầu.' });
export type TTutoringReportQuery = z.infer<typeof ZTutoringReportQuery>;

export const ZTutoringReport = z.object({
  from: z.string(),
  to: z.string(),
  byTeacher: z.array(
    z.object({ teacherId: z.number().int(), teacherName: z.string(), sessions: z.number().int(), periods: z.number().int() }),
  ),
  byKind: z.array(z.object({ kind: z.string(), sessions: z.number().int(), periods: z.number().int() })),
  byGroup: z.array(
    z.object({
      groupId: z.number().int(),
      name: z.string(),
      kind: z.string(),
      sessions: z.number().int(),
      marked: z.number().int(),
      attended: z.number().int(),
      /** attended / marked in percent, one decimal; null with nothing marked. */
      rate: z.number().nullable(),
    }),
  ),
  byStudent: z.array(
    z.object({
      studentId: z.number().int(),
      code: z.string(),
      name: z.string(),
      groupId: z.number().int(),
      groupName: z.string(),
      marked: z.number().int(),
      attended: z.number().int(),
      rate: z.number().nullable(),
    }),
  ),
});
export type TTutoringReport = z.infer<typeof ZTutoringReport>;

/** "tiết 7–8" / "tiết 7". */
export const periodsLabel = (period: number, length: number) => (length > 1 ? `tiết ${period}–${period + length - 1}` : `tiết ${period}`);
