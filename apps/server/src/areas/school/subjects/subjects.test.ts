import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TSubject } from '@app/shared/school';
import { queryRows } from '@/db/client';
import { readSheet } from '@/lib/xlsx';
import { bearer, createTestApp, type TestApp } from '@/test/app';

let t: TestApp;
let admin: string;
let teacher: string;
let student: string;
let facility: string;
let deptId: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, teacher, student, facility] = await Promise.all(['quantri', 'gv.anh', 'hs.an', 'csvc'].map((u) => t.tokenFor(u)));
  const [d] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into departments (code, name) values ('TEST-TO-MH', 'Tổ Tự nhiên thử') returning id`,
  );
  deptId = d.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/subjects${url}`, headers: bearer(token), payload: payload as object | undefined });

let n = 0;
async function makeSubject(
  over: Partial<{ code: string; name: string; departmentId: number | null; kind: string; usesLms: boolean }> = {},
): Promise<TSubject> {
  n++;
  const res = await call(admin, 'POST', '', {
    code: `TEST-MH${n}`,
    name: `Môn thử ${n}`,
    departmentId: deptId,
    kind: 'core',
    usesLms: false,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const auditOf = (id: number) =>
  queryRows<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    t.database.db,
    sql`select action, before, after from audit_logs where entity = 'subject' and entity_id = ${String(id)} order by id`,
  );

describe('subjects', () => {
  it('lets every role read and only the admin write', async () => {
    const s = await makeSubject();
    expect(s).toMatchObject({ departmentId: deptId, departmentName: 'Tổ Tự nhiên thử', kind: 'core', usesLms: false });
    for (const token of [teacher, student, facility]) {
      expect((await call(token, 'GET', '')).statusCode).toBe(200);
      expect((await call(token, 'GET', `/${s.id}`)).statusCode).toBe(200);
      expect((await call(token, 'POST', '', { code: 'TEST-NO', name: 'Không', departmentId: null, kind: 'core' })).statusCode).toBe(403);
      expect((await call(token, 'PUT', `/${s.id}`, { code: s.code, name: 'Đổi', departmentId: null, kind: 'core' })).statusCode).toBe(403);
      expect((await call(token, 'DELETE', `/${s.id}`)).statusCode).toBe(403);
    }
    expect((await call(admin, 'GET', `/${s.id}`)).json().data.name).toBe(s.name);
  });

  it('validates in Vietnamese and answers 409 for a taken code, changing nothing', async () => {
    const s = await makeSubject({ code: 'TEST-TOAN' });
    const noName = await call(admin, 'POST', '', { code: 'TEST-NONAME', departmentId: null, kind: 'core' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Tên môn học là bắt buộc.');
    const badKind = await call(admin, 'POST', '', { code: 'TEST-KIND', name: 'Sai loại', departmentId: null, kind: 'chuyen' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toBe('Loại môn phải là môn chung, môn chuyên hoặc tự chọn.');
    const noDept = await call(admin, 'POST', '', { code: 'TEST-NODEPT', name: 'Không tổ', departmentId: 99999999, kind: 'core' });
    expect(noDept.statusCode).toBe(400);
    expect(noDept.json().message).toBe('Tổ chuyên môn đã chọn không tồn tại.');
    const dup = await call(admin, 'POST', '', { code: 'test-toan', name: 'Toán trùng', departmentId: null, kind: 'core' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Mã môn "test-toan" đã tồn tại.');
    const other = await makeSubject();
    const rename = await call(admin, 'PUT', `/${other.id}`, { code: 'TEST-Toan', name: other.name, departmentId: null, kind: 'core' });
    expect(rename.statusCode).toBe(409);
    expect((await call(admin, 'GET', `/${other.id}`)).json().data.code).toBe(other.code);
    const codes = (await call(admin, 'GET', '?search=TEST&limit=100')).json().data.items.map((x: TSubject) => x.code);
    expect(codes).not.toContain('TEST-NONAME');
    expect(codes.filter((c: string) => c.toLowerCase() === 'test-toan')).toEqual([s.code]);
  });

  it('updates with before and after in the audit log', async () => {
    const s = await makeSubject();
    const res = await call(admin, 'PUT', `/${s.id}`, {
      code: s.code,
      name: 'Vật lý chuyên',
      departmentId: null,
      kind: 'specialised',
      usesLms: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Đã cập nhật môn học.',
      data: { name: 'Vật lý chuyên', departmentId: null, departmentName: null, kind: 'specialised', usesLms: true },
    });
    const log = await auditOf(s.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update']);
    expect(log[1].before).toMatchObject({ kind: 'core', departmentId: deptId, usesLms: false });
    expect(log[1].after).toMatchObject({ kind: 'specialised', departmentId: null, usesLms: true, name: 'Vật lý chuyên' });
  });

  it('filters by department and kind and searches without accents', async () => {
    const [d2] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into departments (code, name) values ('TEST-TO-2', 'Tổ khác') returning id`,
    );
    const a = await makeSubject({ name: 'Hóa học chuyên sâu', kind: 'specialised', departmentId: d2.id });
    await makeSubject({ name: 'Hóa học phổ thông', kind: 'core', departmentId: d2.id });
    await makeSubject({ name: 'Hóa học tự chọn', kind: 'elective', departmentId: deptId });
    const byKind = (await call(teacher, 'GET', `?departmentId=${d2.id}&kind=specialised`)).json().data;
    expect(byKind.items.map((x: TSubject) => x.id)).toEqual([a.id]);
    const bySearch = (await call(teacher, 'GET', '?search=hoa%20hoc%20test-mh&sort=name')).json().data;
    expect(bySearch.items.map((x: TSubject) => x.name)).toEqual(['Hóa học chuyên sâu', 'Hóa học phổ thông', 'Hóa học tự chọn']);
    expect((await call(teacher, 'GET', '?kind=nope')).statusCode).toBe(400);
  });

  it('refuses to delete a subject taught or used by course classes, deletes a free one', async () => {
    const s = await makeSubject();
    const [teacherRow] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into teachers (staff_code, full_name) values ('TEST-GV-MH', 'Giáo viên dạy') returning id`,
    );
    await t.database.db.execute(sql`insert into teacher_subjects (teacher_id, subject_id) values (${teacherRow.id}, ${s.id})`);
    const [y] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into academic_years (name, start_date, end_date) values ('TEST-NH-MH', '2200-09-01', '2201-05-31') returning id`,
    );
    const [se] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into semesters (name, academic_year_id, start_date, end_date) values ('HK1', ${y.id}, '2200-09-01', '2200-12-31') returning id`,
    );
    const [m] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into modules (code, name, semester_id, start_date, end_date) values ('TEST-MOD-MH', 'HP', ${se.id}, '2200-09-01', '2200-12-31') returning id`,
    );
    const [c] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into campuses (code, name) values ('TEST-CS-MH', 'Cơ sở') returning id`,
    );
    for (const code of ['LHP1', 'LHP2']) {
      await t.database.db.execute(
        sql`insert into course_classes (code, name, subject_id, module_id, campus_id, grade, capacity) values (${code}, ${code}, ${s.id}, ${m.id}, ${c.id}, 11, 30)`,
      );
    }
    const refused = await call(admin, 'DELETE', `/${s.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Không thể xóa môn học này vì đang được sử dụng bởi 2 lớp học phần, 1 giáo viên.');
    expect((await call(admin, 'GET', `/${s.id}`)).statusCode).toBe(200);

    const free = await makeSubject();
    const ok = await call(admin, 'DELETE', `/${free.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Đã xóa môn học.', data: { id: free.id } });
    const gone = await call(admin, 'GET', `/${free.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Không tìm thấy môn học.');
    expect((await auditOf(free.id)).map((l) => l.action)).toEqual(['create', 'delete']);
  });

  it('exports the filtered list as xlsx', async () => {
    await makeSubject({ code: 'TEST-XL-1', name: 'Xuất một', kind: 'elective', usesLms: true });
    const res = await call(teacher, 'GET', '/export?search=TEST-XL&kind=elective');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const sheet = await readSheet(res.rawPayload, 'x.xlsx');
    expect(sheet.rows.map((r) => r.values)).toEqual([
      { 'Mã môn': 'TEST-XL-1', 'Tên môn học': 'Xuất một', 'Tổ chuyên môn': 'Tổ Tự nhiên thử', 'Loại môn': 'Tự chọn', 'Dùng LMS': 'Có' },
    ]);
  });
});
