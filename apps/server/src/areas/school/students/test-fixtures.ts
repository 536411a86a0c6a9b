import { uniq as sharedUniq } from '@/test/uniq';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { academicYears, modules, semesters } from '@/db/schema/academic';
import { auditLogs } from '@/db/schema/audit';
import {
  campuses, courseClasses, courseClassStudents, courseClassTeachers, departmentHeads, departments, homeroomClasses, subjects,
} from '@/db/schema/school';

/**
 * Rows the people tests (users, students, teachers and their imports) stand on, inserted directly
 * with unique codes so they never collide with the demo seed or with each other.
 */
export const uniq = () => sharedUniq('');

export interface School {
  tag: string;
  campusA: { id: number; code: string; name: string };
  campusB: { id: number; code: string; name: string };
  year: { id: number; name: string };
  /** Grade 10 on campus A, grade 11 on campus A, grade 10 on campus B; all in the current year. */
  class10A: { id: number; name: string };
  class11A: { id: number; name: string };
  class10B: { id: number; name: string };
  deptA: { id: number; code: string; name: string };
  deptB: { id: number; code: string; name: string };
  subjectA: { id: number; code: string };
  subjectB: { id: number; code: string };
}

/** The current academic year, made when the database has none (the demo seed may already have one). */
async function currentYear(db: Db) {
  const [found] = await db.select({ id: academicYears.id, name: academicYears.name }).from(academicYears).where(eq(academicYears.isCurrent, true)).limit(1);
  if (found) return found;
  const [made] = await db
    .insert(academicYears)
    .values({ name: `Năm học thử ${uniq()}`, startDate: '2025-09-01', endDate: '2026-05-31', isCurrent: true })
    .returning({ id: academicYears.id, name: academicYears.name });
  return made;
}

export async function makeSchool(db: Db): Promise<School> {
  const tag = uniq();
  const year = await currentYear(db);
  const [campusA, campusB] = await db
    .insert(campuses)
    .values([
      { code: `CSA${tag}`, name: `Cơ sở Ánh Dương ${tag}`, address: '' },
      { code: `CSB${tag}`, name: `Cơ sở Bình Minh ${tag}`, address: '' },
    ])
    .returning({ id: campuses.id, code: campuses.code, name: campuses.name });
  const [class10A, class11A, class10B] = await db
    .insert(homeroomClasses)
    .values([
      { name: `10 Toán ${tag}`, academicYearId: year.id, grade: 10, campusId: campusA.id },
      { name: `11 Lý ${tag}`, academicYearId: year.id, grade: 11, campusId: campusA.id },
      { name: `10 Hóa ${tag}`, academicYearId: year.id, grade: 10, campusId: campusB.id },
    ])
    .returning({ id: homeroomClasses.id, name: homeroomClasses.name });
  const [deptA, deptB] = await db
    .insert(departments)
    .values([
      { code: `TA${tag}`, name: `Tổ Toán ${tag}` },
      { code: `TB${tag}`, name: `Tổ Văn ${tag}` },
    ])
    .returning({ id: departments.id, code: departments.code, name: departments.name });
  const [subjectA, subjectB] = await db
    .insert(subjects)
    .values([
      { code: `MA${tag}`, name: `Toán ${tag}`, departmentId: deptA.id, kind: 'core' },
      { code: `MB${tag}`, name: `Văn ${tag}`, departmentId: deptB.id, kind: 'core' },
    ])
    .returning({ id: subjects.id, code: subjects.code });
  return { tag, campusA, campusB, year, class10A, class11A, class10B, deptA, deptB, subjectA, subjectB };
}

/** A course class of the school's subject A on campus A, optionally with students and teachers in it. */
/** A test file's app, with the fixture school and an admin's headers (the file closes `t` after its tests). */
export async function startSchoolApp(): Promise<{ t: TestApp; s: School; admin: Record<string, string> }> {
  const t = await createTestApp();
  return { t, s: await makeSchool(t.database.db), admin: bearer(await t.tokenFor('quantri')) };
}

export async function makeCourseClass(db: Db, s: School, opts: { studentIds?: number[]; teacherIds?: number[] } = {}) {
  const tag = uniq();
  const [semester] = await db
    .insert(semesters)
    .values({ name: `HK thử ${tag}`, academicYearId: s.year.id, startDate: '2025-09-01', endDate: '2026-01-15' })
    .returning({ id: semesters.id });
  const [mod] = await db
    .insert(modules)
    .values({ code: `HP${tag}`, name: `Học phần ${tag}`, semesterId: semester.id, startDate: '2025-09-01', endDate: '2025-11-01' })
    .returning({ id: modules.id });
  const [cls] = await db
    .insert(courseClasses)
    .values({ code: `LHP${tag}`, name: `Lớp ${tag}`, subjectId: s.subjectA.id, moduleId: mod.id, campusId: s.campusA.id, grade: 10, capacity: 40 })
    .returning({ id: courseClasses.id });
  if (opts.studentIds?.length) await db.insert(courseClassStudents).values(opts.studentIds.map((studentId) => ({ courseClassId: cls.id, studentId })));
  if (opts.teacherIds?.length) await db.insert(courseClassTeachers).values(opts.teacherIds.map((teacherId) => ({ courseClassId: cls.id, teacherId })));
  return cls;
}

export async function makeHead(db: Db, departmentId: number, teacherId: number) {
  await db.insert(departmentHeads).values({ departmentId, teacherId });
}

/** Audit entries for one entity row, oldest first. */
export async function auditOf(db: Db, entity: string, entityId: number | string) {
  return db
    .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after, actorId: auditLogs.actorId })
    .from(auditLogs)
    .where(sql`${auditLogs.entity} = ${entity} and ${auditLogs.entityId} = ${String(entityId)}`)
    .orderBy(auditLogs.id);
}

export async function countWhere(db: Db, table: string, where: ReturnType<typeof sql>): Promise<number> {
  const res = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`)) as unknown as { rows: Array<{ n: number }> };
  return Number(res.rows[0].n);
}
