import { z } from 'zod';
import { ZId, ZIdText } from './api';
import { DECLARATION_LINE_KINDS, POSITIONS, ZWorkloadRules, hasAtMostTwoDecimals } from './workload';
import './zod-locale';

/**
 * Teaching declarations (issue 15 "Declarations"; DOMAIN.md "Teaching assignments, declarations and
 * history"). One declaration per teacher per declaration period (a semester); its lines are class periods
 * (prefilled from the published timetable, else periods/week × weeks of the module), substitutions,
 * converted activities (tutoring), leave counted as taught and duties (reductions). Totals come from
 * `computeWorkload` (workload-calc.ts) with the rule set in force at the semester's start.
 *
 * Workflow: draft → submitted → approved (head of department; or returned with a comment → submitted
 * again) → confirmed (academic affairs) → locked; unlock (academic affairs, with a reason) → confirmed.
 * Every write carries the `version` the caller read: a stale one is a 409. Every edit and state change is
 * kept in the declaration history (who, when, from → to, comment, the changed lines before → after).
 *
 * Calls (under /api/v1; roles in apps/server/src/areas/teaching/declarations/access.ts):
 *  GET    /teaching/declarations/periods                        ADMIN, ACADEMIC_AFFAIR, PRINCIPAL, HEAD_DEPARTMENT, DECLARATION, TEACHER
 *                                                              (counts by status within the caller's scope)      → ZDeclarationPeriod[]
 *  POST   /teaching/declarations/periods                        ADMIN  ZDeclarationPeriodInput                     → ZDeclarationPeriod
 *  PUT    /teaching/declarations/periods/{id}                   ADMIN  ZDeclarationPeriodInput                     → ZDeclarationPeriod
 *  DELETE /teaching/declarations/periods/{id}                   ADMIN (only with no declaration yet)
 *  GET    /teaching/declarations/periods/{id}/export            every declaration role: the period's declarations in the caller's scope, XLSX
 *  GET    /teaching/declarations/periods/{id}/teachers          every declaration role: the teachers in the caller's scope, declared or not → ZPeriodTeacher[]
 *  POST   /teaching/declarations/periods/{id}/remind            ACADEMIC_AFFAIR: the teachers not submitted yet (event) → ZRemindResult
 *  GET    /teaching/declarations?periodId=&departmentId=&status=&search=&page=&limit=
 *                                                              ADMIN, ACADEMIC_AFFAIR, PRINCIPAL: all; HEAD_DEPARTMENT: their departments;
 *                                                              DECLARATION: their own department's teachers; TEACHER: their own → page of ZDeclarationSummary
 *  POST   /teaching/declarations                                the teacher (self), the department's DECLARATION holder, ADMIN, ACADEMIC_AFFAIR
 *                                                              ZDeclarationCreateInput (prefilled lines)          → ZDeclarationDetail
 *  GET    /teaching/declarations/{id}                           in scope                                           → ZDeclarationDetail
 *  PUT    /teaching/declarations/{id}/lines                     `can.edit`  ZDeclarationLinesInput (the whole set) → ZDeclarationDetail (409 stale/locked)
 *  POST   /teaching/declarations/{id}/attachments               `can.edit`  multipart: file (PDF/PNG/JPEG/WEBP ≤ 5 MB), lineId? → ZDeclarationAttachment
 *  GET    /teaching/declarations/{id}/attachments/{attachmentId}   in scope: the file
 *  DELETE /teaching/declarations/{id}/attachments/{attachmentId}   `can.edit`
 *  POST   /teaching/declarations/{id}/submit|approve|return|confirm|lock|unlock
 *                                                              `can.<action>`  ZDeclarationTransitionInput       → ZDeclarationDetail (409 stale/wrong state)
 *  POST   /teaching/declarations/bulk-approve                   HEAD_DEPARTMENT  ZBulkApproveInput                → ZBulkApproveResult
 *  GET    /teaching/declarations/history?teacherId=&departmentId=&periodId=&actorId=&from=&to=&action=&page=&limit=
 *                                                              ADMIN, PRINCIPAL                                   → page of ZDeclarationHistoryRow
 */

export const DECLARATION_STATUSES = ['draft', 'submitted', 'returned', 'approved', 'confirmed', 'locked'] as const;
export const ZDeclarationStatus = z.enum(DECLARATION_STATUSES, { error: 'Trạng thái kê khai không hợp lệ.' });
export type TDeclarationStatus = (typeof DECLARATION_STATUSES)[number];
export const DECLARATION_STATUS_LABELS: Record<TDeclarationStatus, string> = {
  draft: 'Nháp',
  submitted: 'Đã nộp',
  returned: 'Trả lại',
  approved: 'Tổ trưởng đã duyệt',
  confirmed: 'Giáo vụ đã xác nhận',
  locked: 'Đã khóa',
};

