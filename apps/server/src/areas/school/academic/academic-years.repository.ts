import { and, asc, desc, eq, ne, or, sql, gt, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TAcademicYear } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { academicYears, semesters } from '@/db/schema/academic';
import { searchColumns, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';

export type YearRow = typeof academicYears.$inferSelect;
export type YearValues = Pick<YearRow, 'name' | 'startDate' | 'endDate' | 'isCurrent'>;

export const YEAR_SORTS = ['name', 'startDate', 'endDate', 'isCurrent', 'semesterCount', 'createdAt'] as const;
export type YearSort = (typeof YEAR_SORTS)[number];

// Plain names on purpose: in a single-table select Drizzle drops the table from interpolated
// columns, which would turn this correlated subquery into a comparison inside semesters.
const semesterCount = sql<number>`cast((select count(*) from semesters s where s.academic_year_id = academic_years.id) as integer)`;

export const yearSortColumns: Record<YearSort, AnyColumn | SQL> = {
  name: academicYears.name,
  startDate: academicYears.startDate,
  endDate: academicYears.endDate,
  isCurrent: academicYears.isCurrent,
  semesterCount,
  createdAt: academicYears.createdAt,
};
/** Without a chosen sort the newest year comes first, as people look for it. */
export const yearDefaultOrder = [desc(academicYears.startDate), desc(academicYears.id)];
export const yearTieBreak = [academicYears.startDate, academicYears.id];

const columns = {
  id: academicYears.id,
  name: academicYears.name,
  startDate: academicYears.startDate,
  endDate: academicYears.endDate,
  isCurrent: academicYears.isCurrent,
  semesterCount,
  createdAt: academicYears.createdAt,
  updatedAt: academicYears.updatedAt,
};
type Selected = YearRow & { semesterCount: number };

function toYear(r: Selected): TAcademicYear {
  return {
    id: r.id,
    name: r.name,
    startDate: r.startDate,
    endDate: r.endDate,
    isCurrent: r.isCurrent,
    semesterCount: Number(r.semesterCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function yearSearch(search: string | undefined): SQL | undefined {
  return searchColumns([academicYears.name], search);
}

export async function listYears(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ ...columns, total: totalOver })
    .from(academicYears)
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return { items: rows.map(toYear), total: rows[0]?.total ?? 0 };
}

export async function findYear(db: DbOrTx, id: number): Promise<TAcademicYear | null> {
  const [row] = await db.select(columns).from(academicYears).where(eq(academicYears.id, id)).limit(1);
  return row ? toYear(row) : null;
}

/** The bare row, locked, for an update or delete and its audit "before". */
export async function lockYear(db: DbOrTx, id: number): Promise<YearRow | null> {
  const [row] = await db.select().from(academicYears).where(eq(academicYears.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function yearNameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(sql`lower(${academicYears.name}) = lower(${name})`, exceptId ? ne(academicYears.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertYear(db: DbOrTx, v: YearValues): Promise<YearRow> {
  const [row] = await db.insert(academicYears).values(v).returning();
  return row;
}

export async function updateYear(db: DbOrTx, id: number, v: YearValues): Promise<YearRow> {
  const [row] = await db
    .update(academicYears)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(academicYears.id, id))
    .returning();
  return row;
}

export async function deleteYear(db: DbOrTx, id: number): Promise<void> {
  await db.delete(academicYears).where(eq(academicYears.id, id));
}

/**
 * Un-makes the current year (other than `exceptId`) and returns what it changed, for the audit log.
 * Runs before the new one is flagged: the partial unique index allows only one current row.
 */
export async function clearCurrentYear(db: DbOrTx, exceptId?: number): Promise<YearRow[]> {
  return db
    .update(academicYears)
    .set({ isCurrent: false, updatedAt: new Date() })
    .where(and(eq(academicYears.isCurrent, true), exceptId ? ne(academicYears.id, exceptId) : undefined))
    .returning();
}

/** The year's semesters that would fall outside new dates. */
export async function semestersOutside(db: DbOrTx, yearId: number, startDate: string, endDate: string) {
  return db
    .select({ name: semesters.name, startDate: semesters.startDate, endDate: semesters.endDate })
    .from(semesters)
    .where(and(eq(semesters.academicYearId, yearId), or(lt(semesters.startDate, startDate), gt(semesters.endDate, endDate))))
    .orderBy(asc(semesters.startDate));
}

/** Everything that points at a year; deleting it while any of these exist is refused. */
export function yearUsage(id: number): UsageCheck[] {
  return [
    { label: 'học kỳ', count: sql`select count(*) from semesters where academic_year_id = ${id}` },
    { label: 'lớp chủ nhiệm', count: sql`select count(*) from homeroom_classes where academic_year_id = ${id}` },
  ];
}
