import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { formatDate } from '@app/shared/format';
import type { TAcademicYear, TModule, TSemester, ZAcademicYearInput, ZModuleInput, ZSemesterInput } from '@app/shared/school';
import type { Db, DbOrTx } from '../../db/client';
import { offsetOf, orderBy, page } from '../../lib/list';
import { found, refuseIfUsed, write, type WriteCtx } from '../../lib/write';
import { MAX_SHEET_ROWS } from '../../lib/xlsx';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import {
  clearCurrentYear, deleteYear, findYear, insertYear, listYears, lockYear, semestersOutside, updateYear, yearDefaultOrder, yearNameTaken,
  yearSearch, yearSortColumns, yearTieBreak, yearUsage, type YearSort,
} from './academic-years.repository';
import {
  clearCurrentSemester, deleteSemester, findCurrentSemester, findSemester, insertSemester, listSemesters, lockSemester, modulesOutside,
  semesterDefaultOrder, semesterNameTaken, semesterSortColumns, semesterTieBreak, semesterUsage, semesterWhere, updateSemester,
  type SemesterSort,
} from './semesters.repository';
import {
  clearCurrentModule, currentModuleOf, deleteModule, findModule, insertModule, listModules, lockModule, moduleCodeTaken, moduleDefaultOrder,
  modulesOfSemester, moduleSortColumns, moduleTieBreak, moduleUsage, moduleWhere, updateModule, type ModuleSort,
} from './modules.repository';

type YearInput = z.infer<typeof ZAcademicYearInput>;
type SemesterInput = z.infer<typeof ZSemesterInput>;
type ModuleInput = z.infer<typeof ZModuleInput>;
interface Sorted<K> { sort?: K; order: 'asc' | 'desc'; search?: string }
interface Paged { page: number; limit: number }
export type YearQuery = Sorted<YearSort>;
export type SemesterQuery = Sorted<SemesterSort> & { academicYearId?: number };
export type ModuleQuery = Sorted<ModuleSort> & { semesterId?: number; academicYearId?: number };
type Span = { startDate: string; endDate: string };
interface WriteOpts { db: Db; req: FastifyRequest }

const span = (s: Span) => `${formatDate(s.startDate)} – ${formatDate(s.endDate)}`;
const inside = (inner: Span, outer: Span) => inner.startDate >= outer.startDate && inner.endDate <= outer.endDate;
const listed = (rows: Array<Span & { name: string }>) => rows.map((r) => `${r.name} (${span(r)})`).join(', ');

/** The row that stopped being current is logged too, so the audit trail shows both halves of the switch. */
async function logUnmade(ctx: WriteCtx, entity: string, rows: Array<{ id: number }>) {
  for (const r of rows) await ctx.log({ action: 'update', entity, entityId: r.id, before: { ...r, isCurrent: true }, after: r });
}

// ---- Academic years ----

function yearOrder(q: YearQuery) {
  return q.sort ? orderBy(yearSortColumns, q, yearTieBreak) : yearDefaultOrder;
}

export async function yearPage(db: Db, q: YearQuery & Paged) {
  const r = await listYears(db, { where: yearSearch(q.search), order: yearOrder(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function yearExportRows(db: Db, q: YearQuery): Promise<TAcademicYear[]> {
  return (await listYears(db, { where: yearSearch(q.search), order: yearOrder(q), limit: MAX_SHEET_ROWS, offset: 0 })).items;
}

export async function getYear(db: DbOrTx, id: number): Promise<TAcademicYear> {
  return found(await findYear(db, id), 'năm học');
}

async function assertYearNameFree(tx: DbOrTx, name: string, exceptId?: number) {
  if (await yearNameTaken(tx, name, exceptId)) throw conflict(`Năm học "${name}" đã tồn tại.`);
}

export async function createYear(opts: WriteOpts & { input: YearInput }): Promise<TAcademicYear> {
  const id = await write(opts.db, opts.req, async (ctx) => {
    await assertYearNameFree(ctx.tx, opts.input.name);
    if (opts.input.isCurrent) await logUnmade(ctx, 'academic_year', await clearCurrentYear(ctx.tx));
    const row = await insertYear(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: 'academic_year', entityId: row.id, after: row });
    return row.id;
  });
  return getYear(opts.db, id);
}

export async function editYear(opts: WriteOpts & { id: number; input: YearInput }): Promise<TAcademicYear> {
  await write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockYear(ctx.tx, opts.id), 'năm học');
    await assertYearNameFree(ctx.tx, opts.input.name, opts.id);
    const outside = await semestersOutside(ctx.tx, opts.id, opts.input.startDate, opts.input.endDate);
    if (outside.length) {
      throw badRequest(`Không thể đổi thời gian năm học: học kỳ ${listed(outside)} nằm ngoài khoảng ${span(opts.input)}.`);
    }
    if (opts.input.isCurrent) await logUnmade(ctx, 'academic_year', await clearCurrentYear(ctx.tx, opts.id));
    const after = await updateYear(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: 'academic_year', entityId: opts.id, before, after });
  });
  return getYear(opts.db, opts.id);
}

