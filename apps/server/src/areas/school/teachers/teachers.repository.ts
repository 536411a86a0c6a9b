import { and, asc, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TTeacher } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { departmentHeads, departments, subjects, teachers, teacherSubjects } from '@/db/schema/school';
import { searchRank, searchWhere, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';
import { personDerived } from '../core/people';

export type TeacherRow = typeof teachers.$inferSelect;
export type TeacherValues = Pick<TeacherRow, 'staffCode' | 'fullName' | 'email' | 'departmentId'>;

export const TEACHER_SORTS = ['staffCode', 'fullName', 'departmentName'] as const;
export type TeacherSort = (typeof TEACHER_SORTS)[number];

// sort_key orders names the way schools do (given name first); it is compared byte by byte.
const nameOrder = sql`${teachers.sortKey} collate "C"`;
export const teacherSortColumns: Record<TeacherSort, AnyColumn | SQL> = {
  staffCode: teachers.staffCode,
  fullName: nameOrder,
  departmentName: departments.name,
};
export const teacherTieBreak = [nameOrder, teachers.id];
/** A searched list without a sort: the teacher whose staff code or name is the search first. */
export const teacherSearchRank = (search: string | undefined) =>
  searchRank({ text: teachers.searchText, code: teachers.staffCode, name: teachers.fullName }, search);

export interface TeacherFilters {
  departmentId?: number;
  subjectId?: number;
  search?: string;
  /** Only teachers of these departments (a head's own); undefined = every teacher. */
  departmentScope?: number[];
}

export function teacherWhere(f: TeacherFilters): SQL | undefined {
  return and(
    f.departmentId ? eq(teachers.departmentId, f.departmentId) : undefined,
    f.subjectId
      ? sql`exists (select 1 from ${teacherSubjects} where ${teacherSubjects.teacherId} = ${teachers.id} and ${teacherSubjects.subjectId} = ${f.subjectId})`
      : undefined,
    f.departmentScope ? (f.departmentScope.length ? inArray(teachers.departmentId, f.departmentScope) : sql`false`) : undefined,
    searchWhere(teachers.searchText, f.search),
  );
}

const isHead = sql<boolean>`exists (select 1 from ${departmentHeads} where ${departmentHeads.teacherId} = ${teachers.id})`;
const columns = {
  id: teachers.id,
  staffCode: teachers.staffCode,
  fullName: teachers.fullName,
  email: teachers.email,
  departmentId: teachers.departmentId,
  departmentName: departments.name,
  userId: teachers.userId,
  isHead,
  createdAt: teachers.createdAt,
  updatedAt: teachers.updatedAt,
};
type Selected = Omit<TTeacher, 'subjects' | 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** The subjects of many teachers in one query (a page, an export). */
async function subjectsOf(db: DbOrTx, ids: number[]): Promise<Map<number, TTeacher['subjects']>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ teacherId: teacherSubjects.teacherId, id: subjects.id, code: subjects.code, name: subjects.name })
    .from(teacherSubjects)
    .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
    .where(sql`${teacherSubjects.teacherId} = any(${sql.param(ids)}::int[])`)
    .orderBy(asc(subjects.code));
  const by = new Map<number, TTeacher['subjects']>();
  for (const r of rows) by.set(r.teacherId, [...(by.get(r.teacherId) ?? []), { id: r.id, code: r.code, name: r.name }]);
  return by;
}

async function toTeachers(db: DbOrTx, rows: Selected[]): Promise<TTeacher[]> {
  const subs = await subjectsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    isHead: Boolean(r.isHead),
    subjects: subs.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listTeachers(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ ...columns, total: totalOver })
    .from(teachers)
    .leftJoin(departments, eq(departments.id, teachers.departmentId))
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return {
    items: await toTeachers(
      db,
      rows.map(({ total: _t, ...r }) => r),
    ),
    total: rows[0]?.total ?? 0,
  };
}

export async function findTeacher(db: DbOrTx, id: number): Promise<TTeacher | null> {
  const rows = await db
    .select(columns)
    .from(teachers)
    .leftJoin(departments, eq(departments.id, teachers.departmentId))
    .where(eq(teachers.id, id))
    .limit(1);
  return (await toTeachers(db, rows))[0] ?? null;
}

