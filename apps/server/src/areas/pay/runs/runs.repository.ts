import { sql, type SQL } from 'drizzle-orm';
import type { TPayBlocker, TPayRunKind, TPayRunStatus } from '@app/shared/pay';
import { runsWhere, type RunInputs, type RunRow } from '../core/runs.repository';
import { queryRows, type DbOrTx } from '@/db/client';
import { searchWhere, totalOver } from '@/db/sql';
import { offsetOf } from '@/lib/list';
import { payRunHistory, payRunLines, payRuns } from '@/db/schema/pay';
import type { ComputedLine } from './compute';

/* The SQL of pay runs: runs with their totals, lines (frozen figures), history, and what earlier runs paid. */

export type { RunInputs, RunRow };

export async function runRow(db: DbOrTx, id: number, forUpdate = false): Promise<RunRow | null> {
  if (forUpdate) await db.execute(sql`select 1 from pay_runs where id = ${id} for update`);
  const [row] = await runsWhere(db, sql`r.id = ${id}`);
  return row ?? null;
}

export async function runRows(
  db: DbOrTx,
  q: { academicYearId?: number; status?: TPayRunStatus; search?: string; page: number; limit: number },
): Promise<{ rows: RunRow[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (q.academicYearId) where.push(sql`r.academic_year_id = ${q.academicYearId}`);
  if (q.status) where.push(sql`r.status = ${q.status}`);
  const search = searchWhere(sql`lower(r.name)`, q.search);
  if (search) where.push(search);
  const rows = await runsWhere(
    db,
    sql.join(where, sql` and `),
    sql`order by r.created_at desc, r.id desc limit ${q.limit} offset ${offsetOf(q)}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** A transaction-scoped lock per school year while a run is created: two creations at once cannot both pass the overlap checks. */
export async function lockYearForRuns(tx: DbOrTx, academicYearId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(16016, ${academicYearId})`);
}

/** A run of the year that is not paid yet (one at a time per year: two would pay the same periods twice). */
export async function unpaidRunOfYear(db: DbOrTx, academicYearId: number, exceptId?: number) {
  const [row] = await queryRows<{ id: number; name: string; status: TPayRunStatus }>(
    db,
    sql`select id, name, status from pay_runs where academic_year_id = ${academicYearId} and status <> 'paid'
          ${exceptId ? sql`and id <> ${exceptId}` : sql``} order by id limit 1`,
  );
  return row ?? null;
}

/** The year's runs by kind and semester (to refuse a second year run, or an interim once the year is paid). */
export const runsOfYear = (db: DbOrTx, academicYearId: number) =>
  queryRows<{ id: number; name: string; kind: TPayRunKind; semesterId: number | null; status: TPayRunStatus }>(
    db,
    sql`select id, name, kind, semester_id as "semesterId", status from pay_runs where academic_year_id = ${academicYearId} order by id`,
  );

/**
 * What the paid runs of a scope paid each teacher (Σ due): every paid run of the year for a year run,
 * those of the semester (and its adjustments) for an interim.
 */
export async function paidBefore(db: DbOrTx, scope: { academicYearId: number; semesterId: number | null; exceptRunId?: number }) {
  const rows = await queryRows<{ teacherId: number; paid: string }>(
    db,
    sql`select l.teacher_id as "teacherId", sum(l.due)::text as paid
          from pay_run_lines l join pay_runs r on r.id = l.run_id
         where r.status = 'paid' and r.academic_year_id = ${scope.academicYearId}
           ${scope.semesterId ? sql`and r.semester_id = ${scope.semesterId}` : sql``}
           ${scope.exceptRunId ? sql`and r.id <> ${scope.exceptRunId}` : sql``}
         group by l.teacher_id`,
  );
  return new Map(rows.map((r) => [r.teacherId, Number(r.paid)]));
}

export interface YearRow {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  semesters: { id: number; name: string; startDate: string; endDate: string }[];
}

export async function yearRow(db: DbOrTx, academicYearId: number): Promise<YearRow | null> {
  const [row] = await queryRows<YearRow>(
    db,
    sql`select y.id, y.name, y.start_date::text as "startDate", y.end_date::text as "endDate",
               coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'startDate', s.start_date::text, 'endDate', s.end_date::text)
                                   order by s.start_date) from semesters s where s.academic_year_id = y.id), '[]') as semesters
          from academic_years y where y.id = ${academicYearId}`,
  );
  return row ?? null;
}

export async function insertRun(
  tx: DbOrTx,
  v: {
    name: string;
    kind: TPayRunKind;
    academicYearId: number;
    semesterId: number | null;
    adjustsRunId: number | null;
    inputs: RunInputs;
    blockers: TPayBlocker[];
  },
): Promise<number> {
  const [row] = await tx
    .insert(payRuns)
    .values({ ...v, inputs: v.inputs, blockers: v.blockers })
    .returning({ id: payRuns.id });
  return row.id;
}

/** Stores a recomputation: inputs, blockers, computed_at now, version + 1. */
export async function updateComputed(tx: DbOrTx, id: number, v: { inputs: RunInputs; blockers: TPayBlocker[] }) {
  await tx.execute(
    sql`update pay_runs set inputs = ${JSON.stringify(v.inputs)}::jsonb, blockers = ${JSON.stringify(v.blockers)}::jsonb,
          computed_at = now(), version = version + 1, updated_at = now() where id = ${id}`,
  );
}

export async function replaceLines(tx: DbOrTx, runId: number, lines: ComputedLine[]) {
  await tx.delete(payRunLines).where(sql`${payRunLines.runId} = ${runId}`);
  for (let i = 0; i < lines.length; i += 500) await tx.insert(payRunLines).values(lines.slice(i, i + 500).map((l) => ({ ...l, runId })));
}

/** A state change: the new status, its who/when columns, version + 1. */
export async function setStatus(
  tx: DbOrTx,
  id: number,
  v: { status: TPayRunStatus; userId: number | null; comment: string | null; proceedWithoutBlocked?: boolean },
) {
  const stamp =
    v.status === 'submitted'
      ? sql`, submitted_at = now(), submitted_by = ${v.userId}, proceed_without_blocked = ${v.proceedWithoutBlocked ?? false}`
      : v.status === 'approved'
        ? sql`, approved_at = now(), approved_by = ${v.userId}`
        : v.status === 'paid'
          ? sql`, paid_at = now(), paid_by = ${v.userId}`
          : sql`, submitted_at = null, submitted_by = null, proceed_without_blocked = false`;
  await tx.execute(
    sql`update pay_runs set status = ${v.status}, last_comment = coalesce(${v.comment}, last_comment), version = version + 1,
          updated_at = now() ${stamp} where id = ${id}`,
  );
}

export async function deleteRun(tx: DbOrTx, id: number) {
  await tx.delete(payRuns).where(sql`${payRuns.id} = ${id}`);
}

export async function insertHistory(
  tx: DbOrTx,
  v: { runId: number; actorId: number | null; action: string; fromStatus: string | null; toStatus: string | null; comment: string | null },
) {
  await tx.insert(payRunHistory).values(v);
}

export const historyRows = (db: DbOrTx, runId: number) =>
  queryRows<{
    action: string;
    actorName: string | null;
    at: Date | string;
    fromStatus: string | null;
    toStatus: string | null;
    comment: string | null;
  }>(
    db,
    sql`select h.action, u.display_name as "actorName", h.at, h.from_status as "fromStatus", h.to_status as "toStatus", h.comment
          from pay_run_history h left join users u on u.id = h.actor_id where h.run_id = ${runId} order by h.at, h.id`,
  );

export interface LineRow {
  teacherId: number;
  staffCode: string;
  fullName: string;
  departmentId: number | null;
  departmentName: string | null;
  rank: string;
  step: number;
  coefficient: string;
  monthlySalary: string;
  yearlySalary: string;
  yearlyNorm: string;
  counted: string;
  norm: string;
  overtime: string;
  overtimePaid: string;
  capped: boolean;
  periodPay: string;
  overtimePeriodPay: string;
  amount: string;
  previouslyPaid: string;
  due: string;
}

const dec = (col: string) => sql.raw(`trim_scale(l.${col})::text`);
const LINE_COLS = sql`l.teacher_id as "teacherId", l.staff_code as "staffCode", l.full_name as "fullName",
  l.department_id as "departmentId", l.department_name as "departmentName", l.rank, l.step, ${dec('coefficient')} as coefficient,
  l.monthly_salary::text as "monthlySalary", l.yearly_salary::text as "yearlySalary", ${dec('yearly_norm')} as "yearlyNorm",
  ${dec('counted')} as counted, ${dec('norm')} as norm, ${dec('overtime')} as overtime, ${dec('overtime_paid')} as "overtimePaid",
  l.capped, l.period_pay::text as "periodPay", l.overtime_period_pay::text as "overtimePeriodPay", l.amount::text as amount,
  l.previously_paid::text as "previouslyPaid", l.due::text as due`;

const LINE_SORT: Record<string, SQL> = {
  staffCode: sql`l.staff_code`,
  fullName: sql`l.full_name`,
  department: sql`l.department_name`,
  overtime: sql`l.overtime_paid`,
  amount: sql`l.amount`,
};

export async function lineRows(
  db: DbOrTx,
  q: { runId: number; departmentId?: number; search?: string; sort?: string; order?: 'asc' | 'desc'; page: number; limit: number },
): Promise<{ rows: LineRow[]; total: number }> {
  const where: SQL[] = [sql`l.run_id = ${q.runId}`];
  if (q.departmentId) where.push(sql`l.department_id = ${q.departmentId}`);
  const search = searchWhere(sql`coalesce(t.search_text, lower(l.full_name || ' ' || l.staff_code))`, q.search);
  if (search) where.push(search);
  const sort = q.sort && LINE_SORT[q.sort] ? LINE_SORT[q.sort] : null;
  const dir = q.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await queryRows<LineRow & { total: number }>(
    db,
    sql`select ${LINE_COLS}, ${totalOver} as total
          from pay_run_lines l left join teachers t on t.id = l.teacher_id
         where ${sql.join(where, sql` and `)}
         order by ${sort ? sql`${sort} ${dir},` : sql``} l.department_name nulls last, l.full_name, l.staff_code
         limit ${q.limit} offset ${offsetOf(q)}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Every line of a run in payroll order (department, then name): the sheet and the printable page. */
export const allLineRows = (db: DbOrTx, runId: number) =>
  queryRows<LineRow>(
    db,
    sql`select ${LINE_COLS} from pay_run_lines l where l.run_id = ${runId}
         order by l.department_name nulls last, l.full_name, l.staff_code`,
  );

export async function lineDetailRow(db: DbOrTx, runId: number, teacherId: number) {
  const [row] = await queryRows<LineRow & { detail: ComputedLine['detail'] }>(
    db,
    sql`select ${LINE_COLS}, l.detail from pay_run_lines l where l.run_id = ${runId} and l.teacher_id = ${teacherId}`,
  );
  return row ?? null;
}

export const departmentTotals = (db: DbOrTx, runId: number) =>
  queryRows<{
    departmentId: number | null;
    departmentName: string | null;
    teachers: number;
    counted: string;
    norm: string;
    overtimePaid: string;
    amount: string;
    due: string;
  }>(
    db,
    sql`select l.department_id as "departmentId", l.department_name as "departmentName", count(*)::int as teachers,
               trim_scale(sum(l.counted))::text as counted, trim_scale(sum(l.norm))::text as norm,
               trim_scale(sum(l.overtime_paid))::text as "overtimePaid", sum(l.amount)::text as amount, sum(l.due)::text as due
          from pay_run_lines l where l.run_id = ${runId}
         group by l.department_id, l.department_name order by l.department_name nulls last`,
  );

/** The approved and paid runs that have a line of the teacher, latest run first. */
export const statementRuns = (db: DbOrTx, teacherId: number) =>
  runsWhere(
    db,
    sql`r.status in ('approved', 'paid') and exists (select 1 from pay_run_lines l where l.run_id = r.id and l.teacher_id = ${teacherId})`,
    sql`order by r.approved_at desc nulls last, r.id desc`,
  );

/** The teacher's lines, with their explanation, in the given runs. */
export function teacherLineRows(db: DbOrTx, teacherId: number, runIds: number[]) {
  if (runIds.length === 0) return Promise.resolve([]);
  return queryRows<LineRow & { runId: number; detail: ComputedLine['detail'] }>(
    db,
    sql`select ${LINE_COLS}, l.run_id as "runId", l.detail from pay_run_lines l
         where l.teacher_id = ${teacherId} and l.run_id = any(${`{${runIds.join(',')}}`}::int[])`,
  );
}
