import { z } from 'zod';
import './zod-locale';

/**
 * Teacher workload rules as data (issue 15 "Workload rules as data"; DOMAIN.md "Teaching assignments,
 * declarations and history"). A rule set is versioned by the date it takes effect: a declaration's period
 * uses the set in force at its start (`rulesInForce` in workload-calc.ts). Every number is a setting the
 * admin and academic affairs edit; `TT05_2025_RULES` holds the defaults of Thông tư 05/2025/TT-BGDĐT.
 *
 * Units: norms and reductions in periods per week; conversion factors as decimal strings ("1.5") so they
 * are read exactly, never through floating point; periods and weeks with at most 2 decimals.
 * The calculator that applies a rule set to a teacher's lines and duties is workload-calc.ts.
 */

/** Positions with a weekly teaching norm of their own (THPT; a gifted school uses the same norms). */
export const POSITIONS = ['TEACHER', 'PRINCIPAL', 'VICE_PRINCIPAL'] as const;
export type TPosition = (typeof POSITIONS)[number];
export const POSITION_LABELS: Record<TPosition, string> = {
  TEACHER: 'Giáo viên',
  PRINCIPAL: 'Hiệu trưởng',
  VICE_PRINCIPAL: 'Phó hiệu trưởng',
};

/** Kinds of a declaration line (the duties, i.e. reductions, are a list of their own: ZWorkloadDuty). */
export const DECLARATION_LINE_KINDS = ['class', 'substitution', 'activity', 'leave'] as const;
export type TDeclarationLineKind = (typeof DECLARATION_LINE_KINDS)[number];
export const DECLARATION_LINE_KIND_LABELS: Record<TDeclarationLineKind, string> = {
  class: 'Tiết dạy lớp học phần',
  substitution: 'Dạy thay',
  activity: 'Hoạt động quy đổi',
  leave: 'Nghỉ được tính như dạy',
};

/** True when `n` is a finite number with at most 2 decimals (0.1 and 4.5 are; 0.125 is not). */
export function hasAtMostTwoDecimals(n: number): boolean {
  return Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

/** A non-negative amount (periods, periods/week, weeks) with at most 2 decimals; bounded so exact integer work never overflows. */
const amount = (label: string, max = 100_000) =>
  z
    .number({ error: `${label} phải là một số.` })
    .min(0, `${label} không được âm.`)
    .max(max, `${label} tối đa ${max.toLocaleString('vi-VN')}.`)
    .refine(hasAtMostTwoDecimals, `${label} chỉ được có tối đa 2 chữ số thập phân.`);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} phải là một số.` })
    .int(`${label} phải là số nguyên.`)
    .min(min, min === 0 ? `${label} không được âm.` : `${label} phải từ ${min} trở lên.`)
    .max(max, `${label} tối đa ${max}.`);

const text = (label: string, max = 200) =>
  z
    .string({ error: `${label} là bắt buộc.` })
    .trim()
    .min(1, `Hãy nhập ${label.toLowerCase()}.`)
    .max(max, `${label} tối đa ${max} ký tự.`);

/** An upper-case identifier (HOMEROOM, EXAM_REVIEW): codes the school may add to. */
const code = (label: string) =>
  z
    .string({ error: `${label} là bắt buộc.` })
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{0,39}$/, `${label} chỉ gồm chữ in hoa không dấu, chữ số và dấu gạch dưới, bắt đầu bằng chữ (ví dụ HOMEROOM).`);

/** A conversion factor as a decimal string with at most 2 decimals; a decimal comma ("1,5") is accepted and stored as "1.5". */
const factor = (label: string) =>
  z
    .string({ error: `${label} là bắt buộc.` })
    .trim()
    .overwrite((s) => s.replace(',', '.'))
    .regex(/^\d{1,3}(\.\d{1,2})?$/, `${label} phải là số không âm, tối đa 2 chữ số thập phân (ví dụ 1,5).`);

const isoDate = (label: string) =>
  z
    .string({ error: `${label} là bắt buộc.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} phải là ngày hợp lệ (YYYY-MM-DD).`, abort: true })
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} phải là ngày hợp lệ.`,
    );

