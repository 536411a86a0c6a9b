import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TSubject, ZSubjectInput } from '@app/shared/school';
import type { Db, DbOrTx } from '../../db/client';
import { offsetOf, orderBy, page } from '../../lib/list';
import { found, refuseIfUsed, write } from '../../lib/write';
import { MAX_SHEET_ROWS } from '../../lib/xlsx';
import { badRequest, conflict } from '../../plugins/errors';
import {
  deleteSubject, departmentExists, findSubject, insertSubject, listSubjects, lockSubject, subjectCodeTaken, subjectSortColumns,
  subjectTieBreak, subjectUsage, subjectWhere, updateSubject, type SubjectSort,
} from './subjects.repository';

type SubjectInput = z.infer<typeof ZSubjectInput>;
export type SubjectQuery = { sort?: SubjectSort; order: 'asc' | 'desc'; search?: string; departmentId?: number; kind?: string };
interface WriteOpts { db: Db; req: FastifyRequest }

function subjectList(q: SubjectQuery) {
  return { where: subjectWhere(q), order: orderBy(subjectSortColumns, q, subjectTieBreak) };
}

export async function subjectPage(db: Db, q: SubjectQuery & { page: number; limit: number }) {
  const r = await listSubjects(db, { ...subjectList(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function subjectExportRows(db: Db, q: SubjectQuery): Promise<TSubject[]> {
  return (await listSubjects(db, { ...subjectList(q), limit: MAX_SHEET_ROWS, offset: 0 })).items;
}

export async function getSubject(db: DbOrTx, id: number): Promise<TSubject> {
  return found(await findSubject(db, id), 'môn học');
}

/** The code is free and the department, when one is given, exists (a clear 400, not a foreign-key error). */
async function checkSubject(tx: DbOrTx, input: SubjectInput, exceptId?: number) {
  if (input.departmentId !== null && !(await departmentExists(tx, input.departmentId))) throw badRequest('Tổ chuyên môn đã chọn không tồn tại.');
  if (await subjectCodeTaken(tx, input.code, exceptId)) throw conflict(`Mã môn "${input.code}" đã tồn tại.`);
}

export async function createSubject(opts: WriteOpts & { input: SubjectInput }): Promise<TSubject> {
  const id = await write(opts.db, opts.req, async (ctx) => {
    await checkSubject(ctx.tx, opts.input);
    const row = await insertSubject(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: 'subject', entityId: row.id, after: row });
    return row.id;
  });
  return getSubject(opts.db, id);
}

export async function editSubject(opts: WriteOpts & { id: number; input: SubjectInput }): Promise<TSubject> {
  await write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockSubject(ctx.tx, opts.id), 'môn học');
    await checkSubject(ctx.tx, opts.input, opts.id);
    const after = await updateSubject(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: 'subject', entityId: opts.id, before, after });
  });
  return getSubject(opts.db, opts.id);
}

export async function removeSubject(opts: WriteOpts & { id: number }): Promise<TSubject> {
  return write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockSubject(ctx.tx, opts.id), 'môn học');
    const shown = await getSubject(ctx.tx, opts.id);
    await refuseIfUsed(ctx.tx, 'môn học này', subjectUsage(opts.id));
    await deleteSubject(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'subject', entityId: opts.id, before });
    return shown;
  });
}
