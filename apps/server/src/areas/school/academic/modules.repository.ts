import { and, asc, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TModule } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { academicYears, modules, semesters } from '@/db/schema/academic';
import { searchColumns, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';

export type ModuleRow = typeof modules.$inferSelect;
export type ModuleValues = Pick<ModuleRow, 'code' | 'name' | 'semesterId' | 'startDate' | 'endDate' | 'isCurrent'>;

export const MODULE_SORTS = ['code', 'name', 'semesterName', 'academicYearName', 'startDate', 'endDate', 'isCurrent', 'createdAt'] as const;
export type ModuleSort = (typeof MODULE_SORTS)[number];

export const moduleSortColumns: Record<ModuleSort, AnyColumn | SQL> = {
  code: modules.code,
  name: modules.name,
  semesterName: semesters.name,
  academicYearName: academicYears.name,
  startDate: modules.startDate,
  endDate: modules.endDate,
  isCurrent: modules.isCurrent,
  createdAt: modules.createdAt,
};
export const moduleDefaultOrder = [desc(modules.startDate), asc(modules.code), asc(modules.id)];
export const moduleTieBreak = [modules.startDate, modules.code, modules.id];

const columns = {
  id: modules.id,
  code: modules.code,
  name: modules.name,
  semesterId: modules.semesterId,
  semesterName: semesters.name,
  academicYearId: semesters.academicYearId,
  academicYearName: academicYears.name,
  startDate: modules.startDate,
  endDate: modules.endDate,
  isCurrent: modules.isCurrent,
  createdAt: modules.createdAt,
  updatedAt: modules.updatedAt,
};
type Selected = ModuleRow & { semesterName: string; academicYearId: number; academicYearName: string };

function toModule(r: Selected): TModule {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    semesterId: r.semesterId,
    semesterName: r.semesterName,
    academicYearId: r.academicYearId,
    academicYearName: r.academicYearName,
    startDate: r.startDate,
    endDate: r.endDate,
    isCurrent: r.isCurrent,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function moduleWhere(q: { search?: string; semesterId?: number; academicYearId?: number }): SQL | undefined {
  return and(
    q.semesterId ? eq(modules.semesterId, q.semesterId) : undefined,
    q.academicYearId ? eq(semesters.academicYearId, q.academicYearId) : undefined,
    searchColumns([modules.code, modules.name], q.search),
  );
}

function selectModules(db: DbOrTx) {
  return db
    .select(columns)
    .from(modules)
    .innerJoin(semesters, eq(semesters.id, modules.semesterId))
    .innerJoin(academicYears, eq(academicYears.id, semesters.academicYearId));
}

export async function listModules(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ ...columns, total: totalOver })
    .from(modules)
    .innerJoin(semesters, eq(semesters.id, modules.semesterId))
    .innerJoin(academicYears, eq(academicYears.id, semesters.academicYearId))
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return { items: rows.map(toModule), total: rows[0]?.total ?? 0 };
}

export async function findModule(db: DbOrTx, id: number): Promise<TModule | null> {
  const [row] = await selectModules(db).where(eq(modules.id, id)).limit(1);
  return row ? toModule(row) : null;
}

/** A semester's modules in teaching order: the current-module loader shows them as they come. */
export async function modulesOfSemester(db: DbOrTx, semesterId: number): Promise<TModule[]> {
  const rows = await selectModules(db)
    .where(eq(modules.semesterId, semesterId))
    .orderBy(asc(modules.startDate), asc(modules.code), asc(modules.id));
  return rows.map(toModule);
}

export async function currentModuleOf(db: DbOrTx, semesterId: number): Promise<TModule | null> {
  const [row] = await selectModules(db)
    .where(and(eq(modules.semesterId, semesterId), eq(modules.isCurrent, true)))
    .limit(1);
  return row ? toModule(row) : null;
}

export async function lockModule(db: DbOrTx, id: number): Promise<ModuleRow | null> {
  const [row] = await db.select().from(modules).where(eq(modules.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function moduleCodeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: modules.id })
    .from(modules)
    .where(and(sql`lower(${modules.code}) = lower(${code})`, exceptId ? ne(modules.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertModule(db: DbOrTx, v: ModuleValues): Promise<ModuleRow> {
  const [row] = await db.insert(modules).values(v).returning();
  return row;
}

export async function updateModule(db: DbOrTx, id: number, v: Partial<ModuleValues>): Promise<ModuleRow> {
  const [row] = await db
    .update(modules)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(modules.id, id))
    .returning();
  return row;
}

export async function deleteModule(db: DbOrTx, id: number): Promise<void> {
  await db.delete(modules).where(eq(modules.id, id));
}

/** Un-makes the current module (other than `exceptId`) before another is flagged; returns the changed rows. */
export async function clearCurrentModule(db: DbOrTx, exceptId?: number): Promise<ModuleRow[]> {
  return db
    .update(modules)
    .set({ isCurrent: false, updatedAt: new Date() })
    .where(and(eq(modules.isCurrent, true), exceptId ? ne(modules.id, exceptId) : undefined))
    .returning();
}

export function moduleUsage(id: number): UsageCheck[] {
  return [{ label: 'lớp học phần', count: sql`select count(*) from course_classes where module_id = ${id}` }];
}
