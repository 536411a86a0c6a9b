import { sql } from 'drizzle-orm';
import type { TPeriodTeacher } from '@app/shared/declarations';
import { queryRows, type DbOrTx } from '@/db/client';
import { declarationPeriods } from '@/db/schema/teaching';
import { scopeSql, type Scope } from './scope.repository';

/* The SQL of declaration periods: the window of a semester's declarations, its weeks and holidays. */

export interface PeriodRow {
  id: number;
  semesterId: number;
  semesterName: string;
  semesterStart: string;
  semesterEnd: string;
  academicYearId: number;
  yearName: string;
  weeks: number;
  opensAt: Date | string;
  closesAt: Date | string;
  reviewBy: string | null;
  holidays: string[];
}

const COLS = sql`p.id, p.semester_id as "semesterId", s.name as "semesterName", s.start_date::text as "semesterStart",
  s.end_date::text as "semesterEnd", s.academic_year_id as "academicYearId", y.name as "yearName", p.weeks,
  p.opens_at as "opensAt", p.closes_at as "closesAt", p.review_by::text as "reviewBy",
  coalesce(array(select d::text from unnest(p.holidays) d order by d), '{}') as holidays`;
const FROM = sql`declaration_periods p join semesters s on s.id = p.semester_id join academic_years y on y.id = s.academic_year_id`;

export const periodRows = (db: DbOrTx) => queryRows<PeriodRow>(db, sql`select ${COLS} from ${FROM} order by s.start_date desc, p.id desc`);

export async function periodRow(db: DbOrTx, id: number, forUpdate = false): Promise<PeriodRow | null> {
  const [row] = await queryRows<PeriodRow>(
    db,
    sql`select ${COLS} from ${FROM} where p.id = ${id} ${forUpdate ? sql`for update of p` : sql``}`,
  );
  return row ?? null;
}

/** Declarations by status and teachers, per period, within a scope. */
export async function periodCounts(db: DbOrTx, scope: Scope) {
  const counts = await queryRows<{ periodId: number; status: string; n: number }>(
    db,
    sql`select d.period_id as "periodId", d.status, count(*)::int as n
          from declarations d join teachers t on t.id = d.teacher_id
         where ${scopeSql(scope)} group by 1, 2`,
  );
  const [teachers] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from teachers t where ${scopeSql(scope)}`);
  return { counts, teacherCount: teachers?.n ?? 0 };
}

/** The active teachers in a scope, each with their declaration of the period if any, by name. */
export const periodTeacherRows = (db: DbOrTx, periodId: number, scope: Scope) =>
  queryRows<TPeriodTeacher>(
    db,
    sql`select t.id as "teacherId", t.staff_code as "staffCode", t.full_name as "fullName", t.department_id as "departmentId",
               dep.name as "departmentName", d.id as "declarationId", d.status
          from teachers t left join departments dep on dep.id = t.department_id
          left join declarations d on d.teacher_id = t.id and d.period_id = ${periodId}
         where ${scopeSql(scope)}
         order by t.sort_key, t.id`,
  );

export async function semesterExists(db: DbOrTx, semesterId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from semesters where id = ${semesterId}`);
  return rows.length > 0;
}

export async function periodOfSemester(db: DbOrTx, semesterId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from declaration_periods where semester_id = ${semesterId}`);
  return row?.id ?? null;
}

export interface PeriodValues {
  semesterId: number;
  weeks: number;
  opensAt: string;
  closesAt: string;
  reviewBy: string | null;
  holidays: string[];
}

const values = (v: PeriodValues) => ({
  semesterId: v.semesterId,
  weeks: v.weeks,
  opensAt: new Date(v.opensAt),
  closesAt: new Date(v.closesAt),
  reviewBy: v.reviewBy,
  holidays: [...new Set(v.holidays)].sort(),
});

export async function insertPeriod(tx: DbOrTx, v: PeriodValues): Promise<number> {
  const [row] = await tx.insert(declarationPeriods).values(values(v)).returning({ id: declarationPeriods.id });
  return row.id;
}

export async function updatePeriod(tx: DbOrTx, id: number, v: PeriodValues): Promise<void> {
  await tx
    .update(declarationPeriods)
    .set({ ...values(v), updatedAt: new Date() })
    .where(sql`${declarationPeriods.id} = ${id}`);
}

export async function deletePeriod(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(declarationPeriods).where(sql`${declarationPeriods.id} = ${id}`);
}

export const declarationsOfPeriodCount = (id: number) => sql`select count(*) from declarations where period_id = ${id}`;

export async function declarationCountOfPeriod(db: DbOrTx, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from declarations where period_id = ${id}`);
  return row.n;
}

/** The accounts of the teachers (with one) whose declaration of the period is missing or not submitted yet. */
export async function usersToRemind(db: DbOrTx, periodId: number): Promise<number[]> {
  const rows = await queryRows<{ userId: number }>(
    db,
    sql`select t.user_id as "userId" from teachers t
         left join declarations d on d.teacher_id = t.id and d.period_id = ${periodId}
         where t.user_id is not null and (d.id is null or d.status in ('draft', 'returned'))
         order by t.user_id`,
  );
  return rows.map((r) => r.userId);
}

/** Every holiday of every semester's declaration period (the school's days off), as ISO dates. */
export async function allHolidays(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select distinct to_char(h, 'YYYY-MM-DD') as day from ${declarationPeriods} p, unnest(p.holidays) h order by 1`,
  );
  return rows.map((r) => r.day);
}