/** State changes, with the states each one starts from and the state it leads to. */
export const DECLARATION_TRANSITIONS = {
  submit: { from: ['draft', 'returned'], to: 'submitted' },
  approve: { from: ['submitted'], to: 'approved' },
  return: { from: ['submitted'], to: 'returned' },
  confirm: { from: ['approved'], to: 'confirmed' },
  lock: { from: ['confirmed'], to: 'locked' },
  unlock: { from: ['locked'], to: 'confirmed' },
} as const satisfies Record<string, { from: readonly TDeclarationStatus[]; to: TDeclarationStatus }>;
export type TDeclarationTransition = keyof typeof DECLARATION_TRANSITIONS;
export const DECLARATION_TRANSITION_NAMES = Object.keys(DECLARATION_TRANSITIONS) as TDeclarationTransition[];
/** Transitions that need a comment (a return's reason, an unlock's reason). */
export const TRANSITIONS_NEEDING_COMMENT: readonly TDeclarationTransition[] = ['return', 'unlock'];

/** What a history entry records (the transitions, plus the edits). */
export const DECLARATION_HISTORY_ACTIONS = ['create', 'edit', 'attach', 'detach', ...DECLARATION_TRANSITION_NAMES] as const;
export type TDeclarationHistoryAction = (typeof DECLARATION_HISTORY_ACTIONS)[number];
export const DECLARATION_HISTORY_ACTION_LABELS: Record<TDeclarationHistoryAction, string> = {
  create: 'Tạo bản kê khai',
  edit: 'Sửa dòng kê khai',
  attach: 'Thêm minh chứng',
  detach: 'Xóa minh chứng',
  submit: 'Nộp',
  approve: 'Tổ trưởng duyệt',
  return: 'Trả lại',
  confirm: 'Giáo vụ xác nhận',
  lock: 'Khóa',
  unlock: 'Mở khóa',
};

/** A declaration's lines: the calculator's kinds plus duties (reductions, with the weeks they cover). */
export const DECLARATION_ENTRY_KINDS = [...DECLARATION_LINE_KINDS, 'duty'] as const;
export type TDeclarationEntryKind = (typeof DECLARATION_ENTRY_KINDS)[number];
export const DECLARATION_ENTRY_KIND_LABELS: Record<TDeclarationEntryKind, string> = {
  class: 'Tiết dạy lớp học phần',
  substitution: 'Dạy thay',
  activity: 'Hoạt động quy đổi',
  leave: 'Nghỉ được tính như dạy',
  duty: 'Nhiệm vụ kiêm nhiệm (giảm định mức)',
};

/** How a line was made: prefilled from the published timetable, from the plan (periods/week × weeks), from tutoring sessions, from duties, or by hand. */
export const DECLARATION_LINE_SOURCES = ['timetable', 'plan', 'tutoring', 'duty', 'manual'] as const;
export type TDeclarationLineSource = (typeof DECLARATION_LINE_SOURCES)[number];
export const DECLARATION_LINE_SOURCE_LABELS: Record<TDeclarationLineSource, string> = {
  timetable: 'Từ thời khóa biểu',
  plan: 'Từ kế hoạch (tiết/tuần × số tuần)',
  tutoring: 'Từ buổi phụ đạo, bồi dưỡng',
  duty: 'Từ nhiệm vụ kiêm nhiệm',
  manual: 'Nhập tay',
};

export const ATTACHMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

