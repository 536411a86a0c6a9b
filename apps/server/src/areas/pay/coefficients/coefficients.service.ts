import { formatDate, isoDateInSchool } from '@app/shared/format';
import type { TCoefficient, TCoefficientListQuery, TCoefficientVersion, TTeacherCoefficientRow } from '@app/shared/pay';
import { monthlySalary, scaleCoefficient, seniorityPercentOn, type Ratio } from '@app/shared/pay-calc';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { found, write, type WriteCtx } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { badRequest, conflict } from '@/plugins/errors';
import { coefficientRows, settingsRows, type CoefficientRow, type SettingsRow } from '../core/values.repository';
import { byTeacher, coefficientValues, inForceOn, isoOf, settingsValues } from '../core/values';
import {
  coefficientFromDay,
  deleteCoefficient,
  insertCoefficient,
  listCoefficientTeachers,
  lockCoefficient,
  teacherRef,
  updateCoefficient,
  type TeacherRef,
} from './coefficients.repository';

/*
 * Each teacher's salary rank, step and allowances (issue 16 "Coefficients"), versioned by the date they
 * take effect. The coefficient is never typed: the server takes it from the published scale of the rank
 * and step (SALARY_SCALES), so a stored coefficient always matches its step. Every write is audited as
 * `teacher_coefficient` with the version before and after; the import writes through the same functions.
 */

const ENTITY = 'teacher_coefficient';
const NOUN = 'hệ số lương của giáo viên';

export const versionOf = (r: CoefficientRow): TCoefficientVersion => ({
  id: r.id,
  teacherId: r.teacherId,
  ...coefficientValues(r),
  note: r.note,
  updatedAt: isoOf(r.updatedAt)!,
});

/** What the audit log keeps: the version as stored, without its timestamp. */
const snapshot = (r: CoefficientRow) => {
  const { updatedAt: _u, ...rest } = versionOf(r);
  return rest;
};

/** Whole đồng, half up (money is never negative here). */
const roundMoney = (r: Ratio) => Number((2n * r.n + r.d) / (2n * r.d));

/** A teacher's monthly salary on a day under the settings in force then; null without either. */
export function salaryOn(settings: SettingsRow | null, c: CoefficientRow | null, day: string): number | null {
  if (!settings || !c) return null;
  return roundMoney(monthlySalary(settingsValues(settings), coefficientValues(c), day).total);
}

/** A page of every teacher with the version in force today, the seniority and the monthly salary it gives. */
export async function listCoefficients(
  db: DbOrTx,
  q: TCoefficientListQuery,
  today = isoDateInSchool(),
): Promise<{ items: TTeacherCoefficientRow[]; total: number; page: number; limit: number }> {
  const { items, total } = await listCoefficientTeachers(db, { ...q, today, limit: q.limit, offset: offsetOf(q) });
  const versions = items.length
    ? await coefficientRows(
        db,
        items.map((t) => t.id),
      )
    : [];
  const settings = await settingsRows(db);
  const byT = byTeacher(versions);
  const inForce = inForceOn(settings, today);
  return page(
    items.map((t) => rowOf({ teacher: t, versions: byT.get(t.id) ?? [], settings: inForce, today })),
    total,
    q,
  );
}

/** One teacher's line of the list. */
export function rowOf(opts: { teacher: TeacherRef; versions: CoefficientRow[]; settings: SettingsRow | null; today: string }) {
  const { teacher: t, versions, today } = opts;
  const cur = inForceOn(versions, today);
  return {
    teacherId: t.id,
    staffCode: t.staffCode,
    fullName: t.fullName,
    departmentId: t.departmentId,
    departmentName: t.departmentName,
    position: t.position,
    current: cur ? versionOf(cur) : null,
    seniorityNow: cur ? seniorityPercentOn(cur, today) : null,
    versions: versions.length,
    monthlySalary: salaryOn(opts.settings, cur, today),
  };
}

/** A teacher's versions, latest first (404 for an unknown teacher). */
export async function teacherCoefficients(db: DbOrTx, teacherId: number): Promise<TCoefficientVersion[]> {
  found(await teacherRef(db, teacherId), 'giáo viên');
  return (await coefficientRows(db, [teacherId])).map(versionOf);
}

/** The stored values of an input: its coefficient from the scale (the contract has checked the step). */
function valuesOf(input: TCoefficient) {
  const coefficient = scaleCoefficient(input.rank, input.step);
  if (!coefficient) throw badRequest(`Hạng ${input.rank} không có bậc ${input.step}.`);
  return { ...input, coefficient };
}

async function refuseSameDay(tx: DbOrTx, input: TCoefficient & { fullName: string }, exceptId?: number) {
  if (await coefficientFromDay(tx, { teacherId: input.teacherId, effectiveFrom: input.effectiveFrom, exceptId }))
    throw conflict(
      `Giáo viên ${input.fullName} đã có hệ số lương hiệu lực từ ngày ${formatDate(input.effectiveFrom)}. Hãy sửa phiên bản đó hoặc chọn ngày khác.`,
    );
}

/** Creates (no `id`) or edits a version inside a write; the importer calls it for each row. */
export async function saveCoefficient(ctx: WriteCtx, input: TCoefficient, id?: number): Promise<CoefficientRow> {
  const teacher = found(await teacherRef(ctx.tx, input.teacherId), 'giáo viên');
  const values = valuesOf(input);
  if (id === undefined) {
    await refuseSameDay(ctx.tx, { ...input, fullName: teacher.fullName });
    const row = await insertCoefficient(ctx.tx, values);
    await ctx.log({ action: 'create', entity: ENTITY, entityId: row.id, after: snapshot(row) });
    return row;
  }
  const before = found(await lockCoefficient(ctx.tx, id), NOUN);
  await refuseSameDay(ctx.tx, { ...input, fullName: teacher.fullName }, id);
  const after = await updateCoefficient(ctx.tx, id, values);
  await ctx.log({ action: 'update', entity: ENTITY, entityId: id, before: snapshot(before), after: snapshot(after) });
  return after;
}

export async function createCoefficient(opts: { db: Db; actor: Actor; input: TCoefficient }): Promise<TCoefficientVersion> {
  return versionOf(await write(opts.db, opts.actor, (ctx) => saveCoefficient(ctx, opts.input)));
}

export async function editCoefficient(opts: { db: Db; actor: Actor; id: number; input: TCoefficient }): Promise<TCoefficientVersion> {
  return versionOf(await write(opts.db, opts.actor, (ctx) => saveCoefficient(ctx, opts.input, opts.id)));
}

export async function removeCoefficient(opts: { db: Db; actor: Actor; id: number }): Promise<void> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockCoefficient(ctx.tx, opts.id), NOUN);
    await deleteCoefficient(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: ENTITY, entityId: opts.id, before: snapshot(before) });
  });
}