export async function lockTeacher(db: DbOrTx, id: number): Promise<TeacherRow | null> {
  const [row] = await db.select().from(teachers).where(eq(teachers.id, id)).for('update').limit(1);
  return row ?? null;
}

function derived(v: TeacherValues) {
  return personDerived(v.staffCode, v.fullName, v.email);
}

export async function insertTeacherRow(db: DbOrTx, v: TeacherValues & { userId: number | null }): Promise<TeacherRow> {
  const [row] = await db
    .insert(teachers)
    .values({ ...v, ...derived(v) })
    .returning();
  return row;
}

export async function updateTeacherRow(db: DbOrTx, id: number, v: TeacherValues & { userId: number | null }): Promise<TeacherRow> {
  const [row] = await db
    .update(teachers)
    .set({ ...v, ...derived(v), updatedAt: new Date() })
    .where(eq(teachers.id, id))
    .returning();
  return row;
}

export async function deleteTeacherRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(teachers).where(eq(teachers.id, id));
}

export async function subjectIdsOf(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: teacherSubjects.subjectId })
    .from(teacherSubjects)
    .where(eq(teacherSubjects.teacherId, id))
    .orderBy(teacherSubjects.subjectId);
  return rows.map((r) => r.id);
}

export async function setTeacherSubjects(db: DbOrTx, id: number, subjectIds: number[]) {
  await db.delete(teacherSubjects).where(eq(teacherSubjects.teacherId, id));
  if (subjectIds.length) await db.insert(teacherSubjects).values(subjectIds.map((subjectId) => ({ teacherId: id, subjectId })));
}

export async function teacherIdByCode(db: DbOrTx, code: string, exceptId?: number): Promise<number | null> {
  const [row] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(sql`lower(${teachers.staffCode}) = ${code.toLowerCase()}`, exceptId ? ne(teachers.id, exceptId) : undefined))
    .limit(1);
  return row?.id ?? null;
}

/** Teacher ids by staff code (lower-cased keys) for a whole import file in one query. */
export async function teacherIdsByCodes(db: DbOrTx, codes: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(codes.map((c) => c.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: teachers.id, code: teachers.staffCode })
    .from(teachers)
    .where(sql`lower(${teachers.staffCode}) = any(${sql.param(wanted)}::text[])`);
  return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
}

/** The teacher record linked to each of these accounts (teachers.user_id is unique). */
export async function teachersOfUsers(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: teachers.id, userId: teachers.userId })
    .from(teachers)
    .where(sql`${teachers.userId} = any(${sql.param(userIds)}::int[])`);
  return new Map(rows.map((r) => [r.userId!, r.id]));
}

export async function departmentRefs(db: DbOrTx): Promise<Array<{ id: number; code: string; name: string }>> {
  return db.select({ id: departments.id, code: departments.code, name: departments.name }).from(departments);
}

export async function subjectRefs(db: DbOrTx, ids?: number[]): Promise<Array<{ id: number; code: string; name: string }>> {
  const q = db.select({ id: subjects.id, code: subjects.code, name: subjects.name }).from(subjects);
  return ids ? q.where(sql`${subjects.id} = any(${sql.param(ids)}::int[])`) : q;
}

/** The departments a user heads, through their teacher record. */
export async function headedDepartmentIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: departmentHeads.departmentId })
    .from(departmentHeads)
    .innerJoin(teachers, eq(teachers.id, departmentHeads.teacherId))
    .where(eq(teachers.userId, userId));
  return rows.map((r) => r.id);
}

export function teacherUsage(id: number): UsageCheck[] {
  return [
    { label: 'lớp học phần', count: sql`select count(*) from course_class_teachers where teacher_id = ${id}` },
    { label: 'tổ chuyên môn (tổ trưởng/tổ phó)', count: sql`select count(*) from department_heads where teacher_id = ${id}` },
    { label: 'lớp chủ nhiệm', count: sql`select count(*) from homeroom_classes where homeroom_teacher_id = ${id}` },
  ];
}

/** Copies a changed account e-mail to the teacher record linked to that account, if any. */
