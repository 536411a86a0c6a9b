import type { z } from 'zod';
import type { THomeroomClass, ZHomeroomClassInput } from '@app/shared/school';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { orderBy } from '@/db/sql';
import { createRow, editRow, found, removeRow, type RowWrites } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { AppError, badRequest, conflict } from '@/plugins/errors';
import { classStudentList, getStudent, type ClassStudentQuery } from '../students/students.service';
import {
  deleteHomeroomClass,
  findHomeroomClass,
  homeroomDefaultOrder,
  homeroomNameTaken,
  homeroomSortColumns,
  homeroomTieBreak,
  homeroomUsage,
  homeroomWhere,
  insertHomeroomClass,
  listHomeroomClasses,
  lockHomeroomClass,
  referencesExist,
  teacherIdsOfUser,
  updateHomeroomClass,
  type HomeroomFilters,
  type HomeroomRow,
  type HomeroomSort,
} from './homeroom-classes.repository';
import { hasAnyRole, userIdOf, type Actor } from '@/plugins/actor';
import { HOMEROOM_WIDE_READERS } from '../access';

type HomeroomInput = z.infer<typeof ZHomeroomClassInput>;
interface Paged {
  page: number;
  limit: number;
}
export type HomeroomQuery = Omit<HomeroomFilters, 'teacherScope'> & { sort?: HomeroomSort; order: 'asc' | 'desc' };

export const NOT_YOUR_CLASS = 'Bạn chỉ được xem lớp chủ nhiệm của mình.';

/** undefined = every class; otherwise the teacher records whose classes the caller may read. */
async function scopeOf(db: DbOrTx, actor: Actor): Promise<number[] | undefined> {
  if (hasAnyRole(actor, HOMEROOM_WIDE_READERS)) return undefined;
  return teacherIdsOfUser(db, userIdOf(actor));
}

function listOrder(q: HomeroomQuery) {
  return q.sort ? orderBy(homeroomSortColumns, q, homeroomTieBreak) : homeroomDefaultOrder;
}

export async function homeroomPage(opts: { db: Db; actor: Actor; q: HomeroomQuery & Paged }) {
  const { db, q } = opts;
  const where = homeroomWhere({ ...q, teacherScope: await scopeOf(db, opts.actor) });
  const r = await listHomeroomClasses(db, { where, order: listOrder(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function homeroomExportRows(opts: { db: Db; actor: Actor; q: HomeroomQuery }): Promise<THomeroomClass[]> {
  const where = homeroomWhere({ ...opts.q, teacherScope: await scopeOf(opts.db, opts.actor) });
  return (await listHomeroomClasses(opts.db, { where, order: listOrder(opts.q), limit: MAX_SHEET_ROWS, offset: 0 })).items;
}

/** The caller's own homeroom classes, whatever their roles; empty when they have none. */
export async function myHomeroomClasses(db: Db, actor: Actor): Promise<THomeroomClass[]> {
  const teacherScope = await teacherIdsOfUser(db, userIdOf(actor));
  if (!teacherScope.length) return [];
  // One class a year at most in practice; 100 covers every year the school keeps.
  return (await listHomeroomClasses(db, { where: homeroomWhere({ teacherScope }), order: homeroomDefaultOrder, limit: 100, offset: 0 }))
    .items;
}

/** The homeroom class of the caller's own student record (its teacher's name on their profile), else null. */
export async function myClassAsStudent(db: Db, actor: Actor): Promise<THomeroomClass | null> {
  if (actor.studentId === null) return null;
  const student = await getStudent(db, actor.studentId);
  return student.homeroomClassId === null ? null : findHomeroomClass(db, student.homeroomClassId);
}

/** One class, refused (403) to a homeroom teacher for a class that is not theirs. */
export async function readableHomeroomClass(opts: { db: Db; actor: Actor; id: number }): Promise<THomeroomClass> {
  const cls = found(await findHomeroomClass(opts.db, opts.id), 'lớp chủ nhiệm');
  const scope = await scopeOf(opts.db, opts.actor);
  if (scope && (cls.homeroomTeacherId === null || !scope.includes(cls.homeroomTeacherId))) {
    throw new AppError('FORBIDDEN', NOT_YOUR_CLASS);
  }
  return cls;
}

export async function classStudents(opts: { db: Db; actor: Actor; id: number; q: ClassStudentQuery & Paged }) {
  await readableHomeroomClass(opts);
  const { q } = opts;
  const r = await classStudentList(opts.db, opts.id, q, { limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function classStudentExportRows(opts: { db: Db; actor: Actor; id: number; q: ClassStudentQuery }) {
  const cls = await readableHomeroomClass(opts);
  const r = await classStudentList(opts.db, opts.id, opts.q, { limit: MAX_SHEET_ROWS, offset: 0 });
  return { cls, rows: r.items };
}

async function checkInput(tx: DbOrTx, input: HomeroomInput, exceptId?: number) {
  const refs = await referencesExist(tx, input);
  if (!refs.year) throw badRequest('Năm học đã chọn không tồn tại.');
  if (!refs.campus) throw badRequest('Cơ sở đã chọn không tồn tại.');
  if (!refs.teacher) throw badRequest('Giáo viên chủ nhiệm đã chọn không tồn tại.');
  if (await homeroomNameTaken(tx, { academicYearId: input.academicYearId, name: input.name, exceptId })) {
    throw conflict(`Lớp "${input.name}" đã tồn tại trong năm học này.`);
  }
}

const HOMEROOM_CLASSES: RowWrites<HomeroomRow, HomeroomInput, THomeroomClass> = {
  entity: 'homeroom_class',
  noun: 'lớp chủ nhiệm',
  get: async (db, id) => found(await findHomeroomClass(db, id), 'lớp chủ nhiệm'),
  lock: lockHomeroomClass,
  check: checkInput,
  insert: insertHomeroomClass,
  update: updateHomeroomClass,
  remove: deleteHomeroomClass,
  usage: homeroomUsage,
};

type WriteOpts = { db: Db; actor: Actor };
export const createHomeroomClass = (opts: WriteOpts & { input: HomeroomInput }) => createRow(HOMEROOM_CLASSES, opts);
export const editHomeroomClass = (opts: WriteOpts & { id: number; input: HomeroomInput }) => editRow(HOMEROOM_CLASSES, opts);
export const removeHomeroomClass = (opts: WriteOpts & { id: number }) => removeRow(HOMEROOM_CLASSES, opts);
