import { z } from 'zod';
import { ZId, ZListQuery } from './api';

/*
 * Student forms (issue 17; DOMAIN.md "Student forms and regulations"): the kinds admin configures, the
 * forms students fill and submit, decided by their homeroom teacher or, escalated, by the principal.
 *
 *  GET    /forms/kinds                       every role       → ZFormKind[] (a student: the active ones)
 *  POST   /forms/kinds                       ADMIN            ZFormKindInput → ZFormKind
 *  PUT    /forms/kinds/{id}                  ADMIN            ZFormKindInput + version → ZFormKind
 *  DELETE /forms/kinds/{id}                  ADMIN            (refused while forms use it: deactivate it)
 *  GET    /forms/mine                        STUDENT          → ZStudentForm[] (their own, newest first)
 *  POST   /forms/mine                        STUDENT          ZFormSave → ZStudentFormDetail (draft saved or submitted, by clientKey)
 *  POST   /forms/requests/{id}/withdraw      STUDENT          ZFormVersion
 *  DELETE /forms/requests/{id}               STUDENT          (a draft)
 *  POST   /forms/requests/{id}/files         STUDENT          multipart file + ?field= → ZFormFile
 *  GET    /forms/requests/{id}/files/{fileId} readers of the form
 *  GET    /forms/requests                    HOMEROOM_TEACHER (their classes), PRINCIPAL, ADMIN → page of ZStudentForm
 *  GET    /forms/requests/export             PRINCIPAL, ADMIN XLSX
 *  GET    /forms/requests/{id}               the student, their homeroom teacher, PRINCIPAL, ADMIN → ZStudentFormDetail
 *  POST   /forms/requests/{id}/decide        HOMEROOM_TEACHER (submitted), PRINCIPAL (escalated) ZFormDecision
 *  GET    /forms/classes/{id}/absences       the class's homeroom teacher, PRINCIPAL, ADMIN → ZClassAbsences
 */

export const FORM_FIELD_TYPES = ['text', 'longText', 'date', 'dateRange', 'choice', 'attachment'] as const;
export type TFormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const FORM_FIELD_TYPE_LABELS: Record<TFormFieldType, string> = {
  text: 'Văn bản ngắn',
  longText: 'Văn bản dài',
  date: 'Ngày',
  dateRange: 'Khoảng ngày (có buổi sáng/chiều)',
  choice: 'Lựa chọn',
  attachment: 'Tệp đính kèm (PDF/ảnh)',
};

/** An attachment: a PDF or an image up to 5 MB. */
export const FORM_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const FORM_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 4000;

/** Half-day sessions a student may miss in a school year (Thông tư 22/2021/TT-BGDĐT, điều 12). */
export const ABSENCE_LIMIT = 45;
/** From this many the homeroom teacher is warned. */
export const ABSENCE_WARNING = 30;

export const SESSIONS = ['morning', 'afternoon'] as const;
export type TSession = (typeof SESSIONS)[number];
export const SESSION_LABELS: Record<TSession, string> = { morning: 'Sáng', afternoon: 'Chiều' };

export const FORM_STATUSES = ['draft', 'submitted', 'returned', 'escalated', 'approved', 'rejected', 'withdrawn'] as const;
export type TFormStatus = (typeof FORM_STATUSES)[number];
export const FORM_STATUS_LABELS: Record<TFormStatus, string> = {
  draft: 'Nháp',
  submitted: 'Chờ GVCN duyệt',
  returned: 'Trả lại để sửa',
  escalated: 'Chờ Hiệu trưởng duyệt',
  approved: 'Đã duyệt',
  rejected: 'Không duyệt',
  withdrawn: 'Đã rút',
};
/** States that wait for a decision (the student may still withdraw). */
export const WAITING_STATUSES: readonly TFormStatus[] = ['submitted', 'escalated'];
/** States the student may still edit and (re)submit. */
export const EDITABLE_STATUSES: readonly TFormStatus[] = ['draft', 'returned'];

