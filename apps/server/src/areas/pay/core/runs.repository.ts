import { sql, type SQL } from 'drizzle-orm';
import type { TPayBlocker, TPayRunKind, TPayRunStatus } from '@app/shared/pay';
import { queryRows, type DbOrTx } from '@/db/client';
import { totalOver } from '@/db/sql';
import { academicYears, semesters } from '@/db/schema/academic';
import { payRunLines, payRuns } from '@/db/schema/pay';

/* The pay runs' read model every part shares: a run with its year, semester and the sums of its lines. */

/** What a run was computed with (stored with it, so a frozen run explains itself). */
export interface RunInputs {
  months: string[];
  lastMonth: string;
  semesters: { id: number; name: string }[];
  settings: { id: number | null; effectiveFrom: string; baseSalary: number; overtimeRatePercent: number };
  ruleSet: { id: number | null; name: string; effectiveFrom: string; overtimeCapPerYear: number };
  fingerprint: string;
}

export interface RunRow {
  id: number;
  name: string;
  kind: TPayRunKind;
  academicYearId: number;
  academicYearName: string;
  semesterId: number | null;
  semesterName: string | null;
  adjustsRunId: number | null;
  status: TPayRunStatus;
  version: number;
  inputs: RunInputs;
  blockers: TPayBlocker[];
  proceedWithoutBlocked: boolean;
  computedAt: Date | string;
  submittedAt: Date | string | null;
  approvedAt: Date | string | null;
  paidAt: Date | string | null;
  lastComment: string | null;
  updatedAt: Date | string;
  /** Sums of the lines: teachers paid, overtime paid (periods), amount and due (đồng). */
  teachers: number;
  overtimePaid: number;
  amount: number;
  due: number;
  /** The number of rows the `where` matched, before `tail`'s limit. */
  total: number;
}

/** Runs matching `where`, ordered and limited by `tail` (table alias `r`). */
export function runsWhere(db: DbOrTx, where: SQL, tail: SQL = sql`order by r.id`): Promise<RunRow[]> {
  return queryRows<RunRow>(
    db,
    sql`select r.id, r.name, r.kind, r.academic_year_id as "academicYearId", y.name as "academicYearName",
          r.semester_id as "semesterId", s.name as "semesterName", r.adjusts_run_id as "adjustsRunId", r.status, r.version,
          r.inputs, r.blockers, r.proceed_without_blocked as "proceedWithoutBlocked", r.computed_at as "computedAt",
          r.submitted_at as "submittedAt", r.approved_at as "approvedAt", r.paid_at as "paidAt", r.last_comment as "lastComment",
          r.updated_at as "updatedAt", l.teachers::int as teachers, coalesce(l.overtime_paid, 0)::float8 as "overtimePaid",
          coalesce(l.amount, 0)::float8 as amount, coalesce(l.due, 0)::float8 as due, ${totalOver} as total
        from ${payRuns} r
        join ${academicYears} y on y.id = r.academic_year_id
        left join ${semesters} s on s.id = r.semester_id
        cross join lateral (
          select count(*) as teachers, sum(overtime_paid) as overtime_paid, sum(amount) as amount, sum(due) as due
          from ${payRunLines} where run_id = r.id
        ) l
        where ${where} ${tail}`,
  );
}
