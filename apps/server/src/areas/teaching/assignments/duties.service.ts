import type { z } from 'zod';
import { formatDate } from '@app/shared/format';
import { DERIVED_DUTY_CODES, type TTeacherDuty, type ZTeacherDutyInput } from '@app/shared/teaching';
import type { TDutyRule } from '@app/shared/workload';
import type { Db, DbOrTx } from '@/db/client';
import { found, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { badRequest, conflict } from '@/plugins/errors';
import { allRuleSets, rulesOn } from '../core/rule-sets';
import { assertDepartment, departmentScope } from './assignments.service';
import {
  deleteDuty,
  departmentTeachers,
  dutyRows,
  insertDuty,
  lockDuty,
  lockTeacher,
  sameDuty,
  teacherById,
  updateDuty,
  yearRow,
  type DutyRecord,
} from './assignments.repository';

/*
 * The duties of a teacher in a school year kept by hand (tổ phó, chủ tịch công đoàn, tập sự, nuôi con
 * nhỏ, or one the school adds to the rules): listed, added, changed and removed by whoever assigns the
 * teacher's department. Homeroom and head of department are not kept here: they come from the homeroom
 * classes and the department heads. Audited as the entity `teacher_duty`.
 */

type DutyInput = z.output<typeof ZTeacherDutyInput>;
const ENTITY = 'teacher_duty';
const NOUN = 'nhiệm vụ của giáo viên';
const NOT_YOURS = 'Bạn chỉ được ghi nhận nhiệm vụ cho giáo viên thuộc tổ chuyên môn mình phụ trách.';

/** The duties of any rule set that applies during the year: the one in force at its start and any taking effect within it. */
async function dutyRulesOfYear(db: DbOrTx, year: { startDate: string; endDate: string }): Promise<TDutyRule[]> {
  const [atStart, all] = await Promise.all([rulesOn(db, year.startDate), allRuleSets(db)]);
  const sets = [
    atStart.rules,
    ...all.map((s) => s.rules).filter((r) => r.effectiveFrom > year.startDate && r.effectiveFrom <= year.endDate),
  ];
  const out = new Map<string, TDutyRule>();
  for (const r of sets) for (const d of r.duties) if (!out.has(d.code)) out.set(d.code, d);
  return [...out.values()];
}

/** Checks a duty's input (teacher in scope, year, code of the rules, dates in the year, not twice); answers the teacher's name. */
async function check(tx: DbOrTx, actor: Actor, input: DutyInput, exceptId?: number) {
  const teacher = found(await lockTeacher(tx, input.teacherId), 'giáo viên');
  assertDepartment(await departmentScope(tx, actor), teacher.departmentId, NOT_YOURS);
  const year = found(await yearRow(tx, input.academicYearId), 'năm học');
  if ((DERIVED_DUTY_CODES as readonly string[]).includes(input.code))
    throw badRequest(
      'Nhiệm vụ chủ nhiệm lớp và tổ trưởng chuyên môn được lấy từ danh sách lớp chủ nhiệm và tổ chuyên môn, không ghi nhận ở đây.',
    );
  const rule = (await dutyRulesOfYear(tx, year)).find((d) => d.code === input.code);
  if (!rule) throw badRequest(`Nhiệm vụ mã "${input.code}" không có trong quy định định mức áp dụng cho năm học ${year.name}.`);
  for (const d of [input.startsOn, input.endsOn])
    if (d && (d < year.startDate || d > year.endDate))
      throw badRequest(
        `Ngày bắt đầu và ngày kết thúc phải nằm trong năm học ${year.name} (${formatDate(year.startDate)} – ${formatDate(year.endDate)}).`,
      );
  if (await sameDuty(tx, { ...input, exceptId }))
    throw conflict(`Giáo viên ${teacher.fullName} đã có nhiệm vụ "${rule.name}" trong năm học ${year.name}.`);
}

const shown = (r: DutyRecord): TTeacherDuty => ({ ...r });

/** GET /teaching/duties: the stored duties of a teacher (or of every teacher the actor may see) in a year. */
export async function listDuties(db: Db, actor: Actor, q: { teacherId?: number; academicYearId?: number }): Promise<TTeacherDuty[]> {
  const scope = await departmentScope(db, actor);
  if (q.teacherId !== undefined) {
    const teacher = found(await teacherById(db, q.teacherId), 'giáo viên');
    assertDepartment(scope, teacher.departmentId, NOT_YOURS);
    return (await dutyRows(db, q)).map(shown);
  }
  if (scope === null) return (await dutyRows(db, q)).map(shown);
  const teachers = (await Promise.all(scope.map((d) => departmentTeachers(db, d)))).flat();
  return (await dutyRows(db, { ...q, teacherIds: teachers.map((t) => t.id) })).map(shown);
}

export async function createDuty(opts: { db: Db; actor: Actor; input: DutyInput }): Promise<TTeacherDuty> {
  return write(opts.db, opts.actor, async (ctx) => {
    await check(ctx.tx, opts.actor, opts.input);
    const row = await insertDuty(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: ENTITY, entityId: row.id, after: row });
    return shown(row);
  });
}

export async function editDuty(opts: { db: Db; actor: Actor; id: number; input: DutyInput }): Promise<TTeacherDuty> {
  return write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockDuty(ctx.tx, opts.id), NOUN);
    const owner = found(await lockTeacher(ctx.tx, before.teacherId), 'giáo viên');
    assertDepartment(await departmentScope(ctx.tx, opts.actor), owner.departmentId, NOT_YOURS);
    await check(ctx.tx, opts.actor, opts.input, opts.id);
    const after = await updateDuty(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: ENTITY, entityId: opts.id, before, after });
    return shown(after);
  });
}

export async function removeDuty(opts: { db: Db; actor: Actor; id: number }): Promise<void> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockDuty(ctx.tx, opts.id), NOUN);
    const owner = found(await lockTeacher(ctx.tx, before.teacherId), 'giáo viên');
    assertDepartment(await departmentScope(ctx.tx, opts.actor), owner.departmentId, NOT_YOURS);
    await deleteDuty(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: ENTITY, entityId: opts.id, before });
  });
}