export const FORM_DECISIONS = ['approve', 'reject', 'return'] as const;
export type TFormDecisionAction = (typeof FORM_DECISIONS)[number];
export const FORM_DECISION_LABELS: Record<TFormDecisionAction, string> = { approve: 'Duyệt', reject: 'Không duyệt', return: 'Trả lại' };

// ---------------------------------------------------------------- kinds

const KEY_RE = /^[a-z][a-zA-Z0-9_]{0,39}$/;

export const ZFormField = z
  .object({
    key: z.string().regex(KEY_RE, 'Mã trường chỉ gồm chữ cái không dấu, chữ số, dấu gạch dưới, bắt đầu bằng chữ thường (tối đa 40 ký tự).'),
    label: z.string().trim().min(1, 'Hãy nhập tên trường.').max(200, 'Tên trường tối đa 200 ký tự.'),
    type: z.enum(FORM_FIELD_TYPES, { error: 'Loại trường không hợp lệ.' }),
    required: z.boolean(),
    help: z.string().trim().max(500, 'Hướng dẫn tối đa 500 ký tự.').optional(),
    /** A choice field's options. */
    options: z.array(z.string().trim().min(1, 'Lựa chọn không được trống.').max(200)).max(50).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.type === 'choice' && (f.options?.length ?? 0) < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `Trường "${f.label}" cần ít nhất 2 lựa chọn.` });
    if (f.options && new Set(f.options).size !== f.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `Trường "${f.label}" có lựa chọn trùng nhau.` });
  });
export type TFormField = z.infer<typeof ZFormField>;

/**
 * When a form goes on to the principal after its homeroom teacher approves it: the date-range field
 * `field` covers at least `minDays` school days (Sundays not counted) or `minSessions` half-day sessions.
 * "Longer than 3 days" is `{ field: 'period', minDays: 4 }`.
 */
export const ZFormEscalation = z
  .object({
    field: z.string().regex(KEY_RE, 'Trường điều kiện không hợp lệ.'),
    minDays: z.number().int().min(1, 'Số ngày tối thiểu là 1.').max(365).optional(),
    minSessions: z.number().int().min(1, 'Số buổi tối thiểu là 1.').max(730).optional(),
  })
  .refine((e) => (e.minDays === undefined) !== (e.minSessions === undefined), {
    message: 'Điều kiện chuyển Hiệu trưởng cần đúng một trong hai: số ngày hoặc số buổi.',
  });
export type TFormEscalation = z.infer<typeof ZFormEscalation>;

export const ZFormKindInput = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Hãy nhập mã loại đơn.')
      .max(40, 'Mã loại đơn tối đa 40 ký tự.')
      .regex(/^[A-Za-z0-9_-]+$/, 'Mã loại đơn chỉ gồm chữ không dấu, chữ số, "-" và "_".'),
    name: z.string().trim().min(1, 'Hãy nhập tên loại đơn.').max(200, 'Tên loại đơn tối đa 200 ký tự.'),
    description: z.string().trim().max(2000, 'Mô tả tối đa 2000 ký tự.').default(''),
    fields: z.array(ZFormField).min(1, 'Loại đơn cần ít nhất một trường.').max(30, 'Tối đa 30 trường.'),
    escalation: ZFormEscalation.nullable().default(null),
    countsAbsence: z.boolean().default(false),
    template: z.string().max(20000, 'Mẫu in tối đa 20000 ký tự.').default(''),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10000).default(0),
  })
  .superRefine((k, ctx) => {
    const keys = k.fields.map((f) => f.key);
    keys.forEach((key, i) => {
      if (keys.indexOf(key) !== i) ctx.addIssue({ code: 'custom', path: ['fields', i, 'key'], message: `Mã trường "${key}" bị trùng.` });
    });
    const ranges = k.fields.filter((f) => f.type === 'dateRange');
    if (k.escalation && !ranges.some((f) => f.key === k.escalation!.field))
      ctx.addIssue({
        code: 'custom',
        path: ['escalation', 'field'],
        message: 'Điều kiện chuyển Hiệu trưởng phải dựa trên một trường khoảng ngày.',
      });
    if (k.countsAbsence && ranges.length === 0)
      ctx.addIssue({ code: 'custom', path: ['countsAbsence'], message: 'Loại đơn tính vắng cần một trường khoảng ngày.' });
    for (const p of templatePlaceholders(k.template))
      if (!keys.includes(p) && !TEMPLATE_BUILTINS.includes(p as never))
        ctx.addIssue({ code: 'custom', path: ['template'], message: `Mẫu in dùng {{${p}}} nhưng loại đơn không có trường này.` });
  });
