import { z } from 'zod';
import { ZId, ZIdText, ZListQuery, ZPage } from './api';
import { ALLOWANCES, SALARY_RANKS, SALARY_SCALES, scaleCoefficient, type TAllowance } from './pay-calc';
import { POSITIONS } from './workload';
import './zod-locale';

/**
 * Teacher pay (issue 16; DOMAIN.md "Teacher pay"): the school-wide pay settings and each teacher's
 * coefficients, versioned by the date they take effect; pay runs computed from locked declarations with
 * the calculator of pay-calc.ts, their workflow draft → submitted → approved → paid (frozen), the payroll
 * sheet, the teachers' own statements, financial reports.
 *
 * Calls (under /api/v1; roles in apps/server/src/areas/pay/access.ts — managers ACCOUNTANT; readers
 * ACCOUNTANT, PRINCIPAL, ADMIN; the principal approves; a teacher reads only their own statement):
 *  GET    /pay/settings                                 readers  → ZPaySettingsList (versions, the one in force, the workload rule set used)
 *  POST   /pay/settings                                 managers ZPaySettingsInput → ZPaySettingsVersion
 *  PUT    /pay/settings/{id}                            managers ZPaySettingsInput → ZPaySettingsVersion
 *  DELETE /pay/settings/{id}                            managers (refused for the version in force today)
 *  GET    /pay/coefficients?search=&departmentId=&missing=&sort=&order=&page=&limit=  readers → page of ZTeacherCoefficientRow
 *  GET    /pay/coefficients/export                      readers  XLSX (the import's columns: a sheet sent back imports)
 *  GET    /pay/coefficients/teachers/{teacherId}        readers  → ZCoefficientVersion[] (latest first)
 *  POST   /pay/coefficients                             managers ZCoefficientInput → ZCoefficientVersion
 *  PUT    /pay/coefficients/{id}                        managers ZCoefficientInput → ZCoefficientVersion
 *  DELETE /pay/coefficients/{id}                        managers
 *  (import kind 'teacher-coefficients' through /imports/…, with the dry-run preview of every import)
 *  GET    /pay/runs?academicYearId=&status=&page=&limit=  readers → page of ZPayRunSummary
 *  POST   /pay/runs                                     managers ZPayRunCreate → ZPayRunDetail (computed)
 *  GET    /pay/runs/{id}                                readers  → ZPayRunDetail
 *  GET    /pay/runs/{id}/lines?departmentId=&search=&sort=&order=&page=&limit=  readers → page of ZPayLine
 *  GET    /pay/runs/{id}/lines/{teacherId}              readers, or the teacher once the run is approved → ZPayLineDetail
 *  POST   /pay/runs/{id}/recompute                      managers ZPayRunVersion → ZPayRunDetail (draft only)
 *  POST   /pay/runs/{id}/transition                     managers (submit, pay), PRINCIPAL (approve, return) ZPayTransition → ZPayRunDetail
 *  DELETE /pay/runs/{id}                                managers (draft only)
 *  GET    /pay/runs/{id}/export                         readers  XLSX: Bảng thanh toán tiền dạy thêm giờ
 *  GET    /pay/statements/mine                          any teacher → ZPayStatement[] (their lines of approved and paid runs)
 *  GET    /pay/reports?academicYearId=                  readers  → ZPayReport
 *  GET    /pay/reports/export?academicYearId=           readers  XLSX
 *  GET    /pay/overview                                 readers  → ZPayOverview (the dashboards: current run, what blocks it, what waits for approval)
 */

