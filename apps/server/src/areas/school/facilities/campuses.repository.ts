import { and, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TCampus } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { campuses } from '@/db/schema/school';
import { searchColumns, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';

export type CampusRow = typeof campuses.$inferSelect;
export type CampusValues = Pick<CampusRow, 'code' | 'name' | 'address'>;

export const CAMPUS_SORTS = ['code', 'name', 'address', 'classroomCount', 'createdAt'] as const;
export type CampusSort = (typeof CAMPUS_SORTS)[number];

// Spelled out: Drizzle leaves columns unqualified in a one-table select, which would bind the
// subquery's "id" to classrooms instead of the outer campus.
const classroomCount = sql<number>`cast((select count(*) from classrooms cr where cr.campus_id = "campuses"."id") as integer)`;

export const campusSortColumns: Record<CampusSort, AnyColumn | SQL> = {
  code: campuses.code,
  name: campuses.name,
  address: campuses.address,
  classroomCount,
  createdAt: campuses.createdAt,
};

const columns = {
  id: campuses.id,
  code: campuses.code,
  name: campuses.name,
  address: campuses.address,
  classroomCount,
  createdAt: campuses.createdAt,
  updatedAt: campuses.updatedAt,
};

type Selected = { id: number; code: string; name: string; address: string; classroomCount: number; createdAt: Date; updatedAt: Date };

export function toCampus(r: Selected): TCampus {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    address: r.address,
    classroomCount: Number(r.classroomCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function campusSearch(search: string | undefined): SQL | undefined {
  return searchColumns([campuses.code, campuses.name, campuses.address], search);
}

export async function listCampuses(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ ...columns, total: totalOver })
    .from(campuses)
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return { items: rows.map(toCampus), total: rows[0]?.total ?? 0 };
}

export async function findCampus(db: DbOrTx, id: number): Promise<TCampus | null> {
  const [row] = await db.select(columns).from(campuses).where(eq(campuses.id, id)).limit(1);
  return row ? toCampus(row) : null;
}

/** The bare row, locked, for an update or delete and its audit "before". */
export async function lockCampus(db: DbOrTx, id: number): Promise<CampusRow | null> {
  const [row] = await db.select().from(campuses).where(eq(campuses.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function campusCodeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: campuses.id })
    .from(campuses)
    .where(and(sql`lower(${campuses.code}) = lower(${code})`, exceptId ? ne(campuses.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertCampus(db: DbOrTx, v: CampusValues): Promise<CampusRow> {
  const [row] = await db.insert(campuses).values(v).returning();
  return row;
}

export async function updateCampus(db: DbOrTx, id: number, v: CampusValues): Promise<CampusRow> {
  const [row] = await db
    .update(campuses)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(campuses.id, id))
    .returning();
  return row;
}

export async function deleteCampus(db: DbOrTx, id: number): Promise<void> {
  await db.delete(campuses).where(eq(campuses.id, id));
}

/** Everything that points at a campus; deleting it while any of these exist is refused. */
export function campusUsage(id: number): UsageCheck[] {
  return [
    { label: 'phòng học', count: sql`select count(*) from classrooms where campus_id = ${id}` },
    { label: 'lớp chủ nhiệm', count: sql`select count(*) from homeroom_classes where campus_id = ${id}` },
    { label: 'học sinh', count: sql`select count(*) from students where campus_id = ${id}` },
    { label: 'lớp học phần', count: sql`select count(*) from course_classes where campus_id = ${id}` },
  ];
}

/** Ties after the chosen sort: by code, then id, so pages never overlap. */
export const campusTieBreak = [campuses.code, campuses.id];
