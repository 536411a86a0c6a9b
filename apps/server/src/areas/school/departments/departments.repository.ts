import { and, asc, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TDepartment } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { departmentHeads, departments, teachers } from '@/db/schema/school';
import { searchColumns, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';

export type DepartmentRow = typeof departments.$inferSelect;
export type DepartmentValues = Pick<DepartmentRow, 'code' | 'name'>;
/** The row plus its heads, as the audit log keeps it. */
export type DepartmentSnapshot = DepartmentRow & { headTeacherIds: number[] };

export const DEPARTMENT_SORTS = ['code', 'name', 'teacherCount', 'subjectCount', 'createdAt'] as const;
export type DepartmentSort = (typeof DEPARTMENT_SORTS)[number];

// Plain names on purpose: in a single-table select Drizzle drops the table from interpolated
// columns, which would turn these correlated subqueries into comparisons inside the inner table.
const teacherCount = sql<number>`cast((select count(*) from teachers t where t.department_id = departments.id) as integer)`;
const subjectCount = sql<number>`cast((select count(*) from subjects s where s.department_id = departments.id) as integer)`;

export const departmentSortColumns: Record<DepartmentSort, AnyColumn | SQL> = {
  code: departments.code,
  name: departments.name,
  teacherCount,
  subjectCount,
  createdAt: departments.createdAt,
};
export const departmentTieBreak = [departments.code, departments.id];

const columns = {
  id: departments.id,
  code: departments.code,
  name: departments.name,
  teacherCount,
  subjectCount,
  createdAt: departments.createdAt,
  updatedAt: departments.updatedAt,
};
type Selected = DepartmentRow & { teacherCount: number; subjectCount: number };
type Head = TDepartment['heads'][number];

/** Heads of several departments in one query, by department id. */
async function headsOf(db: DbOrTx, ids: number[]): Promise<Map<number, Head[]>> {
  const byDept = new Map<number, Head[]>();
  if (!ids.length) return byDept;
  const rows = await db
    .select({ departmentId: departmentHeads.departmentId, id: teachers.id, fullName: teachers.fullName, staffCode: teachers.staffCode })
    .from(departmentHeads)
    .innerJoin(teachers, eq(teachers.id, departmentHeads.teacherId))
    .where(inArray(departmentHeads.departmentId, ids))
    .orderBy(asc(teachers.fullName), asc(teachers.id));
  for (const { departmentId, ...head } of rows) byDept.set(departmentId, [...(byDept.get(departmentId) ?? []), head]);
  return byDept;
}

async function withHeads(db: DbOrTx, rows: Selected[]): Promise<TDepartment[]> {
  const heads = await headsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    heads: heads.get(r.id) ?? [],
    teacherCount: Number(r.teacherCount),
    subjectCount: Number(r.subjectCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export function departmentSearch(search: string | undefined): SQL | undefined {
  return searchColumns([departments.code, departments.name], search);
}

export async function listDepartments(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ ...columns, total: totalOver })
    .from(departments)
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return { items: await withHeads(db, rows), total: rows[0]?.total ?? 0 };
}

export async function findDepartment(db: DbOrTx, id: number): Promise<TDepartment | null> {
  const rows = await db.select(columns).from(departments).where(eq(departments.id, id)).limit(1);
  return (await withHeads(db, rows))[0] ?? null;
}

/** The bare row and its heads, locked, for an update or delete and its audit "before". */
export async function lockDepartment(db: DbOrTx, id: number): Promise<DepartmentSnapshot | null> {
  const [row] = await db.select().from(departments).where(eq(departments.id, id)).for('update').limit(1);
  if (!row) return null;
  const heads = await db
    .select({ id: departmentHeads.teacherId })
    .from(departmentHeads)
    .where(eq(departmentHeads.departmentId, id))
    .orderBy(asc(departmentHeads.teacherId));
  return { ...row, headTeacherIds: heads.map((h) => h.id) };
}

export async function departmentCodeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(sql`lower(${departments.code}) = lower(${code})`, exceptId ? ne(departments.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** The ids among `ids` that are teachers. */
export async function existingTeacherIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: teachers.id }).from(teachers).where(inArray(teachers.id, ids));
  return rows.map((r) => r.id);
}

export async function insertDepartment(db: DbOrTx, v: DepartmentValues): Promise<DepartmentRow> {
  const [row] = await db.insert(departments).values(v).returning();
  return row;
}

export async function updateDepartment(db: DbOrTx, id: number, v: DepartmentValues): Promise<DepartmentRow> {
  const [row] = await db
    .update(departments)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(departments.id, id))
    .returning();
  return row;
}

/** Replaces the department's heads with `teacherIds`. */
export async function setHeads(db: DbOrTx, departmentId: number, teacherIds: number[]): Promise<void> {
  await db.delete(departmentHeads).where(eq(departmentHeads.departmentId, departmentId));
  if (teacherIds.length) await db.insert(departmentHeads).values(teacherIds.map((teacherId) => ({ departmentId, teacherId })));
}

export async function deleteDepartment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(departments).where(eq(departments.id, id));
}

/** What belongs to a department; its heads are only a designation and go with it. */
export function departmentUsage(id: number): UsageCheck[] {
  return [
    { label: 'giáo viên', count: sql`select count(*) from teachers where department_id = ${id}` },
    { label: 'môn học', count: sql`select count(*) from subjects where department_id = ${id}` },
  ];
}
