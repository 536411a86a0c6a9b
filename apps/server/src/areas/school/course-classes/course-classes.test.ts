import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp } from '@/test/app';
import { count, startSchoolApp } from '@/test/school';
import { uniq } from '@/test/uniq';
import { courseClassSchool, type CourseClassSchool } from './test-support';

let t: TestApp;
let sc: CourseClassSchool;
let admin: string;
beforeAll(async () => {
  ({ t, s: sc, adminToken: admin } = await startSchoolApp(courseClassSchool));
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload: payload as object | undefined });
  return { status: res.statusCode, body: res.json(), res };
}

function input(extra: Record<string, unknown> = {}) {
  return {
    code: uniq('LOP'),
    name: 'Vật lý 10 - Nhóm 1',
    subjectId: sc.physics.id,
    moduleId: sc.moduleA.id,
    campusId: sc.campusA.id,
    grade: 10,
    teacherIds: [sc.anh.id],
    capacity: 30,
    ...extra,
  };
}

async function create(extra: Record<string, unknown> = {}) {
  const r = await call('POST', '/course-classes', admin, input(extra));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number; code: string; enrolledCount: number; capacity: number };
}

const classesWithCode = (code: string) => count(t.database.db, sql`select count(*) from course_classes where lower(code) = lower(${code})`);
const enrolledIn = (id: number) => count(t.database.db, sql`select count(*) from course_class_students where course_class_id = ${id}`);
const auditRows = (entity: string, entityId: number) =>
  t.database.db.execute(
    sql`select action, before, after, actor_id from audit_logs where entity = ${entity} and entity_id = ${String(entityId)} order by id`,
  ) as unknown as Promise<{
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- audit snapshots are free-form JSON; each assertion reads the fields it expects
    rows: Array<{ action: string; before: any; after: any; actor_id: number }>;
  }>;

