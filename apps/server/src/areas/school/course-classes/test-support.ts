import { multipart as sharedMultipart, xlsxFile } from '@/test/multipart';
import { eq, sql } from 'drizzle-orm';
import { vietnameseNameSortKey } from '@app/shared/vietnamese';
import { queryRows, type Db } from '@/db/client';
import { academicYears, modules, semesters } from '@/db/schema/academic';
import { campuses, departmentHeads, departments, students, subjects, teachers } from '@/db/schema/school';
import { searchText } from '@/lib/list';
import { createTestApp, type TestApp } from '@/test/app';

/** Test data for the course-class tests, inserted directly with unique codes so files never collide. */

import { uniq } from '@/test/uniq';

export { uniq };

/** The demo user's teacher record: reused if the seed made one (teachers.user_id is unique). */
export async function teacherFor(t: TestApp, local: string, fullName: string) {
  const db = t.database.db;
  const userId = await t.userId(local);
  const [have] = await db.select().from(teachers).where(eq(teachers.userId, userId));
  if (have) return have;
  const staffCode = uniq('GV');
  const [row] = await db
    .insert(teachers)
    .values({ staffCode, fullName, userId, searchText: searchText(fullName, staffCode), sortKey: vietnameseNameSortKey(fullName) })
    .returning();
  return row;
}

export async function insertStudents(db: Db, list: Array<{ fullName: string; grade: number; campusId: number }>) {
  const values = list.map((s) => {
    const studentCode = uniq('HS');
    return { ...s, studentCode, searchText: searchText(s.fullName, studentCode), sortKey: vietnameseNameSortKey(s.fullName) };
  });
  const out: Array<typeof students.$inferSelect> = [];
  for (let i = 0; i < values.length; i += 1000) out.push(...(await db.insert(students).values(values.slice(i, i + 1000)).returning()));
  return out;
}

/**
 * Two campuses, a year with a semester and two modules, a department headed by totruong.ly with
 * one subject, a subject outside it, teachers for gv.anh, gv.toan and totruong.ly, and students.
 */
export async function makeSchool(t: TestApp) {
  const db = t.database.db;
  const s = uniq('');
  const [campusA, campusB] = await db
    .insert(campuses)
    .values([
      { code: `CSA${s}`, name: `Cơ sở Hương Trà ${s}` },
      { code: `CSB${s}`, name: `Cơ sở Phú Xuân ${s}` },
    ])
    .returning();
  const [year] = await db.insert(academicYears).values({ name: `Năm học ${s}`, startDate: '2030-09-01', endDate: '2031-05-31' }).returning();
  const [semester] = await db.insert(semesters).values({ name: `Học kỳ ${s}`, academicYearId: year.id, startDate: '2030-09-01', endDate: '2031-01-15' }).returning();
  const [moduleA, moduleB] = await db
    .insert(modules)
    .values([
      { code: `HPA${s}`, name: `Học phần A ${s}`, semesterId: semester.id, startDate: '2030-09-01', endDate: '2030-11-01' },
      { code: `HPB${s}`, name: `Học phần B ${s}`, semesterId: semester.id, startDate: '2030-11-02', endDate: '2031-01-15' },
    ])
    .returning();
  const [department] = await db.insert(departments).values({ code: `TO${s}`, name: `Tổ Vật lý ${s}` }).returning();
  const [physics, literature] = await db
    .insert(subjects)
    .values([
      { code: `LY${s}`, name: `Vật lý ${s}`, departmentId: department.id, kind: 'core' },
      { code: `VAN${s}`, name: `Ngữ văn ${s}`, departmentId: null, kind: 'core' },
    ])
    .returning();
  const anh = await teacherFor(t, 'gv.anh', 'Vũ Thị Mai');
  const toan = await teacherFor(t, 'gv.toan', 'Nguyễn Thị Lan');
  const head = await teacherFor(t, 'totruong.ly', 'Đỗ Minh Tuấn');
  await db.insert(departmentHeads).values({ departmentId: department.id, teacherId: head.id }).onConflictDoNothing();
  const grade10A = await insertStudents(db, [
    { fullName: 'Trần Văn Bình', grade: 10, campusId: campusA.id },
    { fullName: 'Nguyễn Thị Ánh', grade: 10, campusId: campusA.id },
    { fullName: 'Lê Minh Châu', grade: 10, campusId: campusA.id },
    { fullName: 'Phạm Đức An', grade: 10, campusId: campusA.id },
  ]);
  const [grade11A] = await insertStudents(db, [{ fullName: 'Hoàng Gia Huy', grade: 11, campusId: campusA.id }]);
  const [grade10B] = await insertStudents(db, [{ fullName: 'Đặng Thu Hà', grade: 10, campusId: campusB.id }]);
  return { s, campusA, campusB, year, semester, moduleA, moduleB, department, physics, literature, anh, toan, head, grade10A, grade11A, grade10B };
}
export type School = Awaited<ReturnType<typeof makeSchool>>;

/** A test file's app, with the fixture school and an admin's token (the file closes `t` after its tests). */
export async function startSchoolApp(): Promise<{ t: TestApp; sc: School; admin: string }> {
  const t = await createTestApp();
  return { t, sc: await makeSchool(t), admin: await t.tokenFor('quantri') };
}

/** A one-sheet .xlsx with the given header row and rows. */
export const sheet = (headers: string[], rows: Array<Array<string | number>>) => xlsxFile(headers, rows);

/** A multipart/form-data body holding one file in the field "file", for `app.inject`. */
export const multipart = (file: Buffer, filename = 'du-lieu.xlsx') => sharedMultipart({ filename, content: file });

export async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select cast((${query}) as integer) as n`);
  return Number(row.n);
}
