import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TCampus, TClassroom, ZCampusInput, ZClassroomInput } from '@app/shared/school';
import type { Db, DbOrTx } from '../../db/client';
import { offsetOf, orderBy, page } from '../../lib/list';
import { found, refuseIfUsed, write } from '../../lib/write';
import { MAX_SHEET_ROWS } from '../../lib/xlsx';
import { badRequest, conflict } from '../../plugins/errors';
import {
  campusCodeTaken, campusSearch, campusSortColumns, campusTieBreak, campusUsage, deleteCampus, findCampus, insertCampus, listCampuses,
  lockCampus, updateCampus, type CampusSort,
} from './campuses.repository';
import {
  classroomCodeTaken, classroomSortColumns, classroomTieBreak, classroomUsage, classroomWhere, deleteClassroom, findClassroom,
  insertClassroom, listClassrooms, lockClassroom, updateClassroom, type ClassroomSort,
} from './classrooms.repository';

type CampusInput = z.infer<typeof ZCampusInput>;
type ClassroomInput = z.infer<typeof ZClassroomInput>;
interface Sorted<K> { sort?: K; order: 'asc' | 'desc'; search?: string }
interface Paged { page: number; limit: number }
export type CampusQuery = Sorted<CampusSort>;
export type ClassroomQuery = Sorted<ClassroomSort> & { campusId?: number; kind?: string };

// ---- Campuses ----

export async function campusPage(db: Db, q: CampusQuery & Paged) {
  const r = await listCampuses(db, { where: campusSearch(q.search), order: orderBy(campusSortColumns, q, campusTieBreak), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

/** The export takes the list's filters and sort without paging. */
export async function campusExportRows(db: Db, q: CampusQuery): Promise<TCampus[]> {
  const r = await listCampuses(db, { where: campusSearch(q.search), order: orderBy(campusSortColumns, q, campusTieBreak), limit: MAX_SHEET_ROWS, offset: 0 });
  return r.items;
}

export async function getCampus(db: Db, id: number): Promise<TCampus> {
  return found(await findCampus(db, id), 'cơ sở');
}

async function assertCampusCodeFree(tx: DbOrTx, code: string, exceptId?: number) {
  if (await campusCodeTaken(tx, code, exceptId)) throw conflict(`Mã cơ sở "${code}" đã tồn tại.`);
}

export async function createCampus(opts: { db: Db; req: FastifyRequest; input: CampusInput }): Promise<TCampus> {
  const id = await write(opts.db, opts.req, async (ctx) => {
    await assertCampusCodeFree(ctx.tx, opts.input.code);
    const row = await insertCampus(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: 'campus', entityId: row.id, after: row });
    return row.id;
  });
  return getCampus(opts.db, id);
}

export async function editCampus(opts: { db: Db; req: FastifyRequest; id: number; input: CampusInput }): Promise<TCampus> {
  await write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockCampus(ctx.tx, opts.id), 'cơ sở');
    await assertCampusCodeFree(ctx.tx, opts.input.code, opts.id);
    const after = await updateCampus(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: 'campus', entityId: opts.id, before, after });
  });
  return getCampus(opts.db, opts.id);
}

export async function removeCampus(opts: { db: Db; req: FastifyRequest; id: number }): Promise<TCampus> {
  return write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockCampus(ctx.tx, opts.id), 'cơ sở');
    const shown = found(await findCampus(ctx.tx, opts.id), 'cơ sở');
    await refuseIfUsed(ctx.tx, 'cơ sở này', campusUsage(opts.id));
    await deleteCampus(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'campus', entityId: opts.id, before });
    return shown;
  });
}

// ---- Classrooms ----

function classroomList(q: ClassroomQuery) {
  return { where: classroomWhere(q), order: orderBy(classroomSortColumns, q, classroomTieBreak) };
}

export async function classroomPage(db: Db, q: ClassroomQuery & Paged) {
  const r = await listClassrooms(db, { ...classroomList(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function classroomExportRows(db: Db, q: ClassroomQuery): Promise<TClassroom[]> {
  return (await listClassrooms(db, { ...classroomList(q), limit: MAX_SHEET_ROWS, offset: 0 })).items;
}

export async function getClassroom(db: Db, id: number): Promise<TClassroom> {
  return found(await findClassroom(db, id), 'phòng học');
}

/** The campus must exist (a clear 400 instead of a foreign-key error) and the code be free in it. */
async function checkClassroom(tx: DbOrTx, input: ClassroomInput, exceptId?: number) {
  if (!(await findCampus(tx, input.campusId))) throw badRequest('Cơ sở đã chọn không tồn tại.');
  if (await classroomCodeTaken(tx, input.campusId, input.code, exceptId)) {
    throw conflict(`Mã phòng "${input.code}" đã tồn tại trong cơ sở này.`);
  }
}

export async function createClassroom(opts: { db: Db; req: FastifyRequest; input: ClassroomInput }): Promise<TClassroom> {
  const id = await write(opts.db, opts.req, async (ctx) => {
    await checkClassroom(ctx.tx, opts.input);
    const row = await insertClassroom(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: 'classroom', entityId: row.id, after: row });
    return row.id;
  });
  return getClassroom(opts.db, id);
}

export async function editClassroom(opts: { db: Db; req: FastifyRequest; id: number; input: ClassroomInput }): Promise<TClassroom> {
  await write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockClassroom(ctx.tx, opts.id), 'phòng học');
    await checkClassroom(ctx.tx, opts.input, opts.id);
    const after = await updateClassroom(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: 'classroom', entityId: opts.id, before, after });
  });
  return getClassroom(opts.db, opts.id);
}

export async function removeClassroom(opts: { db: Db; req: FastifyRequest; id: number }): Promise<TClassroom> {
  return write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockClassroom(ctx.tx, opts.id), 'phòng học');
    const shown = found(await findClassroom(ctx.tx, opts.id), 'phòng học');
    await refuseIfUsed(ctx.tx, 'phòng học này', classroomUsage(opts.id));
    await deleteClassroom(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'classroom', entityId: opts.id, before });
    return shown;
  });
}
