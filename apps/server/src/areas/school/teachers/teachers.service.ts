import type { z } from 'zod';
import type { TTeacher, ZTeacherInput } from '@app/shared/school';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { orderBy } from '@/db/sql';
import { found, refuseIfUsed, type WriteCtx } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { AppError, badRequest, conflict } from '@/plugins/errors';
import { accountByEmail, type AccountCache, provideAccount } from '../users/users.service';
import {
  deleteTeacherRow,
  departmentRefs,
  findTeacher,
  headedDepartmentIds,
  insertTeacherRow,
  listTeachers,
  lockTeacher,
  setTeacherSubjects,
  subjectIdsOf,
  subjectRefs,
  teacherIdByCode,
  teachersOfUsers,
  teacherSearchRank,
  teacherSortColumns,
  teacherTieBreak,
  teacherUsage,
  teacherWhere,
  updateTeacherRow,
  type TeacherFilters,
  type TeacherRow,
  type TeacherSort,
} from './teachers.repository';
import { hasAnyRole, userIdOf, type Actor } from '@/plugins/actor';
import { TEACHER_WIDE_READERS } from '../access';

export type TeacherInput = z.output<typeof ZTeacherInput>;
export type TeacherQuery = Omit<TeacherFilters, 'departmentScope'> & { sort?: TeacherSort; order: 'asc' | 'desc' };
interface Paged {
  page: number;
  limit: number;
}

/** Roles that read every teacher; a head of department without one of them reads their own department's. */
export const NOT_YOUR_DEPARTMENT = 'Bạn chỉ được xem giáo viên thuộc tổ chuyên môn mình phụ trách.';
export const EMAIL_OF_OTHER_TEACHER = 'E-mail này đã gắn với tài khoản của một giáo viên khác.';
export const staffCodeTakenMessage = (code: string) => `Mã giáo viên "${code}" đã tồn tại.`;

// ---- Reading ----

/** undefined = every teacher; otherwise the departments whose teachers the caller may read. */
async function scopeOf(db: DbOrTx, actor: Actor): Promise<number[] | undefined> {
  if (hasAnyRole(actor, TEACHER_WIDE_READERS)) return undefined;
  return headedDepartmentIds(db, userIdOf(actor));
}

async function listOf(db: DbOrTx, actor: Actor, q: TeacherQuery) {
  return {
    where: teacherWhere({ ...q, departmentScope: await scopeOf(db, actor) }),
    order: orderBy(teacherSortColumns, { ...q, rank: teacherSearchRank(q.search) }, teacherTieBreak),
  };
}

