import { z } from 'zod';
import './zod-locale';
import { ZId, ZIdText, ZListQuery } from './api';
import { ZSurveyStatus, ZSurveyType } from './surveys';

/**
 * Survey monitoring (issue 5, "who has answered"): the answers of GET /surveys/stats,
 * /surveys/{id}/class-surveys-status, /surveys/all-classes-surveys-status,
 * /surveys/all-students-survey-status, /surveys/{id}/students, /surveys/survey-completion-by-class,
 * /surveys/survey-completion-by-grade-campus, /surveys/survey-completion-by-survey and
 * /homeroom-classes/{id}/survey-status, and the teachers' and heads' counts /surveys/my-classes-completion
 * and /surveys/department-completion (issue 12, their dashboards).
 *
 * What is counted: an ITEM is one (survey, student, course class) that must be answered — a GENERAL
 * survey once per eligible student, a SUBJECT_SPECIFIC one once per enrolled course class of its
 * subject in its module — plus every stored response. `expected` counts items, `done` the answered
 * ones; `students` counts distinct students and `studentsDone` those with every item answered.
 */

const id = ZId;
const int = z.number().int();
const optId = ZIdText.optional();

export const ZCompletion = z.object({
  expected: int,
  done: int,
  /** Percent done (0–100, one decimal); null when nothing is expected. */
  rate: z.number().nullable(),
  students: int,
  studentsDone: int,
});
export type TCompletion = z.infer<typeof ZCompletion>;

/** One survey with its completion (survey lists, dashboards, the homeroom page). */
export const ZSurveyCompletion = ZCompletion.extend({
  surveyId: id,
  title: z.string(),
  surveyType: ZSurveyType,
  status: ZSurveyStatus,
  subjectName: z.string().nullable(),
  moduleId: id.nullable(),
  moduleCode: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  allowedGrades: z.array(int),
  /** Whole days from the school's today to the end date (0 = closes today); null without an end date. */
  daysLeft: int.nullable(),
});
export type TSurveyCompletion = z.infer<typeof ZSurveyCompletion>;

/** GET /surveys/stats. */
export const ZSurveyStats = z.object({
  surveys: z.object({ total: int, draft: int, active: int, closed: int, templates: int }),
  /** `today` counts from 00:00 school time (Asia/Ho_Chi_Minh). */
  responses: z.object({ total: int, today: int }),
  /** Every active survey together. */
  activeCompletion: ZCompletion,
  /** The active surveys, soonest end first. */
  activeSurveys: z.array(ZSurveyCompletion),
});
export type TSurveyStats = z.infer<typeof ZSurveyStats>;
/** A survey "closes soon" when it ends within this many days (dashboards). */
export const CLOSING_SOON_DAYS = 7;

/** Per homeroom class. A null class holds the students who have none. */
export const ZClassCompletion = ZCompletion.extend({
  homeroomClassId: id.nullable(),
  homeroomClassName: z.string().nullable(),
  grade: int.nullable(),
  campusId: id.nullable(),
  campusName: z.string().nullable(),
  homeroomTeacherName: z.string().nullable(),
});
export type TClassCompletion = z.infer<typeof ZClassCompletion>;

export const ZGradeCampusCompletion = ZCompletion.extend({ grade: int, campusId: id, campusName: z.string() });
export type TGradeCampusCompletion = z.infer<typeof ZGradeCampusCompletion>;

/** Who a student row is about: the same columns on both student lists. */
const ZStudentRow = z.object({
  studentId: id,
  studentCode: z.string(),
  fullName: z.string(),
  grade: int,
  campusId: id,
  campusName: z.string(),
  homeroomClassId: id.nullable(),
  homeroomClassName: z.string().nullable(),
});

/** One item of GET /surveys/{id}/students: a student (and course class, for subject surveys), done or not. */
export const ZSurveyStudentStatus = ZStudentRow.extend({
  courseClassId: id.nullable(),
  courseClassName: z.string().nullable(),
  done: z.boolean(),
  submittedAt: z.string().nullable(),
});
export type TSurveyStudentStatus = z.infer<typeof ZSurveyStudentStatus>;

export const STUDENT_DONE_STATUSES = ['done', 'not_done'] as const;
export type TStudentDoneStatus = (typeof STUDENT_DONE_STATUSES)[number];
export const STUDENT_DONE_LABELS: Record<TStudentDoneStatus, string> = { done: 'Đã hoàn thành', not_done: 'Chưa hoàn thành' };

export const ZPendingItem = z.object({
  surveyId: id,
  title: z.string(),
  courseClassId: id.nullable(),
  courseClassName: z.string().nullable(),
});
export type TPendingItem = z.infer<typeof ZPendingItem>;

