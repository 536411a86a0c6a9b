import { z } from 'zod';
import { displayToIso, formatDate } from '@app/shared/format';
import { ZCoefficientInput, type TCoefficient } from '@app/shared/pay';
import { SALARY_SCALES, scaleCoefficient } from '@app/shared/pay-calc';
import { foldVietnamese } from '@app/shared/vietnamese';
import type { DbOrTx } from '@/db/client';
import { batchedAudit, type WriteCtx } from '@/lib/write';
import { badRequest } from '@/plugins/errors';
import { PAY_MANAGERS } from '../access';
import { coefficientRows } from '../core/values.repository';
import { COEFFICIENT_COLUMNS, headerOf } from './coefficients.columns';
import { teachersByCodes } from './coefficients.repository';
import { saveCoefficient } from './coefficients.service';

/*
 * The import of teachers' coefficients (kind 'teacher-coefficients'), through the school's import
 * mechanism (preview, dry run, valid rows only, errors file). A row names a teacher by staff code and a
 * version by its date: the teacher's version from that date is updated, else a new one is created,
 * through the very function behind POST and PUT /pay/coefficients. Typed structurally against the
 * mechanism's `ImportKind` where routes.ts registers it (the pay area imports nothing of the school's).
 */

const S = ZCoefficientInput.shape;

/** dd/mm/yyyy (or yyyy-mm-dd, a date cell) as YYYY-MM-DD. */
function dayOf(text: string): string | null {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
  if (iso) return displayToIso(`${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`);
  return displayToIso(text);
}

const requiredDay = (label: string) =>
  z.string().transform((s, ctx) => {
    const day = s ? dayOf(s) : null;
    if (!day) ctx.addIssue({ code: 'custom', message: s ? `${label} không hợp lệ (dùng dd/mm/yyyy).` : `${label} là bắt buộc.` });
    return day ?? '';
  });

const optionalDay = (label: string) =>
  z.string().transform((s, ctx) => {
    if (!s) return null;
    const day = dayOf(s);
    if (!day) ctx.addIssue({ code: 'custom', message: `${label} không hợp lệ (dùng dd/mm/yyyy).` });
    return day;
  });

/** Parses a cell's text with a field of the shared contract (whose input also takes numbers), keeping its messages. */
const by =
  <T>(schema: z.ZodType<T>) =>
  (text: string, ctx: z.core.$RefinementCtx<string>): T => {
    const r = schema.safeParse(text);
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  };

const ZRow = z.object({
  staffCode: z.string().trim().min(1, 'Mã giáo viên là bắt buộc.'),
  effectiveFrom: requiredDay('Ngày hiệu lực'),
  rank: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(S.rank),
  step: z
    .string()
    .min(1, 'Bậc là bắt buộc.')
    .regex(/^\d{1,2}$/, 'Bậc lương phải là số nguyên.')
    .transform(Number)
    .pipe(S.step),
  leadershipCoefficient: z
    .string()
    .transform((s) => s || '0')
    .transform(by(S.leadershipCoefficient)),
  preferentialPercent: z.string().min(1, 'PC ưu đãi (%) là bắt buộc.').transform(by(S.preferentialPercent)),
  seniorityPercent: S.seniorityPercent,
  serviceStartDate: optionalDay('Ngày bắt đầu công tác'),
  otherCoefficient: z
    .string()
    .transform((s) => s || '0')
    .transform(by(S.otherCoefficient)),
  note: S.note,
});
type Row = z.output<typeof ZRow>;
type Checked = { [K in keyof Row]?: Row[K] };

const keyOf = (teacherId: number, day: string) => `${teacherId}:${day}`;

/** The file's teachers by staff code, and their versions by (teacher, date). */
async function loadFile(db: DbOrTx, rows: Checked[]) {
  const teachers = await teachersByCodes(
    db,
    rows.flatMap((r) => (r.staffCode ? [r.staffCode] : [])),
  );
  const ids = [...new Set([...teachers.values()].map((t) => t.id))];
  const versions = ids.length ? await coefficientRows(db, ids) : [];
  const existing = new Map(versions.map((v) => [keyOf(v.teacherId, v.effectiveFrom), v.id]));
  const teacherOf = (code: string | undefined) => (code ? teachers.get(code.toLowerCase()) : undefined);
  return {
    teacherOf,
    existingId: (r: Checked) => {
      const t = teacherOf(r.staffCode);
      return t && r.effectiveFrom ? existing.get(keyOf(t.id, r.effectiveFrom)) : undefined;
    },
  };
}

function inputOf(teacherId: number, r: Row): TCoefficient {
  const { staffCode: _code, ...rest } = r;
  return { ...rest, teacherId };
}

export const teacherCoefficientsImport = {
  kind: 'teacher-coefficients' as const,
  title: 'Hệ số lương giáo viên',
  // The accountant's: admin keeps the school's records, not its pay.
  roles: PAY_MANAGERS,
  columns: COEFFICIENT_COLUMNS,
  row: ZRow,

  async check(db: DbOrTx, rows: Checked[]) {
    const file = await loadFile(db, rows);
    const seen = new Map<string, number>();
    for (const r of rows) {
      const k = r.staffCode && r.effectiveFrom ? `${foldVietnamese(r.staffCode)}:${r.effectiveFrom}` : null;
      if (k) seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    return rows.map((r) => {
      const issues: Array<{ column: string | null; message: string }> = [];
      if (r.staffCode && !file.teacherOf(r.staffCode))
        issues.push({ column: headerOf('staffCode'), message: `Không tìm thấy giáo viên có mã "${r.staffCode}".` });
      if (r.rank && r.step && !scaleCoefficient(r.rank, r.step))
        issues.push({ column: headerOf('step'), message: `Hạng ${r.rank} chỉ có bậc 1 đến bậc ${SALARY_SCALES[r.rank].length}.` });
      const k = r.staffCode && r.effectiveFrom ? `${foldVietnamese(r.staffCode)}:${r.effectiveFrom}` : null;
      if (k && (seen.get(k) ?? 0) > 1)
        issues.push({
          column: null,
          message: `Giáo viên "${r.staffCode}" có nhiều dòng hiệu lực từ ngày ${formatDate(r.effectiveFrom!)} trong tệp.`,
        });
      return { action: file.existingId(r) ? ('update' as const) : ('create' as const), issues };
    });
  },

  async apply(writeCtx: WriteCtx, rows: Row[]) {
    const file = await loadFile(writeCtx.tx, rows);
    const { ctx, flush } = batchedAudit(writeCtx);
    let created = 0;
    let updated = 0;
    for (const r of rows) {
      const teacher = file.teacherOf(r.staffCode);
      if (!teacher || !scaleCoefficient(r.rank, r.step))
        throw badRequest('Dữ liệu đã thay đổi trong lúc nhập; hãy kiểm tra lại tệp rồi nhập lại.');
      const id = file.existingId(r);
      await saveCoefficient(ctx, inputOf(teacher.id, r), id);
      if (id) updated++;
      else created++;
    }
    await flush();
    return { created, updated };
  },
};