const isoDate = (label: string) =>
  z
    .string({ error: `${label} là bắt buộc.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} phải là ngày hợp lệ (YYYY-MM-DD).`, abort: true })
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} phải là ngày hợp lệ.`,
    );
const moment = z.iso.datetime({ offset: true, error: 'Thời điểm không hợp lệ.' });
const periods = z
  .number({ error: 'Số tiết phải là một số.' })
  .min(0, 'Số tiết không được âm.')
  .max(100_000, 'Số tiết tối đa 100.000.')
  .refine(hasAtMostTwoDecimals, 'Số tiết chỉ được có tối đa 2 chữ số thập phân.');
const code = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{0,39}$/, `${label} chỉ gồm chữ in hoa không dấu, chữ số và dấu gạch dưới.`);

// ---------------------------------------------------------------- periods

export const ZDeclarationPeriodInput = z
  .object({
    semesterId: ZId,
    weeks: z.number().int('Số tuần phải là số nguyên.').min(1, 'Số tuần phải từ 1 trở lên.').max(60, 'Số tuần tối đa 60.'),
    opensAt: moment,
    closesAt: moment,
    /** The heads' review deadline (YYYY-MM-DD). */
    reviewBy: isoDate('Hạn duyệt').nullable().default(null),
    /** Days off in the semester: lessons on them are not counted when a declaration is prefilled. */
    holidays: z.array(isoDate('Ngày nghỉ')).max(200, 'Tối đa 200 ngày nghỉ.').default([]),
  })
  .superRefine((p, ctx) => {
    if (Date.parse(p.closesAt) <= Date.parse(p.opensAt))
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'Hạn nộp phải sau thời điểm mở kê khai.' });
  });
export type TDeclarationPeriodInput = z.input<typeof ZDeclarationPeriodInput>;

export const ZStatusCounts = z.object(
  Object.fromEntries(DECLARATION_STATUSES.map((s) => [s, z.number().int()])) as Record<TDeclarationStatus, z.ZodNumber>,
);
export type TStatusCounts = z.infer<typeof ZStatusCounts>;

export const ZDeclarationPeriod = z.object({
  id: ZId,
  semesterId: ZId,
  semesterName: z.string(),
  /** The semester's school year ("2025-2026"). */
  yearName: z.string(),
  weeks: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  reviewBy: z.string().nullable(),
  holidays: z.array(z.string()),
  /** Declarations by status, within the caller's scope. */
  counts: ZStatusCounts,
  /** Teachers in the caller's scope (active ones), declared or not. */
  teacherCount: z.number().int(),
});
export type TDeclarationPeriod = z.infer<typeof ZDeclarationPeriod>;

/** A teacher in the caller's scope for a period, with their declaration if they have one (GET …/periods/{id}/teachers). */
export const ZPeriodTeacher = z.object({
  teacherId: ZId,
  staffCode: z.string(),
  fullName: z.string(),
  departmentId: ZId.nullable(),
  departmentName: z.string().nullable(),
  declarationId: ZId.nullable(),
  status: ZDeclarationStatus.nullable(),
});
export type TPeriodTeacher = z.infer<typeof ZPeriodTeacher>;

export const ZRemindResult = z.object({ reminded: z.number().int() });
export type TRemindResult = z.infer<typeof ZRemindResult>;

// ---------------------------------------------------------------- declarations

export const ZDeclarationTotals = z.object({ counted: z.number(), normBase: z.number(), overtime: z.number() });
export type TDeclarationTotals = z.infer<typeof ZDeclarationTotals>;

export const ZDeclarationSummary = z.object({
  id: ZId,
  teacherId: ZId,
  teacherCode: z.string(),
  teacherName: z.string(),
  departmentId: ZId.nullable(),
  departmentName: z.string().nullable(),
  periodId: ZId,
  semesterId: ZId,
  semesterName: z.string(),
  /** The school year of the semester ("2026-2027"): "HK1" alone names one semester of every year. */
  academicYearName: z.string(),
  status: ZDeclarationStatus,
  version: z.number().int(),
  /** Null until the first computation (never, once created). */
  totals: ZDeclarationTotals.nullable(),
  updatedAt: z.string(),
  lastComment: z.string().nullable(),
});
export type TDeclarationSummary = z.infer<typeof ZDeclarationSummary>;

export const ZDeclarationAttachment = z.object({
  id: ZId,
  lineId: ZId.nullable(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type TDeclarationAttachment = z.infer<typeof ZDeclarationAttachment>;

/** One line as stored and read (also the before/after of a history entry, without attachments there). */
export const ZDeclarationLine = z.object({
  id: ZId,
  kind: z.enum(DECLARATION_ENTRY_KINDS),
  label: z.string(),
  periods: z.number(),
  moduleId: ZId.nullable(),
  courseClassId: ZId.nullable(),
  activityCode: z.string().nullable(),
  dutyCode: z.string().nullable(),
  /** A duty's weeks (null: the whole period). */
  weeks: z.number().int().nullable(),
  onDate: z.string().nullable(),
  untilDate: z.string().nullable(),
  /** A substitution: the absent teacher. */
  forTeacherId: ZId.nullable(),
  forTeacherName: z.string().nullable(),
  tutoringGroupId: ZId.nullable(),
  source: z.enum(DECLARATION_LINE_SOURCES),
  note: z.string().nullable(),
  attachments: z.array(ZDeclarationAttachment),
});
export type TDeclarationLine = z.infer<typeof ZDeclarationLine>;

/** A line in a history entry's before/after. */
export const ZDeclarationLineSnapshot = ZDeclarationLine.omit({ attachments: true, forTeacherName: true }).extend({ id: ZId.nullable() });
export type TDeclarationLineSnapshot = z.infer<typeof ZDeclarationLineSnapshot>;

/** The stored fields of a line (a snapshot's, the PUT's, without its id): one list for the server's history and the page's save. */
const LINE_FIELDS = [
  'kind',
  'label',
  'periods',
  'moduleId',
  'courseClassId',
  'activityCode',
  'dutyCode',
  'weeks',
  'onDate',
  'untilDate',
  'forTeacherId',
  'tutoringGroupId',
  'source',
  'note',
] as const satisfies ReadonlyArray<keyof TDeclarationLineSnapshot>;
type LineField = (typeof LINE_FIELDS)[number];

/** A line's stored fields, whatever else the line carries (an id, a draft's key, attachments, a teacher's name). */
export function lineFields<L extends Record<LineField, unknown>>(l: L): Pick<L, LineField> {
  return Object.fromEntries(LINE_FIELDS.map((k) => [k, l[k]])) as Pick<L, LineField>;
}

export const ZDeclarationChanges = z.object({
  added: z.array(ZDeclarationLineSnapshot),
  removed: z.array(ZDeclarationLineSnapshot),
  changed: z.array(z.object({ before: ZDeclarationLineSnapshot, after: ZDeclarationLineSnapshot })),
});
export type TDeclarationChanges = z.infer<typeof ZDeclarationChanges>;

/** The calculator's answer (TWorkloadResult in workload-calc.ts) as the API sends it. */
export const ZWorkloadResult = z.object({
  taught: z.number(),
  substituted: z.number(),
  converted: z.number(),
  leave: z.number(),
  reductions: z.array(
    z.object({ code: z.string(), label: z.string(), perWeek: z.number(), weeks: z.number(), total: z.number(), counted: z.boolean() }),
  ),
  reductionTotal: z.number(),
  counted: z.number(),
  normPerWeek: z.number(),
  normBase: z.number(),
  normAfterReductionsPerWeek: z.number(),
  overtime: z.number(),
  steps: z.array(z.object({ label: z.string(), value: z.number(), explanation: z.string() })),
});

export const ZDeclarationCan = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  approve: z.boolean(),
  return: z.boolean(),
  confirm: z.boolean(),
  lock: z.boolean(),
  unlock: z.boolean(),
});
export type TDeclarationCan = z.infer<typeof ZDeclarationCan>;

export const ZDeclarationHistoryEntry = z.object({
  id: ZId,
  action: z.enum(DECLARATION_HISTORY_ACTIONS),
  fromStatus: ZDeclarationStatus.nullable(),
  toStatus: ZDeclarationStatus.nullable(),
  comment: z.string().nullable(),
  changes: ZDeclarationChanges.nullable(),
  actorId: ZId.nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type TDeclarationHistoryEntry = z.infer<typeof ZDeclarationHistoryEntry>;

export const ZDeclarationDetail = ZDeclarationSummary.extend({
  position: z.enum(POSITIONS),
  /** The period's weeks (the norm and duties are per week of it). */
  weeks: z.number().int(),
  /** The name of the rule set in force at the semester's start. */
  rulesName: z.string(),
  /** That rule set: the form computes the figures live with it (workload-calc.ts), as the server does. */
  rules: ZWorkloadRules,
  lines: z.array(ZDeclarationLine),
  result: ZWorkloadResult,
  can: ZDeclarationCan,
  /** Newest first. */
  history: z.array(ZDeclarationHistoryEntry),
});
export type TDeclarationDetail = z.infer<typeof ZDeclarationDetail>;

// ---------------------------------------------------------------- inputs

export const ZDeclarationListQuery = z.object({
  periodId: ZIdText.optional(),
  departmentId: ZIdText.optional(),
  status: ZDeclarationStatus.optional(),
  /** '1': only the caller's own declarations (a head's or a clerk's own results page), whatever else their scope holds. */
  mine: z.enum(['1']).optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TDeclarationListQuery = z.infer<typeof ZDeclarationListQuery>;

export const ZDeclarationCreateInput = z.object({ periodId: ZId, teacherId: ZId });
export type TDeclarationCreateInput = z.infer<typeof ZDeclarationCreateInput>;

export const ZDeclarationLineInput = z
  .object({
    /** An existing line's id keeps it (and its attachments); absent: a new line. */
    id: ZId.optional(),
    kind: z.enum(DECLARATION_ENTRY_KINDS, { error: 'Loại dòng kê khai không hợp lệ.' }),
    label: z.string({ error: 'Nội dung là bắt buộc.' }).trim().min(1, 'Hãy nhập nội dung.').max(300, 'Nội dung tối đa 300 ký tự.'),
    periods: periods.default(0),
    moduleId: ZId.nullable().default(null),
    courseClassId: ZId.nullable().default(null),
    activityCode: code('Mã hoạt động').nullable().default(null),
    dutyCode: code('Mã nhiệm vụ').nullable().default(null),
    weeks: z.number().int('Số tuần phải là số nguyên.').min(0).max(60, 'Số tuần tối đa 60.').nullable().default(null),
    onDate: isoDate('Ngày').nullable().default(null),
    untilDate: isoDate('Đến ngày').nullable().default(null),
    forTeacherId: ZId.nullable().default(null),
    tutoringGroupId: ZId.nullable().default(null),
    source: z.enum(DECLARATION_LINE_SOURCES).default('manual'),
    note: z.string().trim().max(1000, 'Ghi chú tối đa 1000 ký tự.').nullable().default(null),
  })
  .superRefine((l, ctx) => {
    if (l.kind === 'activity' && !l.activityCode)
      ctx.addIssue({ code: 'custom', path: ['activityCode'], message: 'Hãy chọn loại hoạt động quy đổi.' });
    if (l.kind === 'duty' && !l.dutyCode) ctx.addIssue({ code: 'custom', path: ['dutyCode'], message: 'Hãy chọn nhiệm vụ kiêm nhiệm.' });
    if (l.kind === 'substitution' && !l.onDate) ctx.addIssue({ code: 'custom', path: ['onDate'], message: 'Hãy nhập ngày dạy thay.' });
    if (l.kind === 'substitution' && !l.forTeacherId)
      ctx.addIssue({ code: 'custom', path: ['forTeacherId'], message: 'Hãy chọn giáo viên được dạy thay.' });
    if (l.kind === 'leave' && !l.onDate) ctx.addIssue({ code: 'custom', path: ['onDate'], message: 'Hãy nhập ngày bắt đầu nghỉ.' });
    if (l.onDate && l.untilDate && l.untilDate < l.onDate)
      ctx.addIssue({ code: 'custom', path: ['untilDate'], message: 'Ngày kết thúc không được trước ngày bắt đầu.' });
  });
export type TDeclarationLineInput = z.input<typeof ZDeclarationLineInput>;

/** The whole set of lines, with the version the caller read. */
export const ZDeclarationLinesInput = z.object({
  version: z.number().int().min(1),
  lines: z.array(ZDeclarationLineInput).max(500, 'Tối đa 500 dòng kê khai.'),
});
export type TDeclarationLinesInput = z.input<typeof ZDeclarationLinesInput>;

/** A state change, with the version the caller read; `comment` is required for return and unlock. */
export const ZDeclarationTransitionInput = z.object({
  version: z.number().int().min(1),
  comment: z.string().trim().max(2000, 'Nhận xét tối đa 2000 ký tự.').optional(),
});
export type TDeclarationTransitionInput = z.infer<typeof ZDeclarationTransitionInput>;

export const ZBulkApproveInput = z.object({ ids: z.array(ZId).min(1, 'Hãy chọn ít nhất một bản kê khai.').max(500) });
export type TBulkApproveInput = z.infer<typeof ZBulkApproveInput>;
export const ZBulkApproveResult = z.object({
  approved: z.array(ZId),
  /** Not approved: not submitted, changed since submission, or outside the head's departments. */
  skipped: z.array(z.object({ id: ZId, reason: z.string() })),
});
export type TBulkApproveResult = z.infer<typeof ZBulkApproveResult>;

// ---------------------------------------------------------------- history search

export const ZDeclarationHistoryQuery = z.object({
  teacherId: ZIdText.optional(),
  departmentId: ZIdText.optional(),
  periodId: ZIdText.optional(),
  actorId: ZIdText.optional(),
  /** Days (YYYY-MM-DD, Asia/Ho_Chi_Minh), both included. */
  from: isoDate('Từ ngày').optional(),
  to: isoDate('Đến ngày').optional(),
  action: z.enum(DECLARATION_HISTORY_ACTIONS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TDeclarationHistoryQuery = z.infer<typeof ZDeclarationHistoryQuery>;

export const ZDeclarationHistoryRow = ZDeclarationHistoryEntry.extend({
  declarationId: ZId,
  teacherId: ZId,
  teacherCode: z.string(),
  teacherName: z.string(),
  departmentId: ZId.nullable(),
  departmentName: z.string().nullable(),
  periodId: ZId,
  semesterName: z.string(),
});
export type TDeclarationHistoryRow = z.infer<typeof ZDeclarationHistoryRow>;
