import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { academicYears, semesters } from './academic';
import { teachers } from './school';
import { users } from './users';
import { stamps } from './columns';

/*
 * Teacher pay (issue 16; DOMAIN.md "Teacher pay"): school-wide pay settings and each teacher's
 * coefficients, both versioned by the date they take effect; pay runs with one frozen line per teacher
 * (every value and the explanation it was computed with) and their history. Money is whole đồng
 * (bigint); coefficients and percentages are exact decimals.
 */

/** Lương cơ sở, the overtime rate and which allowances count, in force from `effective_from` until the next version. */
export const paySettings = pgTable(
  'pay_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    baseSalary: bigint('base_salary', { mode: 'number' }).notNull(),
    overtimeRatePercent: integer('overtime_rate_percent').notNull(),
    /** Record<TAllowance, boolean> (packages/shared/src/pay-calc.ts). */
    countedAllowances: jsonb('counted_allowances').notNull(),
    note: text('note'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('pay_settings_from_uq').on(t.effectiveFrom),
    check('pay_settings_base_ck', sql`${t.baseSalary} > 0`),
    check('pay_settings_rate_ck', sql`${t.overtimeRatePercent} between 100 and 400`),
  ],
);

/** A teacher's salary rank, step, coefficient and allowances in force from `effective_from`. */
export const teacherCoefficients = pgTable(
  'teacher_coefficients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rank: text('rank').notNull(),
    step: integer('step').notNull(),
    coefficient: numeric('coefficient', { precision: 6, scale: 2, mode: 'string' }).notNull(),
    leadershipCoefficient: numeric('leadership_coefficient', { precision: 6, scale: 2, mode: 'string' }).notNull().default('0'),
    preferentialPercent: numeric('preferential_percent', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    /** Null: computed from `service_start_date` month by month. */
    seniorityPercent: numeric('seniority_percent', { precision: 5, scale: 2, mode: 'string' }),
    serviceStartDate: date('service_start_date', { mode: 'string' }),
    otherCoefficient: numeric('other_coefficient', { precision: 6, scale: 2, mode: 'string' }).notNull().default('0'),
    note: text('note'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('teacher_coefficients_teacher_from_uq').on(t.teacherId, t.effectiveFrom),
    check('teacher_coefficients_rank_ck', sql`${t.rank} in ('I', 'II', 'III')`),
    check('teacher_coefficients_step_ck', sql`${t.step} between 1 and 20`),
    check(
      'teacher_coefficients_values_ck',
      sql`${t.coefficient} > 0 and ${t.leadershipCoefficient} >= 0 and ${t.otherCoefficient} >= 0
      and ${t.preferentialPercent} between 0 and 100 and (${t.seniorityPercent} is null or ${t.seniorityPercent} between 0 and 100)`,
    ),
  ],
);

/**
 * A pay run over a school year (`kind` year), one semester (an interim, `semester`), or correcting a paid
 * run (`adjustment`, `adjusts_run_id`). Lines are computed while it is a draft and frozen from submission on.
 * `inputs` keeps the settings and rule set versions and the months it used; `blockers` the teachers left out.
 */
export const payRuns = pgTable(
  'pay_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    semesterId: integer('semester_id').references(() => semesters.id),
    adjustsRunId: integer('adjusts_run_id').references((): AnyPgColumn => payRuns.id),
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    inputs: jsonb('inputs').notNull(),
    blockers: jsonb('blockers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    proceedWithoutBlocked: boolean('proceed_without_blocked').notNull().default(false),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    lastComment: text('last_comment'),
    ...stamps(),
  },
  (t) => [
    check('pay_runs_kind_ck', sql`${t.kind} in ('year', 'semester', 'adjustment')`),
    check('pay_runs_status_ck', sql`${t.status} in ('draft', 'submitted', 'approved', 'paid')`),
    check('pay_runs_scope_ck', sql`(${t.kind} = 'semester') = (${t.semesterId} is not null) or ${t.kind} = 'adjustment'`),
    check('pay_runs_adjusts_ck', sql`(${t.kind} = 'adjustment') = (${t.adjustsRunId} is not null)`),
    // One year run per year and one interim per semester; corrections are adjustments.
    uniqueIndex('pay_runs_year_uq')
      .on(t.academicYearId)
      .where(sql`${t.kind} = 'year'`),
    uniqueIndex('pay_runs_semester_uq')
      .on(t.semesterId)
      .where(sql`${t.kind} = 'semester'`),
    index('pay_runs_year_idx').on(t.academicYearId),
    index('pay_runs_status_idx').on(t.status),
  ],
);

/** One teacher's line of a run: the figures as computed (frozen with the run) and, in `detail`, the steps, months and sources. */
export const payRunLines = pgTable(
  'pay_run_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => payRuns.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    /** Copied in when computed, so a frozen run shows the names and departments it was paid with. */
    staffCode: text('staff_code').notNull(),
    fullName: text('full_name').notNull(),
    departmentId: integer('department_id'),
    departmentName: text('department_name'),
    rank: text('rank').notNull(),
    step: integer('step').notNull(),
    coefficient: numeric('coefficient', { precision: 6, scale: 2, mode: 'string' }).notNull(),
    monthlySalary: bigint('monthly_salary', { mode: 'number' }).notNull(),
    yearlySalary: bigint('yearly_salary', { mode: 'number' }).notNull(),
    yearlyNorm: numeric('yearly_norm', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    counted: numeric('counted', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    norm: numeric('norm', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    overtime: numeric('overtime', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    overtimePaid: numeric('overtime_paid', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    capped: boolean('capped').notNull(),
    periodPay: bigint('period_pay', { mode: 'number' }).notNull(),
    overtimePeriodPay: bigint('overtime_period_pay', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    previouslyPaid: bigint('previously_paid', { mode: 'number' }).notNull().default(0),
    due: bigint('due', { mode: 'number' }).notNull(),
    /** { periodPayExact, overtimePeriodPayExact, monthly, steps, sources } (ZPayLineDetail). */
    detail: jsonb('detail').notNull(),
  },
  (t) => [uniqueIndex('pay_run_lines_run_teacher_uq').on(t.runId, t.teacherId), index('pay_run_lines_teacher_idx').on(t.teacherId)],
);

/** Every state change of a run (and each recomputation): who, when, from → to, the comment. */
export const payRunHistory = pgTable(
  'pay_run_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => payRuns.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pay_run_history_run_idx').on(t.runId)],
);
