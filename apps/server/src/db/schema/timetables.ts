import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TFixedEvent, TPeriod } from '@app/shared/timetables';
import { modules } from './academic';
import { campuses, classrooms, courseClasses, subjects, teachers } from './school';
import { users } from './users';
import { stamps } from './columns';

/** Timetables (issue 13). The period grid of a campus; a campus without a row uses defaultPeriodGrid(). */
export const periodGrids = pgTable('period_grids', {
  campusId: integer('campus_id')
    .primaryKey()
    .references(() => campuses.id, { onDelete: 'cascade' }),
  days: integer('days').array().notNull(),
  periods: jsonb('periods').$type<TPeriod[]>().notNull(),
  maxPeriodsPerDay: integer('max_periods_per_day').notNull().default(7),
  fixedEvents: jsonb('fixed_events').$type<TFixedEvent[]>().notNull().default([]),
  ...stamps(),
});

/** Periods per week of a subject in a grade: the default of its course classes. */
export const subjectPeriodPlans = pgTable(
  'subject_period_plans',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    grade: integer('grade').notNull(),
    periodsPerWeek: integer('periods_per_week').notNull(),
    doublePeriods: boolean('double_periods').notNull().default(false),
    roomKind: text('room_kind').notNull().default('standard'),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.grade] }),
    check('subject_period_plans_grade_ck', sql`${t.grade} in (10, 11, 12)`),
    check('subject_period_plans_ppw_ck', sql`${t.periodsPerWeek} between 0 and 20`),
  ],
);

/** A slot a teacher cannot teach; one the teacher entered waits for the head's approval ('pending'). */
export const teacherUnavailability = pgTable(
  'teacher_unavailability',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    period: integer('period').notNull(),
    status: text('status').notNull().default('approved'),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.day, t.period] }),
    check('teacher_unavailability_status_ck', sql`${t.status} in ('approved', 'pending')`),
  ],
);

/** A teacher's preferred teaching days (a soft rule). */
export const teacherPreferences = pgTable('teacher_timetable_preferences', {
  teacherId: integer('teacher_id')
    .primaryKey()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  preferredDays: integer('preferred_days')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  ...stamps(),
});

/** A version of a module's timetable: draft → published (in force from effective_from) → archived. */
export const timetables = pgTable(
  'timetables',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id),
    name: text('name').notNull(),
    status: text('status').notNull().default('draft'),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    basedOnId: integer('based_on_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    check('timetables_status_ck', sql`${t.status} in ('draft', 'published', 'archived')`),
    index('timetables_module_idx').on(t.moduleId, t.status),
    // Two published versions of a module never start on the same day.
    uniqueIndex('timetables_published_from_uq')
      .on(t.moduleId, t.effectiveFrom)
      .where(sql`${t.status} = 'published'`),
  ],
);

/** A course class × day × first period × length × room of a version; day/period null = not placed. */
export const lessons = pgTable(
  'lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    timetableId: integer('timetable_id')
      .notNull()
      .references(() => timetables.id, { onDelete: 'cascade' }),
    courseClassId: integer('course_class_id')
      .notNull()
      .references(() => courseClasses.id, { onDelete: 'cascade' }),
    day: integer('day'),
    period: integer('period'),
    length: integer('length').notNull().default(1),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    locked: boolean('locked').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [
    check('lessons_length_ck', sql`${t.length} in (1, 2)`),
    check('lessons_placed_ck', sql`(${t.day} is null) = (${t.period} is null)`),
    index('lessons_timetable_idx').on(t.timetableId),
    index('lessons_course_class_idx').on(t.courseClassId),
  ],
);

/** A person's private iCalendar link: only the token's hash is kept; revoking deletes the row. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