export type TFormKindInput = z.input<typeof ZFormKindInput>;

export const ZFormKind = z.object({
  id: ZId,
  code: z.string(),
  name: z.string(),
  description: z.string(),
  fields: z.array(ZFormField),
  escalation: ZFormEscalation.nullable(),
  countsAbsence: z.boolean(),
  template: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  version: z.number().int(),
  /** Forms of this kind (any state but draft). */
  used: z.number().int(),
});
export type TFormKind = z.infer<typeof ZFormKind>;

export const ZFormKindUpdate = z.intersection(ZFormKindInput, z.object({ version: z.number().int().min(1) }));

// ---------------------------------------------------------------- values

const FORM_DATE_MSG = 'Ngày không hợp lệ (dd/mm/yyyy).';

export const ZDateRangeValue = z.object({
  from: z.string().max(10, FORM_DATE_MSG),
  fromSession: z.enum(SESSIONS),
  to: z.string().max(10, FORM_DATE_MSG),
  toSession: z.enum(SESSIONS),
});
export type TDateRangeValue = z.infer<typeof ZDateRangeValue>;
export const ZFileValue = z.object({ fileId: ZId, name: z.string().max(300), size: z.number().int(), mimeType: z.string().max(100) });
export type TFileValue = z.infer<typeof ZFileValue>;
export const ZFormValue = z.union([z.string().max(LONG_TEXT_MAX + 100), ZDateRangeValue, ZFileValue, z.null()]);
export type TFormValue = z.infer<typeof ZFormValue>;
export const ZFormValues = z.record(z.string().regex(KEY_RE), ZFormValue);
export type TFormValues = z.infer<typeof ZFormValues>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
const isRange = (v: unknown): v is TDateRangeValue =>
  typeof v === 'object' && v !== null && 'from' in v && 'to' in v && 'fromSession' in v && 'toSession' in v;
const isFile = (v: unknown): v is TFileValue => typeof v === 'object' && v !== null && 'fileId' in v;

function* daysOf(from: string, to: string): Generator<{ iso: string; weekday: number }> {
  const end = new Date(`${to}T00:00:00Z`).getTime();
  for (let t = new Date(`${from}T00:00:00Z`).getTime(); t <= end; t += 86_400_000) {
    const d = new Date(t);
    yield { iso: d.toISOString().slice(0, 10), weekday: d.getUTCDay() };
  }
}

/**
 * The half-day sessions a leave covers: every day of the range but Sundays (and the `holidays` given)
 * counts two, the first day only its afternoon when it starts "chiều", the last day only its morning
 * when it ends "sáng". The school works Monday to Saturday; see docs/decisions/product.md.
 */
export function rangeSessions(r: TDateRangeValue, holidays: ReadonlySet<string> = new Set()): number {
  if (!isIsoDate(r.from) || !isIsoDate(r.to) || r.from > r.to) return 0;
  let n = 0;
  for (const d of daysOf(r.from, r.to)) {
    if (d.weekday === 0 || holidays.has(d.iso)) continue;
    let s = 2;
    if (d.iso === r.from && r.fromSession === 'afternoon') s -= 1;
    if (d.iso === r.to && r.toSession === 'morning') s -= 1;
    n += Math.max(0, s);
  }
  return n;
}

