import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { uniq } from '@/test/uniq';
import { vietnameseNameSortKey } from '@app/shared/vietnamese';
import { queryRows } from '@/db/client';
import { students } from '@/db/schema/school';
import { users } from '@/db/schema/users';
import { readSheet } from '@/lib/xlsx';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { addCampuses, addStudents, addTeachers, addYear, teacherFor } from '@/test/school';

let t: TestApp;
let admin: string;
let hoa: string;
let campusId: number;
let yearId: number;
let hoaTeacherId: number;
let otherTeacherId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('quantri');
  hoa = await t.tokenFor('gvcn.hoa');
  const db = t.database.db;
  const [c] = await addCampuses(db, [{ code: uniq('CS'), name: 'Cơ sở Chủ nhiệm' }]);
  campusId = c.id;
  yearId = (await addYear(db, { name: uniq('NH '), startDate: '2040-09-01', endDate: '2041-05-31' })).id;
  hoaTeacherId = (await teacherFor(t, 'gvcn.hoa', 'Bùi Thị Hương')).id;
  otherTeacherId = (await addTeachers(db, [{ fullName: 'Trịnh Công Sơn' }]))[0].id;
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload: payload as object | undefined });
  return { status: res.statusCode, body: res.json() };
}

async function newClass(extra: Record<string, unknown> = {}) {
  const r = await call('POST', '/homeroom-classes', admin, {
    name: uniq('10 Toán '),
    academicYearId: yearId,
    grade: 10,
    campusId,
    homeroomTeacherId: null,
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number; name: string; homeroomTeacherId: number | null };
}

async function addStudent(classId: number, fullName: string) {
  const [s] = await addStudents(t.database.db, [{ fullName, grade: 10, campusId, homeroomClassId: classId }]);
  return s;
}

describe('homeroom classes: writes', () => {
  it('only an admin writes: facility manager, academic affairs and homeroom teacher are refused', async () => {
    const body = { name: uniq('11 Lý '), academicYearId: yearId, grade: 11, campusId, homeroomTeacherId: hoaTeacherId };
    for (const who of ['csvc', 'giaovu', 'gvcn.hoa']) {
      expect((await call('POST', '/homeroom-classes', await t.tokenFor(who), body)).status, who).toBe(403);
    }
    const r = await call('POST', '/homeroom-classes', admin, body);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Đã tạo lớp chủ nhiệm.');
    expect(r.body.data).toMatchObject({
      name: body.name,
      grade: 11,
      campusId,
      campusName: 'Cơ sở Chủ nhiệm',
      academicYearId: yearId,
      homeroomTeacherId: hoaTeacherId,
      studentCount: 0,
    });
    expect(r.body.data.homeroomTeacherName).toBeTruthy();
    expect((await call('PUT', `/homeroom-classes/${r.body.data.id}`, await t.tokenFor('giaovu'), body)).status).toBe(403);
    expect((await call('DELETE', `/homeroom-classes/${r.body.data.id}`, await t.tokenFor('csvc'))).status).toBe(403);
  });

  it('validates grade and references in Vietnamese and writes nothing', async () => {
    const name = uniq('9 Toán ');
    const bad = await call('POST', '/homeroom-classes', admin, { name, academicYearId: yearId, grade: 9, campusId });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Khối phải là 10, 11 hoặc 12.');
    const noYear = await call('POST', '/homeroom-classes', admin, { name, academicYearId: 999999, grade: 10, campusId });
    expect(noYear.status).toBe(400);
    expect(noYear.body.message).toBe('Năm học đã chọn không tồn tại.');
    const noTeacher = await call('POST', '/homeroom-classes', admin, {
      name,
      academicYearId: yearId,
      grade: 10,
      campusId,
      homeroomTeacherId: 999999,
    });
    expect(noTeacher.body.message).toBe('Giáo viên chủ nhiệm đã chọn không tồn tại.');
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select cast(count(*) as integer) as n from homeroom_classes where name = ${name}`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('keeps names unique within a year (any letter case) but allows the same name in another year', async () => {
    const a = await newClass();
    const dup = await call('POST', '/homeroom-classes', admin, { name: a.name.toUpperCase(), academicYearId: yearId, grade: 10, campusId });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Lớp "${a.name.toUpperCase()}" đã tồn tại trong năm học này.`);
    const y2 = await addYear(t.database.db, { name: uniq('NH '), startDate: '2041-09-01', endDate: '2042-05-31' });
    expect((await call('POST', '/homeroom-classes', admin, { name: a.name, academicYearId: y2.id, grade: 10, campusId })).status).toBe(200);
  });

  it('refuses to delete a class with students, logs update and delete', async () => {
    const a = await newClass();
    await addStudent(a.id, 'Ngô Bảo Châu');
    const r = await call('DELETE', `/homeroom-classes/${a.id}`, admin);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Không thể xóa lớp chủ nhiệm này vì đang được sử dụng bởi 1 học sinh.');

    const b = await newClass();
    const up = await call('PUT', `/homeroom-classes/${b.id}`, admin, {
      name: b.name,
      academicYearId: yearId,
      grade: 12,
      campusId,
      homeroomTeacherId: otherTeacherId,
    });
    expect(up.body).toMatchObject({ message: 'Đã cập nhật lớp chủ nhiệm.', data: { grade: 12, homeroomTeacherName: 'Trịnh Công Sơn' } });
    const logs = await call(
      'GET',
      `/system-logs?entity=homeroom_class&action=update&actorId=${await t.userId('quantri')}&limit=100`,
      admin,
    );
    const entry = logs.body.data.items.find((l: { entityId: string }) => l.entityId === String(b.id));
    expect(entry.before).toMatchObject({ grade: 10, homeroomTeacherId: null });
    expect(entry.after).toMatchObject({ grade: 12, homeroomTeacherId: otherTeacherId });
    expect((await call('DELETE', `/homeroom-classes/${b.id}`, admin)).body.message).toBe('Đã xóa lớp chủ nhiệm.');
    expect((await call('GET', `/homeroom-classes/${b.id}`, admin)).status).toBe(404);
  });
});

