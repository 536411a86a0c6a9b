import { and, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TClassroom } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { campuses, classrooms } from '@/db/schema/school';
import { searchColumns, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';

export type ClassroomRow = typeof classrooms.$inferSelect;
export type ClassroomValues = Pick<ClassroomRow, 'campusId' | 'code' | 'name' | 'capacity' | 'kind'>;

export const CLASSROOM_SORTS = ['code', 'name', 'capacity', 'kind', 'campusName', 'createdAt'] as const;
export type ClassroomSort = (typeof CLASSROOM_SORTS)[number];

export const classroomSortColumns: Record<ClassroomSort, AnyColumn | SQL> = {
  code: classrooms.code,
  name: classrooms.name,
  capacity: classrooms.capacity,
  kind: classrooms.kind,
  campusName: campuses.name,
  createdAt: classrooms.createdAt,
};
export const classroomTieBreak = [campuses.code, classrooms.code, classrooms.id];

const columns = {
  id: classrooms.id,
  campusId: classrooms.campusId,
  campusName: campuses.name,
  code: classrooms.code,
  name: classrooms.name,
  capacity: classrooms.capacity,
  kind: classrooms.kind,
  createdAt: classrooms.createdAt,
  updatedAt: classrooms.updatedAt,
};

type Selected = {
  id: number;
  campusId: number;
  campusName: string;
  code: string;
  name: string;
  capacity: number;
  kind: string;
  createdAt: Date;
  updatedAt: Date;
};

export function toClassroom(r: Selected): TClassroom {
  return {
    id: r.id,
    campusId: r.campusId,
    campusName: r.campusName,
    code: r.code,
    name: r.name,
    capacity: r.capacity,
    kind: r.kind as TClassroom['kind'],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function classroomWhere(f: { campusId?: number; kind?: string; search?: string }): SQL | undefined {
  return and(
    f.campusId ? eq(classrooms.campusId, f.campusId) : undefined,
    f.kind ? eq(classrooms.kind, f.kind) : undefined,
    searchColumns([classrooms.code, classrooms.name], f.search),
  );
}

export async function listClassrooms(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ ...columns, total: totalOver })
    .from(classrooms)
    .innerJoin(campuses, eq(campuses.id, classrooms.campusId))
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return { items: rows.map(toClassroom), total: rows[0]?.total ?? 0 };
}

export async function findClassroom(db: DbOrTx, id: number): Promise<TClassroom | null> {
  const [row] = await db
    .select(columns)
    .from(classrooms)
    .innerJoin(campuses, eq(campuses.id, classrooms.campusId))
    .where(eq(classrooms.id, id))
    .limit(1);
  return row ? toClassroom(row) : null;
}

export async function lockClassroom(db: DbOrTx, id: number): Promise<ClassroomRow | null> {
  const [row] = await db.select().from(classrooms).where(eq(classrooms.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function classroomCodeTaken(db: DbOrTx, campusId: number, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(
      and(
        eq(classrooms.campusId, campusId),
        sql`lower(${classrooms.code}) = lower(${code})`,
        exceptId ? ne(classrooms.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertClassroom(db: DbOrTx, v: ClassroomValues): Promise<ClassroomRow> {
  const [row] = await db.insert(classrooms).values(v).returning();
  return row;
}

export async function updateClassroom(db: DbOrTx, id: number, v: ClassroomValues): Promise<ClassroomRow> {
  const [row] = await db
    .update(classrooms)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(classrooms.id, id))
    .returning();
  return row;
}

export async function deleteClassroom(db: DbOrTx, id: number): Promise<void> {
  await db.delete(classrooms).where(eq(classrooms.id, id));
}

export function classroomUsage(id: number): UsageCheck[] {
  return [{ label: 'lớp học phần', count: sql`select count(*) from course_classes where classroom_id = ${id}` }];
}