/** The school days (not Sundays) a range touches, whatever its sessions. */
export function rangeDays(r: TDateRangeValue, holidays: ReadonlySet<string> = new Set()): number {
  if (!isIsoDate(r.from) || !isIsoDate(r.to) || r.from > r.to) return 0;
  let n = 0;
  for (const d of daysOf(r.from, r.to)) if (d.weekday !== 0 && !holidays.has(d.iso)) n += 1;
  return n;
}

/** Whether a form with these values goes on to the principal once its homeroom teacher approves it. */
export function escalates(kind: Pick<TFormKind, 'escalation'>, values: TFormValues, holidays: ReadonlySet<string> = new Set()): boolean {
  const e = kind.escalation;
  if (!e) return false;
  const v = values[e.field];
  if (!isRange(v)) return false;
  if (e.minDays !== undefined) return rangeDays(v, holidays) >= e.minDays;
  return rangeSessions(v, holidays) >= (e.minSessions ?? Infinity);
}

/** The range a leave covers (the kind's first date-range field), and its sessions (Sundays and `holidays` left out) when the kind counts absence. */
export function absenceOf(
  kind: Pick<TFormKind, 'fields' | 'countsAbsence'>,
  values: TFormValues,
  holidays: ReadonlySet<string> = new Set(),
) {
  const v = rangeValueOf(kind, values);
  if (!v) return { firstDay: null, lastDay: null, sessions: 0 };
  return { firstDay: v.from, lastDay: v.to, sessions: kind.countsAbsence ? rangeSessions(v, holidays) : 0 };
}

/** The value of the kind's (first) date range, when it holds two valid dates. */
export function rangeValueOf(kind: Pick<TFormKind, 'fields'>, values: TFormValues): TDateRangeValue | null {
  const field = kind.fields.find((f) => f.type === 'dateRange');
  const v = field ? values[field.key] : null;
  return isRange(v) && isIsoDate(v.from) && isIsoDate(v.to) ? v : null;
}

/** Whether two date ranges share a half-day session ("sáng" of one day, "chiều" of another). */
export function rangesOverlap(a: TDateRangeValue, b: TDateRangeValue): boolean {
  const start = (r: TDateRangeValue) => `${r.from}:${r.fromSession === 'afternoon' ? 1 : 0}`;
  const end = (r: TDateRangeValue) => `${r.to}:${r.toSession === 'morning' ? 0 : 1}`;
  return start(a) <= end(b) && start(b) <= end(a);
}

export const FORM_MSG = {
  required: 'Vui lòng điền thông tin này.',
  requiredChoice: 'Vui lòng chọn một giá trị.',
  requiredFile: 'Vui lòng đính kèm tệp.',
  date: 'Ngày không hợp lệ (dd/mm/yyyy).',
  rangeOrder: 'Ngày kết thúc phải từ ngày bắt đầu trở đi.',
  rangeSessions: 'Buổi kết thúc phải sau buổi bắt đầu.',
  rangeEmpty: 'Khoảng ngày không có buổi học nào (Chủ nhật không tính).',
  rangeTooLong: 'Khoảng ngày tối đa 1 năm.',
  choice: 'Giá trị không nằm trong các lựa chọn.',
  file: 'Tệp đính kèm không hợp lệ.',
  tooLong: (max: number) => `Tối đa ${max} ký tự.`,
  unknown: 'Trường này không có trong mẫu đơn.',
} as const;

/**
 * The one validation of a form's values, run by the page (live and on submit) and by the server on
 * submission: field key → Vietnamese message, empty when valid. A draft is saved whatever it holds;
 * only submitting needs it valid.
 */
