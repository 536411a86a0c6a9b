import { and, asc, desc, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { THomeroomClass } from '@app/shared/school';
import { queryRows, type DbOrTx } from '@/db/client';
import { academicYears } from '@/db/schema/academic';
import { campuses, homeroomClasses, teachers } from '@/db/schema/school';
import { searchColumns, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';

export type HomeroomRow = typeof homeroomClasses.$inferSelect;
export type HomeroomValues = Pick<HomeroomRow, 'name' | 'academicYearId' | 'grade' | 'campusId' | 'homeroomTeacherId'>;

export const HOMEROOM_SORTS = [
  'name',
  'grade',
  'academicYearName',
  'campusName',
  'homeroomTeacherName',
  'studentCount',
  'createdAt',
] as const;
export type HomeroomSort = (typeof HOMEROOM_SORTS)[number];

// Correlated subqueries name their tables outright: Drizzle leaves columns unqualified when a
// select has one table, which would bind them to the subquery's own table.
const studentCount = sql<number>`cast((select count(*) from students s where s.homeroom_class_id = "homeroom_classes"."id") as integer)`;

export const homeroomSortColumns: Record<HomeroomSort, AnyColumn | SQL> = {
  name: homeroomClasses.name,
  grade: homeroomClasses.grade,
  academicYearName: academicYears.name,
  campusName: campuses.name,
  homeroomTeacherName: teachers.sortKey,
  studentCount,
  createdAt: homeroomClasses.createdAt,
};
/** Without a chosen sort: newest year first, then grade and name, as a school lists its classes. */
export const homeroomDefaultOrder = [
  desc(academicYears.startDate),
  asc(homeroomClasses.grade),
  asc(homeroomClasses.name),
  asc(homeroomClasses.id),
];
export const homeroomTieBreak = [homeroomClasses.grade, homeroomClasses.name, homeroomClasses.id];

const columns = {
  id: homeroomClasses.id,
  name: homeroomClasses.name,
  academicYearId: homeroomClasses.academicYearId,
  academicYearName: academicYears.name,
  grade: homeroomClasses.grade,
  campusId: homeroomClasses.campusId,
  campusName: campuses.name,
  homeroomTeacherId: homeroomClasses.homeroomTeacherId,
  homeroomTeacherName: teachers.fullName,
  studentCount,
  createdAt: homeroomClasses.createdAt,
  updatedAt: homeroomClasses.updatedAt,
};

type Selected = Omit<THomeroomClass, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export function toHomeroomClass(r: Selected): THomeroomClass {
  return { ...r, studentCount: Number(r.studentCount), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

export interface HomeroomFilters {
  academicYearId?: number;
  grade?: number;
  campusId?: number;
  homeroomTeacherId?: number;
  search?: string;
  /** Only classes of these teachers (a homeroom teacher's own); undefined = every class. */
  teacherScope?: number[];
}

export function homeroomWhere(f: HomeroomFilters): SQL | undefined {
  return and(
    f.academicYearId ? eq(homeroomClasses.academicYearId, f.academicYearId) : undefined,
    f.grade ? eq(homeroomClasses.grade, f.grade) : undefined,
    f.campusId ? eq(homeroomClasses.campusId, f.campusId) : undefined,
    f.homeroomTeacherId ? eq(homeroomClasses.homeroomTeacherId, f.homeroomTeacherId) : undefined,
    f.teacherScope ? (f.teacherScope.length ? inArray(homeroomClasses.homeroomTeacherId, f.teacherScope) : sql`false`) : undefined,
    searchColumns([homeroomClasses.name, teachers.fullName], f.search),
  );
}

function selectClasses(db: DbOrTx) {
  return db
    .select({ ...columns, total: totalOver })
    .from(homeroomClasses)
    .innerJoin(academicYears, eq(academicYears.id, homeroomClasses.academicYearId))
    .innerJoin(campuses, eq(campuses.id, homeroomClasses.campusId))
    .leftJoin(teachers, eq(teachers.id, homeroomClasses.homeroomTeacherId));
}

export async function listHomeroomClasses(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await selectClasses(db)
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return { items: rows.map(({ total: _t, ...r }) => toHomeroomClass(r)), total: rows[0]?.total ?? 0 };
}

export async function findHomeroomClass(db: DbOrTx, id: number): Promise<THomeroomClass | null> {
  const [row] = await selectClasses(db).where(eq(homeroomClasses.id, id)).limit(1);
  if (!row) return null;
  const { total: _t, ...r } = row;
  return toHomeroomClass(r);
}

export async function lockHomeroomClass(db: DbOrTx, id: number): Promise<HomeroomRow | null> {
  const [row] = await db.select().from(homeroomClasses).where(eq(homeroomClasses.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function homeroomNameTaken(db: DbOrTx, v: { academicYearId: number; name: string; exceptId?: number }): Promise<boolean> {
  const rows = await db
    .select({ id: homeroomClasses.id })
    .from(homeroomClasses)
    .where(
      and(
        eq(homeroomClasses.academicYearId, v.academicYearId),
        sql`lower(${homeroomClasses.name}) = lower(${v.name})`,
        v.exceptId ? ne(homeroomClasses.id, v.exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertHomeroomClass(db: DbOrTx, v: HomeroomValues): Promise<HomeroomRow> {
  const [row] = await db.insert(homeroomClasses).values(v).returning();
  return row;
}

export async function updateHomeroomClass(db: DbOrTx, id: number, v: HomeroomValues): Promise<HomeroomRow> {
  const [row] = await db
    .update(homeroomClasses)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(homeroomClasses.id, id))
    .returning();
  return row;
}

export async function deleteHomeroomClass(db: DbOrTx, id: number): Promise<void> {
  await db.delete(homeroomClasses).where(eq(homeroomClasses.id, id));
}

export function homeroomUsage(id: number): UsageCheck[] {
  return [{ label: 'học sinh', count: sql`select count(*) from students where homeroom_class_id = ${id}` }];
}

/** The teacher records linked to a user (at most one: teachers.user_id is unique). */
export async function teacherIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  return rows.map((r) => r.id);
}

/** Which of the referenced rows exist, so a bad id answers a clear 400 instead of a foreign-key error. */
export async function referencesExist(db: DbOrTx, v: { academicYearId: number; campusId: number; homeroomTeacherId: number | null }) {
  const [row] = await queryRows<{ year: boolean; campus: boolean; teacher: boolean }>(
    db,
    sql`
    select exists (select 1 from academic_years where id = ${v.academicYearId}) as year,
           exists (select 1 from campuses where id = ${v.campusId}) as campus,
           (${v.homeroomTeacherId}::int is null or exists (select 1 from teachers where id = ${v.homeroomTeacherId}::int)) as teacher`,
  );
  return row;
}