describe('course classes: writes', () => {
  it('lets an admin create a class and answers it with names, teachers and the enrolment count; logged', async () => {
    const body = input({ teacherIds: [sc.anh.id, sc.toan.id] });
    const r = await call('POST', '/course-classes', admin, body);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(`Đã tạo lớp học phần ${body.code}.`);
    expect(r.body.data).toMatchObject({
      code: body.code,
      subjectName: sc.physics.name,
      moduleCode: sc.moduleA.code,
      campusName: sc.campusA.name,
      grade: 10,
      capacity: 30,
      enrolledCount: 0,
    });
    expect(r.body.data.teachers.map((x: { id: number }) => x.id).sort()).toEqual([sc.anh.id, sc.toan.id].sort());
    expect(r.body.data.teachers[0]).toHaveProperty('staffCode');
    expect(r.body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const log = (await auditRows('course_class', r.body.data.id)).rows;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'create', before: null, actor_id: await t.userId('quantri') });
    expect(log[0].after).toMatchObject({ code: body.code, capacity: 30 });
    expect(log[0].after.teacherIds.sort()).toEqual([sc.anh.id, sc.toan.id].sort());
  });

  it('refuses bad input with Vietnamese messages and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ code: '' }, /Mã lớp học phần là bắt buộc/],
      [{ code: 'có dấu cách' }, /không có khoảng trắng/],
      [{ grade: 13 }, /Khối phải là 10, 11 hoặc 12/],
      [{ teacherIds: [] }, /ít nhất một giáo viên/],
      [{ capacity: 0 }, /Sĩ số tối đa phải lớn hơn 0/],
    ];
    for (const [extra, message] of cases) {
      const body = input(extra);
      const r = await call('POST', '/course-classes', admin, body);
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.message).toMatch(message);
      if (body.code) expect(await classesWithCode(body.code)).toBe(0);
    }
    const missing = input({ teacherIds: [sc.anh.id, 99999901, 99999902] });
    const r = await call('POST', '/course-classes', admin, missing);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Không tìm thấy giáo viên có id: 99999901, 99999902.');
    expect(await classesWithCode(missing.code)).toBe(0);
    const noSubject = input({ subjectId: 99999901 });
    expect((await call('POST', '/course-classes', admin, noSubject)).body.message).toBe('Môn học không tồn tại.');
    expect(await classesWithCode(noSubject.code)).toBe(0);
  });

  it('keeps codes unique within a module, ignoring case, and allows the same code in another module', async () => {
    const first = await create();
    const again = await call('POST', '/course-classes', admin, input({ code: first.code.toLowerCase() }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Mã lớp học phần "${first.code.toLowerCase()}" đã tồn tại trong học phần này.`);
    expect(await classesWithCode(first.code)).toBe(1);
    const other = await call('POST', '/course-classes', admin, input({ code: first.code, moduleId: sc.moduleB.id }));
    expect(other.status).toBe(200);
    // Renaming onto a taken code is refused the same way; keeping its own code is fine.
    const second = await create();
    expect((await call('PUT', `/course-classes/${second.id}`, admin, input({ code: first.code }))).status).toBe(409);
    expect((await call('PUT', `/course-classes/${second.id}`, admin, input({ code: second.code, name: 'Đổi tên' }))).status).toBe(200);
  });

  it('updates a class with before and after in the log, and refuses a capacity below the enrolment', async () => {
    const c = await create({ capacity: 5 });
    expect(
      (await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: sc.grade10A.slice(0, 3).map((s) => s.id) })).status,
    ).toBe(200);
    const put = await call(
      'PUT',
      `/course-classes/${c.id}`,
      admin,
      input({ code: c.code, name: 'Vật lý nâng cao', teacherIds: [sc.toan.id], capacity: 3 }),
    );
    expect(put.status).toBe(200);
    expect(put.body.message).toBe(`Đã cập nhật lớp học phần ${c.code}.`);
    expect(put.body.data).toMatchObject({ name: 'Vật lý nâng cao', capacity: 3, enrolledCount: 3 });
    expect(put.body.data.teachers.map((x: { id: number }) => x.id)).toEqual([sc.toan.id]);
    const update = (await auditRows('course_class', c.id)).rows.find((l) => l.action === 'update')!;
    expect(update.before).toMatchObject({ name: 'Vật lý 10 - Nhóm 1', capacity: 5, teacherIds: [sc.anh.id] });
    expect(update.after).toMatchObject({ name: 'Vật lý nâng cao', capacity: 3, teacherIds: [sc.toan.id] });

    const lower = await call('PUT', `/course-classes/${c.id}`, admin, input({ code: c.code, capacity: 2 }));
    expect(lower.status).toBe(400);
    expect(lower.body.message).toBe('Sĩ số tối đa không được nhỏ hơn số học sinh đã ghi danh (3).');
    const regrade = await call('PUT', `/course-classes/${c.id}`, admin, input({ code: c.code, grade: 11 }));
    expect(regrade.status).toBe(400);
    expect(regrade.body.message).toMatch(/Không thể đổi khối hoặc cơ sở: 3 học sinh/);
    const after = (await call('GET', `/course-classes/${c.id}`, admin)).body.data;
    expect(after).toMatchObject({ name: 'Vật lý nâng cao', capacity: 3, grade: 10 });
  });

  it('refuses deleting a class with enrolled students, then deletes it once empty (logged)', async () => {
    const c = await create();
    const student = sc.grade10A[0];
    await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [student.id] });
    const refused = await call('DELETE', `/course-classes/${c.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Không thể xóa lớp học phần này vì đang được sử dụng bởi 1 học sinh đã ghi danh.');
    expect(await classesWithCode(c.code)).toBe(1);

    const out = await call('DELETE', `/course-classes/${c.id}/students/${student.id}`, admin);
    expect(out.status).toBe(200);
    expect(out.body.data.enrolledCount).toBe(0);
    const again = await call('DELETE', `/course-classes/${c.id}/students/${student.id}`, admin);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Học sinh này không có trong lớp học phần.');

    const del = await call('DELETE', `/course-classes/${c.id}`, admin);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(`Đã xóa lớp học phần ${c.code}.`);
    expect(await classesWithCode(c.code)).toBe(0);
    expect((await call('GET', `/course-classes/${c.id}`, admin)).status).toBe(404);
    const log = (await auditRows('course_class', c.id)).rows.map((l) => l.action);
    expect(log).toEqual(['create', 'delete']);
    const enrolLog = (await auditRows('course_class_student', c.id)).rows;
    expect(enrolLog.map((l) => l.action)).toEqual(['enrol', 'unenrol']);
    expect(enrolLog[0].after.studentIds).toEqual([student.id]);
    expect(enrolLog[1].before.studentId).toBe(student.id);
  });
});

describe('course classes: enrolment', () => {
  it('enrols, skips those already enrolled and lists students by Vietnamese name', async () => {
    const c = await create({ capacity: 10 });
    const [binh, anh, chau, an] = sc.grade10A;
    const first = await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [binh.id, anh.id] });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(`Đã ghi danh 2 học sinh vào lớp học phần ${c.code}.`);
    expect(first.body.data.enrolledCount).toBe(2);
    const second = await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [binh.id, chau.id, an.id] });
    expect(second.body.message).toBe(`Đã ghi danh 2 học sinh vào lớp học phần ${c.code}. Bỏ qua 1 học sinh đã ghi danh từ trước.`);

    const list = await call('GET', `/course-classes/${c.id}/students?limit=10`, admin);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(4);
    // Given name first: An, Ánh, Bình, Châu.
    expect(list.body.data.items.map((s: { fullName: string }) => s.fullName)).toEqual([
      'Phạm Đức An',
      'Nguyễn Thị Ánh',
      'Trần Văn Bình',
      'Lê Minh Châu',
    ]);
    expect(list.body.data.items[0]).toMatchObject({ studentId: an.id, studentCode: an.studentCode, grade: 10, homeroomClassName: null });
    expect(list.body.data.items[0].enrolledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const found = await call('GET', `/course-classes/${c.id}/students?search=chau`, admin);
    expect(found.body.data.items.map((s: { fullName: string }) => s.fullName)).toEqual(['Lê Minh Châu']);
    const paged = await call('GET', `/course-classes/${c.id}/students?limit=3&page=2`, admin);
    expect(paged.body.data).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(paged.body.data.items).toHaveLength(1);
  });

  it('refuses unknown students and those of another grade or campus, writing nothing', async () => {
    const c = await create();
    const unknown = await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [sc.grade10A[0].id, 99999901] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Không tìm thấy học sinh có id: 99999901.');
    const grade = await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [sc.grade10A[0].id, sc.grade11A.id] });
    expect(grade.status).toBe(400);
    expect(grade.body.message).toContain('Học sinh không cùng khối hoặc cơ sở với lớp học phần (khối 10');
    expect(grade.body.message).toContain(`${sc.grade11A.studentCode} Hoàng Gia Huy`);
    const campus = await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [sc.grade10B.id] });
    expect(campus.status).toBe(400);
    expect(campus.body.message).toContain(sc.grade10B.studentCode);
    const empty = await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Chọn ít nhất một học sinh.');
    expect(await enrolledIn(c.id)).toBe(0);
    expect((await call('POST', `/course-classes/99999901/students`, admin, { studentIds: [sc.grade10A[0].id] })).status).toBe(404);
  });

  it('refuses enrolment beyond capacity with a clear message and writes nothing', async () => {
    const c = await create({ capacity: 3 });
    await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [sc.grade10A[0].id] });
    const r = await call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: sc.grade10A.slice(1).map((s) => s.id) });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Lớp học phần chỉ còn 2 chỗ trống (sĩ số tối đa 3); không thể ghi danh thêm 3 học sinh.');
    expect(await enrolledIn(c.id)).toBe(1);
  });

  it('lets only one of two simultaneous enrolments take the last place', async () => {
    const c = await create({ capacity: 1 });
    const [a, b] = sc.grade10A;
    const results = await Promise.all([
      call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [a.id] }),
      call('POST', `/course-classes/${c.id}/students`, admin, { studentIds: [b.id] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await enrolledIn(c.id)).toBe(1);
  });
});

