import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TImportResult, TStudent } from '@app/shared/school';
import { bearer, type TestApp } from '@/test/app';
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

const HEADERS = ['Mã học sinh *', 'Họ và tên *', 'E-mail', 'Ngày sinh', 'Giới tính', 'Khối *', 'Cơ sở *', 'Lớp chủ nhiệm', 'Trạng thái'];
type Cell = string | number | Date | null;

async function post(file: Buffer | string, filename: string, opts: { dryRun?: boolean; headers?: Record<string, string> } = {}) {
  const body = multipart({ filename, content: file });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/imports/students?dryRun=${opts.dryRun ? 'true' : 'false'}`,
    payload: body.payload,
    headers: { ...body.headers, ...(opts.headers ?? admin) },
  });
}
const codesIn = (tag: string) => countWhere(t.database.db, 'students', sql`student_code like ${`%${tag}`}`);

describe('students import', () => {
  it('offers a template with the headers and a guide', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/imports/templates/students', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await readXlsx(res.rawPayload))[0]).toEqual(HEADERS);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/imports/templates/students', headers: bearer(await t.tokenFor('giaovu')) }))
        .statusCode,
    ).toBe(403);
  });

  it('previews a file with one bad row (row and column named), then refuses to commit it, writing nothing', async () => {
    const tag = uniq();
    const rows: Cell[][] = [
      [
        `A1${tag}`,
        'Nguyễn Văn An',
        `an.${tag.toLowerCase()}@hs.test.vn`,
        new Date(Date.UTC(2009, 8, 5)),
        'Nam',
        10,
        s.campusA.code,
        s.class10A.name,
        'Đang học',
      ],
      [`A2${tag}`, 'Lê Thị Ánh', null, '17/03/2009', 'Nữ', 11, s.campusA.name, 'Lớp không có', null],
      [`A3${tag}`, 'Trần Văn Bảo', null, '2009-12-01', null, 10, s.campusB.code, s.class10B.name, 'Đã thôi học'],
    ];
    const file = await xlsxFile(HEADERS, rows);

    const dry = await post(file, 'hoc-sinh.xlsx', { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = dry.json().data as TImportResult;
    expect(preview).toMatchObject({ dryRun: true, total: 3, valid: 2, invalid: 1, created: 0 });
    expect(preview.rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [3, 'error'],
      [4, 'create'],
    ]);
    expect(preview.rows[1].issues).toEqual([
      { column: 'Lớp chủ nhiệm', message: `Không tìm thấy lớp chủ nhiệm "Lớp không có" trong năm học ${s.year.name}.` },
    ]);
    expect(await codesIn(tag)).toBe(0);

    const commit = await post(file, 'hoc-sinh.xlsx');
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({ code: 'IMPORT_INVALID', details: { invalid: 1 } });
    expect(await codesIn(tag)).toBe(0);
    expect(await countWhere(t.database.db, 'users', sql`email = ${`an.${tag.toLowerCase()}@hs.test.vn`}`)).toBe(0);

    // Fixed: the row now names a real class of its grade and campus.
    rows[1][7] = s.class11A.name;
    const fixed = await post(await xlsxFile(HEADERS, rows), 'hoc-sinh.xlsx');
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ dryRun: false, total: 3, created: 3, updated: 0 });

    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/students?search=${tag}&sort=fullName`, headers: admin })).json().data;
    expect(
      list.items.map((x: TStudent) => [x.studentCode, x.dateOfBirth, x.gender, x.grade, x.campusId, x.homeroomClassId, x.status]),
    ).toEqual([
      [`A1${tag}`, '2009-09-05', 'male', 10, s.campusA.id, s.class10A.id, 'active'],
      [`A2${tag}`, '2009-03-17', 'female', 11, s.campusA.id, s.class11A.id, 'active'],
      [`A3${tag}`, '2009-12-01', 'other', 10, s.campusB.id, s.class10B.id, 'dropped'],
    ]);
    // The e-mail row got its account, linked the same way POST /students links it.
    const an = list.items[0] as TStudent;
    const u = (await t.app.inject({ method: 'GET', url: `/api/v1/users/${an.userId}`, headers: admin })).json().data;
    expect(u).toMatchObject({ studentId: an.id, roles: [{ role: 'STUDENT', isPrimary: true }] });

    // One 'import' entry, plus each row through the service's own audit entries.
    expect(await countWhere(t.database.db, 'audit_logs', sql`action = 'import' and entity = 'students'`)).toBe(1);
    expect(
      await countWhere(
        t.database.db,
        'audit_logs',
        sql`action = 'create' and entity = 'student' and after->>'studentCode' like ${`%${tag}`}`,
      ),
    ).toBe(3);

    // Importing again updates by code.
    rows[2][1] = 'Trần Văn Bảo Mới';
    const again = await post(await xlsxFile(HEADERS, rows), 'hoc-sinh.xlsx');
    expect(again.json().data).toMatchObject({ created: 0, updated: 3 });
    expect(await codesIn(tag)).toBe(3);
  });

  it('reports each problem on its row and column', async () => {
    const tag = uniq();
    const taken = `da.co.${tag.toLowerCase()}@hs.test.vn`;
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/students',
      headers: admin,
      payload: { studentCode: `X${tag}`, fullName: 'Người Khác', email: taken, grade: 10, campusId: s.campusA.id },
    });
    expect(other.statusCode).toBe(200);
    const rows: Cell[][] = [
      [`B1${tag}`, 'Dòng Một', null, null, null, 10, 'Cơ sở không có', null, null],
      [`B2${tag}`, 'Dòng Hai', null, '31/02/2009', null, 10, s.campusA.code, null, null],
      [`B3${tag}`, 'Dòng Ba', null, null, 'Không rõ', 10, s.campusA.code, null, null],
      [`B4${tag}`, 'Dòng Bốn', null, null, null, 10, s.campusA.code, s.class11A.name, null],
      [`B5${tag}`, 'Dòng Năm', null, null, null, 10, s.campusA.code, s.class10B.name, null],
      [`B6${tag}`, 'Dòng Sáu', taken, null, null, 10, s.campusA.code, null, null],
      [`B7${tag}`, 'Dòng Bảy', null, null, null, 10, s.campusA.code, null, null],
      [`b7${tag}`, 'Dòng Tám', null, null, null, 10, s.campusA.code, null, null],
      [`B9${tag}`, '', 'khong-phai-email', null, null, null, s.campusA.code, null, null],
      [`B10${tag}`, 'Dòng Mười', null, null, null, 13, s.campusA.code, null, 'Đang nghỉ'],
    ];
    const res = await post(await xlsxFile(HEADERS, rows), 'loi.xlsx', { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const issues = (res.json().data as TImportResult).rows.map((r) => r.issues);
    expect(issues[0]).toEqual([{ column: 'Cơ sở', message: 'Không tìm thấy cơ sở "Cơ sở không có" (nhập mã hoặc tên cơ sở).' }]);
    expect(issues[1]).toEqual([{ column: 'Ngày sinh', message: 'Ngày sinh không hợp lệ (dùng dd/mm/yyyy hoặc yyyy-mm-dd).' }]);
    expect(issues[2]).toEqual([{ column: 'Giới tính', message: 'Giới tính phải là Nam, Nữ hoặc Khác.' }]);
    expect(issues[3]).toEqual([
      { column: 'Lớp chủ nhiệm', message: `Lớp chủ nhiệm "${s.class11A.name}" thuộc khối 11, không khớp với khối 10 của học sinh.` },
    ]);
    expect(issues[4]).toEqual([
      {
        column: 'Lớp chủ nhiệm',
        message: `Lớp chủ nhiệm "${s.class10B.name}" thuộc cơ sở ${s.campusB.name}, không khớp với cơ sở ${s.campusA.name} của học sinh.`,
      },
    ]);
    expect(issues[5]).toEqual([{ column: 'E-mail', message: 'E-mail này đã gắn với tài khoản của một học sinh khác.' }]);
    expect(issues[6]).toEqual([{ column: 'Mã học sinh', message: `Mã học sinh "B7${tag}" xuất hiện nhiều lần trong tệp.` }]);
    expect(issues[7]).toEqual([{ column: 'Mã học sinh', message: `Mã học sinh "b7${tag}" xuất hiện nhiều lần trong tệp.` }]);
    expect(issues[8].map((i) => i.column).sort()).toEqual(['E-mail', 'Họ và tên', 'Khối']);
    expect(issues[9]).toEqual([
      { column: 'Khối', message: 'Khối phải là 10, 11 hoặc 12.' },
      { column: 'Trạng thái', message: 'Trạng thái phải là một trong: Đang học, Đã tốt nghiệp, Đã chuyển trường, Đã thôi học.' },
    ]);
    expect(await codesIn(tag)).toBe(1);
  });

  it('reads a CSV file the same way', async () => {
    const tag = uniq();
    const csv = csvFile(
      ['Mã học sinh', 'Họ và tên', 'Ngày sinh', 'Giới tính', 'Khối', 'Cơ sở', 'Lớp chủ nhiệm'],
      [
        [`C1${tag}`, 'Phạm Minh Ân', '05/09/2009', 'Nữ', 10, s.campusA.name, s.class10A.name],
        [`C2${tag}`, 'Vũ Đăng Khoa', '2008-01-02', 'nam', 11, s.campusA.code, ''],
      ],
    );
    const dry = await post(csv, 'hoc-sinh.csv', { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ valid: 2, invalid: 0 });
    const res = await post(csv, 'hoc-sinh.csv');
    expect(res.json().data).toMatchObject({ created: 2 });
    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/students?search=${tag}&sort=studentCode`, headers: admin })).json()
      .data;
    expect(list.items.map((x: TStudent) => [x.fullName, x.dateOfBirth, x.gender, x.homeroomClassName])).toEqual([
      ['Phạm Minh Ân', '2009-09-05', 'female', s.class10A.name],
      ['Vũ Đăng Khoa', '2008-01-02', 'male', null],
    ]);
  });

  it('refuses a file without a required column and callers who are not admins', async () => {
    const res = await post(csvFile(['Mã học sinh', 'Họ và tên'], [['X', 'Y']]), 'thieu.csv', { dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Thiếu cột bắt buộc: Khối, Cơ sở. Hãy dùng tệp mẫu.');
    const giaovu = await post(csvFile(HEADERS, []), 'x.csv', { headers: bearer(await t.tokenFor('giaovu')) });
    expect(giaovu.statusCode).toBe(403);
  });
});
