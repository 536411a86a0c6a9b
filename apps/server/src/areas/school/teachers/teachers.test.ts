import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZTeacher, type TTeacher } from '@app/shared/school';
import { bearer, type TestApp } from '@/test/app';
import { readXlsx } from '@/test/multipart';
import { addHead, addHomeroomClasses, auditOf, countWhere, makeCourseClass, makeSchool, startSchoolApp, type School } from '@/test/school';
import { uniq } from '@/test/uniq';

let t: TestApp;
let s: School;
let admin: Record<string, string>;
beforeAll(async () => {
  ({ t, s, admin } = await startSchoolApp());
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object | undefined });
const mail = (local: string) => `${local}.${uniq().toLowerCase()}@gv.test.edu.vn`;
const body = (over: Record<string, unknown> = {}) => ({
  staffCode: `GV${uniq()}`,
  fullName: 'Vũ Thị Mai',
  departmentId: s.deptA.id,
  subjectIds: [],
  ...over,
});

async function create(over: Record<string, unknown> = {}): Promise<TTeacher> {
  const res = await inject('POST', '/api/v1/teachers', admin, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return ZTeacher.parse(res.json().data);
}
const user = async (id: number) => (await inject('GET', `/api/v1/users/${id}`, admin)).json().data;

describe('teachers: who may call', () => {
  it('lets the overseeing staff read, only an admin write, and refuses teachers and students', async () => {
    const tc = await create();
    for (const who of ['quantri', 'giaovu', 'hieutruong', 'dbcl']) {
      const h = bearer(await t.tokenFor(who));
      expect((await inject('GET', '/api/v1/teachers', h)).statusCode, who).toBe(200);
      expect((await inject('GET', `/api/v1/teachers/${tc.id}`, h)).statusCode, who).toBe(200);
    }
    for (const who of ['gv.anh', 'hs.an', 'ketoan']) {
      expect((await inject('GET', '/api/v1/teachers', bearer(await t.tokenFor(who)))).statusCode, who).toBe(403);
    }
    const giaovu = bearer(await t.tokenFor('giaovu'));
    expect((await inject('POST', '/api/v1/teachers', giaovu, body())).statusCode).toBe(403);
    expect((await inject('PUT', `/api/v1/teachers/${tc.id}`, giaovu, body())).statusCode).toBe(403);
  });

  it('shows a head of department only the teachers of the department they head', async () => {
    const school = await makeSchool(t.database.db);
    const email = mail('to.truong');
    await inject('POST', '/api/v1/users', admin, {
      email,
      roles: [
        { role: 'HEAD_DEPARTMENT', isPrimary: true },
        { role: 'TEACHER', isPrimary: false },
      ],
    });
    const head = await create({ email, departmentId: school.deptA.id });
    await addHead(t.database.db, school.deptA.id, head.id);
    const colleague = await create({ departmentId: school.deptA.id });
    const outsider = await create({ departmentId: school.deptB.id });
    const h = bearer(await t.tokenFor(email));

    const list = (await inject('GET', '/api/v1/teachers?limit=100', h)).json().data;
    expect(list.items.map((x: TTeacher) => x.id).sort()).toEqual([head.id, colleague.id].sort());
    expect(list.items.find((x: TTeacher) => x.id === head.id).isHead).toBe(true);
    expect((await inject('GET', `/api/v1/teachers/${colleague.id}`, h)).statusCode).toBe(200);
    const refused = await inject('GET', `/api/v1/teachers/${outsider.id}`, h);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Bạn chỉ được xem giáo viên thuộc tổ chuyên môn mình phụ trách.');
    const filtered = (await inject('GET', `/api/v1/teachers?departmentId=${school.deptB.id}`, h)).json().data;
    expect(filtered.total).toBe(0);
    const exported = await readXlsx((await inject('GET', '/api/v1/teachers/export', h)).rawPayload);
    expect(
      exported
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([head.staffCode, colleague.staffCode].sort());

    // A head who heads nothing sees nobody.
    const lone = mail('khong.to');
    await inject('POST', '/api/v1/users', admin, { email: lone, roles: [{ role: 'HEAD_DEPARTMENT', isPrimary: true }] });
    expect((await inject('GET', '/api/v1/teachers', bearer(await t.tokenFor(lone)))).json().data.total).toBe(0);
  });
});

describe('teachers: accounts, subjects, validation', () => {
  it('makes a new account with the TEACHER role as primary', async () => {
    const email = mail('moi');
    const tc = await create({ email, fullName: 'Hoàng Văn Nam', subjectIds: [s.subjectB.id, s.subjectA.id] });
    expect(tc.subjects.map((x) => x.id).sort()).toEqual([s.subjectA.id, s.subjectB.id].sort());
    expect(tc).toMatchObject({ departmentId: s.deptA.id, departmentName: s.deptA.name, isHead: false, email });
    const u = await user(tc.userId!);
    expect(u).toMatchObject({ email, displayName: 'Hoàng Văn Nam', roles: [{ role: 'TEACHER', isPrimary: true }] });
    expect((await auditOf(t.database.db, 'teacher', tc.id))[0]).toMatchObject({
      action: 'create',
      after: { staffCode: tc.staffCode, subjectIds: expect.any(Array) },
    });
  });

  it('adds TEACHER to an existing account and keeps its primary role', async () => {
    const email = mail('ke.toan');
    const made = (await inject('POST', '/api/v1/users', admin, { email, roles: [{ role: 'ACCOUNTANT', isPrimary: true }] })).json().data;
    const tc = await create({ email });
    expect(tc.userId).toBe(made.id);
    const u = await user(made.id);
    expect(u.primaryRole).toBe('ACCOUNTANT');
    expect(u.roles).toEqual([
      { role: 'ACCOUNTANT', isPrimary: true },
      { role: 'TEACHER', isPrimary: false },
    ]);
    expect((await auditOf(t.database.db, 'user', made.id)).map((l) => l.action)).toEqual(['create', 'update']);
  });

  it('refuses unknown subjects or department with 400 and writes nothing', async () => {
    const code = `GV${uniq()}`;
    const bad = await inject(
      'POST',
      '/api/v1/teachers',
      admin,
      body({ staffCode: code, subjectIds: [s.subjectA.id, 999999], email: mail('loi') }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Không tìm thấy môn học có id: 999999.');
    const dept = await inject('POST', '/api/v1/teachers', admin, body({ staffCode: code, departmentId: 999999 }));
    expect(dept.statusCode).toBe(400);
    expect(dept.json().message).toBe('Tổ chuyên môn đã chọn không tồn tại.');
    const blank = await inject('POST', '/api/v1/teachers', admin, body({ staffCode: '' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Mã giáo viên là bắt buộc.');
    expect(await countWhere(t.database.db, 'teachers', sql`staff_code = ${code}`)).toBe(0);
    expect(await countWhere(t.database.db, 'users', sql`email like 'loi.%'`)).toBe(0);
  });

  it('refuses a staff code or an account already taken by another teacher (409)', async () => {
    const email = mail('trung');
    const first = await create({ email });
    const code = await inject('POST', '/api/v1/teachers', admin, body({ staffCode: first.staffCode.toLowerCase() }));
    expect(code.statusCode).toBe(409);
    expect(code.json().message).toBe(`Mã giáo viên "${first.staffCode.toLowerCase()}" đã tồn tại.`);
    const acc = await inject('POST', '/api/v1/teachers', admin, body({ email }));
    expect(acc.statusCode).toBe(409);
    expect(acc.json().message).toBe('E-mail này đã gắn với tài khoản của một giáo viên khác.');
  });

  it('updates subjects and department and logs before and after', async () => {
    const tc = await create({ subjectIds: [s.subjectA.id] });
    const res = await inject(
      'PUT',
      `/api/v1/teachers/${tc.id}`,
      admin,
      body({ staffCode: tc.staffCode, fullName: 'Đỗ Minh Tuấn', departmentId: s.deptB.id, subjectIds: [s.subjectB.id] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ fullName: 'Đỗ Minh Tuấn', departmentId: s.deptB.id, subjects: [{ id: s.subjectB.id }] });
    expect((await auditOf(t.database.db, 'teacher', tc.id)).at(-1)).toMatchObject({
      action: 'update',
      before: { fullName: 'Vũ Thị Mai', subjectIds: [s.subjectA.id] },
      after: { fullName: 'Đỗ Minh Tuấn', subjectIds: [s.subjectB.id] },
    });
  });
});

describe('teachers: delete', () => {
  it('refuses while the teacher teaches, heads a department or has a homeroom class', async () => {
    const teaching = await create();
    await makeCourseClass(t.database.db, s, { teacherIds: [teaching.id] });
    const r1 = await inject('DELETE', `/api/v1/teachers/${teaching.id}`, admin);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toBe('Không thể xóa giáo viên này vì đang được sử dụng bởi 1 lớp học phần.');

    const heading = await create();
    await addHead(t.database.db, s.deptA.id, heading.id);
    const r2 = await inject('DELETE', `/api/v1/teachers/${heading.id}`, admin);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toContain('tổ chuyên môn');

    const homeroom = await create();
    await addHomeroomClasses(t.database.db, [
      { name: `12 Sử ${uniq()}`, academicYearId: s.year.id, grade: 12, campusId: s.campusA.id, homeroomTeacherId: homeroom.id },
    ]);
    const r3 = await inject('DELETE', `/api/v1/teachers/${homeroom.id}`, admin);
    expect(r3.statusCode).toBe(409);
    expect(r3.json().message).toBe('Không thể xóa giáo viên này vì đang được sử dụng bởi 1 lớp chủ nhiệm.');
  });

  it('deletes an unused teacher and keeps the account', async () => {
    const tc = await create({ email: mail('xoa'), subjectIds: [s.subjectA.id] });
    const res = await inject('DELETE', `/api/v1/teachers/${tc.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Đã xóa giáo viên.');
    expect((await inject('GET', `/api/v1/teachers/${tc.id}`, admin)).statusCode).toBe(404);
    expect((await user(tc.userId!)).active).toBe(true);
    expect((await auditOf(t.database.db, 'teacher', tc.id)).map((l) => l.action)).toEqual(['create', 'delete']);
  });
});

describe('teachers: list and export', () => {
  it('filters by department and subject, searches and sorts', async () => {
    const school = await makeSchool(t.database.db);
    await create({ fullName: 'Phan Thị Ngọc', departmentId: school.deptA.id, subjectIds: [school.subjectA.id] });
    await create({ fullName: 'Bùi Thị Hương', departmentId: school.deptA.id, subjectIds: [] });
    await create({ fullName: 'Đặng Văn Hùng', departmentId: school.deptB.id, subjectIds: [school.subjectA.id] });
    const inDept = (await inject('GET', `/api/v1/teachers?departmentId=${school.deptA.id}&sort=fullName`, admin)).json().data;
    expect(inDept.items.map((x: TTeacher) => x.fullName)).toEqual(['Bùi Thị Hương', 'Phan Thị Ngọc']);
    const bySubject = (await inject('GET', `/api/v1/teachers?subjectId=${school.subjectA.id}&sort=fullName&order=desc`, admin)).json().data;
    expect(bySubject.items.map((x: TTeacher) => x.fullName)).toEqual(['Phan Thị Ngọc', 'Đặng Văn Hùng']);
    const found = (await inject('GET', `/api/v1/teachers?departmentId=${school.deptB.id}&search=hung`, admin)).json().data;
    expect(found.total).toBe(1);
  });

  it('exports with the import’s columns', async () => {
    const school = await makeSchool(t.database.db);
    const tc = await create({ departmentId: school.deptA.id, subjectIds: [school.subjectA.id, school.subjectB.id] });
    const rows = await readXlsx((await inject('GET', `/api/v1/teachers/export?departmentId=${school.deptA.id}`, admin)).rawPayload);
    expect(rows[0]).toEqual(['Mã giáo viên', 'Họ và tên', 'E-mail', 'Tổ chuyên môn', 'Môn dạy', 'Tổ trưởng/tổ phó']);
    expect(rows[1].slice(0, 5)).toEqual([
      tc.staffCode,
      tc.fullName,
      '',
      school.deptA.name,
      `${school.subjectA.code}, ${school.subjectB.code}`,
    ]);
  });
});
