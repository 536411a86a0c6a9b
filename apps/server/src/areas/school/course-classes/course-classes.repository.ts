import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';
import type { UsageCheck } from '@/lib/write';
import { modules } from '@/db/schema/academic';
import {
  campuses,
  courseClasses as cc,
  courseClassStudents as ccs,
  courseClassTeachers as cct,
  homeroomClasses,
  students,
  subjects,
  teachers,
} from '@/db/schema/school';
import { offsetOf } from '@/lib/list';
import { orderBy, searchColumns, searchWhere, totalOver } from '@/db/sql';

/**
 * Who sees which course classes: staff who oversee the school see all; a teacher sees the classes
 * they teach and a head of department also those of the subjects of the departments they head.
 */
export type CourseClassScope = { kind: 'all' } | { kind: 'own'; userId: number; asHead: boolean };

export interface CourseClassFilters {
  moduleId?: number;
  subjectId?: number;
  teacherId?: number;
  campusId?: number;
  grade?: number;
  search?: string;
}

export const COURSE_CLASS_SORTS = ['code', 'name', 'subjectName', 'grade', 'enrolledCount'] as const;
export type CourseClassSort = (typeof COURSE_CLASS_SORTS)[number];

export interface CourseClassTeacher {
  id: number;
  fullName: string;
  staffCode: string;
}

export interface CourseClassRow {
  id: number;
  code: string;
  name: string;
  subjectId: number;
  subjectCode: string;
  subjectName: string;
  moduleId: number;
  moduleCode: string;
  campusId: number;
  campusName: string;
  grade: number;
  capacity: number;
  enrolledCount: number;
  teachers: CourseClassTeacher[];
  createdAt: string;
  updatedAt: string;
}

/** `col = any($ids)`: one parameter however many ids (exports and imports pass thousands). */
export const anyId = (col: AnyColumn, ids: number[]) => sql`${col} = any(${sql.param(ids)}::int[])`;

const enrolledCountSql = sql<number>`(select cast(count(*) as integer) from course_class_students e where e.course_class_id = ${cc.id})`;
const teacherNamesSql = sql`(select string_agg(t.full_name || ' ' || t.staff_code, ' ') from course_class_teachers x join teachers t on t.id = x.teacher_id where x.course_class_id = ${cc.id})`;

/** The scope as a condition on `course_classes`; inner tables are aliased so they never clash with the outer joins. */
export function scopeWhere(scope: CourseClassScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  const teaches = sql`exists (select 1 from course_class_teachers x join teachers t on t.id = x.teacher_id where x.course_class_id = ${cc.id} and t.user_id = ${scope.userId})`;
  if (!scope.asHead) return teaches;
  const heads = sql`${cc.subjectId} in (select s.id from subjects s join department_heads dh on dh.department_id = s.department_id join teachers t on t.id = dh.teacher_id where t.user_id = ${scope.userId})`;
  return sql`(${teaches} or ${heads})`;
}

function filtersWhere(f: CourseClassFilters): SQL | undefined {
  return and(
    f.moduleId ? eq(cc.moduleId, f.moduleId) : undefined,
    f.subjectId ? eq(cc.subjectId, f.subjectId) : undefined,
    f.campusId ? eq(cc.campusId, f.campusId) : undefined,
    f.grade ? eq(cc.grade, f.grade) : undefined,
    f.teacherId
      ? sql`exists (select 1 from course_class_teachers x where x.course_class_id = ${cc.id} and x.teacher_id = ${f.teacherId})`
      : undefined,
    searchColumns([cc.code, cc.name, subjects.name, teacherNamesSql], f.search),
  );
}

