import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';

/*
 * Which teachers' declarations a caller reaches, as SQL over `teachers t`: everyone (admin, academic
 * affairs, the principal), the departments they head, the department of their own teacher record (a
 * DECLARATION holder), and their own (a teacher). A caller may hold several of these: the union applies.
 */

export interface Scope {
  all: boolean;
  departmentIds: number[];
  teacherId: number | null;
}

export function scopeSql(scope: Scope): SQL {
  if (scope.all) return sql`true`;
  const parts: SQL[] = [];
  if (scope.departmentIds.length) parts.push(sql`t.department_id = any(${`{${scope.departmentIds.join(',')}}`}::int[])`);
  if (scope.teacherId !== null) parts.push(sql`t.id = ${scope.teacherId}`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** The departments a teacher heads (department_heads). */
export async function headedDepartmentIds(db: DbOrTx, teacherId: number | null): Promise<number[]> {
  if (teacherId === null) return [];
  const rows = await queryRows<{ id: number }>(db, sql`select department_id as id from department_heads where teacher_id = ${teacherId}`);
  return rows.map((r) => r.id);
}

export interface TeacherRow {
  id: number;
  staffCode: string;
  fullName: string;
  departmentId: number | null;
  position: string;
  userId: number | null;
}

export async function teacherRow(db: DbOrTx, id: number | null): Promise<TeacherRow | null> {
  if (id === null) return null;
  const [row] = await queryRows<TeacherRow>(
    db,
    sql`select id, staff_code as "staffCode", full_name as "fullName", department_id as "departmentId", position, user_id as "userId"
          from teachers where id = ${id}`,
  );
  return row ?? null;
}