export function validateFormValues(fields: readonly TFormField[], values: TFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of Object.keys(values)) if (!fields.some((f) => f.key === key)) errors[key] = FORM_MSG.unknown;
  for (const f of fields) {
    const v = values[f.key];
    const empty = v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    if (empty) {
      if (f.required)
        errors[f.key] = f.type === 'choice' ? FORM_MSG.requiredChoice : f.type === 'attachment' ? FORM_MSG.requiredFile : FORM_MSG.required;
      continue;
    }
    const msg = checkValue(f, v);
    if (msg) errors[f.key] = msg;
  }
  return errors;
}

function checkValue(f: TFormField, v: TFormValue): string | null {
  switch (f.type) {
    case 'text':
      return typeof v !== 'string' ? FORM_MSG.required : v.trim().length > TEXT_MAX ? FORM_MSG.tooLong(TEXT_MAX) : null;
    case 'longText':
      return typeof v !== 'string' ? FORM_MSG.required : v.trim().length > LONG_TEXT_MAX ? FORM_MSG.tooLong(LONG_TEXT_MAX) : null;
    case 'date':
      return typeof v === 'string' && isIsoDate(v) ? null : FORM_MSG.date;
    case 'choice':
      return typeof v === 'string' && (f.options ?? []).includes(v) ? null : FORM_MSG.choice;
    case 'attachment':
      return isFile(v) && FORM_FILE_TYPES.includes(v.mimeType as never) && v.size <= FORM_FILE_MAX_BYTES ? null : FORM_MSG.file;
    case 'dateRange': {
      if (!isRange(v) || !isIsoDate(v.from) || !isIsoDate(v.to)) return FORM_MSG.date;
      if (v.from > v.to) return FORM_MSG.rangeOrder;
      if (v.from === v.to && v.fromSession === 'afternoon' && v.toSession === 'morning') return FORM_MSG.rangeSessions;
      if (new Date(`${v.to}T00:00:00Z`).getTime() - new Date(`${v.from}T00:00:00Z`).getTime() > 366 * 86_400_000)
        return FORM_MSG.rangeTooLong;
      if (rangeSessions(v) === 0) return FORM_MSG.rangeEmpty;
      return null;
    }
  }
}

// ---------------------------------------------------------------- printable template

/** Placeholders every template may use besides its fields. */
export const TEMPLATE_BUILTINS = [
  'hoTen',
  'maHocSinh',
  'lop',
  'ngayGui',
  'trangThai',
  'nguoiDuyet',
  'ngayDuyet',
  'yKien',
  'truong',
] as const;

export function templatePlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g)].map((m) => m[1]))];
}

/** A value as the printed form shows it (dd/mm/yyyy, sessions in words; Sundays and `holidays` are no sessions). */
export function valueText(
  f: Pick<TFormField, 'type'>,
  v: TFormValue | undefined,
  fmtDate: (iso: string) => string,
  holidays: ReadonlySet<string> = new Set(),
): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return f.type === 'date' ? fmtDate(v) : v;
  if (isRange(v)) {
    const from = `${SESSION_LABELS[v.fromSession].toLowerCase()} ${fmtDate(v.from)}`;
    const to = `${SESSION_LABELS[v.toSession].toLowerCase()} ${fmtDate(v.to)}`;
    return `từ ${v.fromSession === 'morning' ? fmtDate(v.from) : from} đến hết ${v.toSession === 'afternoon' ? fmtDate(v.to) : to} (${rangeSessions(v, holidays)} buổi)`;
  }
  if (isFile(v)) return v.name;
  return '';
}

/**
 * The template with its placeholders filled, as plain text pieces: the page renders them as text
 * nodes (never HTML), so whatever a student typed prints as typed.
 */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (_, k: string) => values[k] ?? '');
}

// ---------------------------------------------------------------- forms

