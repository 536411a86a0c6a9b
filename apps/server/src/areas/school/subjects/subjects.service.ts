import type { z } from 'zod';
import type { TSubject, ZSubjectInput } from '@app/shared/school';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { orderBy } from '@/db/sql';
import { createRow, editRow, found, removeRow, type RowWrites } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { badRequest, conflict } from '@/plugins/errors';
import {
  deleteSubject,
  departmentExists,
  findSubject,
  insertSubject,
  listSubjects,
  lockSubject,
  subjectCodeTaken,
  subjectSortColumns,
  subjectTieBreak,
  subjectUsage,
  subjectWhere,
  updateSubject,
  type SubjectRow,
  type SubjectSort,
} from './subjects.repository';
import { type Actor } from '@/plugins/actor';

type SubjectInput = z.infer<typeof ZSubjectInput>;
export type SubjectQuery = { sort?: SubjectSort; order: 'asc' | 'desc'; search?: string; departmentId?: number; kind?: string };
interface WriteOpts {
  db: Db;
  actor: Actor;
}

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
  if (input.departmentId !== null && !(await departmentExists(tx, input.departmentId)))
    throw badRequest('Tổ chuyên môn đã chọn không tồn tại.');
  if (await subjectCodeTaken(tx, input.code, exceptId)) throw conflict(`Mã môn "${input.code}" đã tồn tại.`);
}

const SUBJECTS: RowWrites<SubjectRow, SubjectInput, TSubject> = {
  entity: 'subject',
  noun: 'môn học',
  get: getSubject,
  lock: lockSubject,
  check: checkSubject,
  insert: insertSubject,
  update: updateSubject,
  remove: deleteSubject,
  usage: subjectUsage,
};

export const createSubject = (opts: WriteOpts & { input: SubjectInput }) => createRow(SUBJECTS, opts);
export const editSubject = (opts: WriteOpts & { id: number; input: SubjectInput }) => editRow(SUBJECTS, opts);
export const removeSubject = (opts: WriteOpts & { id: number }) => removeRow(SUBJECTS, opts);
