import type { z } from 'zod';
import type { TCampus, TClassroom, ZCampusInput, ZClassroomInput } from '@app/shared/school';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { orderBy } from '@/db/sql';
import { createRow, editRow, found, removeRow, type RowWrites } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { badRequest, conflict } from '@/plugins/errors';
import {
  campusCodeTaken,
  campusSearch,
  campusSortColumns,
  campusTieBreak,
  campusUsage,
  deleteCampus,
  findCampus,
  insertCampus,
  listCampuses,
  lockCampus,
  updateCampus,
  type CampusRow,
  type CampusSort,
} from './campuses.repository';
import {
  classroomCodeTaken,
  classroomSortColumns,
  classroomTieBreak,
  classroomUsage,
  classroomWhere,
  deleteClassroom,
  findClassroom,
  insertClassroom,
  listClassrooms,
  lockClassroom,
  updateClassroom,
  type ClassroomRow,
  type ClassroomSort,
} from './classrooms.repository';
import { type Actor } from '@/plugins/actor';

type CampusInput = z.infer<typeof ZCampusInput>;
type ClassroomInput = z.infer<typeof ZClassroomInput>;
interface Sorted<K> {
  sort?: K;
  order: 'asc' | 'desc';
  search?: string;
}
interface Paged {
  page: number;
  limit: number;
}
interface WriteOpts {
  db: Db;
  actor: Actor;
}
export type CampusQuery = Sorted<CampusSort>;
export type ClassroomQuery = Sorted<ClassroomSort> & { campusId?: number; kind?: string };

// ---- Campuses ----

export async function campusPage(db: Db, q: CampusQuery & Paged) {
  const r = await listCampuses(db, {
    where: campusSearch(q.search),
    order: orderBy(campusSortColumns, q, campusTieBreak),
    limit: q.limit,
    offset: offsetOf(q),
  });
  return page(r.items, r.total, q);
}

/** The export takes the list's filters and sort without paging. */
export async function campusExportRows(db: Db, q: CampusQuery): Promise<TCampus[]> {
  const r = await listCampuses(db, {
    where: campusSearch(q.search),
    order: orderBy(campusSortColumns, q, campusTieBreak),
    limit: MAX_SHEET_ROWS,
    offset: 0,
  });
  return r.items;
}

export async function getCampus(db: DbOrTx, id: number): Promise<TCampus> {
  return found(await findCampus(db, id), 'cơ sở');
}

async function assertCampusCodeFree(tx: DbOrTx, code: string, exceptId?: number) {
  if (await campusCodeTaken(tx, code, exceptId)) throw conflict(`Mã cơ sở "${code}" đã tồn tại.`);
}

const CAMPUSES: RowWrites<CampusRow, CampusInput, TCampus> = {
  entity: 'campus',
  noun: 'cơ sở',
  get: getCampus,
  lock: lockCampus,
  check: (tx, input, exceptId) => assertCampusCodeFree(tx, input.code, exceptId),
  insert: insertCampus,
  update: updateCampus,
  remove: deleteCampus,
  usage: campusUsage,
};

export const createCampus = (opts: WriteOpts & { input: CampusInput }) => createRow(CAMPUSES, opts);
export const editCampus = (opts: WriteOpts & { id: number; input: CampusInput }) => editRow(CAMPUSES, opts);
export const removeCampus = (opts: WriteOpts & { id: number }) => removeRow(CAMPUSES, opts);

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

export async function getClassroom(db: DbOrTx, id: number): Promise<TClassroom> {
  return found(await findClassroom(db, id), 'phòng học');
}

/** The campus must exist (a clear 400 instead of a foreign-key error) and the code be free in it. */
async function checkClassroom(tx: DbOrTx, input: ClassroomInput, exceptId?: number) {
  if (!(await findCampus(tx, input.campusId))) throw badRequest('Cơ sở đã chọn không tồn tại.');
  if (await classroomCodeTaken(tx, input.campusId, input.code, exceptId)) {
    throw conflict(`Mã phòng "${input.code}" đã tồn tại trong cơ sở này.`);
  }
}

const CLASSROOMS: RowWrites<ClassroomRow, ClassroomInput, TClassroom> = {
  entity: 'classroom',
  noun: 'phòng học',
  get: getClassroom,
  lock: lockClassroom,
  check: checkClassroom,
  insert: insertClassroom,
  update: updateClassroom,
  remove: deleteClassroom,
  usage: classroomUsage,
};

export const createClassroom = (opts: WriteOpts & { input: ClassroomInput }) => createRow(CLASSROOMS, opts);
export const editClassroom = (opts: WriteOpts & { id: number; input: ClassroomInput }) => editRow(CLASSROOMS, opts);
export const removeClassroom = (opts: WriteOpts & { id: number }) => removeRow(CLASSROOMS, opts);
