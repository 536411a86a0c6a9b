import type { z } from 'zod';
import { formatDate } from '@app/shared/format';
import type { TAcademicYear, TModule, TSemester, ZAcademicYearInput, ZModuleInput, ZSemesterInput } from '@app/shared/school';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { orderBy } from '@/db/sql';
import { createRow, editRow, found, removeRow, write, type RowWrites, type UsageCheck, type WriteCtx } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { badRequest, conflict, notFound } from '@/plugins/errors';
import {
  clearCurrentYear,
  deleteYear,
  findYear,
  insertYear,
  listYears,
  lockYear,
  semestersOutside,
  updateYear,
  yearDefaultOrder,
  yearNameTaken,
  yearSearch,
  yearSortColumns,
  yearTieBreak,
  yearUsage,
  type YearRow,
  type YearSort,
} from './academic-years.repository';
import {
  clearCurrentSemester,
  deleteSemester,
  findCurrentSemester,
  findSemester,
  insertSemester,
  listSemesters,
  lockSemester,
  modulesOutside,
  semesterDefaultOrder,
  semesterNameTaken,
  semesterSortColumns,
  semesterTieBreak,
  semesterUsage,
  semesterWhere,
  updateSemester,
  type SemesterRow,
  type SemesterSort,
} from './semesters.repository';
import {
  clearCurrentModule,
  currentModuleOf,
  deleteModule,
  findModule,
  insertModule,
  listModules,
  lockModule,
  moduleCodeTaken,
  moduleDefaultOrder,
  modulesOfSemester,
  moduleSortColumns,
  moduleTieBreak,
  moduleUsage,
  moduleWhere,
  updateModule,
  type ModuleRow,
  type ModuleSort,
} from './modules.repository';
import { type Actor } from '@/plugins/actor';

type YearInput = z.infer<typeof ZAcademicYearInput>;
type SemesterInput = z.infer<typeof ZSemesterInput>;
type ModuleInput = z.infer<typeof ZModuleInput>;
interface Sorted<K> {
  sort?: K;
  order: 'asc' | 'desc';
  search?: string;
}
interface Paged {
  page: number;
  limit: number;
}
export type YearQuery = Sorted<YearSort>;
export type SemesterQuery = Sorted<SemesterSort> & { academicYearId?: number };
export type ModuleQuery = Sorted<ModuleSort> & { semesterId?: number; academicYearId?: number };
type Span = { startDate: string; endDate: string };
interface WriteOpts {
  db: Db;
  actor: Actor;
}

const span = (s: Span) => `${formatDate(s.startDate)} – ${formatDate(s.endDate)}`;
const inside = (inner: Span, outer: Span) => inner.startDate >= outer.startDate && inner.endDate <= outer.endDate;
const listed = (rows: Array<Span & { name: string }>) => rows.map((r) => `${r.name} (${span(r)})`).join(', ');

/** The row that stopped being current is logged too, so the audit trail shows both halves of the switch. */
async function logUnmade(ctx: WriteCtx, entity: string, rows: Array<{ id: number }>) {
  for (const r of rows) await ctx.log({ action: 'update', entity, entityId: r.id, before: { ...r, isCurrent: true }, after: r });
}

/**
 * Years, semesters and modules are written alike: besides their own checks, an edit keeps the
 * children inside the new dates, and a row made current first un-makes the previous one.
 */
