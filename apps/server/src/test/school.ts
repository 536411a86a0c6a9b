import { eq, sql } from 'drizzle-orm';
import type { TRole } from '@app/shared/roles';
import { vietnameseNameSortKey } from '@app/shared/vietnamese';
import { queryRows, type Db, type DbOrTx } from '@/db/client';
import { academicYears, modules, semesters } from '@/db/schema/academic';
import { auditLogs } from '@/db/schema/audit';
import {
  campuses,
  courseClasses,
  courseClassStudents,
  courseClassTeachers,
  departmentHeads,
  departments,
  homeroomClasses,
  students,
  subjects,
  teachers,
} from '@/db/schema/school';
import { searchText } from '@/lib/list';
import { insertUsers } from '@/areas/school/users/users.repository';
import { bearer, createTestApp, type TestApp } from './app';
import { uniq } from './uniq';

/**
 * Tests only: the one builder of school data for server tests. Each function inserts rows straight
 * into the tables (codes made unique by the caller, e.g. with `uniq`) and returns the stored rows;
 * `makeSchool` is the common school the people tests stand on, and test-specific data sets
 * (course classes, monitoring, results) are built with the same functions.
 */

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export const addCampuses = (db: DbOrTx, list: Array<Insert<typeof campuses>>) => db.insert(campuses).values(list).returning();
export const addYear = async (db: DbOrTx, v: Insert<typeof academicYears>) => (await db.insert(academicYears).values(v).returning())[0];
export const addSemester = async (db: DbOrTx, v: Insert<typeof semesters>) => (await db.insert(semesters).values(v).returning())[0];
export const addModules = (db: DbOrTx, list: Array<Insert<typeof modules>>) => db.insert(modules).values(list).returning();
export const addDepartments = (db: DbOrTx, list: Array<Insert<typeof departments>>) => db.insert(departments).values(list).returning();
export const addSubjects = (db: DbOrTx, list: Array<Insert<typeof subjects>>) => db.insert(subjects).values(list).returning();
export const addHomeroomClasses = (db: DbOrTx, list: Array<Insert<typeof homeroomClasses>>) =>
  db.insert(homeroomClasses).values(list).returning();

/** Makes a teacher the head of a department. */
export async function addHead(db: DbOrTx, departmentId: number, teacherId: number) {
  await db.insert(departmentHeads).values({ departmentId, teacherId }).onConflictDoNothing();
}

export interface Account {
  email: string;
  displayName: string;
  roles: TRole[];
  studentId?: number;
}

/** User accounts with their roles (the first one primary); their ids, in order. */
export const addAccounts = (db: DbOrTx, list: Account[]) =>
  insertUsers(
    db,
    list.map((a) => ({
      email: a.email,
      displayName: a.displayName,
      studentId: a.studentId,
      roles: a.roles.map((role, i) => ({ role, isPrimary: i === 0 })),
    })),
  );

type NewTeacher = Omit<Insert<typeof teachers>, 'staffCode' | 'searchText' | 'sortKey'> & { staffCode?: string };

/** Teachers (staff code `uniq('GV')` unless given), with the search text and sort key the app would store. */
export async function addTeachers(db: DbOrTx, list: NewTeacher[]) {
  const values = list.map((v) => {
    const staffCode = v.staffCode ?? uniq('GV');
    return { ...v, staffCode, searchText: searchText(staffCode, v.fullName), sortKey: vietnameseNameSortKey(v.fullName) };
  });
  return db.insert(teachers).values(values).returning();
}

type NewStudent = Omit<Insert<typeof students>, 'studentCode' | 'searchText' | 'sortKey'> & { studentCode?: string; account?: string };

/**
 * Students (code `uniq('HS')` unless given), in chunks of 1000; `account` gives one a student
 * account with that e-mail.
 */
export async function addStudents(db: DbOrTx, list: NewStudent[]) {
  const values = list.map(({ account: _, ...v }) => {
    const studentCode = v.studentCode ?? uniq('HS');
    return { ...v, studentCode, searchText: searchText(studentCode, v.fullName), sortKey: vietnameseNameSortKey(v.fullName) };
  });
  const out: Array<typeof students.$inferSelect> = [];
  for (let i = 0; i < values.length; i += 1000)
    out.push(
      ...(await db
        .insert(students)
        .values(values.slice(i, i + 1000))
        .returning()),
    );
  const accounts = list.flatMap((v, i) =>
    v.account ? [{ email: v.account, displayName: v.fullName, studentId: out[i].id, roles: ['STUDENT' as const] }] : [],
  );
  if (accounts.length) await addAccounts(db, accounts);
  return out;
}

/** A course class (capacity 40 unless given) with its students enrolled and its teachers. */
export async function addCourseClass(
  db: DbOrTx,
  v: Omit<Insert<typeof courseClasses>, 'capacity'> & { capacity?: number; studentIds?: number[]; teacherIds?: number[] },
) {
  const { studentIds = [], teacherIds = [], ...row } = v;
  const [cls] = await db
    .insert(courseClasses)
    .values({ capacity: 40, ...row })
    .returning();
  if (studentIds.length) await db.insert(courseClassStudents).values(studentIds.map((studentId) => ({ courseClassId: cls.id, studentId })));
  if (teacherIds.length) await db.insert(courseClassTeachers).values(teacherIds.map((teacherId) => ({ courseClassId: cls.id, teacherId })));
  return cls;
}

