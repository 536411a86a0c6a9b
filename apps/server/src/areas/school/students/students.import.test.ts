import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { queryRows } from '@/db/client';
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

async function post(
  file: Buffer | string,
  filename: string,
  opts: { dryRun?: boolean; headers?: Record<string, string>; query?: string } = {},
) {
  const body = multipart({ filename, content: file });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/imports/students?dryRun=${opts.dryRun ? 'true' : 'false'}${opts.query ? `&${opts.query}` : ''}`,
    payload: body.payload,
    headers: { ...body.headers, ...(opts.headers ?? admin) },
  });
}
const codesIn = (tag: string) => countWhere(t.database.db, 'students', sql`student_code like ${`%${tag}`}`);

describe('students import', () => {
  it('offers a template: Vietnamese name, headers with notes, an example row, drop-downs from the database, a guide', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/imports/templates/students', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('filename="mau-nhap-hoc-sinh.xlsx"');
    const [head, example, ...rest] = await readXlsx(res.rawPayload);
    expect(head).toEqual(HEADERS);
    expect(rest).toEqual([]);
    // The example's campus and class are real ones (the first of each drop-down), the rest fixed.
    expect(example.slice(0, 6)).toEqual(['HS2025001', 'Nguyễn Minh An', 'an.nm@truong.edu.vn', '05/09/2009', 'Nữ', '10']);
    expect(example[8]).toBe('Đang học');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => [w.name, w.state])).toEqual([
      ['Học sinh', 'visible'],
      ['Hướng dẫn', 'visible'],
      ['Danh sách', 'hidden'],
    ]);
    const sheet = wb.worksheets[0];
    expect(sheet.getCell('A2').font?.italic).toBe(true);
    const note = sheet.getCell('F1').note;
    expect(typeof note === 'string' ? note : note.texts?.map((x) => x.text).join('')).toBe(
      'Bắt buộc.\n10, 11 hoặc 12.\nChọn trong danh sách.',
    );
    // Drop-downs: grade, gender and status refuse other text; campus and class (code or name) only warn.
    const dv = (sheet as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }).dataValidations.model;
    const lists = wb.getWorksheet('Danh sách')!;
    const listOf = (cell: string) => {
      const ref = /!\$([A-Z]+)\$2:\$[A-Z]+\$(\d+)$/.exec(dv[cell].formulae[0] as string)!;
      return Array.from({ length: Number(ref[2]) - 1 }, (_, i) => String(lists.getCell(`${ref[1]}${i + 2}`).value));
    };
    expect(listOf('F2')).toEqual(['10', '11', '12']);
    expect(dv.F500.errorStyle).toBe('stop');
    expect(listOf('E2')).toEqual(['Nam', 'Nữ', 'Khác']);
    expect(listOf('I2')).toEqual(['Đang học', 'Đã tốt nghiệp', 'Đã chuyển trường', 'Đã thôi học']);
    expect(listOf('G2')).toEqual(expect.arrayContaining([s.campusA.name, s.campusB.name]));
    expect(dv.G2.errorStyle).toBe('warning');
    expect(listOf('H2')).toEqual(expect.arrayContaining([s.class10A.name, s.class11A.name, s.class10B.name]));
    expect(listOf('G2')[0]).toBe(example[6]);
    expect(listOf('H2')[0]).toBe(example[7]);
    const guide = wb.getWorksheet('Hướng dẫn')!;
    expect(guide.getRow(1).values).toEqual([undefined, 'Cột', 'Bắt buộc', 'Ví dụ', 'Giá trị hợp lệ', 'Ghi chú']);
    expect(guide.getCell('A7').value).toBe('Khối');
    expect(guide.getCell('D7').value).toBe('10, 11, 12');

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/imports/templates/students', headers: bearer(await t.tokenFor('giaovu')) }))
        .statusCode,
    ).toBe(403);
  });

  it('skips the example row of a template sent back, and says a template with nothing else is empty', async () => {
    const template = (await t.app.inject({ method: 'GET', url: '/api/v1/imports/templates/students', headers: admin })).rawPayload;
    const alone = await post(template, 'mau-nhap-hoc-sinh.xlsx', { dryRun: true });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe('Tệp chỉ có dòng ví dụ của tệp mẫu. Hãy ghi đè hoặc xoá dòng ví dụ rồi nhập dữ liệu.');

    const tag = uniq();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as unknown as ArrayBuffer);
    wb.worksheets[0].addRow([`E1${tag}`, 'Đỗ Thu Hà', null, null, 'Nữ', '11', s.campusA.code, s.class11A.name, null]);
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    const dry = await post(filled, 'mau-nhap-hoc-sinh.xlsx', { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = dry.json().data as TImportResult;
    expect(preview).toMatchObject({ total: 1, valid: 1, invalid: 0 });
    expect(preview.rows[0].row).toBe(3);
    expect(preview.skipped).toEqual([{ row: 2, reason: expect.stringContaining('Dòng ví dụ') }]);
    // A row that changes any fixed cell of the example is data, not the example.
    wb.worksheets[0].getCell('B2').value = 'Nguyễn Minh Anh';
    const edited = (await post(Buffer.from(await wb.xlsx.writeBuffer()), 'x.xlsx', { dryRun: true })).json().data as TImportResult;
    expect(edited.skipped).toEqual([]);
    expect(edited.rows.map((r) => r.row)).toEqual([2, 3]);
  });

  it('reports every problem of a row in one pass: Khối 13, an unknown campus and an unknown homeroom class at once', async () => {
    const tag = uniq();
    const rows: Cell[][] = [
      [`K1${tag}`, 'Ngô Bảo Châu', 'khong-phai-email', null, null, 13, 'Cơ sở không có', 'Lớp không có', null],
      [`K2${tag}`, 'Lý Thu Trang', null, null, null, 13, s.campusB.code, s.class11A.name, null],
    ];
    const res = await post(await xlsxFile(HEADERS, rows), 'ba-loi.xlsx', { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data as TImportResult;
    expect(preview).toMatchObject({ total: 2, valid: 0, invalid: 2 });
    expect(preview.rows[0].issues).toEqual([
      { column: 'E-mail', message: expect.any(String) },
      { column: 'Khối', message: 'Khối phải là 10, 11 hoặc 12.' },
      { column: 'Cơ sở', message: 'Không tìm thấy cơ sở "Cơ sở không có" (nhập mã hoặc tên cơ sở).' },
      { column: 'Lớp chủ nhiệm', message: `Không tìm thấy lớp chủ nhiệm "Lớp không có" trong năm học ${s.year.name}.` },
    ]);
    // A known class is still checked against the cells that parsed (its campus), not against the bad grade.
    expect(preview.rows[1].issues).toEqual([
      { column: 'Khối', message: 'Khối phải là 10, 11 hoặc 12.' },
      {
        column: 'Lớp chủ nhiệm',
        message: `Lớp chủ nhiệm "${s.class11A.name}" thuộc cơ sở ${s.campusA.name}, không khớp với cơ sở ${s.campusB.name} của học sinh.`,
      },
    ]);
  });

  it('imports only the valid rows of the preview shown (audited), and refuses when the file or the data changed', async () => {
    const tag = uniq();
    const rows: Cell[][] = [
      [`V1${tag}`, 'Trịnh Văn Một', null, null, 'Nam', 10, s.campusA.code, s.class10A.name, null],
      [`V2${tag}`, 'Trịnh Văn Hai', null, null, 'Nam', 14, s.campusA.code, null, null],
      [`V3${tag}`, 'Trịnh Văn Ba', null, null, 'Nam', 11, s.campusA.code, s.class11A.name, null],
    ];
    const file = await xlsxFile(HEADERS, rows);
    const preview = (await post(file, 'hs.xlsx', { dryRun: true })).json().data as TImportResult;
    expect(preview).toMatchObject({ valid: 2, invalid: 1, fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const run = (query: string, body = file) => post(body, 'hs.xlsx', { query });

    const noPrint = await run('validOnly=true');
    expect(noPrint.statusCode).toBe(400);
    expect(noPrint.json().message).toBe('Hãy kiểm tra tệp trước khi nhập các dòng hợp lệ.');
    // Another file under the same preview: refused, nothing written, the new check returned.
    rows[0][1] = 'Trịnh Văn Một Sửa';
    const other = await run(`validOnly=true&fingerprint=${preview.fingerprint}`, await xlsxFile(HEADERS, rows));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'IMPORT_INVALID',
      message: expect.stringContaining('đã thay đổi từ lúc kiểm tra'),
      details: { valid: 2, invalid: 1 },
    });
    expect(await codesIn(tag)).toBe(0);
    // The whole file is still refused; the valid rows alone go in, in one transaction, with one audit entry.
    expect((await run('')).json().code).toBe('IMPORT_INVALID');
    const done = await run(`validOnly=true&fingerprint=${preview.fingerprint}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Đã nhập 2 dòng (2 mới, 0 cập nhật); bỏ qua 1 dòng lỗi.',
      data: { dryRun: false, validOnly: true, created: 2, updated: 0, invalid: 1 },
    });
    expect(await codesIn(tag)).toBe(2);
    const [entry] = await queryRows<{ after: Record<string, unknown> }>(
      t.database.db,
      sql`select after from audit_logs where action = 'import' and entity = 'students' and after->>'validOnly' = 'true' order by id desc limit 1`,
    );
    expect(entry.after).toMatchObject({ file: 'hs.xlsx', rows: 3, validOnly: true, errorRows: [3], created: 2, updated: 0 });
    expect(
      await countWhere(
        t.database.db,
        'audit_logs',
        sql`action = 'create' and entity = 'student' and after->>'studentCode' like ${`%${tag}`}`,
      ),
    ).toBe(2);
    // The same preview again: the rows are now updates, so its verdicts no longer hold.
    const again = await run(`validOnly=true&fingerprint=${preview.fingerprint}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().details.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'error', 'update']);
    expect(await codesIn(tag)).toBe(2);

    const giaovu = await post(file, 'hs.xlsx', {
      query: `validOnly=true&fingerprint=${preview.fingerprint}`,
      headers: bearer(await t.tokenFor('giaovu')),
    });
    expect(giaovu.statusCode).toBe(403);
  });

  it('downloads the bad rows with a "Lỗi" column, a file that imports again once fixed', async () => {
    const tag = uniq();
    const rows: Cell[][] = [
      [`D1${tag}`, 'Phan Thị Một', null, null, 'Nữ', 10, s.campusA.code, s.class10A.name, null],
      [`D2${tag}`, 'Phan Thị Hai', null, '31/02/2009', 'Nữ', 13, 'Cơ sở không có', null, null],
      [`D3${tag}`, 'Phan Thị Ba', null, null, 'Nữ', 11, s.campusA.name, 'Lớp không có', null],
    ];
    const errorsOf = (file: Buffer, headers = admin) => {
      const body = multipart({ filename: 'hs.xlsx', content: file });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/imports/students/errors',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
    };
    const res = await errorsOf(await xlsxFile(HEADERS, rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="loi-nhap-hoc-sinh.xlsx"');
    const [head, ...bad] = await readXlsx(res.rawPayload);
    expect(head).toEqual([...HEADERS, 'Lỗi', 'Dòng trong tệp đã nhập']);
    expect(bad.map((r) => [r[0], r[10]])).toEqual([
      [`D2${tag}`, '3'],
      [`D3${tag}`, '4'],
    ]);
    expect(bad[0][9].split('\n')).toEqual([
      'Ngày sinh: Ngày sinh không hợp lệ (dùng dd/mm/yyyy hoặc yyyy-mm-dd).',
      'Khối: Khối phải là 10, 11 hoặc 12.',
      'Cơ sở: Không tìm thấy cơ sở "Cơ sở không có" (nhập mã hoặc tên cơ sở).',
    ]);
    expect(bad[1][9]).toBe(`Lớp chủ nhiệm: Không tìm thấy lớp chủ nhiệm "Lớp không có" trong năm học ${s.year.name}.`);

    // Fixed in the downloaded file itself, it imports as it is ("Lỗi" and the row number are not columns the importer knows).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getCell('F2').fill).toMatchObject({ type: 'pattern' });
    sheet.getCell('D2').value = '28/02/2009';
    sheet.getCell('F2').value = '10';
    sheet.getCell('G2').value = s.campusA.code;
    sheet.getCell('H3').value = s.class11A.name;
    const fixed = await post(Buffer.from(await wb.xlsx.writeBuffer()), 'loi-nhap-hoc-sinh.xlsx');
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ total: 2, created: 2 });

    const clean = await errorsOf(await xlsxFile(HEADERS, [rows[0]]));
    expect(clean.statusCode).toBe(400);
    expect(clean.json().message).toBe('Tệp không có dòng lỗi nào.');
    expect((await errorsOf(await xlsxFile(HEADERS, rows), bearer(await t.tokenFor('giaovu')))).statusCode).toBe(403);
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

    const imports = () => countWhere(t.database.db, 'audit_logs', sql`action = 'import' and entity = 'students'`);
    const importsBefore = await imports();
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
    expect(await imports()).toBe(importsBefore + 1);
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