export async function removeYear(opts: WriteOpts & { id: number }): Promise<TAcademicYear> {
  return write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockYear(ctx.tx, opts.id), 'năm học');
    const shown = await getYear(ctx.tx, opts.id);
    await refuseIfUsed(ctx.tx, 'năm học này', yearUsage(opts.id));
    await deleteYear(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'academic_year', entityId: opts.id, before });
    return shown;
  });
}

// ---- Semesters ----

function semesterList(q: SemesterQuery) {
  return { where: semesterWhere(q), order: q.sort ? orderBy(semesterSortColumns, q, semesterTieBreak) : semesterDefaultOrder };
}

export async function semesterPage(db: Db, q: SemesterQuery & Paged) {
  const r = await listSemesters(db, { ...semesterList(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function semesterExportRows(db: Db, q: SemesterQuery): Promise<TSemester[]> {
  return (await listSemesters(db, { ...semesterList(q), limit: MAX_SHEET_ROWS, offset: 0 })).items;
}

export async function getSemester(db: DbOrTx, id: number): Promise<TSemester> {
  return found(await findSemester(db, id), 'học kỳ');
}

export async function getCurrentSemester(db: Db): Promise<TSemester> {
  const s = await findCurrentSemester(db);
  if (!s) throw notFound('Chưa có học kỳ hiện tại. Quản trị viên cần đặt một học kỳ làm học kỳ hiện tại.');
  return s;
}

/**
 * A semester lies inside its year and keeps a name unique in it. The year row is locked so its
 * dates cannot change underneath.
 */
async function checkSemesterPlace(tx: DbOrTx, s: Span & { name: string; academicYearId: number }, exceptId?: number) {
  const year = await lockYear(tx, s.academicYearId);
  if (!year) throw badRequest('Năm học đã chọn không tồn tại.');
  if (!inside(s, year)) throw badRequest(`Thời gian học kỳ phải nằm trong năm học ${year.name} (${span(year)}).`);
  if (await semesterNameTaken(tx, s.academicYearId, s.name, exceptId)) {
    throw conflict(`Học kỳ "${s.name}" đã tồn tại trong năm học ${year.name}.`);
  }
}

export async function createSemester(opts: WriteOpts & { input: SemesterInput }): Promise<TSemester> {
  const id = await write(opts.db, opts.req, async (ctx) => {
    await checkSemesterPlace(ctx.tx, opts.input);
    if (opts.input.isCurrent) await logUnmade(ctx, 'semester', await clearCurrentSemester(ctx.tx));
    const row = await insertSemester(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: 'semester', entityId: row.id, after: row });
    return row.id;
  });
  return getSemester(opts.db, id);
}

export async function editSemester(opts: WriteOpts & { id: number; input: SemesterInput }): Promise<TSemester> {
  await write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockSemester(ctx.tx, opts.id), 'học kỳ');
    await checkSemesterPlace(ctx.tx, opts.input, opts.id);
    const outside = await modulesOutside(ctx.tx, opts.id, opts.input.startDate, opts.input.endDate);
    if (outside.length) {
      throw badRequest(`Không thể đổi thời gian học kỳ: học phần ${listed(outside)} nằm ngoài khoảng ${span(opts.input)}.`);
    }
    if (opts.input.isCurrent) await logUnmade(ctx, 'semester', await clearCurrentSemester(ctx.tx, opts.id));
    const after = await updateSemester(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: 'semester', entityId: opts.id, before, after });
  });
  return getSemester(opts.db, opts.id);
}

/** PATCH …/semesters/{id}/academic-year: the semester keeps its dates, which must fit the new year. */
export async function moveSemester(opts: WriteOpts & { id: number; academicYearId: number }): Promise<TSemester> {
  await write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockSemester(ctx.tx, opts.id), 'học kỳ');
    await checkSemesterPlace(ctx.tx, { ...before, academicYearId: opts.academicYearId }, opts.id);
    const after = await updateSemester(ctx.tx, opts.id, { academicYearId: opts.academicYearId });
    await ctx.log({ action: 'update', entity: 'semester', entityId: opts.id, before, after });
  });
  return getSemester(opts.db, opts.id);
}