/** A decimal string of at most 2 decimals ("1.5") as an integer number of hundredths (150), exactly. */
export function factorHundredths(value: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value.trim().replace(',', '.'));
  if (!m) throw new Error(`Hệ số quy đổi "${value}" không hợp lệ.`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** "1.5" → "1,5", "2" → "2", "1.25" → "1,25": a factor as people read it. */
export function formatFactor(value: string): string {
  const h = factorHundredths(value);
  const frac = String(h % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${Math.floor(h / 100)},${frac}` : String(Math.floor(h / 100));
}

export const ZDutyRule = z.object({
  code: code('Mã nhiệm vụ'),
  name: text('Tên nhiệm vụ'),
  /** Periods per week taken off the norm (added to the counted periods). */
  reduction: amount('Số tiết giảm', 100),
});
export type TDutyRule = z.infer<typeof ZDutyRule>;

export const ZActivityKind = z
  .object({
    code: code('Mã hoạt động'),
    name: text('Tên hoạt động'),
    /** The factor the school applies: 1 period of the activity counts as `factor` periods. */
    factor: factor('Hệ số quy đổi'),
    /** The ceiling the regulation sets ("up to 2"). */
    maxFactor: factor('Hệ số tối đa'),
  })
  .superRefine((k, ctx) => {
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(k.factor) || !/^\d{1,3}(\.\d{1,2})?$/.test(k.maxFactor)) return;
    if (factorHundredths(k.factor) > factorHundredths(k.maxFactor))
      ctx.addIssue({
        code: 'custom',
        path: ['factor'],
        message: `Hệ số quy đổi không được vượt quá ${formatFactor(k.maxFactor)}.`,
      });
  });
export type TActivityKind = z.infer<typeof ZActivityKind>;

export const ZWorkloadRules = z
  .object({
    name: text('Tên bộ quy định'),
    /** The day it takes effect (YYYY-MM-DD); the set in force on a date is the latest one not after it. */
    effectiveFrom: isoDate('Ngày hiệu lực'),
    teachingWeeks: wholeNumber('Số tuần thực dạy', 1, 52),
    reserveWeeks: wholeNumber('Số tuần dự phòng', 0, 52),
    /** Periods per week of each position. */
    norms: z.object({
      TEACHER: amount('Định mức của giáo viên', 100),
      PRINCIPAL: amount('Định mức của hiệu trưởng', 100),
      VICE_PRINCIPAL: amount('Định mức của phó hiệu trưởng', 100),
    }),
    duties: z.array(ZDutyRule).max(100),
    /** How many of a teacher's duties count at most (those with the largest reductions). */
    maxConcurrentDuties: wholeNumber('Số nhiệm vụ kiêm nhiệm được tính', 0, 20),
    activityKinds: z.array(ZActivityKind).max(100),
    overtimeCapPerYear: wholeNumber('Số tiết vượt giờ tối đa một năm', 0, 10_000),
  })
  .superRefine((r, ctx) => {
    const unique = (items: { code: string }[], key: 'duties' | 'activityKinds', what: string) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.code)) ctx.addIssue({ code: 'custom', path: [key, i, 'code'], message: `Mã ${what} "${item.code}" bị trùng.` });
        seen.add(item.code);
      });
    };
    unique(r.duties, 'duties', 'nhiệm vụ');
    unique(r.activityKinds, 'activityKinds', 'hoạt động');
  });
export type TWorkloadRules = z.infer<typeof ZWorkloadRules>;
export type TWorkloadRulesInput = z.input<typeof ZWorkloadRules>;

/** The defaults of Thông tư 05/2025/TT-BGDĐT (in force 22/04/2025; replaces TT 28/2009 and TT 15/2017). */
export const TT05_2025_RULES: TWorkloadRules = {
  name: 'Thông tư 05/2025/TT-BGDĐT',
  effectiveFrom: '2025-04-22',
  teachingWeeks: 35,
  reserveWeeks: 2,
  norms: { TEACHER: 17, PRINCIPAL: 2, VICE_PRINCIPAL: 4 },
  duties: [
    { code: 'HOMEROOM', name: 'Chủ nhiệm lớp', reduction: 4 },
    { code: 'HEAD', name: 'Tổ trưởng chuyên môn', reduction: 3 },
    { code: 'DEPUTY_HEAD', name: 'Tổ phó chuyên môn', reduction: 1 },
    { code: 'UNION_CHAIR', name: 'Chủ tịch công đoàn', reduction: 3 },
    { code: 'PROBATION', name: 'Giáo viên tập sự', reduction: 2 },
    { code: 'NURSING_MOTHER', name: 'Nuôi con dưới 12 tháng tuổi', reduction: 3 },
  ],
  maxConcurrentDuties: 2,
  activityKinds: [
    { code: 'GIFTED', name: 'Bồi dưỡng học sinh giỏi', factor: '2', maxFactor: '2' },
    { code: 'REMEDIAL', name: 'Phụ đạo', factor: '1.5', maxFactor: '1.5' },
    { code: 'RESEARCH', name: 'Hướng dẫn nghiên cứu khoa học, cuộc thi', factor: '2', maxFactor: '2' },
    { code: 'EXAM_REVIEW', name: 'Ôn thi', factor: '1', maxFactor: '1' },
    { code: 'INTER_SCHOOL', name: 'Dạy liên trường', factor: '1', maxFactor: '1' },
    { code: 'ONLINE', name: 'Dạy trực tuyến', factor: '1', maxFactor: '1' },
  ],
  overtimeCapPerYear: 200,
};

/** One line of a declaration: class periods, a substitution (counted for the substitute), a converted activity, or leave counted as taught. */
export const ZWorkloadLine = z
  .object({
    kind: z.enum(DECLARATION_LINE_KINDS, { error: 'Loại dòng kê khai không hợp lệ.' }),
    label: text('Nội dung', 300),
    periods: amount('Số tiết'),
    /** The activity kind's code (required for 'activity'): its factor converts the periods. */
    activityCode: code('Mã hoạt động').optional(),
  })
  .superRefine((l, ctx) => {
    if (l.kind === 'activity' && !l.activityCode)
      ctx.addIssue({ code: 'custom', path: ['activityCode'], message: 'Hãy chọn loại hoạt động quy đổi.' });
  });
export type TWorkloadLine = z.infer<typeof ZWorkloadLine>;

/** A duty of the teacher (a reduction of the norm), e.g. HOMEROOM "Chủ nhiệm lớp 10 Toán 1". */
export const ZWorkloadDuty = z.object({
  code: code('Mã nhiệm vụ'),
  label: text('Nội dung', 300),
  /** Weeks of the period it covers; absent: the whole period. */
  weeks: amount('Số tuần', 52).optional(),
});
export type TWorkloadDuty = z.infer<typeof ZWorkloadDuty>;
