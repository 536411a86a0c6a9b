import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { modules } from './academic';
import { subjects } from './school';
import { users } from './users';
import { stamps } from './columns';

/*
 * Authoring side of the surveys (issue 4) plus the two result tables of issue 5 that hang off a
 * survey. Answers, reviews and theme codes are in survey-responses.ts.
 *
 * The `*_order_uq` constraints are hand-edited in the migration to DEFERRABLE INITIALLY DEFERRED
 * (drizzle cannot say so): reordering sections, questions or columns row by row inside the save
 * transaction would otherwise collide halfway. Not usable as ON CONFLICT targets, and nobody upserts
 * on an order.
 */

export const surveys = pgTable(
  'surveys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description'),
    coverImageUrl: text('cover_image_url'),
    surveyType: text('survey_type').notNull(),
    status: text('status').notNull().default('draft'),
    // Whole days (vi-VN dates in the UI); open from start_date 00:00 to the end of end_date, school time.
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    allowedGrades: integer('allowed_grades')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Null only for templates. */
    moduleId: integer('module_id').references(() => modules.id),
    /** The subject a SUBJECT_SPECIFIC survey is about; templates of that type leave it to apply-template. */
    subjectId: integer('subject_id').references(() => subjects.id),
    isTemplate: boolean('is_template').notNull().default(false),
    autoCalculate: boolean('auto_calculate').notNull().default(false),
    /** The template (or survey, for clone) this one was made from. */
    templateId: integer('template_id').references((): AnyPgColumn => surveys.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the results were published to teachers and heads (after close and review); null = not published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    searchText: text('search_text').notNull().default(''),
    ...stamps(),
  },
  (t) => [
    check('surveys_type_ck', sql`${t.surveyType} in ('GENERAL', 'SUBJECT_SPECIFIC')`),
    check('surveys_status_ck', sql`${t.status} in ('draft', 'active', 'closed')`),
    check(
      'surveys_subject_ck',
      sql`(${t.surveyType} = 'SUBJECT_SPECIFIC' and (${t.subjectId} is not null or ${t.isTemplate})) or (${t.surveyType} = 'GENERAL' and ${t.subjectId} is null)`,
    ),
    // A template is tied to no module and is never answered; every real survey belongs to a module.
    check('surveys_template_ck', sql`${t.isTemplate} = (${t.moduleId} is null) and (not ${t.isTemplate} or ${t.status} = 'draft')`),
    check('surveys_dates_ck', sql`${t.status} = 'draft' or (${t.startDate} is not null and ${t.endDate} is not null)`),
    check('surveys_date_order_ck', sql`${t.startDate} is null or ${t.endDate} is null or ${t.startDate} <= ${t.endDate}`),
    check('surveys_grades_ck', sql`${t.allowedGrades} <@ '{10,11,12}'::integer[]`),
    index('surveys_module_status_idx').on(t.moduleId, t.status),
    index('surveys_status_end_idx').on(t.status, t.endDate),
    index('surveys_subject_idx').on(t.subjectId),
    index('surveys_template_idx').on(t.templateId),
  ],
);

export const surveySections = pgTable(
  'survey_sections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    displayOrder: integer('display_order').notNull(),
    ...stamps(),
  },
  (t) => [unique('survey_sections_order_uq').on(t.surveyId, t.displayOrder)],
);

/** The shared columns of the grid questions (rows) of one section. */
export const gridGroups = pgTable(
  'grid_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => surveySections.id, { onDelete: 'cascade' }),
    ...stamps(),
  },
  (t) => [
    // Target of the questions' (grid_group_id, section_id) key: a row can only join a group of its own section.
    unique('grid_groups_id_section_uq').on(t.id, t.sectionId),
    index('grid_groups_section_idx').on(t.sectionId),
  ],
);

export const gridColumns = pgTable(
  'grid_columns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => gridGroups.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull(),
    /** Null for "Không có ý kiến" (value `None`): counted, left out of every mean. */
    valueNumber: numeric('value_number', { mode: 'number' }),
    displayOrder: integer('display_order').notNull(),
    ...stamps(),
  },
  (t) => [
    unique('grid_columns_order_uq').on(t.groupId, t.displayOrder),
    // Answers arrive as the column label, so it must name one column.
    unique('grid_columns_label_uq').on(t.groupId, t.label),
    unique('grid_columns_value_uq').on(t.groupId, t.value),
    check('grid_columns_none_ck', sql`${t.value} <> 'None' or ${t.valueNumber} is null`),
  ],
);

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => surveySections.id, { onDelete: 'cascade' }),
    /** Sanitized HTML. */
    content: text('content').notNull(),
    questionType: text('question_type').notNull(),
    /** The API's `required: 1 | 0`. */
    required: boolean('required').notNull().default(false),
    displayOrder: integer('display_order').notNull(),
    /** One of the spec's option shapes (section 3), kept as sent; null for text and grid questions. */
    options: jsonb('options'),
    visibleToTeacher: boolean('visible_to_teacher').notNull().default(true),
    lmsOnly: boolean('lms_only').notNull().default(false),
    gridGroupId: integer('grid_group_id'),
    /** The template/cloned question this was copied from: lines a question up across modules (trends). */
    sourceQuestionId: integer('source_question_id').references((): AnyPgColumn => surveyQuestions.id, {
      onDelete: 'set null',
    }),
    ...stamps(),
  },
  (t) => [
    unique('survey_questions_order_uq').on(t.sectionId, t.displayOrder),
    foreignKey({
      name: 'survey_questions_grid_group_fk',
      columns: [t.gridGroupId, t.sectionId],
      foreignColumns: [gridGroups.id, gridGroups.sectionId],
    }),
    check(
      'survey_questions_type_ck',
      sql`${t.questionType} in ('short_text', 'long_text', 'multiple_choice', 'grid', 'checkbox', 'linear_scale', 'dropdown')`,
    ),
    check('survey_questions_grid_ck', sql`(${t.questionType} = 'grid') = (${t.gridGroupId} is not null)`),
    index('survey_questions_grid_group_idx').on(t.gridGroupId),
    index('survey_questions_source_idx').on(t.sourceQuestionId),
  ],
);

/** Which questions (numbered answers) make the survey's score (issue 5). */
export const scoreConfigs = pgTable(
  'score_configs',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.questionId] }), index('score_configs_question_idx').on(t.questionId)],
);

/**
 * Last computed results (issue 5), one row per kind of figure and scope: what the spec's
 * calculate-* calls write and the matching GETs read, so results survive a restart and auto-calculate
 * can batch. `computed_at` against the newest response says whether a row is stale. The in-memory /
 * Redis cache sits in front of this table, not instead of it.
 */
export const surveyResults = pgTable(
  'survey_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    surveyId: integer('survey_id').references(() => surveys.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id').references(() => modules.id, { onDelete: 'cascade' }),
    filtered: boolean('filtered').notNull().default(false),
    responseCount: integer('response_count').notNull().default(0),
    data: jsonb('data').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('survey_results_scope_uq').on(t.surveyId, t.moduleId, t.kind, t.filtered).nullsNotDistinct(),
    check('survey_results_kind_ck', sql`${t.kind} in ('questions', 'course_classes', 'grade_campus', 'module')`),
    check(
      'survey_results_scope_ck',
      sql`case when ${t.kind} = 'module' then ${t.moduleId} is not null and ${t.surveyId} is null else ${t.surveyId} is not null and ${t.moduleId} is null end`,
    ),
    index('survey_results_module_idx').on(t.moduleId),
  ],
);
