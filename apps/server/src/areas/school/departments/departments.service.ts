import type { z } from 'zod';
import type { TDepartment, ZDepartmentInput } from '@app/shared/school';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { orderBy } from '@/db/sql';
import { found, refuseIfUsed, write } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { badRequest, conflict } from '@/plugins/errors';
import {
  deleteDepartment,
  departmentCodeTaken,
  departmentSearch,
  departmentSortColumns,
  departmentTieBreak,
  departmentUsage,
  existingTeacherIds,
  findDepartment,
  insertDepartment,
  listDepartments,
  lockDepartment,
  setHeads,
  updateDepartment,
  type DepartmentSort,
} from './departments.repository';
import { type Actor } from '@/plugins/actor';

type DepartmentInput = z.infer<typeof ZDepartmentInput>;
export type DepartmentQuery = { sort?: DepartmentSort; order: 'asc' | 'desc'; search?: string };
interface WriteOpts {
  db: Db;
  actor: Actor;
}

function departmentList(q: DepartmentQuery) {
  return { where: departmentSearch(q.search), order: orderBy(departmentSortColumns, q, departmentTieBreak) };
}

export async function departmentPage(db: Db, q: DepartmentQuery & { page: number; limit: number }) {
  const r = await listDepartments(db, { ...departmentList(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function departmentExportRows(db: Db, q: DepartmentQuery): Promise<TDepartment[]> {
  return (await listDepartments(db, { ...departmentList(q), limit: MAX_SHEET_ROWS, offset: 0 })).items;
}

export async function getDepartment(db: DbOrTx, id: number): Promise<TDepartment> {
  return found(await findDepartment(db, id), 'tổ chuyên môn');
}

/**
 * The code is free and every head is a teacher. A head need not be a member of the department
 * (a deputy may be lent from another one); roles such as HEAD_DEPARTMENT are managed on users.
 */
async function checkDepartment(tx: DbOrTx, input: DepartmentInput, exceptId?: number): Promise<number[]> {
  if (await departmentCodeTaken(tx, input.code, exceptId)) throw conflict(`Mã tổ "${input.code}" đã tồn tại.`);
  const headIds = [...new Set(input.headTeacherIds)].sort((a, b) => a - b);
  const known = new Set(await existingTeacherIds(tx, headIds));
  if (headIds.some((id) => !known.has(id))) throw badRequest('Giáo viên được chọn làm tổ trưởng/tổ phó không tồn tại.');
  return headIds;
}

export async function createDepartment(opts: WriteOpts & { input: DepartmentInput }): Promise<TDepartment> {
  const id = await write(opts.db, opts.actor, async (ctx) => {
    const headTeacherIds = await checkDepartment(ctx.tx, opts.input);
    const row = await insertDepartment(ctx.tx, { code: opts.input.code, name: opts.input.name });
    await setHeads(ctx.tx, row.id, headTeacherIds);
    await ctx.log({ action: 'create', entity: 'department', entityId: row.id, after: { ...row, headTeacherIds } });
    return row.id;
  });
  return getDepartment(opts.db, id);
}

export async function editDepartment(opts: WriteOpts & { id: number; input: DepartmentInput }): Promise<TDepartment> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockDepartment(ctx.tx, opts.id), 'tổ chuyên môn');
    const headTeacherIds = await checkDepartment(ctx.tx, opts.input, opts.id);
    const row = await updateDepartment(ctx.tx, opts.id, { code: opts.input.code, name: opts.input.name });
    await setHeads(ctx.tx, opts.id, headTeacherIds);
    await ctx.log({ action: 'update', entity: 'department', entityId: opts.id, before, after: { ...row, headTeacherIds } });
  });
  return getDepartment(opts.db, opts.id);
}

export async function removeDepartment(opts: WriteOpts & { id: number }): Promise<TDepartment> {
  return write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockDepartment(ctx.tx, opts.id), 'tổ chuyên môn');
    const shown = await getDepartment(ctx.tx, opts.id);
    await refuseIfUsed(ctx.tx, 'tổ chuyên môn này', departmentUsage(opts.id));
    await deleteDepartment(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'department', entityId: opts.id, before });
    return shown;
  });
}
