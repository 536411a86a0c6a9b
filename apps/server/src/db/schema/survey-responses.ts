import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campuses, courseClasses, homeroomClasses, students } from './school';
import { gridColumns, surveyQuestions, surveys } from './surveys';
import { users } from './users';
import { stamps } from './columns';

/*
 * Answers (issue 4), their review (issue 6) and their theme codes (issue 6).
 *
 * Answers are evidence: a survey, question, grid column, student or course class that has answers
 * cannot be deleted (FK "no action" rather than RESTRICT: same effect, but 23503, which the error
 * handler answers as 409 IN_USE; RESTRICT raises 23001), which is what makes "delete only without
 * responses" hold even if a service forgets to check. Deleting a response (staff, so the student may answer again) takes its
 * details, reviews, review history and code tags with it.
 */

export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** The course class a SUBJECT_SPECIFIC response is about; null for GENERAL surveys. */
    courseClassId: integer('course_class_id').references(() => courseClasses.id),
    /** The teachers the response is about, as they were when it was submitted (no FK: a snapshot). */
    teacherIds: integer('teacher_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // The student's grade, campus and homeroom class at submission: grade×campus and class figures of a
    // past survey must not move when students are promoted next year.
    studentGrade: integer('student_grade').notNull(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    homeroomClassId: integer('homeroom_class_id').references(() => homeroomClasses.id),
    /** Every scored answer the same; left out of "filtered" results. Recomputed when the score config changes. */
    straightLined: boolean('straight_lined').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One per (survey, student, course class); GENERAL responses have a null course class, which must
    // count as a value here. Also the ON CONFLICT target of the submission insert.
    unique('survey_responses_one_uq').on(t.surveyId, t.studentId, t.courseClassId).nullsNotDistinct(),
    check('survey_responses_grade_ck', sql`${t.studentGrade} in (10, 11, 12)`),
    check('survey_responses_teachers_ck', sql`${t.courseClassId} is not null or cardinality(${t.teacherIds}) = 0`),
    index('survey_responses_student_idx').on(t.studentId),
    index('survey_responses_course_class_idx').on(t.courseClassId),
    index('survey_responses_submitted_idx').on(t.submittedAt),
    index('survey_responses_teachers_idx').using('gin', t.teacherIds),
  ],
);

/** One row per answered question; an optional question left empty has no row. */
export const responseDetails = pgTable(
  'response_details',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id),
    /** As the payload sends it (shared `ZSubmissionResponse`): the text, the scale value, or the grid column's label. */
    answerText: text('answer_text'),
    /** The chosen option values (a string array, also for single choice), as the payload sends them. */
    answerOptions: jsonb('answer_options'),
    /** The "Khác" text. */
    otherValue: text('other_value'),
    gridColumnId: integer('grid_column_id').references(() => gridColumns.id),
    /** The number to average: the scale value, or the grid column's value_number copied at submission. */
    valueNumber: numeric('value_number', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('response_details_question_uq').on(t.responseId, t.questionId),
    index('response_details_question_idx').on(t.questionId),
    index('response_details_grid_column_idx').on(t.gridColumnId),
    check(
      'response_details_answered_ck',
      sql`num_nonnulls(${t.answerText}, ${t.answerOptions}, ${t.otherValue}, ${t.gridColumnId}, ${t.valueNumber}) > 0`,
    ),
  ],
);

/**
 * The current review of one free-text answer (text answer or "Khác" text); created `pending` with the
 * answer. Every change also appends a row to response_review_history (done by the service, in the
 * same transaction, like the audit log).
 */
export const responseReviews = pgTable(
  'response_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    responseDetailId: integer('response_detail_id')
      .notNull()
      .references(() => responseDetails.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    /** `[{code, text}]` from the auto-review or the reviewer. */
    reasonCodes: jsonb('reason_codes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** `[{code, start, end}]`: the flagged spans of the text, to highlight in the queue. */
    matchedSpans: jsonb('matched_spans')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Null while untouched or when the decision is the auto-review's. */
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('response_reviews_detail_uq').on(t.responseDetailId),
    check('response_reviews_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('response_reviews_decided_ck', sql`${t.status} = 'pending' or ${t.reviewedAt} is not null`),
    check('response_reviews_codes_ck', sql`jsonb_typeof(${t.reasonCodes}) = 'array' and jsonb_typeof(${t.matchedSpans}) = 'array'`),
    index('response_reviews_status_idx').on(t.status, t.createdAt),
  ],
);

/** Append-only: every state a review has been in, newest last. */
export const responseReviewHistory = pgTable(
  'response_review_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => responseReviews.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    reasonCodes: jsonb('reason_codes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    matchedSpans: jsonb('matched_spans')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Null for the auto-review. */
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('response_review_history_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('response_review_history_review_idx').on(t.reviewId, t.createdAt),
  ],
);

export const themes = pgTable(
  'themes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    ...stamps(),
  },
  (t) => [uniqueIndex('themes_name_uq').on(sql`lower(${t.name})`)],
);

export const codes = pgTable(
  'codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    /** Words and phrases that tag a text with this code, matched diacritic-insensitively. */
    keywords: jsonb('keywords')
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...stamps(),
  },
  (t) => [uniqueIndex('codes_name_uq').on(sql`lower(${t.name})`), check('codes_keywords_ck', sql`jsonb_typeof(${t.keywords}) = 'array'`)],
);

export const themeCodes = pgTable(
  'theme_codes',
  {
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    codeId: integer('code_id')
      .notNull()
      .references(() => codes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.themeId, t.codeId] }), index('theme_codes_code_idx').on(t.codeId)],
);

/**
 * A text answer tagged with a code: the spec's theme-codes "response details" resource (own id for
 * its CRUD). analyze-survey replaces only its own `auto` tags; a person's `manual` tags stay.
 */
export const responseDetailCodes = pgTable(
  'response_detail_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    responseDetailId: integer('response_detail_id')
      .notNull()
      .references(() => responseDetails.id, { onDelete: 'cascade' }),
    codeId: integer('code_id')
      .notNull()
      .references(() => codes.id, { onDelete: 'cascade' }),
    source: text('source').notNull().default('manual'),
    /** The keyword that matched, for an `auto` tag. */
    matchedKeyword: text('matched_keyword'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('response_detail_codes_detail_code_uq').on(t.responseDetailId, t.codeId),
    index('response_detail_codes_code_idx').on(t.codeId),
    check('response_detail_codes_source_ck', sql`${t.source} in ('manual', 'auto')`),
  ],
);