describe('homeroom classes: reading', () => {
  let mine: { id: number; name: string };
  let theirs: { id: number; name: string };
  beforeAll(async () => {
    mine = await newClass({ name: uniq('10 Hóa '), homeroomTeacherId: hoaTeacherId });
    theirs = await newClass({ name: uniq('10 Sinh '), homeroomTeacherId: otherTeacherId });
  });

  it('lets wide readers see every class with filters and search by teacher name', async () => {
    for (const who of ['quantri', 'giaovu', 'hieutruong', 'dbcl', 'totruong.ly']) {
      const r = await call('GET', `/homeroom-classes?academicYearId=${yearId}&limit=100`, await t.tokenFor(who));
      expect(r.status, who).toBe(200);
      const ids = r.body.data.items.map((c: { id: number }) => c.id);
      expect(ids, who).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    }
    const byTeacher = await call('GET', `/homeroom-classes?academicYearId=${yearId}&homeroomTeacherId=${otherTeacherId}`, admin);
    expect(byTeacher.body.data.items.map((c: { id: number }) => c.id)).toContain(theirs.id);
    expect(byTeacher.body.data.items.map((c: { id: number }) => c.id)).not.toContain(mine.id);
    const search = await call('GET', `/homeroom-classes?academicYearId=${yearId}&search=trinh cong son`, admin);
    expect(search.body.data.items.map((c: { id: number }) => c.id)).toContain(theirs.id);
    expect(search.body.data.items.every((c: { homeroomTeacherId: number }) => c.homeroomTeacherId === otherTeacherId)).toBe(true);
    const grade11 = await call('GET', `/homeroom-classes?academicYearId=${yearId}&grade=11`, admin);
    expect(grade11.body.data.items.every((c: { grade: number }) => c.grade === 11)).toBe(true);
    expect((await call('GET', '/homeroom-classes', await t.tokenFor('gv.anh'))).status).toBe(403);
    expect((await call('GET', '/homeroom-classes', await t.tokenFor('hs.an'))).status).toBe(403);
  });

  it('narrows a homeroom teacher to their own classes and answers 403 for another', async () => {
    const list = await call('GET', '/homeroom-classes?limit=100', hoa);
    expect(list.status).toBe(200);
    const ids = list.body.data.items.map((c: { id: number }) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.body.data.items.every((c: { homeroomTeacherId: number }) => c.homeroomTeacherId === hoaTeacherId)).toBe(true);
    expect((await call('GET', `/homeroom-classes/${mine.id}`, hoa)).body.data.name).toBe(mine.name);
    const other = await call('GET', `/homeroom-classes/${theirs.id}`, hoa);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Bạn chỉ được xem lớp chủ nhiệm của mình.');
    expect((await call('GET', `/homeroom-classes/${theirs.id}/students`, hoa)).status).toBe(403);
    const ex = await t.app.inject({ url: `/api/v1/homeroom-classes/${theirs.id}/students/export`, headers: bearer(hoa) });
    expect(ex.statusCode).toBe(403);
  });

  it("answers /mine with the caller's own classes, empty for someone without any", async () => {
    const r = await call('GET', '/homeroom-classes/mine', hoa);
    expect(r.status).toBe(200);
    const ids = r.body.data.map((c: { id: number }) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const qa = await call('GET', '/homeroom-classes/mine', await t.tokenFor('dbcl'));
    expect(qa.body.data).toEqual([]);
    expect((await call('GET', '/homeroom-classes/mine', await t.tokenFor('hs.an'))).status).toBe(403);
  });

  it("lists a class's students by Vietnamese name order, with search and paging", async () => {
    const cls = await newClass({ homeroomTeacherId: hoaTeacherId });
    for (const n of ['Trần Văn Bình', 'Nguyễn Thị An', 'Lê Minh Châu', 'Phạm An']) await addStudent(cls.id, n);
    // A student's account points at its record (users.student_id): the row carries the user's id.
    const userId = await t.userId('hs.an');
    const [chau] = await t.database.db
      .select()
      .from(students)
      .where(and(eq(students.fullName, 'Lê Minh Châu'), eq(students.homeroomClassId, cls.id)));
    await t.database.db.update(users).set({ studentId: chau.id }).where(eq(users.id, userId));

    const r = await call('GET', `/homeroom-classes/${cls.id}/students?limit=3`, hoa);
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(4);
    // Schools order by given name first: the two "An", then Bình; Châu is on page 2.
    const names = r.body.data.items.map((s: { fullName: string }) => s.fullName);
    const ordered = ['Trần Văn Bình', 'Nguyễn Thị An', 'Lê Minh Châu', 'Phạm An'].sort((a, b) =>
      vietnameseNameSortKey(a) < vietnameseNameSortKey(b) ? -1 : 1,
    );
    expect(names).toEqual(ordered.slice(0, 3));
    expect(names[2]).toBe('Trần Văn Bình');
    const page2 = await call('GET', `/homeroom-classes/${cls.id}/students?limit=3&page=2`, hoa);
    expect(page2.body.data.items.map((s: { fullName: string }) => s.fullName)).toEqual(['Lê Minh Châu']);
    expect(page2.body.data.items[0]).toMatchObject({
      homeroomClassId: cls.id,
      homeroomClassName: cls.name,
      campusName: 'Cơ sở Chủ nhiệm',
      userId,
      status: 'active',
    });
    const search = await call('GET', `/homeroom-classes/${cls.id}/students?search=tran binh`, hoa);
    expect(search.body.data.items.map((s: { fullName: string }) => s.fullName)).toEqual(['Trần Văn Bình']);
    expect((await call('GET', `/homeroom-classes/${cls.id}`, hoa)).body.data.studentCount).toBe(4);

    const ex = await t.app.inject({ url: `/api/v1/homeroom-classes/${cls.id}/students/export`, headers: bearer(hoa) });
    expect(ex.statusCode).toBe(200);
    expect(ex.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const sheet = await readSheet(ex.rawPayload, 'x.xlsx');
    expect(sheet.rows.map((x) => x.values['Họ và tên'])).toEqual(names.concat(['Lê Minh Châu']));
  });

  it('exports the class list, narrowed for a homeroom teacher', async () => {
    const res = await t.app.inject({ url: `/api/v1/homeroom-classes/export?academicYearId=${yearId}`, headers: bearer(hoa) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(res.rawPayload, 'x.xlsx');
    const names = sheet.rows.map((r) => r.values['Tên lớp']);
    expect(names).toContain(mine.name);
    expect(names).not.toContain(theirs.name);
  });
});
