import { z } from 'zod';
import { POSITIONS, ZWorkloadRules } from './workload';
import './zod-locale';

/*
 * Teaching workload: rule sets, duties and the assignment board (issue 15 "Workload rules as data",
 * "Teaching assignments"; DOMAIN.md "Teaching assignments, declarations and history").
 *
 * API (under /api/v1):
 *   GET    /teaching/rule-sets                          → TRuleSetList (every stored version, which is in force today)
 *   POST   /teaching/rule-sets                 TWorkloadRulesInput → TRuleSet
 *   PUT    /teaching/rule-sets/{id}            TWorkloadRulesInput → TRuleSet
 *   DELETE /teaching/rule-sets/{id}                     → null (refused for the version in force today)
 *   GET    /teaching/assignments?moduleId=&departmentId= → TAssignmentBoard
 *   PUT    /teaching/assignments/course-classes/{id}/teachers  TAssignTeachers → TAssignmentBoard
 *   GET    /teaching/duties?teacherId=&academicYearId=  → TTeacherDuty[] (the stored ones)
 *   POST   /teaching/duties                    TTeacherDutyInput → TTeacherDuty
 *   PUT    /teaching/duties/{id}               TTeacherDutyInput → TTeacherDuty
 *   DELETE /teaching/duties/{id}                        → null
 *   PUT    /teaching/teachers/{id}/position    TTeacherPosition → TTeacherPosition & { id }
 */

const id = z.number().int().positive();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày phải có dạng YYYY-MM-DD.');

/** A stored version of the workload rules; `rules` carries its name and effectiveFrom too. */
export const ZRuleSet = z.object({
  id,
  name: z.string(),
  effectiveFrom: isoDate,
  rules: ZWorkloadRules,
  updatedAt: z.string(),
  /** The version in force today. */
  inForce: z.boolean(),
});
export type TRuleSet = z.infer<typeof ZRuleSet>;

export const ZRuleSetList = z.object({
  /** Latest effective date first. */
  items: z.array(ZRuleSet),
  /** The version in force today; null when none is stored yet (TT 05/2025's values apply). */
  inForceId: id.nullable(),
  /** Today in the school's time zone (YYYY-MM-DD). */
  today: isoDate,
});
export type TRuleSetList = z.infer<typeof ZRuleSetList>;

/** Duties derived from elsewhere: homeroom (homeroom classes) and head of department (department heads). */
export const DERIVED_DUTY_CODES = ['HOMEROOM', 'HEAD'] as const;

