import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { semesters } from './academic';
import { campuses, classrooms, students, subjects, teachers } from './school';
import { stamps } from './columns';

/*
 * Tutoring (issue 15; DOMAIN.md "Tutoring"): groups of a kind (one of the rule set's activity kinds:
 * gifted training, remedial, exam review …) with teachers and students, their sessions (date, periods,
 * room) and the attendance taken at each.
 */
export const tutoringGroups = pgTable(
  'tutoring_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    campusId: integer('campus_id').references(() => campuses.id),
    note: text('note'),
    ...stamps(),
  },
  (t) => [uniqueIndex('tutoring_groups_semester_name_uq').on(t.semesterId, sql`lower(${t.name})`)],
);

export const tutoringGroupTeachers = pgTable(
  'tutoring_group_teachers',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => tutoringGroups.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.teacherId] }), index('tutoring_group_teachers_teacher_idx').on(t.teacherId)],
);

export const tutoringGroupStudents = pgTable(
  'tutoring_group_students',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => tutoringGroups.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.studentId] }), index('tutoring_group_students_student_idx').on(t.studentId)],
);

/** A session: `day` 1 (Monday) … 6 as the timetable's, from `period` for `length` periods. */
export const tutoringSessions = pgTable(
  'tutoring_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => tutoringGroups.id, { onDelete: 'cascade' }),
    onDate: date('on_date', { mode: 'string' }).notNull(),
    period: integer('period').notNull(),
    length: integer('length').notNull().default(1),
    classroomId: integer('classroom_id').references(() => classrooms.id),
    /** Who teaches it (one of the group's teachers). */
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    status: text('status').notNull().default('planned'),
    note: text('note'),
    ...stamps(),
  },
  (t) => [
    index('tutoring_sessions_group_idx').on(t.groupId, t.onDate),
    index('tutoring_sessions_teacher_idx').on(t.teacherId, t.onDate),
    index('tutoring_sessions_date_idx').on(t.onDate),
    check('tutoring_sessions_status_ck', sql`${t.status} in ('planned', 'taught', 'cancelled')`),
    check('tutoring_sessions_periods_ck', sql`${t.period} >= 1 and ${t.length} between 1 and 6`),
  ],
);

export const tutoringAttendance = pgTable(
  'tutoring_attendance',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => tutoringSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.studentId] }),
    check('tutoring_attendance_status_ck', sql`${t.status} in ('present', 'late', 'excused', 'absent')`),
  ],
);