/** One row of GET /surveys/all-students-survey-status: a student across the surveys in scope. */
export const ZStudentSurveyStatus = ZStudentRow.extend({
  expected: int,
  done: int,
  status: z.enum(STUDENT_DONE_STATUSES),
  lastSubmittedAt: z.string().nullable(),
  /** What is still to answer (survey, and course class for subject surveys). */
  pending: z.array(ZPendingItem),
});
export type TStudentSurveyStatus = z.infer<typeof ZStudentSurveyStatus>;

/** GET /homeroom-classes/{id}/survey-status: the class's completion per active survey of the module. */
export const ZHomeroomSurveyStatus = z.object({
  homeroomClassId: id,
  homeroomClassName: z.string(),
  moduleId: id.nullable(),
  moduleCode: z.string().nullable(),
  surveys: z.array(ZSurveyCompletion),
});
export type THomeroomSurveyStatus = z.infer<typeof ZHomeroomSurveyStatus>;

/** One course class's completion of a subject survey (GET /surveys/my-classes-completion). */
export const ZCourseClassCompletion = ZCompletion.extend({ courseClassId: id, courseClassName: z.string() });
export type TCourseClassCompletion = z.infer<typeof ZCourseClassCompletion>;

/**
 * GET /surveys/my-classes-completion (TEACHER, HEAD_DEPARTMENT): the module's open subject surveys over
 * the caller's own course classes — each survey's figures count only those classes. Counts only: no
 * student, no answer (a teacher reads results only once a survey is published).
 */
export const ZMyClassesCompletion = z.object({
  moduleId: id.nullable(),
  moduleCode: z.string().nullable(),
  surveys: z.array(ZSurveyCompletion.extend({ courseClasses: z.array(ZCourseClassCompletion) })),
});
export type TMyClassesCompletion = z.infer<typeof ZMyClassesCompletion>;

/** One teacher of a department: their course classes' completion of the open subject surveys. */
export const ZTeacherCompletion = ZCompletion.extend({ teacherId: id, fullName: z.string(), classCount: int });
export type TTeacherCompletion = z.infer<typeof ZTeacherCompletion>;

/** A department: the course classes its teachers teach, in all, per open survey and per teacher (lowest rate first). */
export const ZDepartmentCompletion = ZCompletion.extend({
  departmentId: id,
  departmentName: z.string(),
  surveys: z.array(ZSurveyCompletion),
  teachers: z.array(ZTeacherCompletion),
});
export type TDepartmentCompletion = z.infer<typeof ZDepartmentCompletion>;

/** GET /surveys/department-completion (HEAD_DEPARTMENT): every department the caller heads. */
export const ZDepartmentsCompletion = z.object({
  moduleId: id.nullable(),
  moduleCode: z.string().nullable(),
  departments: z.array(ZDepartmentCompletion),
});
export type TDepartmentsCompletion = z.infer<typeof ZDepartmentsCompletion>;

// ---- Query strings ----
const doneFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));
const grade = z.coerce
  .number()
  .pipe(z.union([z.literal(10), z.literal(11), z.literal(12)], { error: 'Khối phải là 10, 11 hoặc 12.' }))
  .optional();

/** Either one survey or the active surveys of a module (default: the current module). */
export const ZCompletionScopeQuery = z.object({ surveyId: optId, moduleId: optId });

export const ZAllClassesQuery = ZListQuery.extend({ moduleId: optId, grade, campusId: optId });

export const SURVEY_STUDENT_SORTS = ['fullName', 'studentCode', 'homeroomClassName', 'submittedAt'] as const;
export const ZSurveyStudentsQuery = ZListQuery.extend({
  done: doneFilter,
  homeroomClassId: optId,
  grade,
  campusId: optId,
  courseClassId: optId,
  sort: z.enum(SURVEY_STUDENT_SORTS).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const ZAllStudentsQuery = ZListQuery.extend({
  moduleId: optId,
  surveyId: optId,
  homeroomClassId: optId,
  grade,
  campusId: optId,
  status: z.enum(STUDENT_DONE_STATUSES, { error: 'Trạng thái phải là "done" hoặc "not_done".' }).optional(),
});

/** `surveyId` narrows the list to that one survey (its overall completion). */
export const ZSurveyCompletionListQuery = ZListQuery.extend({ moduleId: optId, surveyId: optId, status: ZSurveyStatus.optional() });

export const ZHomeroomSurveyStatusQuery = z.object({ moduleId: optId });
/** The module of the teaching completion calls (default: the current module). */
export const ZTeachingCompletionQuery = z.object({ moduleId: optId });
