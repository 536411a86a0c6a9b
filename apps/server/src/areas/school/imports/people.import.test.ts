import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TImportResult, TTeacher, TUserRow } from '@app/shared/school';
import type { TestApp } from '@/test/app';
import { csvFile, multipart, readXlsx, xlsxFile } from '@/test/multipart';
import { countWhere, startSchoolApp, type School } from '@/test/school';
import { uniq } from '@/test/uniq';

let t: TestApp;
let s: School;
let admin: Record<string, string>;
beforeAll(async () => {
  ({ t, s, admin } = await startSchoolApp());
});
afterAll(() => t.close());

async function post(kind: string, file: Buffer | string, filename: string, dryRun = false) {
  const body = multipart({ filename, content: file });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/imports/${kind}?dryRun=${dryRun}`,
    payload: body.payload,
    headers: { ...body.headers, ...admin },
  });
}
const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: admin })).json().data;

describe('teachers import', () => {
  const HEADERS = ['Mã giáo viên', 'Họ và tên', 'E-mail', 'Tổ chuyên môn', 'Môn dạy'];

  it('has a template with its headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/imports/templates/teachers', headers: admin });
    expect((await readXlsx(res.rawPayload))[0]).toEqual(['Mã giáo viên *', 'Họ và tên *', 'E-mail', 'Tổ chuyên môn', 'Môn dạy']);
  });

  it('checks departments, subjects and accounts, then imports and updates through the teacher service', async () => {
    const tag = uniq();
    const existingEmail = `cu.${tag.toLowerCase()}@gv.test.vn`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { email: existingEmail, roles: [{ role: 'ACCOUNTANT', isPrimary: true }] },
    });
    const rows: Array<Array<string | null>> = [
      [`G1${tag}`, 'Nguyễn Thị Lan', `lan.${tag.toLowerCase()}@gv.test.vn`, s.deptA.code, `${s.subjectA.code}; ${s.subjectB.code}`],
      [`G2${tag}`, 'Hoàng Văn Nam', existingEmail, s.deptB.name, null],
      [`G3${tag}`, 'Vũ Thị Mai', null, 'Tổ không có', 'KHONGCO, ' + s.subjectA.code],
    ];
    const dry = await post('teachers', await xlsxFile(HEADERS, rows), 'gv.xlsx', true);
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = dry.json().data as TImportResult;
    expect(preview).toMatchObject({ valid: 2, invalid: 1 });
    expect(preview.rows[2].issues).toEqual([
      { column: 'Tổ chuyên môn', message: 'Không tìm thấy tổ chuyên môn "Tổ không có" (nhập mã hoặc tên tổ).' },
      { column: 'Môn dạy', message: 'Không tìm thấy môn học có mã: KHONGCO.' },
    ]);
    expect((await post('teachers', await xlsxFile(HEADERS, rows), 'gv.xlsx')).statusCode).toBe(400);
    expect(await countWhere(t.database.db, 'teachers', sql`staff_code like ${`%${tag}`}`)).toBe(0);

    rows[2][3] = '';
    rows[2][4] = s.subjectA.code;
    const res = await post('teachers', await xlsxFile(HEADERS, rows), 'gv.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 3, updated: 0 });
    const list = (await get(`/api/v1/teachers?search=${tag}&sort=staffCode`)).items as TTeacher[];
    expect(list.map((x) => [x.staffCode, x.departmentId, x.subjects.map((y) => y.code).sort()])).toEqual([
      [`G1${tag}`, s.deptA.id, [s.subjectA.code, s.subjectB.code].sort()],
      [`G2${tag}`, s.deptB.id, []],
      [`G3${tag}`, null, [s.subjectA.code]],
    ]);
    expect(list[1].userId).toBe(made.json().data.id);
    const u = await get(`/api/v1/users/${made.json().data.id}`);
    expect(u.roles).toEqual([
      { role: 'ACCOUNTANT', isPrimary: true },
      { role: 'TEACHER', isPrimary: false },
    ]);
    expect((await get(`/api/v1/users/${list[0].userId}`)).roles).toEqual([{ role: 'TEACHER', isPrimary: true }]);

    rows[0][1] = 'Nguyễn Thị Lan Anh';
    const again = await post('teachers', csvFile(HEADERS, rows), 'gv.csv');
    expect(again.json().data).toMatchObject({ created: 0, updated: 3 });
    expect((await get(`/api/v1/teachers/${list[0].id}`)).fullName).toBe('Nguyễn Thị Lan Anh');
    expect(
      await countWhere(t.database.db, 'audit_logs', sql`entity = 'teacher' and action = 'update' and entity_id = ${String(list[0].id)}`),
    ).toBe(1);
  });

  it('reports a bad e-mail, an unknown department and unknown subjects of one row in one pass', async () => {
    const tag = uniq();
    const rows: Array<Array<string | null>> = [
      [`P1${tag}`, 'Trương Văn Một', 'khong-phai-email', 'Tổ không có', `KHONGCO, ${s.subjectA.code}`],
    ];
    const dry = await post('teachers', await xlsxFile(HEADERS, rows), 'gv.xlsx', true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect((dry.json().data as TImportResult).rows[0].issues.map((i) => i.column)).toEqual(['E-mail', 'Tổ chuyên môn', 'Môn dạy']);
    const template = await t.app.inject({ method: 'GET', url: '/api/v1/imports/templates/teachers', headers: admin });
    expect(template.headers['content-disposition']).toContain('filename="mau-nhap-giao-vien.xlsx"');
  });

  it('refuses an e-mail that belongs to another teacher and a code twice in the file', async () => {
    const tag = uniq();
    const email = `co.chu.${tag.toLowerCase()}@gv.test.vn`;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/teachers',
      headers: admin,
      payload: { staffCode: `H0${tag}`, fullName: 'Chủ Cũ', email, departmentId: null },
    });
    const res = await post(
      'teachers',
      csvFile(HEADERS, [
        [`H1${tag}`, 'Người Mới', email, '', ''],
        [`H2${tag}`, 'A', '', '', ''],
        [`h2${tag}`, 'B', '', '', ''],
      ]),
      'gv.csv',
      true,
    );
    const rows = (res.json().data as TImportResult).rows;
    expect(rows[0].issues).toEqual([{ column: 'E-mail', message: 'E-mail này đã gắn với tài khoản của một giáo viên khác.' }]);
    expect(rows[1].issues[0].column).toBe('Mã giáo viên');
    expect(rows[2].issues[0].column).toBe('Mã giáo viên');
  });
});

describe('users import', () => {
  const HEADERS = ['E-mail', 'Tên hiển thị', 'Vai trò', 'Trạng thái'];

  it('reads roles by code or Vietnamese label (first is primary) and the state', async () => {
    const tag = uniq().toLowerCase();
    const rows = [
      [`a.${tag}@tk.vn`, 'Người A', 'Giáo viên, tổ trưởng chuyên môn', ''],
      [`b.${tag}@tk.vn`, '', 'ACCOUNTANT', 'Vô hiệu'],
      [`c.${tag}@tk.vn`, 'Người C', 'Giáo viên, Phụ huynh', 'Hoạt động'],
      [`d.${tag}@tk.vn`, 'Người D', '', 'Tạm nghỉ'],
    ];
    const dry = await post('users', await xlsxFile(HEADERS, rows), 'tk.xlsx', true);
    const preview = dry.json().data as TImportResult;
    expect(preview).toMatchObject({ valid: 2, invalid: 2 });
    expect(preview.rows[2].issues).toEqual([
      {
        column: 'Vai trò',
        message: 'Vai trò không hợp lệ: "Phụ huynh". Dùng mã (ADMIN, TEACHER, …) hoặc tên vai trò (Giáo viên, Học sinh, …).',
      },
    ]);
    expect(preview.rows[3].issues).toEqual([
      { column: 'Vai trò', message: 'Vai trò là bắt buộc.' },
      { column: 'Trạng thái', message: 'Trạng thái phải là "Hoạt động" hoặc "Vô hiệu".' },
    ]);
    expect(await countWhere(t.database.db, 'users', sql`email like ${`%.${tag}@tk.vn`}`)).toBe(0);

    const ok = rows.slice(0, 2);
    const res = await post('users', await xlsxFile(HEADERS, ok), 'tk.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 2, updated: 0 });
    const list = (await get(`/api/v1/users?search=${tag}&sort=email`)).items as TUserRow[];
    expect(list.map((u) => [u.email, u.displayName, u.primaryRole, u.roles.length, u.active])).toEqual([
      [`a.${tag}@tk.vn`, 'Người A', 'TEACHER', 2, true],
      [`b.${tag}@tk.vn`, null, 'ACCOUNTANT', 1, false],
    ]);

    // Updating by e-mail: an empty name keeps the one the account has.
    const again = await post('users', csvFile(HEADERS, [[`A.${tag}@TK.VN`, '', 'HEAD_DEPARTMENT, TEACHER', '']]), 'tk.csv');
    expect(again.json().data).toMatchObject({ created: 0, updated: 1 });
    expect(await get(`/api/v1/users/${list[0].id}`)).toMatchObject({ displayName: 'Người A', primaryRole: 'HEAD_DEPARTMENT' });
  });

  it('runs the same self-protection as PUT /users: the whole file is refused', async () => {
    const me = await get(`/api/v1/users/${await t.userId('quantri')}`);
    const tag = uniq().toLowerCase();
    const res = await post(
      'users',
      csvFile(HEADERS, [
        [`x.${tag}@tk.vn`, 'X', 'TEACHER', ''],
        [me.email, '', 'TEACHER', ''],
      ]),
      'tk.csv',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Bạn không thể tự bỏ vai trò Quản trị viên của chính mình.');
    expect(await countWhere(t.database.db, 'users', sql`email = ${`x.${tag}@tk.vn`}`)).toBe(0);
  });
});