const isoDate = (label: string) =>
  z
    .string({ error: `${label} là bắt buộc.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} phải là ngày hợp lệ (YYYY-MM-DD).`, abort: true })
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} phải là ngày hợp lệ.`,
    );

/** A non-negative decimal with at most 2 decimals, as a string ("4.68"); a decimal comma is accepted and stored as a dot. */
const decimal = (label: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${label} phải là một số.` })
    .transform((v) => String(v).trim().replace(',', '.'))
    .pipe(
      z
        .string()
        .regex(/^\d{1,4}(\.\d{1,2})?$/, `${label} phải là số không âm, tối đa 2 chữ số thập phân (ví dụ 0,25).`)
        .refine((s) => Number(s) <= max, `${label} tối đa ${String(max).replace('.', ',')}.`)
        // Canonical: no leading zeros, no trailing decimal zeros ("04.50" → "4.5", "30.00" → "30").
        .transform((s) =>
          s
            .replace(/^0+(?=\d)/, '')
            .replace(/(\.\d*?)0+$/, '$1')
            .replace(/\.$/, ''),
        ),
    );

// ---------------------------------------------------------------- settings

export const ZCountedAllowances = z.object(Object.fromEntries(ALLOWANCES.map((a) => [a, z.boolean()])) as Record<TAllowance, z.ZodBoolean>);

export const ZPaySettingsInput = z.object({
  effectiveFrom: isoDate('Ngày hiệu lực'),
  baseSalary: z
    .number({ error: 'Lương cơ sở phải là một số.' })
    .int('Lương cơ sở phải là số đồng nguyên.')
    .min(1, 'Lương cơ sở phải lớn hơn 0.')
    .max(100_000_000, 'Lương cơ sở tối đa 100.000.000 đ.'),
  overtimeRatePercent: z
    .number({ error: 'Tỷ lệ trả lương dạy thêm giờ phải là một số.' })
    .int('Tỷ lệ trả lương dạy thêm giờ phải là số nguyên (%).')
    .min(100, 'Tỷ lệ trả lương dạy thêm giờ tối thiểu 100%.')
    .max(400, 'Tỷ lệ trả lương dạy thêm giờ tối đa 400%.'),
  countedAllowances: ZCountedAllowances,
  note: z
    .string()
    .trim()
    .max(500, 'Ghi chú tối đa 500 ký tự.')
    .nullish()
    .transform((v) => v || null),
});
export type TPaySettingsInput = z.input<typeof ZPaySettingsInput>;
export type TPaySettings = z.infer<typeof ZPaySettingsInput>;

/** The defaults: lương cơ sở 2,340,000 đ from 01/07/2024 (Nghị định 73/2024), 150%, every allowance counted. */
export const DEFAULT_PAY_SETTINGS: TPaySettings = {
  effectiveFrom: '2024-07-01',
  baseSalary: 2_340_000,
  overtimeRatePercent: 150,
  countedAllowances: { leadership: true, preferential: true, seniority: true, other: true },
  note: 'Nghị định 73/2024/NĐ-CP; Thông tư 21/2025/TT-BGDĐT',
};

/** Plain fields, no transforms: the server's response serializer encodes with it (a transform cannot be encoded). */
export const ZPaySettingsVersion = z.object({
  id: ZId,
  effectiveFrom: z.string(),
  baseSalary: z.number().int(),
  overtimeRatePercent: z.number().int(),
  countedAllowances: ZCountedAllowances,
  note: z.string().nullable(),
  updatedAt: z.string(),
  inForce: z.boolean(),
});
export type TPaySettingsVersion = z.infer<typeof ZPaySettingsVersion>;

/** The workload rule set pay reads its norms, weeks and cap from (one rule set: the teaching area's). */
export const ZPayRuleSetLink = z.object({
  id: ZId.nullable(),
  name: z.string(),
  effectiveFrom: z.string(),
  teachingWeeks: z.number().int(),
  norms: z.record(z.enum(POSITIONS), z.number()),
  overtimeCapPerYear: z.number().int(),
});
export type TPayRuleSetLink = z.infer<typeof ZPayRuleSetLink>;

export const ZPaySettingsList = z.object({
  items: z.array(ZPaySettingsVersion),
  inForceId: ZId.nullable(),
  today: z.string(),
  ruleSet: ZPayRuleSetLink,
});
export type TPaySettingsList = z.infer<typeof ZPaySettingsList>;

