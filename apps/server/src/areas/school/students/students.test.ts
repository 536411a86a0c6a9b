import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZStudent, type TStudent } from '@app/shared/school';
import { bearer, type TestApp } from '@/test/app';
import { readXlsx } from '@/test/multipart';
import { addRegClass, addRegistrations, addRegStudents, addRound, makeRegModule } from '@/test/registration';
import { auditOf, countWhere, makeCourseClass, makeSchool, startSchoolApp, type School } from '@/test/school';
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
const mail = (local: string) => `${local}.${uniq().toLowerCase()}@hs.test.edu.vn`;

function body(over: Record<string, unknown> = {}) {
  return { studentCode: `HS${uniq()}`, fullName: 'Nguyễn Minh An', grade: 10, campusId: s.campusA.id, ...over };
}
async function create(over: Record<string, unknown> = {}): Promise<TStudent> {
  const res = await inject('POST', '/api/v1/students', admin, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return ZStudent.parse(res.json().data);
}
const user = async (id: number) => (await inject('GET', `/api/v1/users/${id}`, admin)).json().data;

describe('students: who may call', () => {
  it('lets the overseeing staff read and only an admin write', async () => {
    const st = await create();
    for (const who of ['quantri', 'giaovu', 'hieutruong', 'dbcl']) {
      const h = bearer(await t.tokenFor(who));
      expect((await inject('GET', '/api/v1/students', h)).statusCode, who).toBe(200);
      expect((await inject('GET', `/api/v1/students/${st.id}`, h)).statusCode, who).toBe(200);
    }
    for (const who of ['gv.anh', 'totruong.ly', 'ketoan', 'hs.an']) {
      expect((await inject('GET', '/api/v1/students', bearer(await t.tokenFor(who)))).statusCode, who).toBe(403);
    }
    const giaovu = bearer(await t.tokenFor('giaovu'));
    expect((await inject('POST', '/api/v1/students', giaovu, body())).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/v1/students/${st.id}`, giaovu)).statusCode).toBe(403);
  });

  it('lets a student read their own record and no one else’s', async () => {
    const email = mail('hoc.sinh');
    const own = await create({ email });
    const other = await create();
    const h = bearer(await t.tokenFor(email));
    const mine = await inject('GET', `/api/v1/students/${own.id}`, h);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.studentCode).toBe(own.studentCode);
    const theirs = await inject('GET', `/api/v1/students/${other.id}`, h);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('Bạn chỉ được xem hồ sơ học sinh của chính mình.');
    expect((await inject('GET', '/api/v1/students', h)).statusCode).toBe(403);
  });
});

describe('students: accounts', () => {
  it('creates the account with the STUDENT role and links it by studentId', async () => {
    const email = mail('Tao.Moi');
    const st = await create({ email: email.toUpperCase(), fullName: 'Trần Gia Bình' });
    expect(st.email).toBe(email.toLowerCase());
    expect(st.userId).not.toBeNull();
    const u = await user(st.userId!);
    expect(u).toMatchObject({
      email: email.toLowerCase(),
      displayName: 'Trần Gia Bình',
      studentId: st.id,
      primaryRole: 'STUDENT',
      roles: [{ role: 'STUDENT', isPrimary: true }],
    });
    expect((await auditOf(t.database.db, 'user', u.id)).map((l) => l.action)).toEqual(['create']);
    expect((await auditOf(t.database.db, 'student', st.id))[0]).toMatchObject({ action: 'create', after: { studentCode: st.studentCode } });
  });

  it('links an existing account, adding STUDENT without taking the primary role', async () => {
    const email = mail('co.san');
    const made = await inject('POST', '/api/v1/users', admin, { email, roles: [{ role: 'DECLARATION', isPrimary: true }] });
    const st = await create({ email });
    expect(st.userId).toBe(made.json().data.id);
    const u = await user(st.userId!);
    expect(u.studentId).toBe(st.id);
    expect(u.primaryRole).toBe('DECLARATION');
    expect(u.roles).toContainEqual({ role: 'STUDENT', isPrimary: false });
  });

  it('refuses an e-mail whose account belongs to another student (409) and writes nothing', async () => {
    const email = mail('cua.nguoi.khac');
    await create({ email });
    const code = `HS${uniq()}`;
    const res = await inject('POST', '/api/v1/students', admin, body({ studentCode: code, email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('E-mail này đã gắn với tài khoản của một học sinh khác.');
    expect(await countWhere(t.database.db, 'students', sql`student_code = ${code}`)).toBe(0);
  });

  it('moves the linked account to a new e-mail, or to the account that already has it', async () => {
    const st = await create({ email: mail('cu') });
    const first = st.userId!;
    const renamed = mail('moi');
    const res = await inject('PUT', `/api/v1/students/${st.id}`, admin, body({ studentCode: st.studentCode, email: renamed }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.userId).toBe(first);
    expect((await user(first)).email).toBe(renamed);

    const existing = mail('da.co');
    const other = (await inject('POST', '/api/v1/users', admin, { email: existing, roles: [{ role: 'STUDENT', isPrimary: true }] })).json()
      .data.id;
    const res2 = await inject('PUT', `/api/v1/students/${st.id}`, admin, body({ studentCode: st.studentCode, email: existing }));
    expect(res2.json().data.userId).toBe(other);
    expect((await user(other)).studentId).toBe(st.id);
    expect((await user(first)).studentId).toBeNull();
  });

  it('copies an account e-mail changed by the admin to the student record', async () => {
    const st = await create({ email: mail('dong.bo') });
    const u = await user(st.userId!);
    const next = mail('dong.bo.moi');
    expect(
      (await inject('PUT', `/api/v1/users/${u.id}`, admin, { email: next, displayName: u.displayName, roles: u.roles })).statusCode,
    ).toBe(200);
    const after = (await inject('GET', `/api/v1/students/${st.id}`, admin)).json().data;
    expect(after.email).toBe(next);
    const found = await inject('GET', `/api/v1/students?search=${encodeURIComponent(next)}`, admin);
    expect(found.json().data.items.map((x: TStudent) => x.id)).toEqual([st.id]);
  });
});

describe('students: validation', () => {
  it('answers 400 with the Vietnamese message and writes nothing', async () => {
    const code = `HS${uniq()}`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fullName: '' }, 'Họ và tên là bắt buộc.'],
      [{ grade: 9 }, 'Khối phải là 10, 11 hoặc 12.'],
      [{ email: 'khong-phai-email' }, 'E-mail không hợp lệ.'],
      [{ dateOfBirth: '2009-02-30' }, 'Ngày sinh phải là ngày hợp lệ.'],
      [{ campusId: 999999 }, 'Cơ sở đã chọn không tồn tại.'],
      [{ homeroomClassId: 999999 }, 'Lớp chủ nhiệm đã chọn không tồn tại.'],
      [{ homeroomClassId: s.class11A.id }, `Lớp chủ nhiệm "${s.class11A.name}" thuộc khối 11, không khớp với khối 10 của học sinh.`],
      [
        { homeroomClassId: s.class10B.id },
        `Lớp chủ nhiệm "${s.class10B.name}" thuộc cơ sở ${s.campusB.name}, không khớp với cơ sở ${s.campusA.name} của học sinh.`,
      ],
    ];
    for (const [over, message] of cases) {
      const res = await inject('POST', '/api/v1/students', admin, body({ studentCode: code, email: mail('loi'), ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    expect(await countWhere(t.database.db, 'students', sql`student_code = ${code}`)).toBe(0);
    expect(await countWhere(t.database.db, 'users', sql`email like 'loi.%'`)).toBe(0);
  });

  it('accepts a homeroom class of the same grade and campus', async () => {
    const st = await create({ homeroomClassId: s.class10A.id, dateOfBirth: '2009-09-05', gender: 'female', status: 'active' });
    expect(st).toMatchObject({
      homeroomClassId: s.class10A.id,
      homeroomClassName: s.class10A.name,
      campusName: s.campusA.name,
      dateOfBirth: '2009-09-05',
      gender: 'female',
    });
  });

  it('refuses a student code already used, whatever its case (409)', async () => {
    const st = await create();
    const res = await inject('POST', '/api/v1/students', admin, body({ studentCode: st.studentCode.toLowerCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Mã học sinh "${st.studentCode.toLowerCase()}" đã tồn tại.`);
  });
});

describe('students: delete', () => {
  it('refuses while enrolled in a course class and suggests a status instead', async () => {
    const st = await create({ email: mail('dang.hoc') });
    await makeCourseClass(t.database.db, s, { studentIds: [st.id] });
    const res = await inject('DELETE', `/api/v1/students/${st.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Không thể xóa học sinh này vì đang được sử dụng bởi 1 lớp học phần. Hãy chuyển trạng thái sang "Đã chuyển trường" hoặc "Đã thôi học" thay vì xóa.',
    );
    expect((await inject('GET', `/api/v1/students/${st.id}`, admin)).statusCode).toBe(200);
    expect((await user(st.userId!)).studentId).toBe(st.id);
  });

  it('refuses while the student has a course registration (its seat would not be freed)', async () => {
    const m = await makeRegModule(t.database.db);
    const [st] = await addRegStudents(t.database.db, m, 1);
    const c = await addRegClass(t.database.db, m, { name: `Xóa khi đăng ký ${m.tag}` });
    const round = await addRound(t.database.db, { moduleId: m.module.id, offers: [{ courseClassId: c.id, capacity: 5 }] });
    await addRegistrations(t.database.db, round.id, [{ studentId: st.id, courseClassId: c.id }]);
    const res = await inject('DELETE', `/api/v1/students/${st.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Không thể xóa học sinh này vì đang được sử dụng bởi 1 đăng ký học phần. Hãy chuyển trạng thái sang "Đã chuyển trường" hoặc "Đã thôi học" thay vì xóa.',
    );
    expect((await inject('GET', `/api/v1/students/${st.id}`, admin)).statusCode).toBe(200);
  });

  it('deletes an unused student, unlinks its account and logs both', async () => {
    const st = await create({ email: mail('xoa') });
    const res = await inject('DELETE', `/api/v1/students/${st.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Đã xóa học sinh.');
    expect((await inject('GET', `/api/v1/students/${st.id}`, admin)).statusCode).toBe(404);
    const u = await user(st.userId!);
    expect(u.studentId).toBeNull();
    expect((await auditOf(t.database.db, 'student', st.id)).map((l) => l.action)).toEqual(['create', 'delete']);
  });
});

describe('students: list and export', () => {
  it('filters, searches without accents and sorts names the Vietnamese way', async () => {
    const school = await makeSchool(t.database.db);
    const names = ['Trần Văn Bảo', 'Lê Thị Ánh', 'Nguyễn Văn An', 'Phạm Minh Ân'];
    for (const fullName of names) await create({ fullName, campusId: school.campusA.id });
    await create({ fullName: 'Hoàng Khối Mười Một', campusId: school.campusA.id, grade: 11, status: 'dropped' });
    const base = `/api/v1/students?campusId=${school.campusA.id}&limit=100`;

    const byName = (await inject('GET', `${base}&grade=10&sort=fullName`, admin)).json().data;
    expect(byName.total).toBe(4);
    expect(byName.items.map((x: TStudent) => x.fullName)).toEqual(['Nguyễn Văn An', 'Lê Thị Ánh', 'Phạm Minh Ân', 'Trần Văn Bảo']);
    const desc = (
      await inject('GET', `/api/v1/students?campusId=${school.campusA.id}&grade=10&sort=fullName&order=desc&limit=1&page=2`, admin)
    ).json().data;
    expect(desc).toMatchObject({ total: 4, page: 2, limit: 1 });
    expect(desc.items[0].fullName).toBe('Phạm Minh Ân');

    const search = (await inject('GET', `${base}&search=${encodeURIComponent('anh le')}`, admin)).json().data;
    expect(search.items.map((x: TStudent) => x.fullName)).toEqual(['Lê Thị Ánh']);
    const dropped = (await inject('GET', `${base}&status=dropped`, admin)).json().data;
    expect(dropped.items.map((x: TStudent) => x.fullName)).toEqual(['Hoàng Khối Mười Một']);
    expect((await inject('GET', `${base}&grade=13`, admin)).statusCode).toBe(400);
  });

  it('exports the filtered list with the import’s columns', async () => {
    const school = await makeSchool(t.database.db);
    const st = await create({
      campusId: school.campusA.id,
      homeroomClassId: school.class10A.id,
      dateOfBirth: '2009-09-05',
      gender: 'male',
    });
    const res = await inject('GET', `/api/v1/students/export?campusId=${school.campusA.id}`, bearer(await t.tokenFor('giaovu')));
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([
      'Mã học sinh',
      'Họ và tên',
      'E-mail',
      'Ngày sinh',
      'Giới tính',
      'Khối',
      'Cơ sở',
      'Lớp chủ nhiệm',
      'Trạng thái',
    ]);
    expect(rows.slice(1)).toEqual([
      [st.studentCode, st.fullName, '', '05/09/2009', 'Nam', '10', school.campusA.name, school.class10A.name, 'Đang học'],
    ]);
  });
});