describe('course classes: who may read and write', () => {
  let mine: { id: number; code: string };
  let others: { id: number; code: string };
  let deptClass: { id: number; code: string };
  // Other tests add classes too; this tag in the names picks out this block's three.
  const tag = uniq('QUYEN');
  const listed = `/course-classes?search=${tag}&limit=100`;
  beforeAll(async () => {
    mine = await create({ name: `Lớp của cô Mai ${tag}`, teacherIds: [sc.anh.id], moduleId: sc.moduleB.id });
    // Taught by gv.toan, subject outside totruong.ly's department.
    others = await create({ name: `Ngữ văn ${tag}`, subjectId: sc.literature.id, teacherIds: [sc.toan.id], moduleId: sc.moduleB.id });
    // Physics (totruong.ly heads its department), taught by gv.toan.
    deptClass = await create({ name: `Vật lý ${tag}`, teacherIds: [sc.toan.id], moduleId: sc.moduleB.id });
  });

  const codesOf = (body: { data: { items: Array<{ code: string }> } }) => body.data.items.map((i) => i.code);

  it("shows a teacher only the classes they teach and refuses another teacher's class (403)", async () => {
    const anh = await t.tokenFor('gv.anh');
    const list = await call('GET', listed, anh);
    expect(list.status).toBe(200);
    expect(codesOf(list.body)).toEqual([mine.code]);
    expect((await call('GET', `/course-classes/${mine.id}`, anh)).status).toBe(200);
    const refused = await call('GET', `/course-classes/${others.id}`, anh);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Bạn chỉ được xem lớp học phần mình giảng dạy hoặc thuộc tổ chuyên môn mình phụ trách.');
    expect((await call('GET', `/course-classes/${others.id}/students`, anh)).status).toBe(403);
    const own = await call('GET', `/course-classes/mine?moduleId=${sc.moduleB.id}&limit=100`, anh);
    expect(own.status).toBe(200);
    expect(codesOf(own.body)).toContain(mine.code);
    expect(codesOf(own.body)).not.toContain(others.code);
    expect(codesOf(own.body)).not.toContain(deptClass.code);
    expect(codesOf((await call('GET', `/course-classes/mine?moduleId=99999901`, anh)).body)).toEqual([]);
  });

  it("shows a head of department the classes of their department's subjects too", async () => {
    const head = await t.tokenFor('totruong.ly');
    const list = await call('GET', listed, head);
    expect(codesOf(list.body).sort()).toEqual([mine.code, deptClass.code].sort());
    expect((await call('GET', `/course-classes/${deptClass.id}`, head)).status).toBe(200);
    expect((await call('GET', `/course-classes/${others.id}`, head)).status).toBe(403);
    // "Mine" is what they teach, not what their department runs.
    expect(codesOf((await call('GET', `/course-classes/mine?search=${tag}`, head)).body)).toEqual([]);
  });

  it('shows every class to the academic office, principal and quality assurance', async () => {
    for (const who of ['giaovu', 'hieutruong', 'dbcl', 'quantri']) {
      const list = await call('GET', listed, await t.tokenFor(who));
      expect(list.status, who).toBe(200);
      expect(codesOf(list.body).sort(), who).toEqual([mine.code, others.code, deptClass.code].sort());
      expect((await call('GET', `/course-classes/${others.id}`, await t.tokenFor(who))).status, who).toBe(200);
    }
  });

  it('refuses writes to everyone but the admin, and reads to students', async () => {
    for (const who of ['gv.anh', 'giaovu', 'totruong.ly']) {
      const token = await t.tokenFor(who);
      expect((await call('POST', '/course-classes', token, input())).status, who).toBe(403);
      expect((await call('PUT', `/course-classes/${mine.id}`, token, input({ code: mine.code }))).status, who).toBe(403);
      expect((await call('DELETE', `/course-classes/${mine.id}`, token)).status, who).toBe(403);
      expect((await call('POST', `/course-classes/${mine.id}/students`, token, { studentIds: [sc.grade10A[0].id] })).status, who).toBe(403);
    }
    const student = await t.tokenFor('hs.an');
    expect((await call('GET', '/course-classes', student)).status).toBe(403);
    expect((await call('GET', `/course-classes/${mine.id}`, student)).status).toBe(403);
    expect((await call('GET', '/course-classes/mine', admin)).status).toBe(403);
    expect(await enrolledIn(mine.id)).toBe(0);
  });
});