function periodWrites<R extends { id: number }, I extends Span & { isCurrent: boolean }, S>(p: {
  entity: string;
  noun: string;
  get: (db: DbOrTx, id: number) => Promise<S>;
  lock: (tx: DbOrTx, id: number) => Promise<R | null>;
  /** Name / code free, dates inside the parent. */
  check: (tx: DbOrTx, input: I, exceptId?: number) => Promise<void>;
  /** Children that must stay inside the dates on edit: their noun and a finder. */
  children?: {
    noun: string;
    outside: (tx: DbOrTx, id: number, startDate: string, endDate: string) => Promise<Array<Span & { name: string }>>;
  };
  clearCurrent: (tx: DbOrTx, exceptId?: number) => Promise<Array<{ id: number }>>;
  insert: (tx: DbOrTx, input: I) => Promise<R>;
  update: (tx: DbOrTx, id: number, input: I) => Promise<R>;
  remove: (tx: DbOrTx, id: number) => Promise<void>;
  usage: (id: number) => UsageCheck[];
}): RowWrites<R, I, S> {
  const { children, clearCurrent, ...rest } = p;
  return {
    ...rest,
    async check(tx, input, exceptId) {
      await p.check(tx, input, exceptId);
      if (!children || exceptId === undefined) return;
      const outside = await children.outside(tx, exceptId, input.startDate, input.endDate);
      if (outside.length) {
        throw badRequest(`Không thể đổi thời gian ${p.noun}: ${children.noun} ${listed(outside)} nằm ngoài khoảng ${span(input)}.`);
      }
    },
    async beforeWrite(ctx, input, id) {
      if (input.isCurrent) await logUnmade(ctx, p.entity, await clearCurrent(ctx.tx, id));
    },
  };
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

async function assertYearNameFree(tx: DbOrTx, { name }: { name: string }, exceptId?: number) {
  if (await yearNameTaken(tx, name, exceptId)) throw conflict(`Năm học "${name}" đã tồn tại.`);
}

const YEARS = periodWrites<YearRow, YearInput, TAcademicYear>({
  entity: 'academic_year',
  noun: 'năm học',
  get: getYear,
  lock: lockYear,
  check: assertYearNameFree,
  children: { noun: 'học kỳ', outside: semestersOutside },
  clearCurrent: clearCurrentYear,
  insert: insertYear,
  update: updateYear,
  remove: deleteYear,
  usage: yearUsage,
});

export const createYear = (opts: WriteOpts & { input: YearInput }) => createRow(YEARS, opts);
export const editYear = (opts: WriteOpts & { id: number; input: YearInput }) => editRow(YEARS, opts);
export const removeYear = (opts: WriteOpts & { id: number }) => removeRow(YEARS, opts);

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

const SEMESTERS = periodWrites<SemesterRow, SemesterInput, TSemester>({
  entity: 'semester',
  noun: 'học kỳ',
  get: getSemester,
  lock: lockSemester,
  check: checkSemesterPlace,
  children: { noun: 'học phần', outside: modulesOutside },
  clearCurrent: clearCurrentSemester,
  insert: insertSemester,
  update: updateSemester,
  remove: deleteSemester,
  usage: semesterUsage,
});

export const createSemester = (opts: WriteOpts & { input: SemesterInput }) => createRow(SEMESTERS, opts);
export const editSemester = (opts: WriteOpts & { id: number; input: SemesterInput }) => editRow(SEMESTERS, opts);

/** PATCH …/semesters/{id}/academic-year: the semester keeps its dates, which must fit the new year. */
export async function moveSemester(opts: WriteOpts & { id: number; academicYearId: number }): Promise<TSemester> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockSemester(ctx.tx, opts.id), 'học kỳ');
    await checkSemesterPlace(ctx.tx, { ...before, academicYearId: opts.academicYearId }, opts.id);
    const after = await updateSemester(ctx.tx, opts.id, { academicYearId: opts.academicYearId });
    await ctx.log({ action: 'update', entity: 'semester', entityId: opts.id, before, after });
  });
  return getSemester(opts.db, opts.id);
}

export const removeSemester = (opts: WriteOpts & { id: number }) => removeRow(SEMESTERS, opts);

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

const MODULES = periodWrites<ModuleRow, ModuleInput, TModule>({
  entity: 'module',
  noun: 'học phần',
  get: getModule,
  lock: lockModule,
  check: async (tx, input, exceptId) => {
    await checkModulePlace(tx, input);
    await assertModuleCodeFree(tx, input.code, exceptId);
  },
  clearCurrent: clearCurrentModule,
  insert: insertModule,
  update: updateModule,
  remove: deleteModule,
  usage: moduleUsage,
});

export const createModule = (opts: WriteOpts & { input: ModuleInput }) => createRow(MODULES, opts);
export const editModule = (opts: WriteOpts & { id: number; input: ModuleInput }) => editRow(MODULES, opts);

/** PATCH …/modules/{id}/semester: the module keeps its dates, which must fit the new semester. */
export async function moveModule(opts: WriteOpts & { id: number; semesterId: number }): Promise<TModule> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockModule(ctx.tx, opts.id), 'học phần');
    await checkModulePlace(ctx.tx, { ...before, semesterId: opts.semesterId });
    const after = await updateModule(ctx.tx, opts.id, { semesterId: opts.semesterId });
    await ctx.log({ action: 'update', entity: 'module', entityId: opts.id, before, after });
  });
  return getModule(opts.db, opts.id);
}

export const removeModule = (opts: WriteOpts & { id: number }) => removeRow(MODULES, opts);
