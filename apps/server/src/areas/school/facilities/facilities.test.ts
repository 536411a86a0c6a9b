import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { uniq } from '@/test/uniq';
import { queryRows } from '@/db/client';
import { classrooms } from '@/db/schema/school';
import { readSheet } from '@/lib/xlsx';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { addCourseClass, addHomeroomClasses, addModules, addSemester, addSubjects, addYear } from '@/test/school';

let t: TestApp;
let admin: string;
let csvc: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('quantri');
  csvc = await t.tokenFor('csvc');
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload: payload as object | undefined });
  return { status: res.statusCode, body: res.json(), res };
}

async function newCampus(token = admin, extra: Record<string, unknown> = {}) {
  const code = uniq('CS');
  const r = await call('POST', '/campuses', token, { code, name: `Cơ sở ${code}`, address: '12 Lê Lợi, Huế', ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number; code: string; name: string; classroomCount: number };
}

async function newClassroom(campusId: number, extra: Record<string, unknown> = {}) {
  const code = uniq('P');
  const r = await call('POST', '/classrooms', admin, { campusId, code, name: `Phòng ${code}`, capacity: 45, kind: 'standard', ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number; code: string; campusId: number; campusName: string };
}

const auditCount = async (entity: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select cast(count(*) as integer) as n from audit_logs where entity = ${entity}`))[0].n;

describe('campuses', () => {
  it('lets a facility manager and an admin write, refuses a teacher and the academic affairs office', async () => {
    const body = { code: uniq('CS'), name: 'Cơ sở Thử', address: '' };
    expect((await call('POST', '/campuses', await t.tokenFor('gv.anh'), body)).status).toBe(403);
    expect((await call('POST', '/campuses', await t.tokenFor('giaovu'), body)).status).toBe(403);
    const made = await call('POST', '/campuses', csvc, body);
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Đã tạo cơ sở.');
    expect(made.body.data).toMatchObject({ code: body.code, name: 'Cơ sở Thử', address: '', classroomCount: 0 });
    expect(made.body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const teacherPut = await call('PUT', `/campuses/${made.body.data.id}`, await t.tokenFor('gv.anh'), body);
    expect(teacherPut.status).toBe(403);
    expect((await call('DELETE', `/campuses/${made.body.data.id}`, await t.tokenFor('hs.an'))).status).toBe(403);
  });

  it('is readable by every role (pickers) and searchable without accents', async () => {
    const c = await newCampus(admin, { name: 'Cơ sở Hương Trà' });
    for (const who of ['hs.an', 'gv.anh', 'ketoan', 'csvc']) {
      const r = await call('GET', `/campuses?search=huong tra&limit=100`, await t.tokenFor(who));
      expect(r.status, who).toBe(200);
      expect(r.body.data.items.map((x: { id: number }) => x.id)).toContain(c.id);
    }
    const one = await call('GET', `/campuses/${c.id}`, await t.tokenFor('hs.an'));
    expect(one.body.data.name).toBe('Cơ sở Hương Trà');
    expect((await call('GET', '/campuses/999999', admin)).body.message).toBe('Không tìm thấy cơ sở.');
  });

  it('refuses a duplicate code in any letter case (409) and an empty name (400)', async () => {
    const c = await newCampus();
    const dup = await call('POST', '/campuses', admin, { code: c.code.toLowerCase(), name: 'Khác' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Mã cơ sở "${c.code.toLowerCase()}" đã tồn tại.`);
    const other = await newCampus();
    expect((await call('PUT', `/campuses/${other.id}`, admin, { code: c.code, name: 'X' })).status).toBe(409);
    const bad = await call('POST', '/campuses', admin, { code: uniq('CS'), name: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Tên cơ sở là bắt buộc.');
  });

  it('refuses to delete a campus still used, naming what uses it, and deletes an unused one', async () => {
    const c = await newCampus();
    await newClassroom(c.id);
    await newClassroom(c.id);
    const year = await addYear(t.database.db, { name: uniq('NH '), startDate: '2030-09-01', endDate: '2031-05-31' });
    await addHomeroomClasses(t.database.db, [{ name: '10 Thử', academicYearId: year.id, grade: 10, campusId: c.id }]);
    const r = await call('DELETE', `/campuses/${c.id}`, csvc);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Không thể xóa cơ sở này vì đang được sử dụng bởi 2 phòng học, 1 lớp chủ nhiệm.');
    expect((await call('GET', `/campuses/${c.id}`, admin)).body.data.classroomCount).toBe(2);

    const free = await newCampus();
    const del = await call('DELETE', `/campuses/${free.id}`, csvc);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Đã xóa cơ sở.');
    expect((await call('GET', `/campuses/${free.id}`, admin)).status).toBe(404);
  });

  it('logs create, update and delete with before and after, shown in the system log', async () => {
    const c = await newCampus(csvc);
    const up = await call('PUT', `/campuses/${c.id}`, csvc, { code: c.code, name: 'Cơ sở Đổi Tên', address: 'Mới' });
    expect(up.status).toBe(200);
    expect(up.body.data.name).toBe('Cơ sở Đổi Tên');
    const logs = await call('GET', `/system-logs?entity=campus&action=update&search=${encodeURIComponent('đặng văn hùng')}`, admin);
    const entry = logs.body.data.items.find((l: { entityId: string }) => l.entityId === String(c.id));
    expect(entry).toMatchObject({
      actor: { id: await t.userId('csvc'), name: 'Đặng Văn Hùng' },
      action: 'update',
      entity: 'campus',
      entityName: 'Cơ sở Đổi Tên',
    });
    expect(entry.before).toMatchObject({ name: c.name, address: '12 Lê Lợi, Huế' });
    expect(entry.after).toMatchObject({ name: 'Cơ sở Đổi Tên', address: 'Mới' });
    await call('DELETE', `/campuses/${c.id}`, csvc);
    const del = await call('GET', `/system-logs?entity=campus&action=delete`, admin);
    expect(del.body.data.items.find((l: { entityId: string }) => l.entityId === String(c.id))?.before).toMatchObject({
      name: 'Cơ sở Đổi Tên',
    });
  });

  it('exports the filtered list as xlsx', async () => {
    const c = await newCampus();
    const res = await t.app.inject({ url: `/api/v1/campuses/export?search=${c.code}`, headers: bearer(csvc) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const sheet = await readSheet(res.rawPayload, 'x.xlsx');
    expect(sheet.rows.map((r) => r.values['Mã cơ sở'])).toEqual([c.code]);
    expect(sheet.rows[0].values['Tên cơ sở']).toBe(c.name);
    expect((await t.app.inject({ url: '/api/v1/campuses/export', headers: bearer(await t.tokenFor('hs.an')) })).statusCode).toBe(403);
  });
});

describe('classrooms', () => {
  it('refuses capacity 0 with a Vietnamese message and writes nothing', async () => {
    const c = await newCampus();
    const before = await auditCount('classroom');
    const code = uniq('P');
    const r = await call('POST', '/classrooms', csvc, { campusId: c.id, code, name: 'Phòng 0', capacity: 0, kind: 'lab' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Sức chứa phải lớn hơn 0.');
    expect(await t.database.db.select().from(classrooms).where(eq(classrooms.code, code))).toHaveLength(0);
    expect(await auditCount('classroom')).toBe(before);
    const kind = await call('POST', '/classrooms', csvc, { campusId: c.id, code, name: 'Phòng', capacity: 10, kind: 'kitchen' });
    expect(kind.body.message).toBe('Loại phòng không hợp lệ.');
    const noCampus = await call('POST', '/classrooms', csvc, { campusId: 999999, code, name: 'Phòng', capacity: 10 });
    expect(noCampus.status).toBe(400);
    expect(noCampus.body.message).toBe('Cơ sở đã chọn không tồn tại.');
  });

  it('keeps codes unique per campus, in any letter case', async () => {
    const a = await newCampus();
    const b = await newCampus();
    const room = await newClassroom(a.id);
    const dup = await call('POST', '/classrooms', csvc, { campusId: a.id, code: room.code.toLowerCase(), name: 'Trùng', capacity: 30 });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Mã phòng "${room.code.toLowerCase()}" đã tồn tại trong cơ sở này.`);
    const elsewhere = await call('POST', '/classrooms', csvc, {
      campusId: b.id,
      code: room.code,
      name: 'Cùng mã, cơ sở khác',
      capacity: 30,
    });
    expect(elsewhere.status).toBe(200);
    const moved = await call('PUT', `/classrooms/${elsewhere.body.data.id}`, csvc, {
      campusId: a.id,
      code: room.code,
      name: 'Chuyển',
      capacity: 30,
    });
    expect(moved.status).toBe(409);
  });

  it('lists with campus and kind filters and search, readable by every role, written only by facility staff', async () => {
    const c = await newCampus();
    const lab = await newClassroom(c.id, { kind: 'lab', name: 'Phòng thí nghiệm Hóa' });
    await newClassroom(c.id, { kind: 'computer', name: 'Phòng máy 1' });
    const student = await t.tokenFor('hs.an');
    const byCampus = await call('GET', `/classrooms?campusId=${c.id}`, student);
    expect(byCampus.status).toBe(200);
    expect(byCampus.body.data.total).toBe(2);
    expect(byCampus.body.data.items[0].campusName).toBe(c.name);
    const byKind = await call('GET', `/classrooms?campusId=${c.id}&kind=lab`, student);
    expect(byKind.body.data.items.map((x: { id: number }) => x.id)).toEqual([lab.id]);
    const search = await call('GET', `/classrooms?campusId=${c.id}&search=thi nghiem hoa`, student);
    expect(search.body.data.items.map((x: { id: number }) => x.id)).toEqual([lab.id]);
    const sorted = await call('GET', `/classrooms?campusId=${c.id}&sort=name&order=desc`, student);
    expect(sorted.body.data.items.map((x: { name: string }) => x.name)).toEqual(['Phòng thí nghiệm Hóa', 'Phòng máy 1']);
    expect((await call('GET', `/classrooms/${lab.id}`, student)).body.data.kind).toBe('lab');
    expect((await call('POST', '/classrooms', student, { campusId: c.id, code: uniq('P'), name: 'x', capacity: 3 })).status).toBe(403);
    expect(
      (await call('POST', '/classrooms', await t.tokenFor('gv.anh'), { campusId: c.id, code: uniq('P'), name: 'x', capacity: 3 })).status,
    ).toBe(403);
  });

  it('refuses to delete a classroom used by a course class, logs the update and delete of others', async () => {
    const c = await newCampus();
    const room = await newClassroom(c.id);
    const db = t.database.db;
    const year = await addYear(db, { name: uniq('NH '), startDate: '2031-09-01', endDate: '2032-05-31' });
    const sem = await addSemester(db, { name: 'HK1', academicYearId: year.id, startDate: '2031-09-01', endDate: '2032-01-15' });
    const [mod] = await addModules(db, [
      { code: uniq('M'), name: 'Học phần thử', semesterId: sem.id, startDate: '2031-09-01', endDate: '2031-11-01' },
    ]);
    const [subj] = await addSubjects(db, [{ code: uniq('MON'), name: 'Môn thử' }]);
    await addCourseClass(db, {
      code: uniq('LHP'),
      name: 'Lớp thử',
      subjectId: subj.id,
      moduleId: mod.id,
      campusId: c.id,
      grade: 10,
      capacity: 40,
      classroomId: room.id,
    });
    const r = await call('DELETE', `/classrooms/${room.id}`, csvc);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Không thể xóa phòng học này vì đang được sử dụng bởi 1 lớp học phần.');

    const other = await newClassroom(c.id);
    const up = await call('PUT', `/classrooms/${other.id}`, csvc, {
      campusId: c.id,
      code: other.code,
      name: 'Phòng mới',
      capacity: 60,
      kind: 'hall',
    });
    expect(up.body).toMatchObject({ message: 'Đã cập nhật phòng học.', data: { name: 'Phòng mới', capacity: 60, kind: 'hall' } });
    const del = await call('DELETE', `/classrooms/${other.id}`, csvc);
    expect(del.status).toBe(200);
    const logs = await queryRows<{ action: string; before: { capacity: number } | null; after: { capacity: number } | null }>(
      db,
      sql`select action, before, after from audit_logs where entity = 'classroom' and entity_id = ${String(other.id)} order by id`,
    );
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(logs[1].before?.capacity).toBe(45);
    expect(logs[1].after?.capacity).toBe(60);
    expect(logs[2].before?.capacity).toBe(60);
  });

  it('exports classrooms as xlsx for facility staff', async () => {
    const c = await newCampus();
    await newClassroom(c.id);
    const res = await t.app.inject({ url: `/api/v1/classrooms/export?campusId=${c.id}`, headers: bearer(csvc) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
