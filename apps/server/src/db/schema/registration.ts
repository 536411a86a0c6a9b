import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { modules } from './academic';
import { courseClasses, students } from './school';
import { users } from './users';
import { stamps } from './columns';

/**
 * Course registration (issue 14). A round of a module for some grades, open between two moments; its
 * offers (course classes with a capacity and the seats taken, kept by a conditional update so a seat is
 * never sold twice: `taken <= capacity` is also a CHECK); elective groups; the students' registrations
 * (registered or waitlisted, one per student and class); and the request ids already answered, so a
 * retried request changes nothing.
 */
export const registrationRounds = pgTable(
  'registration_rounds',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    grades: integer('grades').array().notNull(),
    maxClasses: integer('max_classes'),
    noClash: boolean('no_clash').notNull().default(true),
    waitlist: boolean('waitlist').notNull().default(true),
    /** When the registrations became enrolments (closing); null while not closed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    index('registration_rounds_module_idx').on(t.moduleId),
    check('registration_rounds_window_ck', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

export const registrationGroups = pgTable(
  'registration_groups',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => registrationRounds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    choose: integer('choose').notNull(),
  },
  (t) => [index('registration_groups_round_idx').on(t.roundId), check('registration_groups_choose_ck', sql`${t.choose} >= 1`)],
);

export const registrationOffers = pgTable(
  'registration_offers',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => registrationRounds.id, { onDelete: 'cascade' }),
    courseClassId: integer('course_class_id')
      .notNull()
      .references(() => courseClasses.id, { onDelete: 'cascade' }),
    capacity: integer('capacity').notNull(),
    /** Seats taken by registered students: changed only by `taken = taken ± 1` with a condition. */
    taken: integer('taken').notNull().default(0),
    compulsory: boolean('compulsory').notNull().default(false),
    groupId: integer('group_id').references(() => registrationGroups.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.courseClassId] }),
    index('registration_offers_class_idx').on(t.courseClassId),
    check('registration_offers_taken_ck', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
    check('registration_offers_capacity_ck', sql`${t.capacity} >= 1`),
  ],
);

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => registrationRounds.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseClassId: integer('course_class_id')
      .notNull()
      .references(() => courseClasses.id, { onDelete: 'cascade' }),
    /** 'registered' or 'waitlisted'. A row is inserted when the student asks, so the waitlist's order is the id's. */
    status: text('status').notNull(),
    /** 'student' or 'admin' (with its reason). */
    via: text('via').notNull().default('student'),
    reason: text('reason'),
    /** Closing made the enrolment (it did not exist before): reopening takes it back. */
    enrolled: boolean('enrolled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registrations_round_student_class_uq').on(t.roundId, t.studentId, t.courseClassId),
    // A class's queue (the seat's "nobody waiting", positions, promotions), class first: an index that
    // led with the round also served a student's rows of the round (round_id = ? and student_id = ?)
    // as well, to a planner whose statistics do not know the round yet (a round opened since the last
    // ANALYZE: every round at its rush), which then picked it and read every row of the round for
    // one student's (bench/registration.ts: 1.3 ms instead of 0.3 for an action's first read).
    index('registrations_class_round_idx').on(t.courseClassId, t.roundId, t.status, t.id),
    index('registrations_student_idx').on(t.studentId),
    check('registrations_status_ck', sql`${t.status} in ('registered', 'waitlisted')`),
  ],
);

/** A student's request id already answered (register, drop, swap): the answer is given again. */
export const registrationRequests = pgTable(
  'registration_requests',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    roundId: integer('round_id')
      .notNull()
      .references(() => registrationRounds.id, { onDelete: 'cascade' }),
    outcome: jsonb('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.requestId] })],
);