function baseSelect(db: DbOrTx, withTotal: boolean) {
  return db
    .select({
      id: cc.id,
      code: cc.code,
      name: cc.name,
      subjectId: cc.subjectId,
      subjectCode: subjects.code,
      subjectName: subjects.name,
      moduleId: cc.moduleId,
      moduleCode: modules.code,
      campusId: cc.campusId,
      campusName: campuses.name,
      grade: cc.grade,
      capacity: cc.capacity,
      enrolledCount: enrolledCountSql,
      createdAt: cc.createdAt,
      updatedAt: cc.updatedAt,
      total: withTotal ? totalOver : sql<number>`0`,
    })
    .from(cc)
    .innerJoin(subjects, eq(subjects.id, cc.subjectId))
    .innerJoin(modules, eq(modules.id, cc.moduleId))
    .innerJoin(campuses, eq(campuses.id, cc.campusId));
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

/** Teachers of many classes in one query (no N+1), ordered by Vietnamese name. */
export async function teachersOf(db: DbOrTx, classIds: number[]): Promise<Map<number, CourseClassTeacher[]>> {
  const out = new Map<number, CourseClassTeacher[]>();
  if (!classIds.length) return out;
  const rows = await db
    .select({ courseClassId: cct.courseClassId, id: teachers.id, fullName: teachers.fullName, staffCode: teachers.staffCode })
    .from(cct)
    .innerJoin(teachers, eq(teachers.id, cct.teacherId))
    .where(anyId(cct.courseClassId, classIds))
    .orderBy(sql`${teachers.sortKey} collate "C"`, teachers.id);
  for (const { courseClassId, ...t } of rows) out.set(courseClassId, [...(out.get(courseClassId) ?? []), t]);
  return out;
}

async function withTeachers(db: DbOrTx, rows: BaseRow[]): Promise<CourseClassRow[]> {
  const byClass = await teachersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ total: _total, createdAt, updatedAt, ...r }) => ({
    ...r,
    enrolledCount: Number(r.enrolledCount),
    teachers: byClass.get(r.id) ?? [],
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }));
}

const SORT_COLUMNS = {
  code: cc.code,
  name: cc.name,
  subjectName: subjects.name,
  grade: cc.grade,
  enrolledCount: enrolledCountSql,
};

/** One page (or, without `page`, every row up to `max`: the export) of the classes in scope. */
export async function listCourseClasses(
  db: DbOrTx,
  opts: {
    scope: CourseClassScope;
    filters: CourseClassFilters;
    sort?: CourseClassSort;
    order: 'asc' | 'desc';
    page?: { page: number; limit: number };
    max?: number;
  },
): Promise<{ items: CourseClassRow[]; total: number }> {
  const q = baseSelect(db, !!opts.page)
    .where(and(filtersWhere(opts.filters), scopeWhere(opts.scope)))
    .orderBy(...orderBy(SORT_COLUMNS, opts, [cc.code, cc.id]));
  const rows = opts.page ? await q.limit(opts.page.limit).offset(offsetOf(opts.page)) : await q.limit(opts.max ?? 50_000);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (opts.page && !rows.length && opts.page.page > 1) {
    // Past the last page the window count is empty; count separately so the pager still knows the total.
    const [c] = await db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(cc)
      .innerJoin(subjects, eq(subjects.id, cc.subjectId))
      .where(and(filtersWhere(opts.filters), scopeWhere(opts.scope)));
    total = Number(c?.n ?? 0);
  }
  return { items: await withTeachers(db, rows), total: opts.page ? total : rows.length };
}

export async function findCourseClass(db: DbOrTx, id: number): Promise<CourseClassRow | null> {
  const rows = await baseSelect(db, false).where(eq(cc.id, id)).limit(1);
  return (await withTeachers(db, rows))[0] ?? null;
}

export async function isInScope(db: DbOrTx, id: number, scope: CourseClassScope): Promise<boolean> {
  const rows = await db
    .select({ id: cc.id })
    .from(cc)
    .where(and(eq(cc.id, id), scopeWhere(scope)))
    .limit(1);
  return rows.length > 0;
}

/** The class row locked for the rest of the transaction, so capacity checks cannot race each other. */
export async function lockCourseClass(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(cc).where(eq(cc.id, id)).for('update');
  return row;
}

export type CourseClassValues = {
  code: string;
  name: string;
  subjectId: number;
  moduleId: number;
  campusId: number;
  grade: number;
  capacity: number;
};

export async function insertCourseClass(tx: DbOrTx, v: CourseClassValues): Promise<number> {
  const [row] = await tx.insert(cc).values(v).returning({ id: cc.id });
  return row.id;
}

export async function updateCourseClassRow(tx: DbOrTx, id: number, v: CourseClassValues) {
  await tx
    .update(cc)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(cc.id, id));
}

export async function deleteCourseClassRow(tx: DbOrTx, id: number) {
  await tx.delete(cc).where(eq(cc.id, id));
}

export async function teacherIdsOf(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db.select({ id: cct.teacherId }).from(cct).where(eq(cct.courseClassId, id)).orderBy(cct.teacherId);
  return rows.map((r) => r.id);
}

export async function setTeachers(tx: DbOrTx, id: number, teacherIds: number[]) {
  await tx.delete(cct).where(eq(cct.courseClassId, id));
  if (teacherIds.length) await tx.insert(cct).values(teacherIds.map((teacherId) => ({ courseClassId: id, teacherId })));
}

