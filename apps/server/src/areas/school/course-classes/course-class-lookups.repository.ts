import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { modules } from '@/db/schema/academic';
import { campuses, courseClasses as cc, courseClassStudents as ccs, students, subjects, teachers } from '@/db/schema/school';
import { anyId } from './course-classes.repository';

/**
 * Code → row lookups for the course-class and enrolment imports: each loads what a whole file
 * names in one query, so a file of thousands of rows costs a handful of round trips.
 */

export const codeKey = (code: string) => code.trim().toLowerCase();
export const classKey = (moduleId: number, code: string) => `${moduleId}:${codeKey(code)}`;

const distinctKeys = (codes: string[]) => [...new Set(codes.map(codeKey).filter(Boolean))];

export async function modulesByCodes(db: DbOrTx, codes: string[]) {
  const keys = distinctKeys(codes);
  const rows = keys.length
    ? await db
        .select({ id: modules.id, code: modules.code })
        .from(modules)
        .where(sql`lower(${modules.code}) = any(${sql.param(keys)}::text[])`)
    : [];
  return new Map(rows.map((r) => [codeKey(r.code), r]));
}

export async function subjectsByCodes(db: DbOrTx, codes: string[]) {
  const keys = distinctKeys(codes);
  const rows = keys.length
    ? await db
        .select({ id: subjects.id, code: subjects.code })
        .from(subjects)
        .where(sql`lower(${subjects.code}) = any(${sql.param(keys)}::text[])`)
    : [];
  return new Map(rows.map((r) => [codeKey(r.code), r]));
}

export async function teachersByStaffCodes(db: DbOrTx, codes: string[]) {
  const keys = distinctKeys(codes);
  const rows = keys.length
    ? await db
        .select({ id: teachers.id, staffCode: teachers.staffCode })
        .from(teachers)
        .where(sql`lower(${teachers.staffCode}) = any(${sql.param(keys)}::text[])`)
    : [];
  return new Map(rows.map((r) => [codeKey(r.staffCode), r]));
}

export async function studentsByCodes(db: DbOrTx, codes: string[]) {
  const keys = distinctKeys(codes);
  const rows = keys.length
    ? await db
        .select({ id: students.id, studentCode: students.studentCode, grade: students.grade, campusId: students.campusId })
        .from(students)
        .where(sql`lower(${students.studentCode}) = any(${sql.param(keys)}::text[])`)
    : [];
  return new Map(rows.map((r) => [codeKey(r.studentCode), r]));
}

/** Campuses are few: a cell may hold either the campus's code or its name. */
export async function campusResolver(db: DbOrTx) {
  const rows = await db.select({ id: campuses.id, code: campuses.code, name: campuses.name }).from(campuses);
  const byCode = new Map(rows.map((r) => [codeKey(r.code), r]));
  const byName = new Map(rows.map((r) => [codeKey(r.name), r]));
  return (text: string) => byCode.get(codeKey(text)) ?? byName.get(codeKey(text));
}

export interface ExistingClass {
  id: number;
  code: string;
  moduleId: number;
  grade: number;
  campusId: number;
  capacity: number;
  enrolledCount: number;
}

/** Existing classes of the named modules whose codes the file names, keyed by `classKey`. */
export async function classesByModuleAndCode(db: DbOrTx, moduleIds: number[], codes: string[]): Promise<Map<string, ExistingClass>> {
  const keys = distinctKeys(codes);
  const ids = [...new Set(moduleIds)];
  if (!keys.length || !ids.length) return new Map();
  const rows = await db
    .select({
      id: cc.id,
      code: cc.code,
      moduleId: cc.moduleId,
      grade: cc.grade,
      campusId: cc.campusId,
      capacity: cc.capacity,
      enrolledCount: sql<number>`(select cast(count(*) as integer) from course_class_students e where e.course_class_id = ${cc.id})`,
    })
    .from(cc)
    .where(and(anyId(cc.moduleId, ids), sql`lower(${cc.code}) = any(${sql.param(keys)}::text[])`));
  return new Map(rows.map((r) => [classKey(r.moduleId, r.code), { ...r, enrolledCount: Number(r.enrolledCount) }]));
}

/** How many enrolled students of each class are in each grade and campus. */
export async function enrolledProfiles(db: DbOrTx, classIds: number[]) {
  const out = new Map<number, Array<{ grade: number; campusId: number; n: number }>>();
  if (!classIds.length) return out;
  const rows = await db
    .select({ classId: ccs.courseClassId, grade: students.grade, campusId: students.campusId, n: sql<number>`cast(count(*) as integer)` })
    .from(ccs)
    .innerJoin(students, eq(students.id, ccs.studentId))
    .where(anyId(ccs.courseClassId, classIds))
    .groupBy(ccs.courseClassId, students.grade, students.campusId);
  for (const { classId, ...p } of rows) out.set(classId, [...(out.get(classId) ?? []), { ...p, n: Number(p.n) }]);
  return out;
}

/** The (class, student) pairs already enrolled, as "classId:studentId". */
export async function enrolledPairs(db: DbOrTx, classIds: number[], studentIds: number[]): Promise<Set<string>> {
  if (!classIds.length || !studentIds.length) return new Set();
  const rows = await db
    .select({ c: ccs.courseClassId, s: ccs.studentId })
    .from(ccs)
    .where(and(anyId(ccs.courseClassId, [...new Set(classIds)]), anyId(ccs.studentId, [...new Set(studentIds)])));
  return new Set(rows.map((r) => `${r.c}:${r.s}`));
}
