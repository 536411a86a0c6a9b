import { and, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TSubject } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { departments, subjects } from '@/db/schema/school';
import { searchColumns, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';

export type SubjectRow = typeof subjects.$inferSelect;
export type SubjectValues = Pick<SubjectRow, 'code' | 'name' | 'departmentId' | 'kind' | 'usesLms'>;

export const SUBJECT_SORTS = ['code', 'name', 'departmentName', 'kind', 'usesLms', 'createdAt'] as const;
export type SubjectSort = (typeof SUBJECT_SORTS)[number];

export const subjectSortColumns: Record<SubjectSort, AnyColumn | SQL> = {
  code: subjects.code,
  name: subjects.name,
  departmentName: departments.name,
  kind: subjects.kind,
  usesLms: subjects.usesLms,
  createdAt: subjects.createdAt,
};
export const subjectTieBreak = [subjects.code, subjects.id];

const columns = {
  id: subjects.id,
  code: subjects.code,
  name: subjects.name,
  departmentId: subjects.departmentId,
  departmentName: departments.name,
  kind: subjects.kind,
  usesLms: subjects.usesLms,
  createdAt: subjects.createdAt,
  updatedAt: subjects.updatedAt,
};
type Selected = SubjectRow & { departmentName: string | null };

function toSubject(r: Selected): TSubject {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    // The check constraint keeps kind to these three.
    kind: r.kind as TSubject['kind'],
    usesLms: r.usesLms,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function subjectWhere(q: { search?: string; departmentId?: number; kind?: string }): SQL | undefined {
  return and(
    q.departmentId ? eq(subjects.departmentId, q.departmentId) : undefined,
    q.kind ? eq(subjects.kind, q.kind) : undefined,
    searchColumns([subjects.code, subjects.name, departments.name], q.search),
  );
}

export async function listSubjects(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ ...columns, total: totalOver })
    .from(subjects)
    .leftJoin(departments, eq(departments.id, subjects.departmentId))
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return { items: rows.map(toSubject), total: rows[0]?.total ?? 0 };
}

export async function findSubject(db: DbOrTx, id: number): Promise<TSubject | null> {
  const [row] = await db
    .select(columns)
    .from(subjects)
    .leftJoin(departments, eq(departments.id, subjects.departmentId))
    .where(eq(subjects.id, id))
    .limit(1);
  return row ? toSubject(row) : null;
}

export async function lockSubject(db: DbOrTx, id: number): Promise<SubjectRow | null> {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function subjectCodeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(sql`lower(${subjects.code}) = lower(${code})`, exceptId ? ne(subjects.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function departmentExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id)).limit(1);
  return rows.length > 0;
}

export async function insertSubject(db: DbOrTx, v: SubjectValues): Promise<SubjectRow> {
  const [row] = await db.insert(subjects).values(v).returning();
  return row;
}

export async function updateSubject(db: DbOrTx, id: number, v: SubjectValues): Promise<SubjectRow> {
  const [row] = await db
    .update(subjects)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(subjects.id, id))
    .returning();
  return row;
}

export async function deleteSubject(db: DbOrTx, id: number): Promise<void> {
  await db.delete(subjects).where(eq(subjects.id, id));
}

export function subjectUsage(id: number): UsageCheck[] {
  return [
    { label: 'lớp học phần', count: sql`select count(*) from course_classes where subject_id = ${id}` },
    { label: 'giáo viên', count: sql`select count(*) from teacher_subjects where subject_id = ${id}` },
  ];
}