// ---------------------------------------------------------------- coefficients

const optionalDate = (label: string) =>
  z
    .union([isoDate(label), z.literal('').transform(() => null), z.null()])
    .optional()
    .transform((v) => v ?? null);

export const ZCoefficientInput = z
  .object({
    teacherId: ZId,
    effectiveFrom: isoDate('Ngày hiệu lực'),
    rank: z.enum(SALARY_RANKS, { error: 'Hạng phải là I, II hoặc III.' }),
    step: z.number({ error: 'Bậc lương phải là một số.' }).int('Bậc lương phải là số nguyên.').min(1, 'Bậc lương từ 1 trở lên.'),
    leadershipCoefficient: decimal('Hệ số phụ cấp chức vụ', 2).default('0'),
    preferentialPercent: decimal('Phụ cấp ưu đãi (%)', 100),
    /** Null: computed from the start of service. */
    seniorityPercent: z
      .union([decimal('Phụ cấp thâm niên (%)', 100), z.literal('').transform(() => null), z.null()])
      .optional()
      .transform((v) => v ?? null),
    serviceStartDate: optionalDate('Ngày bắt đầu công tác'),
    otherCoefficient: decimal('Hệ số phụ cấp khác', 5).default('0'),
    note: z
      .string()
      .trim()
      .max(500, 'Ghi chú tối đa 500 ký tự.')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((c, ctx) => {
    if (!scaleCoefficient(c.rank, c.step))
      ctx.addIssue({
        code: 'custom',
        path: ['step'],
        message: `Hạng ${c.rank} chỉ có bậc 1 đến bậc ${SALARY_SCALES[c.rank].length}.`,
      });
  });
export type TCoefficientInput = z.input<typeof ZCoefficientInput>;
export type TCoefficient = z.infer<typeof ZCoefficientInput>;

export const ZCoefficientVersion = z.object({
  id: ZId,
  teacherId: ZId,
  effectiveFrom: z.string(),
  rank: z.enum(SALARY_RANKS),
  step: z.number().int(),
  /** The scale's coefficient of the rank and step ("4.68"). */
  coefficient: z.string(),
  leadershipCoefficient: z.string(),
  preferentialPercent: z.string(),
  seniorityPercent: z.string().nullable(),
  serviceStartDate: z.string().nullable(),
  otherCoefficient: z.string(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type TCoefficientVersion = z.infer<typeof ZCoefficientVersion>;

/** A teacher with the coefficients in force today (null: none yet) and the monthly salary they give under today's settings. */
export const ZTeacherCoefficientRow = z.object({
  teacherId: ZId,
  staffCode: z.string(),
  fullName: z.string(),
  departmentId: ZId.nullable(),
  departmentName: z.string().nullable(),
  position: z.enum(POSITIONS),
  current: ZCoefficientVersion.nullable(),
  /** Seniority in force today (computed from the start of service when not stored). */
  seniorityNow: z.string().nullable(),
  versions: z.number().int(),
  monthlySalary: z.number().int().nullable(),
});
export type TTeacherCoefficientRow = z.infer<typeof ZTeacherCoefficientRow>;

export const ZCoefficientListQuery = ZListQuery.extend({
  departmentId: z.coerce.number().int().positive().optional(),
  /** '1': only teachers without coefficients in force today. */
  missing: z.enum(['1']).optional(),
  sort: z.enum(['staffCode', 'fullName', 'department', 'coefficient']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type TCoefficientListQuery = z.infer<typeof ZCoefficientListQuery>;

export const ZTeacherCoefficientPage = ZPage(ZTeacherCoefficientRow);

// ---------------------------------------------------------------- runs

export const PAY_RUN_KINDS = ['year', 'semester', 'adjustment'] as const;
export type TPayRunKind = (typeof PAY_RUN_KINDS)[number];
export const PAY_RUN_KIND_LABELS: Record<TPayRunKind, string> = {
  year: 'Cả năm học',
  semester: 'Tạm tính học kỳ',
  adjustment: 'Điều chỉnh',
};

export const PAY_RUN_STATUSES = ['draft', 'submitted', 'approved', 'paid'] as const;
export type TPayRunStatus = (typeof PAY_RUN_STATUSES)[number];
export const PAY_RUN_STATUS_LABELS: Record<TPayRunStatus, string> = {
  draft: 'Nháp',
  submitted: 'Chờ Hiệu trưởng duyệt',
  approved: 'Đã duyệt',
  paid: 'Đã chi trả',
};

export const PAY_TRANSITIONS = ['submit', 'approve', 'return', 'pay'] as const;
export type TPayTransitionAction = (typeof PAY_TRANSITIONS)[number];
export const PAY_TRANSITION_LABELS: Record<TPayTransitionAction, string> = {
  submit: 'Trình duyệt',
  approve: 'Duyệt',
  return: 'Trả lại',
  pay: 'Xác nhận đã chi trả',
};

export const ZPayRunCreate = z
  .object({
    kind: z.enum(PAY_RUN_KINDS, { error: 'Loại đợt tính không hợp lệ.' }),
    academicYearId: ZId,
    /** A semester run's semester. */
    semesterId: ZId.nullish().transform((v) => v ?? null),
    /** An adjustment's paid run. */
    adjustsRunId: ZId.nullish().transform((v) => v ?? null),
    name: z
      .string()
      .trim()
      .max(200, 'Tên đợt tính tối đa 200 ký tự.')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((r, ctx) => {
    if (r.kind === 'semester' && !r.semesterId)
      ctx.addIssue({ code: 'custom', path: ['semesterId'], message: 'Hãy chọn học kỳ tạm tính.' });
    if (r.kind === 'adjustment' && !r.adjustsRunId)
      ctx.addIssue({ code: 'custom', path: ['adjustsRunId'], message: 'Hãy chọn đợt đã chi trả cần điều chỉnh.' });
  });
export type TPayRunCreate = z.input<typeof ZPayRunCreate>;

export const ZPayRunVersion = z.object({ version: z.number().int().min(1) });
export type TPayRunVersion = z.infer<typeof ZPayRunVersion>;

export const ZPayTransition = z
  .object({
    action: z.enum(PAY_TRANSITIONS, { error: 'Thao tác không hợp lệ.' }),
    version: z.number().int().min(1),
    comment: z
      .string()
      .trim()
      .max(1000, 'Ý kiến tối đa 1000 ký tự.')
      .nullish()
      .transform((v) => v || null),
    /** Submitting with blocking teachers left out must say so. */
    proceedWithoutBlocked: z.boolean().optional(),
  })
  .superRefine((t, ctx) => {
    if (t.action === 'return' && !t.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Hãy nhập lý do trả lại.' });
  });
export type TPayTransition = z.input<typeof ZPayTransition>;

/** A teacher the run cannot pay yet, and why (Vietnamese, one reason per entry). */
export const ZPayBlocker = z.object({
  teacherId: ZId,
  staffCode: z.string(),
  fullName: z.string(),
  departmentName: z.string().nullable(),
  missing: z.array(z.string()),
  /** What kind of thing is missing: a locked declaration, coefficients, or both. */
  kinds: z.array(z.enum(['declaration', 'coefficients'])),
});
export type TPayBlocker = z.infer<typeof ZPayBlocker>;

export const ZPayRunSummary = z.object({
  id: ZId,
  name: z.string(),
  kind: z.enum(PAY_RUN_KINDS),
  academicYearId: ZId,
  academicYearName: z.string(),
  semesterId: ZId.nullable(),
  semesterName: z.string().nullable(),
  adjustsRunId: ZId.nullable(),
  status: z.enum(PAY_RUN_STATUSES),
  version: z.number().int(),
  /** Teachers paid by the run, blocking teachers left out. */
  teachers: z.number().int(),
  blockers: z.number().int(),
  overtimePaid: z.number(),
  /** Σ overtime pay (each line rounded), and Σ what is due after earlier runs. */
  amount: z.number().int(),
  due: z.number().int(),
  computedAt: z.string(),
  submittedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  lastComment: z.string().nullable(),
  updatedAt: z.string(),
});
export type TPayRunSummary = z.infer<typeof ZPayRunSummary>;

export const ZPayDepartmentTotal = z.object({
  departmentId: ZId.nullable(),
  departmentName: z.string(),
  teachers: z.number().int(),
  counted: z.number(),
  norm: z.number(),
  overtimePaid: z.number(),
  amount: z.number().int(),
  due: z.number().int(),
});
export type TPayDepartmentTotal = z.infer<typeof ZPayDepartmentTotal>;

export const ZPayRunEvent = z.object({
  action: z.string(),
  actorName: z.string().nullable(),
  at: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  comment: z.string().nullable(),
});

export const ZPayRunDetail = ZPayRunSummary.extend({
  blockerList: z.array(ZPayBlocker),
  departments: z.array(ZPayDepartmentTotal),
  /** The values the run used: settings version, rule set version, the months of the year. */
  settings: z.object({
    id: ZId.nullable(),
    effectiveFrom: z.string(),
    baseSalary: z.number().int(),
    overtimeRatePercent: z.number().int(),
  }),
  ruleSet: z.object({ id: ZId.nullable(), name: z.string(), effectiveFrom: z.string(), overtimeCapPerYear: z.number().int() }),
  months: z.array(z.string()),
  history: z.array(ZPayRunEvent),
});
export type TPayRunDetail = z.infer<typeof ZPayRunDetail>;

export const ZPayRunListQuery = ZListQuery.extend({
  academicYearId: z.coerce.number().int().positive().optional(),
  status: z.enum(PAY_RUN_STATUSES).optional(),
});

export const ZPayStep = z.object({ label: z.string(), value: z.string(), explanation: z.string() });
export type TPayStep = z.infer<typeof ZPayStep>;

export const ZPayLine = z.object({
  teacherId: ZId,
  staffCode: z.string(),
  fullName: z.string(),
  departmentId: ZId.nullable(),
  departmentName: z.string().nullable(),
  rank: z.enum(SALARY_RANKS),
  step: z.number().int(),
  coefficient: z.string(),
  monthlySalary: z.number().int(),
  yearlySalary: z.number().int(),
  yearlyNorm: z.number(),
  counted: z.number(),
  norm: z.number(),
  overtime: z.number(),
  overtimePaid: z.number(),
  capped: z.boolean(),
  periodPay: z.number().int(),
  overtimePeriodPay: z.number().int(),
  amount: z.number().int(),
  previouslyPaid: z.number().int(),
  due: z.number().int(),
});
export type TPayLine = z.infer<typeof ZPayLine>;

export const ZPayLineListQuery = ZListQuery.extend({
  departmentId: z.coerce.number().int().positive().optional(),
  sort: z.enum(['staffCode', 'fullName', 'department', 'overtime', 'amount']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export const ZPayLinePage = ZPage(ZPayLine);

/** What a line was computed from, so a frozen run explains itself after the inputs change. */
export const ZPayLineSources = z.object({
  declarations: z.array(
    z.object({
      id: ZId,
      semesterName: z.string(),
      version: z.number().int(),
      counted: z.number(),
      normBase: z.number(),
      lockedAt: z.string().nullable(),
    }),
  ),
  coefficients: z.array(z.object({ id: ZId, effectiveFrom: z.string(), coefficient: z.string(), months: z.number().int() })),
  settings: z.array(z.object({ id: ZId.nullable(), effectiveFrom: z.string(), baseSalary: z.number().int(), months: z.number().int() })),
  ruleSet: z.object({ id: ZId.nullable(), name: z.string() }),
});
export type TPayLineSources = z.infer<typeof ZPayLineSources>;

export const ZPayLineDetail = ZPayLine.extend({
  runId: ZId,
  runName: z.string(),
  runStatus: z.enum(PAY_RUN_STATUSES),
  periodPayExact: z.string(),
  overtimePeriodPayExact: z.string(),
  monthly: z.array(z.object({ from: z.string(), to: z.string(), months: z.number().int(), total: z.number().int() })),
  steps: z.array(ZPayStep),
  sources: ZPayLineSources,
});
export type TPayLineDetail = z.infer<typeof ZPayLineDetail>;

export const ZPayStatement = z.object({ run: ZPayRunSummary, line: ZPayLineDetail });
export type TPayStatement = z.infer<typeof ZPayStatement>;

// ---------------------------------------------------------------- reports and overview

/** The runs a year's figures come from: its year run (or the latest adjustment of it), else its semester runs. */
export const PAY_REPORT_SOURCES = ['year', 'semesters'] as const;

const ZPayTotals = z.object({
  teachers: z.number().int(),
  counted: z.number(),
  norm: z.number(),
  overtime: z.number(),
  overtimePaid: z.number(),
  amount: z.number().int(),
  due: z.number().int(),
});

export const ZPayReportQuery = z.object({ academicYearId: ZIdText.optional() });

export const ZPayReport = z.object({
  academicYearId: ZId,
  academicYearName: z.string(),
  /** Every school year, latest first (the page's year picker). */
  years: z.array(z.object({ id: ZId, name: z.string(), isCurrent: z.boolean() })),
  /** Null: the year has no run yet (every figure below is then zero or empty). */
  source: z.enum(PAY_REPORT_SOURCES).nullable(),
  /** The runs the figures come from, with their state (a draft's figures may still move). */
  runs: z.array(ZPayRunSummary),
  totals: ZPayTotals,
  /** Null previousAmount: the department has no line in the previous year's runs. */
  byDepartment: z.array(ZPayDepartmentTotal.extend({ overtime: z.number(), previousAmount: z.number().int().nullable() })),
  /** Each semester of the year with its interim runs (adjustments of them included): the latest one's amount, Σ due of them all. */
  bySemester: z.array(
    z.object({ semesterId: ZId, name: z.string(), runs: z.number().int(), amount: z.number().int(), due: z.number().int() }),
  ),
  /** Σ monthly salaries of the teachers paid, month by month ("2025-09"): the salary the pay is computed from. */
  byMonth: z.array(z.object({ month: z.string(), salaryFund: z.number().int(), teachers: z.number().int() })),
  previousYear: z
    .object({
      academicYearId: ZId,
      academicYearName: z.string(),
      source: z.enum(PAY_REPORT_SOURCES),
      runs: z.array(ZPayRunSummary),
      totals: ZPayTotals,
    })
    .nullable(),
  /** Teachers whose overtime passed the yearly cap: what they taught over the norm and what is paid. */
  overCap: z.array(
    z.object({
      teacherId: ZId,
      staffCode: z.string(),
      fullName: z.string(),
      departmentName: z.string().nullable(),
      overtime: z.number(),
      overtimePaid: z.number(),
      amount: z.number().int(),
    }),
  ),
});
export type TPayReport = z.infer<typeof ZPayReport>;

export const ZPayOverview = z.object({
  /** The latest run not yet paid, else the latest paid one. */
  currentRun: ZPayRunSummary.nullable(),
  blockers: z.object({ declarationsNotLocked: z.number().int(), coefficientsMissing: z.number().int(), items: z.array(ZPayBlocker) }),
  /** Runs submitted and waiting for the principal. */
  waitingApproval: z.array(ZPayRunSummary),
  /** Teachers without coefficients in force today. */
  teachersWithoutCoefficients: z.number().int(),
});
export type TPayOverview = z.infer<typeof ZPayOverview>;
