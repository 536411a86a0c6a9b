import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { TCoefficient, TCoefficientListQuery } from '@app/shared/pay';
import { queryRows, type DbOrTx } from '@/db/client';
import { teacherCoefficients } from '@/db/schema/pay';
import { departments, teachers } from '@/db/schema/school';
import { orderBy, searchRank, searchWhere, totalOver } from '@/db/sql';
import { COEFFICIENT_COLS, type CoefficientRow } from '../core/values.repository';

/* The SQL of the teachers' coefficient list and of the coefficient versions' writes (teacher_coefficients). */

export interface TeacherRef {
  id: number;
  staffCode: string;
  fullName: string;
  departmentId: number | null;
  departmentName: string | null;
  position: 'TEACHER' | 'PRINCIPAL' | 'VICE_PRINCIPAL';
}

const teacherCols = {
  id: teachers.id,
  staffCode: teachers.staffCode,
  fullName: teachers.fullName,
  departmentId: teachers.departmentId,
  departmentName: departments.name,
  position: sql<TeacherRef['position']>`${teachers.position}`,
};

/** The coefficient in force on `today` (a lateral join, aliased `cur`), for the "missing" filter and the sort. */
const current = (today: string) =>
  sql`left join lateral (select c.coefficient from ${teacherCoefficients} c
        where c.teacher_id = ${teachers.id} and c.effective_from <= ${today}::date
        order by c.effective_from desc limit 1) cur on true`;

/** A page of teachers (every one, with or without coefficients) by the list's filters and order. */
export async function listCoefficientTeachers(
  db: DbOrTx,
  q: Omit<TCoefficientListQuery, 'page' | 'limit'> & { today: string; limit: number; offset: number },
): Promise<{ items: TeacherRef[]; total: number }> {
  const where: SQL[] = [];
  const found = searchWhere(teachers.searchText, q.search);
  if (found) where.push(found);
  if (q.departmentId) where.push(sql`${teachers.departmentId} = ${q.departmentId}`);
  if (q.missing === '1') where.push(sql`cur.coefficient is null`);
  const order = orderBy(
    { staffCode: teachers.staffCode, fullName: teachers.sortKey, department: departments.name, coefficient: sql`cur.coefficient` },
    {
      sort: q.sort,
      order: q.order ?? 'asc',
      rank: searchRank({ text: teachers.searchText, code: teachers.staffCode, name: teachers.fullName }, q.search),
    },
    [teachers.sortKey, teachers.id],
  );
  const rows = await queryRows<TeacherRef & { total: number }>(
    db,
    sql`select ${teachers.id} as id, ${teachers.staffCode} as "staffCode", ${teachers.fullName} as "fullName",
          ${teachers.departmentId} as "departmentId", ${departments.name} as "departmentName", ${teachers.position} as position,
          ${totalOver} as total
        from ${teachers}
        left join ${departments} on ${departments.id} = ${teachers.departmentId}
        ${current(q.today)}
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by ${sql.join(order, sql`, `)}
        limit ${q.limit} offset ${q.offset}`,
  );
  return { items: rows.map(({ total: _t, ...r }) => r), total: Number(rows[0]?.total ?? 0) };
}

export async function teacherRef(db: DbOrTx, id: number): Promise<TeacherRef | null> {
  const [row] = await db
    .select(teacherCols)
    .from(teachers)
    .leftJoin(departments, eq(departments.id, teachers.departmentId))
    .where(eq(teachers.id, id));
  return row ?? null;
}

/** Every teacher, in name order (the export). */
export function allTeacherRefs(db: DbOrTx): Promise<TeacherRef[]> {
  return db
    .select(teacherCols)
    .from(teachers)
    .leftJoin(departments, eq(departments.id, teachers.departmentId))
    .orderBy(asc(teachers.sortKey), asc(teachers.id));
}

/** Teachers by staff code (lower-cased key), for the import. */
export async function teachersByCodes(db: DbOrTx, codes: string[]): Promise<Map<string, { id: number; fullName: string }>> {
  if (!codes.length) return new Map();
  const rows = await queryRows<{ id: number; staffCode: string; fullName: string }>(
    db,
    sql`select id, staff_code as "staffCode", full_name as "fullName" from ${teachers}
        where lower(staff_code) = any(${sql.param(codes.map((c) => c.toLowerCase()))}::text[])`,
  );
  return new Map(rows.map((r) => [r.staffCode.toLowerCase(), { id: r.id, fullName: r.fullName }]));
}

export async function lockCoefficient(db: DbOrTx, id: number): Promise<CoefficientRow | null> {
  const [row] = await queryRows<CoefficientRow>(
    db,
    sql`select ${COEFFICIENT_COLS} from ${teacherCoefficients} where id = ${id} for update`,
  );
  return row ?? null;
}

/** The teacher's version from that day, other than `exceptId` (teacher and date are unique together). */
export async function coefficientFromDay(
  db: DbOrTx,
  v: { teacherId: number; effectiveFrom: string; exceptId?: number },
): Promise<{ id: number } | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from ${teacherCoefficients} where teacher_id = ${v.teacherId} and effective_from = ${v.effectiveFrom}::date
        ${v.exceptId ? sql`and id <> ${v.exceptId}` : sql``}`,
  );
  return row ?? null;
}

/** The stored values: the input and the scale's coefficient of its rank and step. */
export type CoefficientValuesIn = TCoefficient & { coefficient: string };

export async function insertCoefficient(db: DbOrTx, v: CoefficientValuesIn): Promise<CoefficientRow> {
  const [row] = await queryRows<CoefficientRow>(
    db,
    sql`insert into ${teacherCoefficients} (teacher_id, effective_from, rank, step, coefficient, leadership_coefficient,
          preferential_percent, seniority_percent, service_start_date, other_coefficient, note)
        values (${v.teacherId}, ${v.effectiveFrom}::date, ${v.rank}, ${v.step}, ${v.coefficient}::numeric, ${v.leadershipCoefficient}::numeric,
          ${v.preferentialPercent}::numeric, ${v.seniorityPercent}::numeric, ${v.serviceStartDate}::date, ${v.otherCoefficient}::numeric, ${v.note})
        returning ${COEFFICIENT_COLS}`,
  );
  return row;
}

export async function updateCoefficient(db: DbOrTx, id: number, v: CoefficientValuesIn): Promise<CoefficientRow> {
  const [row] = await queryRows<CoefficientRow>(
    db,
    sql`update ${teacherCoefficients} set teacher_id = ${v.teacherId}, effective_from = ${v.effectiveFrom}::date, rank = ${v.rank},
          step = ${v.step}, coefficient = ${v.coefficient}::numeric, leadership_coefficient = ${v.leadershipCoefficient}::numeric,
          preferential_percent = ${v.preferentialPercent}::numeric, seniority_percent = ${v.seniorityPercent}::numeric,
          service_start_date = ${v.serviceStartDate}::date, other_coefficient = ${v.otherCoefficient}::numeric, note = ${v.note},
          updated_at = now()
        where id = ${id} returning ${COEFFICIENT_COLS}`,
  );
  return row;
}

export async function deleteCoefficient(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from ${teacherCoefficients} where id = ${id}`);
}
