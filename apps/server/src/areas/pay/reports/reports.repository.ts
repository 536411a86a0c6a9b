import { sql } from 'drizzle-orm';
import type { TPayBlocker } from '@app/shared/pay';
import { queryRows, type DbOrTx } from '@/db/client';
import { runsWhere, type RunRow } from '../core/runs.repository';
import { academicYears, semesters } from '@/db/schema/academic';
import { payRunLines, teacherCoefficients } from '@/db/schema/pay';
import { teachers } from '@/db/schema/school';

/* The SQL of the financial reports and the pay overview: runs with their totals, their frozen lines, years. */

export type { RunRow };

const runRows = runsWhere;

/** Every run of a school year, oldest first. */
export const yearRuns = (db: DbOrTx, academicYearId: number) => runRows(db, sql`r.academic_year_id = ${academicYearId}`);

/** The latest run not yet paid, else the latest paid one. */
export async function currentRun(db: DbOrTx): Promise<{ run: RunRow; blockers: TPayBlocker[] } | null> {
  const [run] = await runRows(db, sql`true`, sql`order by (r.status <> 'paid') desc, r.id desc limit 1`);
  return run ? { run, blockers: run.blockers } : null;
}

/** Runs submitted and waiting for the principal, the longest waiting first. */
export const submittedRuns = (db: DbOrTx) => runRows(db, sql`r.status = 'submitted'`, sql`order by r.submitted_at nulls last, r.id`);

export interface LineRow {
  runId: number;
  teacherId: number;
  staffCode: string;
  fullName: string;
  departmentId: number | null;
  departmentName: string | null;
  counted: number;
  norm: number;
  overtime: number;
  overtimePaid: number;
  capped: boolean;
  amount: number;
  due: number;
  /** The line's months grouped where the salary is the same (`detail.monthly`): first days of months, the salary of each. */
  monthly: Array<{ from: string; to: string; months: number; total: number }> | null;
}

/** The frozen lines of the given runs. */
export function linesOf(db: DbOrTx, runIds: number[]): Promise<LineRow[]> {
  if (runIds.length === 0) return Promise.resolve([]);
  return queryRows<LineRow>(
    db,
    sql`select run_id as "runId", teacher_id as "teacherId", staff_code as "staffCode", full_name as "fullName",
          department_id as "departmentId", department_name as "departmentName", counted::float8 as counted,
          norm::float8 as norm, overtime::float8 as overtime, overtime_paid::float8 as "overtimePaid", capped,
          amount::float8 as amount, due::float8 as due, detail -> 'monthly' as monthly
        from ${payRunLines} where run_id = any(${`{${runIds.join(',')}}`}::int[])
        order by run_id, id`,
  );
}

export interface YearRow {
  id: number;
  name: string;
  isCurrent: boolean;
  startDate: string;
}

/** Every school year, latest first. */
export const yearRows = (db: DbOrTx) =>
  queryRows<YearRow>(
    db,
    sql`select id, name, is_current as "isCurrent", start_date::text as "startDate" from ${academicYears} order by start_date desc, id desc`,
  );

/** A year's semesters in order. */
export const semesterRows = (db: DbOrTx, academicYearId: number) =>
  queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from ${semesters} where academic_year_id = ${academicYearId} order by start_date, id`,
  );

/** Teachers with no coefficients in force on `today` (none effective on or before it). */
export async function countWithoutCoefficients(db: DbOrTx, today: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${teachers} t
        where not exists (select 1 from ${teacherCoefficients} c where c.teacher_id = t.id and c.effective_from <= ${today}::date)`,
  );
  return row?.n ?? 0;
}