describe('course classes: list and export', () => {
  it('filters, searches without accents (teacher and subject names) and sorts by enrolment', async () => {
    const moduleId = sc.moduleA.id;
    const big = await create({ name: 'Nhóm đông', capacity: 10 });
    await call('POST', `/course-classes/${big.id}/students`, admin, { studentIds: sc.grade10A.slice(0, 2).map((s) => s.id) });
    const byTeacher = await call('GET', `/course-classes?moduleId=${moduleId}&teacherId=${sc.toan.id}&limit=100`, admin);
    expect(byTeacher.body.data.items.every((i: { teachers: Array<{ id: number }> }) => i.teachers.some((x) => x.id === sc.toan.id))).toBe(
      true,
    );
    const byName = await call('GET', `/course-classes?moduleId=${moduleId}&search=${encodeURIComponent('nhom dong')}`, admin);
    expect(byName.body.data.items.map((i: { code: string }) => i.code)).toEqual([big.code]);
    const byTeacherName = await call(
      'GET',
      `/course-classes?moduleId=${moduleId}&search=${encodeURIComponent('vu thi mai')}&limit=100`,
      admin,
    );
    expect(byTeacherName.body.data.items.map((i: { code: string }) => i.code)).toContain(big.code);
    const bySubject = await call('GET', `/course-classes?search=${encodeURIComponent(`vat ly ${sc.s}`)}&limit=100`, admin);
    expect(bySubject.body.data.total).toBeGreaterThan(0);
    expect(bySubject.body.data.items.every((i: { subjectName: string }) => i.subjectName === sc.physics.name)).toBe(true);
    const sorted = await call('GET', `/course-classes?moduleId=${moduleId}&sort=enrolledCount&order=desc&limit=100`, admin);
    const counts = sorted.body.data.items.map((i: { enrolledCount: number }) => i.enrolledCount);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const grade11 = await call('GET', `/course-classes?moduleId=${moduleId}&grade=11`, admin);
    expect(grade11.body.data.total).toBe(0);
    expect((await call('GET', '/course-classes?grade=9', admin)).status).toBe(400);
    expect((await call('GET', '/course-classes?sort=teacher', admin)).status).toBe(400);
  });

  it('exports the filtered list as xlsx, headers as in the import template', async () => {
    const c = await create({ name: 'Lớp xuất Excel', teacherIds: [sc.anh.id, sc.toan.id] });
    const res = await t.app.inject({
      url: `/api/v1/course-classes/export?moduleId=${sc.moduleA.id}&search=${encodeURIComponent('xuat excel')}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('lop-hoc-phan');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Mã lớp học phần');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe(c.code);
    expect(ws.getRow(2).getCell(3).value).toBe(sc.physics.code);
    expect(String(ws.getRow(2).getCell(8).value)).toContain(sc.anh.staffCode);
    // A teacher's export holds only their own classes.
    const asAnh = await t.app.inject({
      url: `/api/v1/course-classes/export?moduleId=${sc.moduleB.id}`,
      headers: bearer(await t.tokenFor('gv.anh')),
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(asAnh.rawPayload as unknown as ArrayBuffer);
    const codes = wb2.worksheets[0].getColumn(1).values.slice(2);
    expect(codes.length).toBeGreaterThan(0);
    const teachersCol = wb2.worksheets[0].getColumn(8).values.slice(2).map(String);
    expect(teachersCol.every((v) => v.includes(sc.anh.staffCode))).toBe(true);
  });

  it('answers 404 for a class that does not exist and 400 for a bad id', async () => {
    expect((await call('GET', '/course-classes/99999901', admin)).status).toBe(404);
    expect((await call('GET', '/course-classes/99999901', admin)).body.message).toBe('Không tìm thấy lớp học phần.');
    expect((await call('GET', '/course-classes/abc', admin)).status).toBe(400);
    expect((await call('PUT', '/course-classes/99999901', admin, input())).status).toBe(404);
    expect((await call('DELETE', '/course-classes/99999901', admin)).status).toBe(404);
  });
});