export const ZFormSave = z.object({
  kindId: ZId,
  /** Made by the page when the student starts a form: a retried save or submit lands once. */
  clientKey: z.string().trim().min(8).max(80),
  values: ZFormValues,
  /** true: submit now (validated); false: keep as a draft. */
  submit: z.boolean(),
  /** The version the page read; absent for a new form. */
  version: z.number().int().min(1).optional(),
});
export type TFormSave = z.infer<typeof ZFormSave>;

export const ZFormVersion = z.object({ version: z.number().int().min(1) });

export const ZFormDecision = z
  .object({
    action: z.enum(FORM_DECISIONS, { error: 'Thao tác không hợp lệ.' }),
    version: z.number().int().min(1),
    comment: z
      .string()
      .trim()
      .max(1000, 'Ý kiến tối đa 1000 ký tự.')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((d, ctx) => {
    if (d.action !== 'approve' && !d.comment)
      ctx.addIssue({
        code: 'custom',
        path: ['comment'],
        message: d.action === 'return' ? 'Hãy nhập điều cần sửa khi trả lại đơn.' : 'Hãy nhập lý do không duyệt.',
      });
  });
export type TFormDecision = z.input<typeof ZFormDecision>;

export const ZStudentForm = z.object({
  id: ZId,
  kindId: ZId,
  kindName: z.string(),
  studentId: ZId,
  studentCode: z.string(),
  studentName: z.string(),
  homeroomClassId: ZId.nullable(),
  className: z.string().nullable(),
  status: z.enum(FORM_STATUSES),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  absenceSessions: z.number().int(),
  clientKey: z.string().nullable(),
  submittedAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decisionComment: z.string().nullable(),
  /** Whether the kind's condition sends it on to the principal after the homeroom teacher. */
  escalates: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TStudentForm = z.infer<typeof ZStudentForm>;

export const ZFormHistory = z.object({
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  comment: z.string().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type TFormHistory = z.infer<typeof ZFormHistory>;

export const ZFormFile = z.object({ id: ZId, fieldKey: z.string(), fileName: z.string(), mimeType: z.string(), size: z.number().int() });
export type TFormFile = z.infer<typeof ZFormFile>;

export const ZStudentFormDetail = ZStudentForm.extend({
  values: ZFormValues,
  kind: ZFormKind.omit({ used: true }),
  history: z.array(ZFormHistory),
  files: z.array(ZFormFile),
  /** The homeroom teacher's approval, when the principal decided after them. */
  homeroomApprovedByName: z.string().nullable(),
  homeroomApprovedAt: z.string().nullable(),
  /** The school's holidays between its first and last day (ISO dates): not sessions of its leave. */
  holidays: z.array(z.string()),
});
export type TStudentFormDetail = z.infer<typeof ZStudentFormDetail>;

export const ZFormListQuery = ZListQuery.extend({
  status: z.enum(FORM_STATUSES).optional(),
  kindId: z.coerce.number().int().positive().optional(),
  classId: z.coerce.number().int().positive().optional(),
  sort: z.enum(['submittedAt', 'studentName', 'className', 'kindName', 'status']).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TFormListQuery = z.input<typeof ZFormListQuery>;

export const ZStudentAbsence = z.object({
  studentId: ZId,
  studentCode: z.string(),
  fullName: z.string(),
  sessions: z.number().int(),
  forms: z.number().int(),
  level: z.enum(['ok', 'warning', 'over']),
});
export type TStudentAbsence = z.infer<typeof ZStudentAbsence>;
export const ZClassAbsences = z.object({
  classId: ZId,
  className: z.string(),
  academicYearName: z.string().nullable(),
  limit: z.number().int(),
  warning: z.number().int(),
  students: z.array(ZStudentAbsence),
});
export type TClassAbsences = z.infer<typeof ZClassAbsences>;

export function absenceLevel(sessions: number): TStudentAbsence['level'] {
  return sessions > ABSENCE_LIMIT ? 'over' : sessions >= ABSENCE_WARNING ? 'warning' : 'ok';
}
