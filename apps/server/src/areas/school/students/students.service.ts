import type { z } from 'zod';
import { STUDENT_STATUS_LABELS, type TStudent, type ZStudentInput } from '@app/shared/school';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { orderBy } from '@/db/sql';
import { found, refuseIfUsed, type WriteCtx } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { AppError, badRequest, conflict } from '@/plugins/errors';
import {
  type AccountCache,
  preloadAccounts,
  provideAccounts,
  unlinkStudentAccount,
  usersOfStudent,
  usersOfStudents,
  type UserWithRoles,
} from '../users/users.service';
import {
  campusRefs,
  classStudentSortColumns,
  classStudentTieBreak,
  deleteStudentRow,
  findStudent,
  homeroomRefs,
  insertStudentRows,
  listClassStudents,
  listStudents,
  lockStudent,
  lockStudents,
  studentIdsByCodes,
  studentSearchRank,
  studentSortColumns,
  studentTieBreak,
  studentUsage,
  studentWhere,
  updateStudentRows,
  type CampusRef,
  type ClassStudentSort,
  type HomeroomRef,
  type StudentFilters,
  type StudentRow,
  type StudentSort,
  type StudentValues,
} from './students.repository';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { STUDENT_WIDE_READERS } from '../access';

export type StudentInput = z.output<typeof ZStudentInput>;
export type StudentQuery = StudentFilters & { sort?: StudentSort; order: 'asc' | 'desc' };
interface Paged {
  page: number;
  limit: number;
}

/** Roles that read every student; a student reads only their own record. */
export const NOT_YOUR_RECORD = 'Bạn chỉ được xem hồ sơ học sinh của chính mình.';
export const EMAIL_OF_OTHER_STUDENT = 'E-mail này đã gắn với tài khoản của một học sinh khác.';
export const codeTakenMessage = (code: string) => `Mã học sinh "${code}" đã tồn tại.`;

// ---- Reading ----

function listOf(q: StudentQuery) {
  return { where: studentWhere(q), order: orderBy(studentSortColumns, { ...q, rank: studentSearchRank(q.search) }, studentTieBreak) };
}