/** The demo user's teacher record: reused if the seed made one (teachers.user_id is unique). */
export async function teacherFor(t: TestApp, local: string, fullName: string) {
  const db = t.database.db;
  const userId = await t.userId(local);
  const [have] = await db.select().from(teachers).where(eq(teachers.userId, userId));
  if (have) return have;
  return (await addTeachers(db, [{ fullName, userId }]))[0];
}

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
  const [found] = await db
    .select({ id: academicYears.id, name: academicYears.name })
    .from(academicYears)
    .where(eq(academicYears.isCurrent, true))
    .limit(1);
  return found ?? addYear(db, { name: `Năm học thử ${uniq('')}`, startDate: '2025-09-01', endDate: '2026-05-31', isCurrent: true });
}

/**
 * The school the people tests (users, students, teachers, their imports) stand on: two campuses,
 * three homeroom classes of the current year, two departments with a subject each; unique codes,
 * so it never collides with the demo seed or with another file's school.
 */
export async function makeSchool(db: Db): Promise<School> {
  const tag = uniq('');
  const year = await currentYear(db);
  const [campusA, campusB] = await addCampuses(db, [
    { code: `CSA${tag}`, name: `Cơ sở Ánh Dương ${tag}`, address: '' },
    { code: `CSB${tag}`, name: `Cơ sở Bình Minh ${tag}`, address: '' },
  ]);
  const [class10A, class11A, class10B] = await addHomeroomClasses(db, [
    { name: `10 Toán ${tag}`, academicYearId: year.id, grade: 10, campusId: campusA.id },
    { name: `11 Lý ${tag}`, academicYearId: year.id, grade: 11, campusId: campusA.id },
    { name: `10 Hóa ${tag}`, academicYearId: year.id, grade: 10, campusId: campusB.id },
  ]);
  const [deptA, deptB] = await addDepartments(db, [
    { code: `TA${tag}`, name: `Tổ Toán ${tag}` },
    { code: `TB${tag}`, name: `Tổ Văn ${tag}` },
  ]);
  const [subjectA, subjectB] = await addSubjects(db, [
    { code: `MA${tag}`, name: `Toán ${tag}`, departmentId: deptA.id, kind: 'core' },
    { code: `MB${tag}`, name: `Văn ${tag}`, departmentId: deptB.id, kind: 'core' },
  ]);
  const pick = <T extends { id: number; name: string }>(r: T) => ({ id: r.id, name: r.name });
  const coded = <T extends { id: number; code: string; name: string }>(r: T) => ({ id: r.id, code: r.code, name: r.name });
  return {
    tag,
    year: pick(year),
    campusA: coded(campusA),
    campusB: coded(campusB),
    class10A: pick(class10A),
    class11A: pick(class11A),
    class10B: pick(class10B),
    deptA: coded(deptA),
    deptB: coded(deptB),
    subjectA: { id: subjectA.id, code: subjectA.code },
    subjectB: { id: subjectB.id, code: subjectB.code },
  };
}

/** A course class of the school's subject A on campus A in a module of its own, optionally with students and teachers in it. */
export async function makeCourseClass(db: Db, s: School, opts: { studentIds?: number[]; teacherIds?: number[] } = {}) {
  const tag = uniq('');
  const semester = await addSemester(db, {
    name: `HK thử ${tag}`,
    academicYearId: s.year.id,
    startDate: '2025-09-01',
    endDate: '2026-01-15',
  });
  const [mod] = await addModules(db, [
    { code: `HP${tag}`, name: `Học phần ${tag}`, semesterId: semester.id, startDate: '2025-09-01', endDate: '2025-11-01' },
  ]);
  const cls = await addCourseClass(db, {
    code: `LHP${tag}`,
    name: `Lớp ${tag}`,
    subjectId: s.subjectA.id,
    moduleId: mod.id,
    campusId: s.campusA.id,
    grade: 10,
    ...opts,
  });
  return { id: cls.id };
}

/**
 * A test file's app on a copy of the demo school, with a school made by `build` (`makeSchool` unless
 * given) and the admin's token and headers (the file closes `t` after its tests).
 */
export async function startSchoolApp<S = School>(build?: (t: TestApp) => Promise<S>) {
  const t = await createTestApp();
  const s = build ? await build(t) : ((await makeSchool(t.database.db)) as S);
  const adminToken = await t.tokenFor('quantri');
  return { t, s, adminToken, admin: bearer(adminToken) };
}

/** Audit entries for one entity row, oldest first. */
export async function auditOf(db: Db, entity: string, entityId: number | string) {
  return db
    .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after, actorId: auditLogs.actorId })
    .from(auditLogs)
    .where(sql`${auditLogs.entity} = ${entity} and ${auditLogs.entityId} = ${String(entityId)}`)
    .orderBy(auditLogs.id);
}

/** The number a counting query answers (`sql\`select count(*) from …\``). */
export async function count(db: DbOrTx, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select cast((${query}) as integer) as n`);
  return Number(row.n);
}

/** The number of rows of a table matching a condition. */
export const countWhere = (db: DbOrTx, table: string, where: ReturnType<typeof sql>) =>
  count(db, sql`select count(*) from ${sql.identifier(table)} where ${where}`);
