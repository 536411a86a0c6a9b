import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { academicYears, modules } from './academic';
import { users } from './users';
import { stamps } from './columns';

export const campuses = pgTable(
  'campuses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    ...stamps(),
  },
  (t) => [uniqueIndex('campuses_code_uq').on(sql`lower(${t.code})`)],
);

export const classrooms = pgTable(
  'classrooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    kind: text('kind').notNull().default('standard'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('classrooms_campus_code_uq').on(t.campusId, sql`lower(${t.code})`),
    check('classrooms_capacity_ck', sql`${t.capacity} > 0`),
  ],
);

export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('departments_code_uq').on(sql`lower(${t.code})`)],
);

export const subjects = pgTable(
  'subjects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    departmentId: integer('department_id').references(() => departments.id),
    kind: text('kind').notNull().default('core'),
    usesLms: boolean('uses_lms').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('subjects_code_uq').on(sql`lower(${t.code})`),
    check('subjects_kind_ck', sql`${t.kind} in ('core', 'specialised', 'elective')`),
  ],
);

export const teachers = pgTable(
  'teachers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffCode: text('staff_code').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    departmentId: integer('department_id').references(() => departments.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    searchText: text('search_text').notNull().default(''),
    sortKey: text('sort_key').notNull().default(''),
    /** The workload position (norm): TEACHER, PRINCIPAL or VICE_PRINCIPAL (packages/shared/src/workload.ts). */
    position: text('position').notNull().default('TEACHER'),
    ...stamps(),
  },
  (t) => [
    check('teachers_position_ck', sql`${t.position} in ('TEACHER', 'PRINCIPAL', 'VICE_PRINCIPAL')`),
    uniqueIndex('teachers_staff_code_uq').on(sql`lower(${t.staffCode})`),
    uniqueIndex('teachers_user_uq').on(t.userId),
    index('teachers_department_idx').on(t.departmentId),
    index('teachers_sort_idx').on(t.sortKey),
  ],
);

export const teacherSubjects = pgTable(
  'teacher_subjects',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.subjectId] }), index('teacher_subjects_subject_idx').on(t.subjectId)],
);

export const departmentHeads = pgTable(
  'department_heads',
  {
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.teacherId] }), index('department_heads_teacher_idx').on(t.teacherId)],
);

export const homeroomClasses = pgTable(
  'homeroom_classes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    grade: integer('grade').notNull(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    homeroomTeacherId: integer('homeroom_teacher_id').references(() => teachers.id),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('homeroom_classes_year_name_uq').on(t.academicYearId, sql`lower(${t.name})`),
    check('homeroom_classes_grade_ck', sql`${t.grade} in (10, 11, 12)`),
    index('homeroom_classes_teacher_idx').on(t.homeroomTeacherId),
  ],
);

export const students = pgTable(
  'students',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentCode: text('student_code').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender').notNull().default('other'),
    grade: integer('grade').notNull(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    homeroomClassId: integer('homeroom_class_id').references(() => homeroomClasses.id),
    status: text('status').notNull().default('active'),
    searchText: text('search_text').notNull().default(''),
    sortKey: text('sort_key').notNull().default(''),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('students_code_uq').on(sql`lower(${t.studentCode})`),
    check('students_grade_ck', sql`${t.grade} in (10, 11, 12)`),
    check('students_gender_ck', sql`${t.gender} in ('male', 'female', 'other')`),
    check('students_status_ck', sql`${t.status} in ('active', 'graduated', 'transferred', 'dropped')`),
    index('students_homeroom_idx').on(t.homeroomClassId),
    index('students_campus_grade_idx').on(t.campusId, t.grade),
    index('students_sort_idx').on(t.sortKey),
  ],
);

export const courseClasses = pgTable(
  'course_classes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    grade: integer('grade').notNull(),
    capacity: integer('capacity').notNull(),
    /** The fixed room of the class (phòng cố định), if any; timetable lessons take it. */
    classroomId: integer('classroom_id').references(() => classrooms.id),
    /** Timetables (issue 13): null = from the subject × grade plan (subject_period_plans). */
    periodsPerWeek: integer('periods_per_week'),
    doublePeriods: boolean('double_periods'),
    roomKind: text('room_kind'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('course_classes_module_code_uq').on(t.moduleId, sql`lower(${t.code})`),
    check('course_classes_grade_ck', sql`${t.grade} in (10, 11, 12)`),
    check('course_classes_capacity_ck', sql`${t.capacity} > 0`),
    index('course_classes_subject_idx').on(t.subjectId),
    index('course_classes_campus_idx').on(t.campusId),
  ],
);

export const courseClassTeachers = pgTable(
  'course_class_teachers',
  {
    courseClassId: integer('course_class_id')
      .notNull()
      .references(() => courseClasses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
  },
  (t) => [primaryKey({ columns: [t.courseClassId, t.teacherId] }), index('course_class_teachers_teacher_idx').on(t.teacherId)],
);

export const courseClassStudents = pgTable(
  'course_class_students',
  {
    courseClassId: integer('course_class_id')
      .notNull()
      .references(() => courseClasses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseClassId, t.studentId] }), index('course_class_students_student_idx').on(t.studentId)],
);
