import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { academicYears } from './academic';
import { homeroomClasses, students } from './school';
import { users } from './users';
import { bytea, stamps } from './columns';

/*
 * Student forms and regulations (issue 17; DOMAIN.md "Student forms and regulations"): the documents the
 * school publishes and who acknowledged them; the form kinds admin configures; the forms students
 * submit, decided by their homeroom teacher or, escalated, by the principal, with their history and files.
 */

/** A regulation (nội quy, quy chế): rich text (sanitized like survey HTML) or a PDF kept in the database. */
export const regulations = pgTable(
  'regulations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    bodyHtml: text('body_html'),
    pdfName: text('pdf_name'),
    pdfSize: integer('pdf_size'),
    pdfData: bytea('pdf_data'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    requiresAck: boolean('requires_ack').notNull().default(false),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [
    check('regulations_status_ck', sql`${t.status} in ('draft', 'published', 'archived')`),
    check('regulations_content_ck', sql`${t.bodyHtml} is not null or ${t.pdfData} is not null`),
    index('regulations_status_idx').on(t.status, t.effectiveFrom),
  ],
);

export const regulationAcknowledgements = pgTable(
  'regulation_acknowledgements',
  {
    regulationId: integer('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.regulationId, t.studentId] }), index('regulation_ack_student_idx').on(t.studentId)],
);

/**
 * A kind of form: its fields (TFormField[], packages/shared/src/forms.ts), when it escalates to the
 * principal (TFormEscalation, e.g. leave longer than 3 days), whether approved ones count as absence,
 * and the printable template.
 */
export const formKinds = pgTable(
  'form_kinds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').notNull(),
    escalation: jsonb('escalation'),
    countsAbsence: boolean('counts_absence').notNull().default(false),
    template: text('template').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('form_kinds_code_uq').on(sql`lower(${t.code})`)],
);

/**
 * A student's form. The homeroom class and year are copied in when it is submitted, so the class that
 * decides it stays the same if the student moves. `absence_sessions` (half-days) is counted from the
 * date range when the kind counts absence; `client_key` makes a retried submission land once.
 */
export const studentForms = pgTable(
  'student_forms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kindId: integer('kind_id')
      .notNull()
      .references(() => formKinds.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    homeroomClassId: integer('homeroom_class_id').references(() => homeroomClasses.id, { onDelete: 'set null' }),
    academicYearId: integer('academic_year_id').references(() => academicYears.id, { onDelete: 'set null' }),
    values: jsonb('values').notNull(),
    status: text('status').notNull().default('draft'),
    firstDay: date('first_day', { mode: 'string' }),
    lastDay: date('last_day', { mode: 'string' }),
    absenceSessions: integer('absence_sessions').notNull().default(0),
    clientKey: text('client_key'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionComment: text('decision_comment'),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [
    check(
      'student_forms_status_ck',
      sql`${t.status} in ('draft', 'submitted', 'returned', 'escalated', 'approved', 'rejected', 'withdrawn')`,
    ),
    check('student_forms_days_ck', sql`${t.firstDay} is null or ${t.lastDay} is null or ${t.firstDay} <= ${t.lastDay}`),
    check('student_forms_absence_ck', sql`${t.absenceSessions} >= 0`),
    uniqueIndex('student_forms_client_key_uq')
      .on(t.studentId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    index('student_forms_student_idx').on(t.studentId, t.createdAt),
    index('student_forms_class_status_idx').on(t.homeroomClassId, t.status),
    index('student_forms_status_idx').on(t.status),
  ],
);

/** Every step of a form: who, when, the state before and after, the comment. */
export const studentFormHistory = pgTable(
  'student_form_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    formId: integer('form_id')
      .notNull()
      .references(() => studentForms.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_form_history_form_idx').on(t.formId, t.at)],
);

/** A file attached to an attachment field of a form (PDF or image). */
export const studentFormFiles = pgTable(
  'student_form_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    formId: integer('form_id')
      .notNull()
      .references(() => studentForms.id, { onDelete: 'cascade' }),
    fieldKey: text('field_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('student_form_files_form_idx').on(t.formId),
    check('student_form_files_mime_ck', sql`${t.mimeType} in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')`),
  ],
);