export async function teacherPage(db: Db, actor: Actor, q: TeacherQuery & Paged) {
  const r = await listTeachers(db, { ...(await listOf(db, actor, q)), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function teacherExportRows(db: Db, actor: Actor, q: TeacherQuery): Promise<TTeacher[]> {
  return (await listTeachers(db, { ...(await listOf(db, actor, q)), limit: MAX_SHEET_ROWS, offset: 0 })).items;
}

export async function getTeacher(db: DbOrTx, id: number): Promise<TTeacher> {
  return found(await findTeacher(db, id), 'giáo viên');
}

/** 404 when the teacher does not exist, 403 when a head asks for a teacher outside their departments. */
export async function readableTeacher(db: Db, actor: Actor, id: number): Promise<TTeacher> {
  const teacher = await getTeacher(db, id);
  const scope = await scopeOf(db, actor);
  if (scope && (teacher.departmentId === null || !scope.includes(teacher.departmentId)))
    throw new AppError('FORBIDDEN', NOT_YOUR_DEPARTMENT);
  return teacher;
}

// ---- Rules shared by the form and the import ----

/** What teacher writes look up; an import preloads them for the whole file. */
export interface TeacherRefs {
  departments: Set<number>;
  subjects: Set<number>;
  /** Teacher id by lower-cased staff code, when preloaded. */
  codes?: Map<string, number>;
  accounts?: AccountCache;
}

export async function loadTeacherRefs(db: DbOrTx, inputs?: TeacherInput[]): Promise<TeacherRefs> {
  const subjectIds = inputs ? [...new Set(inputs.flatMap((i) => i.subjectIds))] : undefined;
  const [departments, subjects] = await Promise.all([departmentRefs(db), subjectRefs(db, subjectIds)]);
  return { departments: new Set(departments.map((d) => d.id)), subjects: new Set(subjects.map((s) => s.id)) };
}

export interface TeacherIssue {
  field: keyof TeacherInput;
  message: string;
}

export function teacherRefIssues(refs: TeacherRefs, input: Pick<TeacherInput, 'departmentId' | 'subjectIds'>): TeacherIssue[] {
  const issues: TeacherIssue[] = [];
  if (input.departmentId && !refs.departments.has(input.departmentId))
    issues.push({ field: 'departmentId', message: 'Tổ chuyên môn đã chọn không tồn tại.' });
  const missing = [...new Set(input.subjectIds)].filter((id) => !refs.subjects.has(id));
  if (missing.length) issues.push({ field: 'subjectIds', message: `Không tìm thấy môn học có id: ${missing.join(', ')}.` });
  return issues;
}

async function checkInput(ctx: WriteCtx, input: TeacherInput, refs: TeacherRefs, teacherId: number | null) {
  const issues = teacherRefIssues(refs, input);
  if (issues.length) throw badRequest(issues[0].message, { issues });
  const key = input.staffCode.toLowerCase();
  const owner = refs.codes ? (refs.codes.get(key) ?? null) : await teacherIdByCode(ctx.tx, input.staffCode, teacherId ?? undefined);
  if (owner !== null && owner !== teacherId) throw conflict(staffCodeTakenMessage(input.staffCode));
  if (input.email) {
    const account = await accountByEmail(ctx.tx, input.email, refs.accounts);
    const other = account ? (await teachersOfUsers(ctx.tx, [account.id])).get(account.id) : undefined;
    if (other !== undefined && other !== teacherId) throw conflict(EMAIL_OF_OTHER_TEACHER);
  }
}

function snapshot(row: TeacherRow, subjectIds: number[]) {
  const { searchText: _s, sortKey: _k, ...rest } = row;
  return { ...rest, subjectIds };
}

/**
 * With an e-mail, the teacher signs in with that account: found or made, given the TEACHER role
 * (added to the roles it has; primary when it has none). Without one the current link stays.
 */
async function accountFor(ctx: WriteCtx, input: TeacherInput, refs: TeacherRefs, currentUserId: number | null): Promise<number | null> {
  if (!input.email) return currentUserId;
  const account = await provideAccount(ctx, {
    email: input.email,
    displayName: input.fullName,
    role: 'TEACHER',
    currentUserId,
    cache: refs.accounts,
  });
  return account.id;
}

function values(input: TeacherInput) {
  return { staffCode: input.staffCode, fullName: input.fullName, email: input.email ?? null, departmentId: input.departmentId };
}

export async function createTeacher(ctx: WriteCtx, input: TeacherInput, refs?: TeacherRefs): Promise<number> {
  const r = refs ?? (await loadTeacherRefs(ctx.tx, [input]));
  await checkInput(ctx, input, r, null);
  const userId = await accountFor(ctx, input, r, null);
  const row = await insertTeacherRow(ctx.tx, { ...values(input), userId });
  const subjectIds = [...new Set(input.subjectIds)];
  await setTeacherSubjects(ctx.tx, row.id, subjectIds);
  r.codes?.set(row.staffCode.toLowerCase(), row.id);
  await ctx.log({ action: 'create', entity: 'teacher', entityId: row.id, after: snapshot(row, subjectIds) });
  return row.id;
}

export async function updateTeacher(ctx: WriteCtx, id: number, input: TeacherInput, refs?: TeacherRefs): Promise<void> {
  const before = found(await lockTeacher(ctx.tx, id), 'giáo viên');
  const beforeSubjects = await subjectIdsOf(ctx.tx, id);
  const r = refs ?? (await loadTeacherRefs(ctx.tx, [input]));
  await checkInput(ctx, input, r, id);
  const userId = await accountFor(ctx, input, r, before.userId);
  const after = await updateTeacherRow(ctx.tx, id, { ...values(input), userId });
  const subjectIds = [...new Set(input.subjectIds)];
  await setTeacherSubjects(ctx.tx, id, subjectIds);
  await ctx.log({
    action: 'update',
    entity: 'teacher',
    entityId: id,
    before: snapshot(before, beforeSubjects),
    after: snapshot(after, subjectIds),
  });
}

/** Refused while the teacher teaches course classes, heads a department or has a homeroom class. */
export async function deleteTeacher(ctx: WriteCtx, id: number): Promise<TTeacher> {
  const before = found(await lockTeacher(ctx.tx, id), 'giáo viên');
  const shown = await getTeacher(ctx.tx, id);
  await refuseIfUsed(ctx.tx, 'giáo viên này', teacherUsage(id));
  await deleteTeacherRow(ctx.tx, id);
  await ctx.log({
    action: 'delete',
    entity: 'teacher',
    entityId: id,
    before: snapshot(
      before,
      shown.subjects.map((s) => s.id),
    ),
  });
  return shown;
}