export async function removeSemester(opts: WriteOpts & { id: number }): Promise<TSemester> {
  return write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockSemester(ctx.tx, opts.id), 'học kỳ');
    const shown = await getSemester(ctx.tx, opts.id);
    await refuseIfUsed(ctx.tx, 'học kỳ này', semesterUsage(opts.id));
    await deleteSemester(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'semester', entityId: opts.id, before });
    return shown;
  });
}

// ---- Modules ----

function moduleList(q: ModuleQuery) {
  return { where: moduleWhere(q), order: q.sort ? orderBy(moduleSortColumns, q, moduleTieBreak) : moduleDefaultOrder };
}

export async function modulePage(db: Db, q: ModuleQuery & Paged) {
  const r = await listModules(db, { ...moduleList(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function moduleExportRows(db: Db, q: ModuleQuery): Promise<TModule[]> {
  return (await listModules(db, { ...moduleList(q), limit: MAX_SHEET_ROWS, offset: 0 })).items;
}

export async function getModule(db: DbOrTx, id: number): Promise<TModule> {
  return found(await findModule(db, id), 'học phần');
}

/** Every module of the current semester, in teaching order; none when no semester is current. */
export async function currentSemesterModules(db: Db): Promise<TModule[]> {
  const s = await findCurrentSemester(db);
  return s ? modulesOfSemester(db, s.id) : [];
}

export async function currentModuleOfSemester(db: Db, semesterId: number): Promise<TModule> {
  await getSemester(db, semesterId);
  const m = await currentModuleOf(db, semesterId);
  if (!m) throw notFound('Học kỳ này chưa có học phần hiện tại.');
  return m;
}

/** A module lies inside its semester (locked so its dates cannot change underneath). */
async function checkModulePlace(tx: DbOrTx, m: Span & { semesterId: number }) {
  const semester = await lockSemester(tx, m.semesterId);
  if (!semester) throw badRequest('Học kỳ đã chọn không tồn tại.');
  if (!inside(m, semester)) throw badRequest(`Thời gian học phần phải nằm trong học kỳ ${semester.name} (${span(semester)}).`);
}

async function assertModuleCodeFree(tx: DbOrTx, code: string, exceptId?: number) {
  if (await moduleCodeTaken(tx, code, exceptId)) throw conflict(`Mã học phần "${code}" đã tồn tại.`);
}

export async function createModule(opts: WriteOpts & { input: ModuleInput }): Promise<TModule> {
  const id = await write(opts.db, opts.req, async (ctx) => {
    await checkModulePlace(ctx.tx, opts.input);
    await assertModuleCodeFree(ctx.tx, opts.input.code);
    if (opts.input.isCurrent) await logUnmade(ctx, 'module', await clearCurrentModule(ctx.tx));
    const row = await insertModule(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: 'module', entityId: row.id, after: row });
    return row.id;
  });
  return getModule(opts.db, id);
}

export async function editModule(opts: WriteOpts & { id: number; input: ModuleInput }): Promise<TModule> {
  await write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockModule(ctx.tx, opts.id), 'học phần');
    await checkModulePlace(ctx.tx, opts.input);
    await assertModuleCodeFree(ctx.tx, opts.input.code, opts.id);
    if (opts.input.isCurrent) await logUnmade(ctx, 'module', await clearCurrentModule(ctx.tx, opts.id));
    const after = await updateModule(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: 'module', entityId: opts.id, before, after });
  });
  return getModule(opts.db, opts.id);
}

/** PATCH …/modules/{id}/semester: the module keeps its dates, which must fit the new semester. */
export async function moveModule(opts: WriteOpts & { id: number; semesterId: number }): Promise<TModule> {
  await write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockModule(ctx.tx, opts.id), 'học phần');
    await checkModulePlace(ctx.tx, { ...before, semesterId: opts.semesterId });
    const after = await updateModule(ctx.tx, opts.id, { semesterId: opts.semesterId });
    await ctx.log({ action: 'update', entity: 'module', entityId: opts.id, before, after });
  });
  return getModule(opts.db, opts.id);
}

export async function removeModule(opts: WriteOpts & { id: number }): Promise<TModule> {
  return write(opts.db, opts.req, async (ctx) => {
    const before = found(await lockModule(ctx.tx, opts.id), 'học phần');
    const shown = await getModule(ctx.tx, opts.id);
    await refuseIfUsed(ctx.tx, 'học phần này', moduleUsage(opts.id));
    await deleteModule(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'module', entityId: opts.id, before });
    return shown;
  });
}