const optionalDate = (label: string) =>
  z
    .union([
      isoDate.refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label} không hợp lệ.`),
      z.literal('').transform(() => null),
      z.null(),
    ])
    .optional()
    .transform((v) => v ?? null);

/** A duty of a teacher in a school year (tổ phó, chủ tịch công đoàn, tập sự …). */
export const ZTeacherDutyInput = z
  .object({
    teacherId: id,
    academicYearId: id,
    code: z.string({ error: 'Hãy chọn nhiệm vụ.' }).trim().min(1, 'Hãy chọn nhiệm vụ.').max(40),
    note: z
      .string()
      .trim()
      .max(300, 'Ghi chú tối đa 300 ký tự.')
      .nullish()
      .transform((v) => (v ? v : null)),
    startsOn: optionalDate('Ngày bắt đầu'),
    endsOn: optionalDate('Ngày kết thúc'),
  })
  .superRefine((d, ctx) => {
    if (d.startsOn && d.endsOn && d.endsOn < d.startsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'Ngày kết thúc phải từ ngày bắt đầu trở đi.' });
  });
export type TTeacherDutyInput = z.input<typeof ZTeacherDutyInput>;

export const ZTeacherDuty = z.object({
  id,
  teacherId: id,
  academicYearId: id,
  code: z.string(),
  note: z.string().nullable(),
  startsOn: isoDate.nullable(),
  endsOn: isoDate.nullable(),
});
export type TTeacherDuty = z.infer<typeof ZTeacherDuty>;

export const ZTeacherPosition = z.object({ position: z.enum(POSITIONS, { error: 'Chức vụ không hợp lệ.' }) });
export type TTeacherPosition = z.infer<typeof ZTeacherPosition>;

export const ZAssignTeachers = z.object({
  teacherIds: z.array(id).min(1, 'Lớp học phần phải có ít nhất một giáo viên.').max(10, 'Tối đa 10 giáo viên một lớp.'),
});
export type TAssignTeachers = z.infer<typeof ZAssignTeachers>;

const ZPerson = z.object({ id, fullName: z.string(), staffCode: z.string() });

export const ZBoardCourseClass = z.object({
  id,
  code: z.string(),
  name: z.string(),
  subjectName: z.string(),
  grade: z.number().int(),
  periodsPerWeek: z.number(),
  teachers: z.array(ZPerson),
});
export type TBoardCourseClass = z.infer<typeof ZBoardCourseClass>;

/** A duty of the teacher in the module's year as the board shows it. */
export const ZBoardDuty = z.object({
  code: z.string(),
  label: z.string(),
  /** Periods per week it takes off the norm (0 when the rule set no longer knows the code). */
  perWeek: z.number(),
  /** False beyond the rule set's maximum of concurrent duties (the smaller reductions). */
  counted: z.boolean(),
  source: z.enum(['homeroom', 'head', 'stored']),
  /** The stored duty (null for homeroom and head, which come from elsewhere). */
  dutyId: id.nullable(),
});
export type TBoardDuty = z.infer<typeof ZBoardDuty>;

export const ZBoardClash = z.object({
  day: z.number().int(),
  period: z.number().int(),
  courseClasses: z.array(z.string()),
  /** "Thứ Hai tiết 3: 10A1-TOAN, 10A2-TOAN". */
  message: z.string(),
});
export type TBoardClash = z.infer<typeof ZBoardClash>;

export const LOAD_STATUSES = ['under', 'ok', 'over'] as const;
export type TLoadStatus = (typeof LOAD_STATUSES)[number];
export const LOAD_STATUS_LABELS: Record<TLoadStatus, string> = { under: 'Thiếu tiết', ok: 'Đủ định mức', over: 'Vượt định mức' };

export const ZBoardTeacher = ZPerson.extend({
  position: z.enum(POSITIONS),
  /** The course classes of the module they teach (any department). */
  classes: z.array(z.object({ courseClassId: id, code: z.string(), periodsPerWeek: z.number() })),
  /** Periods per week assigned: the sum of their classes' periodsPerWeek. */
  periodsAssigned: z.number(),
  normPerWeek: z.number(),
  duties: z.array(ZBoardDuty),
  /** The counted reductions per week. */
  reductionPerWeek: z.number(),
  normAfterReductions: z.number(),
  /** periodsAssigned − normAfterReductions (negative: under, positive: over). */
  difference: z.number(),
  status: z.enum(LOAD_STATUSES),
  clashes: z.array(ZBoardClash),
});
export type TBoardTeacher = z.infer<typeof ZBoardTeacher>;

export const ZAssignmentBoard = z.object({
  module: z.object({ id, code: z.string(), name: z.string(), startDate: isoDate, endDate: isoDate, academicYearId: id }),
  /** The departments the caller may work on (a head: their own). */
  departments: z.array(z.object({ id, name: z.string() })),
  /** The department shown; null when the caller may work on none. */
  departmentId: id.nullable(),
  /** The rule set in force on the module's start (id null: TT 05/2025's values, none stored). */
  ruleSet: z.object({ id: id.nullable(), name: z.string(), effectiveFrom: isoDate }),
  /** Duties that may be recorded by hand (the rule set's, without homeroom and head). */
  dutyRules: z.array(z.object({ code: z.string(), name: z.string(), reduction: z.number() })),
  /** The published timetable in force whose clashes are shown; null when none is published. */
  timetable: z.object({ id, name: z.string(), effectiveFrom: z.string().nullable() }).nullable(),
  courseClasses: z.array(ZBoardCourseClass),
  teachers: z.array(ZBoardTeacher),
});
export type TAssignmentBoard = z.infer<typeof ZAssignmentBoard>;