/** Another class of the module with the same code, ignoring case. */
export async function codeTaken(db: DbOrTx, opts: { moduleId: number; code: string; exceptId?: number }): Promise<boolean> {
  const rows = await db
    .select({ id: cc.id })
    .from(cc)
    .where(
      and(
        eq(cc.moduleId, opts.moduleId),
        sql`lower(${cc.code}) = lower(${opts.code})`,
        opts.exceptId ? sql`${cc.id} <> ${opts.exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Which of the referenced subject, module and campus exist, in one round trip. */
export async function referencesExist(db: DbOrTx, v: { subjectId: number; moduleId: number; campusId: number }) {
  const [row] = await queryRows<{ subject: boolean; module: boolean; campus: boolean }>(
    db,
    sql`select exists (select 1 from subjects where id = ${v.subjectId}) as subject,
               exists (select 1 from modules where id = ${v.moduleId}) as module,
               exists (select 1 from campuses where id = ${v.campusId}) as campus`,
  );
  return row;
}

export async function existingTeacherIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: teachers.id }).from(teachers).where(anyId(teachers.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function countEnrolled(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(ccs)
    .where(eq(ccs.courseClassId, id));
  return Number(row?.n ?? 0);
}

/** Enrolled students who would no longer fit the class's grade or campus. */
export async function countEnrolledOutside(db: DbOrTx, opts: { id: number; grade: number; campusId: number }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(ccs)
    .innerJoin(students, eq(students.id, ccs.studentId))
    .where(and(eq(ccs.courseClassId, opts.id), sql`(${students.grade} <> ${opts.grade} or ${students.campusId} <> ${opts.campusId})`));
  return Number(row?.n ?? 0);
}

export async function studentsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: students.id,
      studentCode: students.studentCode,
      fullName: students.fullName,
      grade: students.grade,
      campusId: students.campusId,
    })
    .from(students)
    .where(anyId(students.id, ids));
}

export async function enrolledAmong(db: DbOrTx, classId: number, studentIds: number[]): Promise<Set<number>> {
  if (!studentIds.length) return new Set();
  const rows = await db
    .select({ id: ccs.studentId })
    .from(ccs)
    .where(and(eq(ccs.courseClassId, classId), anyId(ccs.studentId, studentIds)));
  return new Set(rows.map((r) => r.id));
}

const INSERT_BATCH = 1000;

export async function insertEnrolments(tx: DbOrTx, classId: number, studentIds: number[]) {
  for (let i = 0; i < studentIds.length; i += INSERT_BATCH) {
    await tx.insert(ccs).values(studentIds.slice(i, i + INSERT_BATCH).map((studentId) => ({ courseClassId: classId, studentId })));
  }
}

export async function deleteEnrolment(tx: DbOrTx, classId: number, studentId: number) {
  return tx
    .delete(ccs)
    .where(and(eq(ccs.courseClassId, classId), eq(ccs.studentId, studentId)))
    .returning({ studentId: ccs.studentId, enrolledAt: ccs.enrolledAt });
}

/** The students of one class, by Vietnamese name order (`sort_key` compared bytewise). */
export async function listEnrolments(db: DbOrTx, opts: { classId: number; search?: string; page: number; limit: number }) {
  const where = and(eq(ccs.courseClassId, opts.classId), searchWhere(students.searchText, opts.search));
  const rows = await db
    .select({
      studentId: students.id,
      studentCode: students.studentCode,
      fullName: students.fullName,
      grade: students.grade,
      homeroomClassName: homeroomClasses.name,
      enrolledAt: ccs.enrolledAt,
      total: totalOver,
    })
    .from(ccs)
    .innerJoin(students, eq(students.id, ccs.studentId))
    .leftJoin(homeroomClasses, eq(homeroomClasses.id, students.homeroomClassId))
    .where(where)
    .orderBy(sql`${students.sortKey} collate "C"`, students.id)
    .limit(opts.limit)
    .offset(offsetOf(opts));
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && opts.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(ccs)
      .innerJoin(students, eq(students.id, ccs.studentId))
      .where(where);
    total = Number(c?.n ?? 0);
  }
  return { items: rows.map(({ total: _t, enrolledAt, ...r }) => ({ ...r, enrolledAt: enrolledAt.toISOString() })), total };
}

/** What refuses a course class's delete. Surveys will reference course classes too; their check joins this list. */
export const courseClassUsage = (id: number): UsageCheck[] => [
  { label: 'học sinh đã ghi danh', count: sql`select count(*) from course_class_students where course_class_id = ${id}` },
];

export async function campusName(db: DbOrTx, id: number): Promise<string | null> {
  const [campus] = await db.select({ name: campuses.name }).from(campuses).where(eq(campuses.id, id));
  return campus?.name ?? null;
}