export async function studentPage(db: Db, q: StudentQuery & Paged) {
  const r = await listStudents(db, { ...listOf(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function studentExportRows(db: Db, q: StudentQuery): Promise<TStudent[]> {
  return (await listStudents(db, { ...listOf(q), limit: MAX_SHEET_ROWS, offset: 0 })).items;
}

export { CLASS_STUDENT_SORTS } from './students.repository';
export type ClassStudentQuery = { search?: string; sort?: ClassStudentSort; order: 'asc' | 'desc' };

/** A homeroom class's students, as the student list shows them (the homeroom-classes part checks who may read the class). */
export async function classStudentList(db: Db, classId: number, q: ClassStudentQuery, paging: { limit: number; offset: number }) {
  return listClassStudents(db, {
    classId,
    search: q.search,
    order: orderBy(classStudentSortColumns, { ...q, rank: studentSearchRank(q.search) }, classStudentTieBreak),
    ...paging,
  });
}

export async function getStudent(db: DbOrTx, id: number): Promise<TStudent> {
  return found(await findStudent(db, id), 'học sinh');
}

/** Staff who oversee students read any record; a student only the one their account is linked to. */
export async function readableStudent(db: Db, actor: Actor, id: number): Promise<TStudent> {
  if (!hasAnyRole(actor, STUDENT_WIDE_READERS) && actor.studentId !== id) throw new AppError('FORBIDDEN', NOT_YOUR_RECORD);
  return getStudent(db, id);
}

// ---- Rules shared by the form and the import ----

/**
 * What student writes look up. One write loads the rows it names; an import loads every campus,
 * the year's classes, the file's codes and accounts once and passes the same refs to every row.
 */
export interface StudentRefs {
  campuses: Map<number, CampusRef>;
  classes: Map<number, HomeroomRef>;
  /** Student id by lower-cased code, when preloaded; otherwise codes are looked up one by one. */
  codes?: Map<string, number>;
  accounts?: AccountCache;
}

export async function loadStudentRefs(db: DbOrTx, inputs: Array<Pick<StudentInput, 'campusId' | 'homeroomClassId'>>): Promise<StudentRefs> {
  const classes = await homeroomRefs(db, [...new Set(inputs.map((i) => i.homeroomClassId).filter((id): id is number => !!id))]);
  const campusIds = [...new Set([...inputs.map((i) => i.campusId), ...classes.map((c) => c.campusId)])];
  const campuses = await campusRefs(db, campusIds);
  return { campuses: new Map(campuses.map((c) => [c.id, c])), classes: new Map(classes.map((c) => [c.id, c])) };
}

export interface StudentIssue {
  field: keyof StudentInput;
  message: string;
}

/** The campus must exist; a homeroom class must exist and be of the student's grade and campus. */
export function studentRefIssues(refs: StudentRefs, input: Pick<StudentInput, 'campusId' | 'homeroomClassId' | 'grade'>): StudentIssue[] {
  const issues: StudentIssue[] = [];
  const campus = refs.campuses.get(input.campusId);
  if (!campus) issues.push({ field: 'campusId', message: 'Cơ sở đã chọn không tồn tại.' });
  if (input.homeroomClassId) {
    const cls = refs.classes.get(input.homeroomClassId);
    if (!cls) {
      issues.push({ field: 'homeroomClassId', message: 'Lớp chủ nhiệm đã chọn không tồn tại.' });
    } else {
      if (cls.grade !== input.grade) {
        issues.push({
          field: 'homeroomClassId',
          message: `Lớp chủ nhiệm "${cls.name}" thuộc khối ${cls.grade}, không khớp với khối ${input.grade} của học sinh.`,
        });
      }
      if (campus && cls.campusId !== campus.id) {
        const other = refs.campuses.get(cls.campusId)?.name ?? 'khác';
        issues.push({
          field: 'homeroomClassId',
          message: `Lớp chủ nhiệm "${cls.name}" thuộc cơ sở ${other}, không khớp với cơ sở ${campus.name} của học sinh.`,
        });
      }
    }
  }
  return issues;
}

/** An account already linked to another student cannot be given to this one. */
export function accountIssue(account: Pick<UserWithRoles, 'studentId'> | null, studentId: number | null): string | null {
  return account?.studentId && account.studentId !== studentId ? EMAIL_OF_OTHER_STUDENT : null;
}

/**
 * The rules of a write, for one student or a whole file at once: references, codes (in the
 * database and among the rows), and accounts, looked up in one query each.
 */
async function checkInputs(ctx: WriteCtx, items: Array<{ id: number | null; input: StudentInput }>, refs: StudentRefs) {
  for (const { input } of items) {
    const issues = studentRefIssues(refs, input);
    if (issues.length) throw badRequest(issues[0].message, { studentCode: input.studentCode, issues });
  }
  const codes =
    refs.codes ??
    (await studentIdsByCodes(
      ctx.tx,
      items.map((i) => i.input.studentCode),
    ));
  const seenCodes = new Set<string>();
  for (const { id, input } of items) {
    const key = input.studentCode.toLowerCase();
    const owner = codes.get(key) ?? null;
    if ((owner !== null && owner !== id) || seenCodes.has(key)) throw conflict(codeTakenMessage(input.studentCode));
    seenCodes.add(key);
  }
  refs.accounts ??= new Map();
  const emails = items.flatMap((i) => (i.input.email ? [i.input.email] : []));
  await preloadAccounts(ctx.tx, emails, refs.accounts);
  const seenEmails = new Set<string>();
  for (const { id, input } of items) {
    if (!input.email) continue;
    const problem = accountIssue(refs.accounts.get(input.email) ?? null, id);
    if (problem) throw conflict(problem);
    if (seenEmails.has(input.email)) throw conflict(`E-mail "${input.email}" được ghi cho nhiều học sinh.`);
    seenEmails.add(input.email);
  }
}

function values(input: StudentInput): StudentValues {
  return {
    studentCode: input.studentCode,
    fullName: input.fullName,
    email: input.email ?? null,
    dateOfBirth: input.dateOfBirth ?? null,
    gender: input.gender,
    grade: input.grade,
    campusId: input.campusId,
    homeroomClassId: input.homeroomClassId,
    status: input.status,
  };
}

/** The audit log keeps the columns a person sets, not the derived search columns. */
function snapshot(row: StudentRow) {
  const { searchText: _s, sortKey: _k, ...rest } = row;
  return rest;
}

type Linked = Array<{ id: number; email: string; studentId: number | null }>;

/**
 * With an e-mail, the student signs in with that account: found or made with the STUDENT role and
 * linked by users.student_id. Any other account linked before is unlinked. Without an e-mail the
 * existing link is left as it is (the account may have been made by hand).
 */
async function linkAccounts(ctx: WriteCtx, list: Array<{ student: StudentRow; linked: Linked }>, refs: StudentRefs) {
  const withEmail = list.filter((x) => x.student.email);
  const accounts = await provideAccounts(
    ctx,
    withEmail.map(({ student, linked }) => ({
      email: student.email!,
      displayName: student.fullName,
      role: 'STUDENT' as const,
      currentUserId: linked[0]?.id ?? null,
      studentId: student.id,
    })),
    refs.accounts,
  );
  for (const [i, { linked }] of withEmail.entries()) {
    for (const other of linked) if (other.id !== accounts[i].id) await unlinkStudentAccount(ctx, other, refs.accounts);
  }
}

/**
 * Creates students (the form sends one, an import thousands: the same rules and the same writes,
 * batched). Answers their ids in order.
 */
export async function createStudents(ctx: WriteCtx, inputs: StudentInput[], refs?: StudentRefs): Promise<number[]> {
  if (!inputs.length) return [];
  const r = refs ?? (await loadStudentRefs(ctx.tx, inputs));
  await checkInputs(
    ctx,
    inputs.map((input) => ({ id: null, input })),
    r,
  );
  const rows = await insertStudentRows(ctx.tx, inputs.map(values));
  for (const row of rows) {
    r.codes?.set(row.studentCode.toLowerCase(), row.id);
    await ctx.log({ action: 'create', entity: 'student', entityId: row.id, after: snapshot(row) });
  }
  await linkAccounts(
    ctx,
    rows.map((student) => ({ student, linked: [] })),
    r,
  );
  return rows.map((row) => row.id);
}

export async function createStudent(ctx: WriteCtx, input: StudentInput, refs?: StudentRefs): Promise<number> {
  return (await createStudents(ctx, [input], refs))[0];
}

/** Replaces students' values (one from the form, many from an import), re-linking accounts. */
export async function updateStudents(ctx: WriteCtx, items: Array<{ id: number; input: StudentInput }>, refs?: StudentRefs): Promise<void> {
  if (!items.length) return;
  const locked = await lockStudents(
    ctx.tx,
    items.map((i) => i.id),
  );
  const befores = items.map((i) => found(locked.get(i.id), 'học sinh'));
  const r =
    refs ??
    (await loadStudentRefs(
      ctx.tx,
      items.map((i) => i.input),
    ));
  await checkInputs(ctx, items, r);
  const afters = await updateStudentRows(
    ctx.tx,
    items.map((i, n) => ({ before: befores[n], values: values(i.input) })),
  );
  for (const [n, after] of afters.entries()) {
    const before = befores[n];
    if (r.codes && before.studentCode.toLowerCase() !== after.studentCode.toLowerCase()) {
      r.codes.delete(before.studentCode.toLowerCase());
      r.codes.set(after.studentCode.toLowerCase(), after.id);
    }
    await ctx.log({ action: 'update', entity: 'student', entityId: after.id, before: snapshot(before), after: snapshot(after) });
  }
  const linked = await usersOfStudents(
    ctx.tx,
    afters.filter((a) => a.email).map((a) => a.id),
  );
  await linkAccounts(
    ctx,
    afters.map((student) => ({ student, linked: linked.get(student.id) ?? [] })),
    r,
  );
}

export async function updateStudent(ctx: WriteCtx, id: number, input: StudentInput, refs?: StudentRefs): Promise<void> {
  await updateStudents(ctx, [{ id, input }], refs);
}

/**
 * A student still enrolled in course classes is kept (their answers and history point at them);
 * the message says to change the status instead. Linked accounts are unlinked, not deleted.
 */
export async function deleteStudent(ctx: WriteCtx, id: number): Promise<TStudent> {
  const before = found(await lockStudent(ctx.tx, id), 'học sinh');
  const shown = await getStudent(ctx.tx, id);
  try {
    await refuseIfUsed(ctx.tx, 'học sinh này', studentUsage(id));
  } catch (err) {
    if (err instanceof AppError && err.status === 409) {
      const hint = `Hãy chuyển trạng thái sang "${STUDENT_STATUS_LABELS.transferred}" hoặc "${STUDENT_STATUS_LABELS.dropped}" thay vì xóa.`;
      throw conflict(`${err.message} ${hint}`, err.details);
    }
    throw err;
  }
  for (const u of await usersOfStudent(ctx.tx, id)) await unlinkStudentAccount(ctx, u);
  await deleteStudentRow(ctx.tx, id);
  await ctx.log({ action: 'delete', entity: 'student', entityId: id, before: snapshot(before) });
  return { ...shown, userId: null };
}
