import { and, asc, desc, eq, gt, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TSemester } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { academicYears, modules, semesters } from '@/db/schema/academic';
import { searchColumns, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';

export type SemesterRow = typeof semesters.$inferSelect;
export type SemesterValues = Pick<SemesterRow, 'name' | 'academicYearId' | 'startDate' | 'endDate' | 'isCurrent'>;

export const SEMESTER_SORTS = ['name', 'academicYearName', 'startDate', 'endDate', 'isCurrent', 'createdAt'] as const;
export type SemesterSort = (typeof SEMESTER_SORTS)[number];

export const semesterSortColumns: Record<SemesterSort, AnyColumn | SQL> = {
  name: semesters.name,
  academicYearName: academicYears.name,
  startDate: semesters.startDate,
  endDate: semesters.endDate,
  isCurrent: semesters.isCurrent,
  createdAt: semesters.createdAt,
};
export const semesterDefaultOrder = [desc(semesters.startDate), desc(semesters.id)];
export const semesterTieBreak = [semesters.startDate, semesters.id];

const columns = {
  id: semesters.id,
  name: semesters.name,
  academicYearId: semesters.academicYearId,
  academicYearName: academicYears.name,
  startDate: semesters.startDate,
  endDate: semesters.endDate,
  isCurrent: semesters.isCurrent,
  createdAt: semesters.createdAt,
  updatedAt: semesters.updatedAt,
};
type Selected = SemesterRow & { academicYearName: string };

function toSemester(r: Selected): TSemester {
  return {
    id: r.id,
    name: r.name,
    academicYearId: r.academicYearId,
    academicYearName: r.academicYearName,
    startDate: r.startDate,
    endDate: r.endDate,
    isCurrent: r.isCurrent,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function semesterWhere(q: { search?: string; academicYearId?: number }): SQL | undefined {
  return and(
    q.academicYearId ? eq(semesters.academicYearId, q.academicYearId) : undefined,
    searchColumns([semesters.name, academicYears.name], q.search),
  );
}

function selectSemesters(db: DbOrTx) {
  return db.select(columns).from(semesters).innerJoin(academicYears, eq(academicYears.id, semesters.academicYearId));
}

export async function listSemesters(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ ...columns, total: totalOver })
    .from(semesters)
    .innerJoin(academicYears, eq(academicYears.id, semesters.academicYearId))
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return { items: rows.map(toSemester), total: rows[0]?.total ?? 0 };
}

export async function findSemester(db: DbOrTx, id: number): Promise<TSemester | null> {
  const [row] = await selectSemesters(db).where(eq(semesters.id, id)).limit(1);
  return row ? toSemester(row) : null;
}

export async function findCurrentSemester(db: DbOrTx): Promise<TSemester | null> {
  const [row] = await selectSemesters(db).where(eq(semesters.isCurrent, true)).limit(1);
  return row ? toSemester(row) : null;
}

export async function lockSemester(db: DbOrTx, id: number): Promise<SemesterRow | null> {
  const [row] = await db.select().from(semesters).where(eq(semesters.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function semesterNameTaken(db: DbOrTx, yearId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: semesters.id })
    .from(semesters)
    .where(
      and(
        eq(semesters.academicYearId, yearId),
        sql`lower(${semesters.name}) = lower(${name})`,
        exceptId ? ne(semesters.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertSemester(db: DbOrTx, v: SemesterValues): Promise<SemesterRow> {
  const [row] = await db.insert(semesters).values(v).returning();
  return row;
}

export async function updateSemester(db: DbOrTx, id: number, v: Partial<SemesterValues>): Promise<SemesterRow> {
  const [row] = await db
    .update(semesters)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(semesters.id, id))
    .returning();
  return row;
}

export async function deleteSemester(db: DbOrTx, id: number): Promise<void> {
  await db.delete(semesters).where(eq(semesters.id, id));
}

/** Un-makes the current semester (other than `exceptId`) before another is flagged; returns the changed rows. */
export async function clearCurrentSemester(db: DbOrTx, exceptId?: number): Promise<SemesterRow[]> {
  return db
    .update(semesters)
    .set({ isCurrent: false, updatedAt: new Date() })
    .where(and(eq(semesters.isCurrent, true), exceptId ? ne(semesters.id, exceptId) : undefined))
    .returning();
}

/** The semester's modules that would fall outside new dates. */
export async function modulesOutside(db: DbOrTx, semesterId: number, startDate: string, endDate: string) {
  return db
    .select({ name: modules.code, startDate: modules.startDate, endDate: modules.endDate })
    .from(modules)
    .where(and(eq(modules.semesterId, semesterId), or(lt(modules.startDate, startDate), gt(modules.endDate, endDate))))
    .orderBy(asc(modules.startDate));
}

export function semesterUsage(id: number): UsageCheck[] {
  return [{ label: 'học phần', count: sql`select count(*) from modules where semester_id = ${id}` }];
}
