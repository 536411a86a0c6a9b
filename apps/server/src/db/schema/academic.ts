import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from './columns';

/** Năm học → học kỳ → học phần (module); exactly one current of each, enforced by partial indexes. */
export const academicYears = pgTable(
  'academic_years',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('academic_years_name_uq').on(sql`lower(${t.name})`),
    uniqueIndex('academic_years_current_uq')
      .on(t.isCurrent)
      .where(sql`${t.isCurrent}`),
  ],
);

export const semesters = pgTable(
  'semesters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('semesters_year_name_uq').on(t.academicYearId, sql`lower(${t.name})`),
    uniqueIndex('semesters_current_uq')
      .on(t.isCurrent)
      .where(sql`${t.isCurrent}`),
  ],
);

export const modules = pgTable(
  'modules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('modules_code_uq').on(sql`lower(${t.code})`),
    uniqueIndex('modules_current_uq')
      .on(t.isCurrent)
      .where(sql`${t.isCurrent}`),
    index('modules_semester_idx').on(t.semesterId),
  ],
);
