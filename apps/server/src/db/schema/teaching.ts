import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { academicYears, modules, semesters } from './academic';
import { courseClasses, teachers } from './school';
import { tutoringGroups } from './tutoring';
import { users } from './users';
import { bytea, stamps } from './columns';

/*
 * Teaching workload (issue 15; DOMAIN.md "Teaching assignments, declarations and history"): the
 * versioned rule sets of Thông tư 05/2025, the duties that reduce a teacher's norm, and the teaching
 * declarations (one per teacher per semester) with their lines, evidence files and history.
 */

/** A rule set in force from `effective_from` until the next one; `rules` is a TWorkloadRules (packages/shared/src/workload.ts). */
export const workloadRuleSets = pgTable(
  'workload_rule_sets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rules: jsonb('rules').notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('workload_rule_sets_from_uq').on(t.effectiveFrom)],
);

/**
 * A duty of a teacher in a school year that reduces their norm (tổ phó, chủ tịch công đoàn, tập sự,
 * nuôi con nhỏ, or one the school adds), `code` one of the rule set's duties. Homeroom and head of
 * department are not stored here: they come from homeroom_classes and department_heads.
 */
export const teacherDuties = pgTable(
  'teacher_duties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    code: text('code').notNull(),
    note: text('note'),
    /** The part of the year it covers (null: from the year's start / to its end). */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('teacher_duties_uq').on(t.teacherId, t.academicYearId, t.code),
    index('teacher_duties_year_idx').on(t.academicYearId),
    check('teacher_duties_dates_ck', sql`${t.endsOn} is null or ${t.startsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** The declaration window of a semester (admin opens and closes it); `weeks`: the teaching weeks it counts. */
export const declarationPeriods = pgTable(
  'declaration_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    weeks: integer('weeks').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    /** The deadline of the teachers' declarations (submission). */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** The deadline of the heads' review (approval). */
    reviewBy: date('review_by', { mode: 'string' }),
    /** Days off in the semester (holidays): lessons on them are not counted when a declaration is prefilled. */
    holidays: date('holidays', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('declaration_periods_semester_uq').on(t.semesterId),
    check('declaration_periods_window_ck', sql`${t.closesAt} > ${t.opensAt}`),
    check('declaration_periods_weeks_ck', sql`${t.weeks} between 1 and 60`),
  ],
);

export const DECLARATION_STATUS_SQL = sql`'draft', 'submitted', 'returned', 'approved', 'confirmed', 'locked'`;

/** One teacher's declaration for one period; `version` rises with every change (a stale edit is refused). */
export const declarations = pgTable(
  'declarations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    periodId: integer('period_id')
      .notNull()
      .references(() => declarationPeriods.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    /** The calculator's totals when last saved (counted, norm, overtime …), for lists and pay. */
    totals: jsonb('totals'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: integer('locked_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last review comment (a return's reason); every comment is in the history. */
    lastComment: text('last_comment'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('declarations_period_teacher_uq').on(t.periodId, t.teacherId),
    index('declarations_teacher_idx').on(t.teacherId),
    check('declarations_status_ck', sql`${t.status} in (${DECLARATION_STATUS_SQL})`),
  ],
);

/**
 * A line of a declaration: class periods of a course class (module), a substitution (date, class, for
 * whom), a converted activity (tutoring, with its kind), leave that counts as taught (dates), or a
 * duty (a reduction, with the weeks it covers). `source`: how it was made (prefilled or by hand).
 */
export const declarationLines = pgTable(
  'declaration_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    periods: numeric('periods', { precision: 10, scale: 2, mode: 'string' }).notNull().default('0'),
    moduleId: integer('module_id').references(() => modules.id),
    courseClassId: integer('course_class_id').references(() => courseClasses.id, { onDelete: 'set null' }),
    activityCode: text('activity_code'),
    dutyCode: text('duty_code'),
    weeks: integer('weeks'),
    /** A substitution's or a leave's date (a leave's first day). */
    onDate: date('on_date', { mode: 'string' }),
    untilDate: date('until_date', { mode: 'string' }),
    /** A substitution: the absent teacher. */
    forTeacherId: integer('for_teacher_id').references(() => teachers.id, { onDelete: 'set null' }),
    tutoringGroupId: integer('tutoring_group_id').references(() => tutoringGroups.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('manual'),
    note: text('note'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('declaration_lines_declaration_idx').on(t.declarationId),
    check('declaration_lines_kind_ck', sql`${t.kind} in ('class', 'substitution', 'activity', 'leave', 'duty')`),
    check('declaration_lines_source_ck', sql`${t.source} in ('timetable', 'plan', 'tutoring', 'duty', 'manual')`),
    check('declaration_lines_periods_ck', sql`${t.periods} >= 0`),
  ],
);

/** Evidence of a line (PDF or image), kept in the database so a backup holds it. */
export const declarationAttachments = pgTable(
  'declaration_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
    lineId: integer('line_id').references(() => declarationLines.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('declaration_attachments_declaration_idx').on(t.declarationId),
    check('declaration_attachments_mime_ck', sql`${t.mimeType} in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')`),
  ],
);

/**
 * Every change of a declaration and of its state: who, when, the state before and after, the comment,
 * and the changed lines (before → after). Teacher, department and period are copied in for the search.
 */
export const declarationHistory = pgTable(
  'declaration_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').notNull(),
    departmentId: integer('department_id'),
    periodId: integer('period_id').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    comment: text('comment'),
    /** { added: Line[], removed: Line[], changed: { before: Line, after: Line }[] } */
    changes: jsonb('changes'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('declaration_history_declaration_idx').on(t.declarationId, t.id),
    index('declaration_history_at_idx').on(t.at),
    index('declaration_history_teacher_idx').on(t.teacherId),
  ],
);
