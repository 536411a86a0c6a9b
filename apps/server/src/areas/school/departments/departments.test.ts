import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TDepartment } from '@app/shared/school';
import { queryRows } from '@/db/client';
import { readSheet } from '@/lib/xlsx';
import { bearer, createTestApp, type TestApp } from '@/test/app';

let t: TestApp;
let admin: string;
let teacher: string;
let head: string;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, teacher, head, student] = await Promise.all(['quantri', 'gv.anh', 'totruong.ly', 'hs.an'].map((u) => t.tokenFor(u)));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/departments${url}`, headers: bearer(token), payload: payload as object | undefined });

let n = 0;
async function makeDepartment(over: Partial<{ code: string; name: string; headTeacherIds: number[] }> = {}): Promise<TDepartment> {
  n++;
  const res = await call(admin, 'POST', '', { code: `TEST-TO${n}`, name: `Tổ thử ${n}`, headTeacherIds: [], ...over });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** Teachers are another area's: insert the rows this test needs directly. */
async function makeTeacher(fullName: string, departmentId: number | null = null): Promise<number> {
  n++;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into teachers (staff_code, full_name, department_id) values (${`TEST-GV${n}`}, ${fullName}, ${departmentId}) returning id`,
  );
  return row.id;
}
const auditOf = (id: number) =>
  queryRows<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    t.database.db,
    sql`select action, before, after from audit_logs where entity = 'department' and entity_id = ${String(id)} order by id`,
  );

describe('departments', () => {
  it('lets every role read and only the admin write', async () => {
    const d = await makeDepartment();
    for (const token of [teacher, head, student]) {
      expect((await call(token, 'GET', '')).statusCode).toBe(200);
      expect((await call(token, 'GET', `/${d.id}`)).statusCode).toBe(200);
      expect((await call(token, 'POST', '', { code: 'TEST-X', name: 'X' })).statusCode).toBe(403);
      expect((await call(token, 'PUT', `/${d.id}`, { code: d.code, name: 'Đổi' })).statusCode).toBe(403);
      expect((await call(token, 'DELETE', `/${d.id}`)).statusCode).toBe(403);
    }
    expect((await call(admin, 'GET', `/${d.id}`)).json().data.name).toBe(d.name);
  });

  it('stores the heads, counts teachers and subjects, and logs before and after', async () => {
    const d = await makeDepartment({ name: 'Tổ Vật lý thử' });
    const a = await makeTeacher('Trần Văn Bình', d.id);
    const b = await makeTeacher('Lê Thị An');
    await queryRows(
      t.database.db,
      sql`insert into subjects (code, name, department_id) values ('TEST-MH-TO', 'Môn của tổ', ${d.id}) returning id`,
    );
    const res = await call(admin, 'PUT', `/${d.id}`, { code: d.code, name: d.name, headTeacherIds: [a, b, a] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Đã cập nhật tổ chuyên môn.');
    const row = res.json().data as TDepartment;
    expect(row.heads.map((h) => h.fullName)).toEqual(['Lê Thị An', 'Trần Văn Bình']);
    expect(row).toMatchObject({ teacherCount: 1, subjectCount: 1 });
    const listed = (await call(teacher, 'GET', `?search=${encodeURIComponent('vat ly thu')}`)).json().data;
    expect(listed.items).toEqual([expect.objectContaining({ id: d.id, teacherCount: 1, subjectCount: 1 })]);
    expect(listed.items[0].heads).toHaveLength(2);

    const log = await auditOf(d.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update']);
    expect(log[1].before).toMatchObject({ headTeacherIds: [] });
    expect(log[1].after).toMatchObject({ headTeacherIds: [a, b].sort((x, y) => x - y) });
  });

  it('refuses unknown heads, missing names and taken codes, changing nothing', async () => {
    const d = await makeDepartment();
    const ghost = await call(admin, 'PUT', `/${d.id}`, { code: d.code, name: 'Đổi tên', headTeacherIds: [99999999] });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().message).toBe('Giáo viên được chọn làm tổ trưởng/tổ phó không tồn tại.');
    const noName = await call(admin, 'POST', '', { code: 'TEST-NONAME' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Tên tổ chuyên môn là bắt buộc.');
    const dup = await call(admin, 'POST', '', { code: d.code.toLowerCase(), name: 'Trùng mã' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`Mã tổ "${d.code.toLowerCase()}" đã tồn tại.`);
    expect((await call(admin, 'GET', `/${d.id}`)).json().data.name).toBe(d.name);
    expect((await call(admin, 'GET', '?search=TEST-NONAME')).json().data.total).toBe(0);
    expect((await auditOf(d.id)).map((l) => l.action)).toEqual(['create']);
  });

  it('refuses to delete a department with teachers or subjects, deletes an empty one', async () => {
    const d = await makeDepartment();
    const tid = await makeTeacher('Giáo viên của tổ', d.id);
    await call(admin, 'PUT', `/${d.id}`, { code: d.code, name: d.name, headTeacherIds: [tid] });
    await queryRows(
      t.database.db,
      sql`insert into subjects (code, name, department_id) values ('TEST-MH-DEL', 'Môn xóa', ${d.id}) returning id`,
    );
    const refused = await call(admin, 'DELETE', `/${d.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Không thể xóa tổ chuyên môn này vì đang được sử dụng bởi 1 giáo viên, 1 môn học.');
    await t.database.db.execute(sql`update teachers set department_id = null where id = ${tid}`);
    await t.database.db.execute(sql`delete from subjects where code = 'TEST-MH-DEL'`);
    const ok = await call(admin, 'DELETE', `/${d.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Đã xóa tổ chuyên môn.', data: { id: d.id } });
    expect((await call(admin, 'GET', `/${d.id}`)).statusCode).toBe(404);
    expect(await queryRows(t.database.db, sql`select 1 from department_heads where department_id = ${d.id}`)).toEqual([]);
    expect((await auditOf(d.id)).at(-1)).toMatchObject({ action: 'delete', before: { code: d.code, headTeacherIds: [tid] } });
  });

  it('pages, sorts and exports as xlsx', async () => {
    await makeDepartment({ code: 'TEST-SORT-B', name: 'Tổ sắp B' });
    await makeDepartment({ code: 'TEST-SORT-A', name: 'Tổ sắp A' });
    const res = await call(teacher, 'GET', '?search=to%20sap&sort=name&order=desc&limit=1');
    expect(res.json().data).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(res.json().data.items[0].code).toBe('TEST-SORT-B');
    const xlsx = await call(teacher, 'GET', '/export?search=to%20sap&sort=code');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const sheet = await readSheet(xlsx.rawPayload, 'x.xlsx');
    expect(sheet.rows.map((r) => r.values['Mã tổ'])).toEqual(['TEST-SORT-A', 'TEST-SORT-B']);
  });
});
