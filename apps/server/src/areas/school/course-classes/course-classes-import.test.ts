import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseClasses } from '@/db/schema/school';
import { bearer, type TestApp } from '@/test/app';
import { multipart, xlsxFile } from '@/test/multipart';
import { addStudents, count, startSchoolApp } from '@/test/school';
import { uniq } from '@/test/uniq';
import { courseClassSchool, type CourseClassSchool } from './test-support';

let t: TestApp;
let sc: CourseClassSchool;
let admin: string;
beforeAll(async () => {
  ({ t, s: sc, adminToken: admin } = await startSchoolApp(courseClassSchool));
});
afterAll(() => t.close());

async function upload(kind: string, file: Buffer, opts: { dryRun: boolean; token?: string }) {
  const body = multipart({ filename: 'du-lieu.xlsx', content: file });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/imports/${kind}?dryRun=${opts.dryRun}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(opts.token ?? admin) },
  });
  return { status: res.statusCode, body: res.json() };
}

const CLASS_HEADERS = [
  'Mã lớp học phần *',
  'Tên lớp học phần *',
  'Mã môn *',
  'Mã học phần *',
  'Cơ sở *',
  'Khối *',
  'Giáo viên *',
  'Sĩ số tối đa *',
];
const ENROL_HEADERS = ['Mã lớp học phần', 'Mã học phần', 'Mã học sinh'];
const classesWithCodes = (codes: string[]) =>
  count(
    t.database.db,
    sql`select count(*) from course_classes where lower(code) = any(${sql.param(codes.map((c) => c.toLowerCase()))}::text[])`,
  );
const enrolledIn = (id: number) => count(t.database.db, sql`select count(*) from course_class_students where course_class_id = ${id}`);

function classRow(
  code: string,
  extra: Partial<Record<'name' | 'subject' | 'module' | 'campus' | 'grade' | 'teachers' | 'capacity', string | number>> = {},
) {
  return [
    code,
    extra.name ?? `Vật lý ${code}`,
    extra.subject ?? sc.physics.code,
    extra.module ?? sc.moduleA.code,
    extra.campus ?? sc.campusA.code,
    extra.grade ?? 10,
    extra.teachers ?? `${sc.anh.staffCode}; ${sc.toan.staffCode}`,
    extra.capacity ?? 30,
  ];
}

async function newClass(extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/course-classes',
    headers: bearer(admin),
    payload: {
      code: uniq('LOP'),
      name: 'Lớp ghi danh',
      subjectId: sc.physics.id,
      moduleId: sc.moduleA.id,
      campusId: sc.campusA.id,
      grade: 10,
      teacherIds: [sc.anh.id],
      capacity: 30,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string };
}

describe('import course classes', () => {
  it('previews a file row by row, naming the row and column of each problem, and writes nothing', async () => {
    const [a, b, c] = [uniq('IMP'), uniq('IMP'), uniq('IMP')];
    const file = await xlsxFile(CLASS_HEADERS, [
      classRow(a),
      classRow(b, { teachers: `${sc.anh.staffCode}, KHONGCO${sc.s}` }),
      classRow(c, { grade: 13, subject: `MONLA${sc.s}` }),
      classRow(a.toLowerCase()),
    ]);
    const r = await upload('course-classes', file, { dryRun: true });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Kiểm tra xong: 1 dòng hợp lệ, 3 dòng lỗi.');
    const rows = r.body.data.rows;
    expect(rows[0]).toMatchObject({ row: 2, action: 'create', issues: [] });
    expect(rows[1]).toMatchObject({
      row: 3,
      action: 'error',
      issues: [{ column: 'Giáo viên', message: `Không tìm thấy giáo viên có mã: KHONGCO${sc.s}.` }],
    });
    expect(rows[2].row).toBe(4);
    // One pass: the bad grade does not hide the unknown subject.
    expect(rows[2].issues).toEqual([
      { column: 'Khối', message: 'Khối phải là 10, 11 hoặc 12.' },
      { column: 'Mã môn', message: `Không tìm thấy môn học có mã "MONLA${sc.s}".` },
    ]);
    expect(rows[3]).toMatchObject({
      row: 5,
      action: 'error',
      issues: [{ column: 'Mã lớp học phần', message: 'Trùng mã lớp học phần với một dòng phía trên trong cùng học phần.' }],
    });
    expect(await classesWithCodes([a, b, c])).toBe(0);

    // Every problem of a row at once: a capacity that is not a number, unknown subject, module, campus and teacher,
    // and a code the file holds twice.
    const refs = await upload(
      'course-classes',
      await xlsxFile(CLASS_HEADERS, [
        classRow(c),
        classRow(c, {
          subject: `MONLA${sc.s}`,
          module: sc.moduleA.code,
          campus: 'Cơ sở không có',
          teachers: `KHONGCO${sc.s}`,
          capacity: 'ba mươi',
        }),
        classRow(b, { subject: `MONLA${sc.s}`, module: 'HPKHONGCO', campus: 'Cơ sở không có' }),
      ]),
      { dryRun: true },
    );
    expect(refs.body.data.rows[1].issues.map((i: { column: string }) => i.column)).toEqual([
      'Sĩ số tối đa',
      'Mã môn',
      'Cơ sở',
      'Giáo viên',
      'Mã lớp học phần',
    ]);
    expect(refs.body.data.rows[2].issues.map((i: { column: string }) => i.column)).toEqual(['Mã môn', 'Mã học phần', 'Cơ sở']);
  });

  it('commits nothing when a row is bad (400 IMPORT_INVALID)', async () => {
    const [a, b] = [uniq('IMP'), uniq('IMP')];
    const file = await xlsxFile(CLASS_HEADERS, [classRow(a), classRow(b, { capacity: 0 })]);
    const r = await upload('course-classes', file, { dryRun: false });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('IMPORT_INVALID');
    expect(r.body.message).toBe('Tệp có 1 dòng lỗi; chưa có dòng nào được nhập. Hãy sửa rồi nhập lại.');
    expect(r.body.details.rows[1].issues[0]).toEqual({ column: 'Sĩ số tối đa', message: 'Sĩ số tối đa phải lớn hơn 0.' });
    expect(await classesWithCodes([a, b])).toBe(0);
  });

  it('creates new classes and updates existing ones through the same rules, logging each', async () => {
    const [a, b] = [uniq('IMP'), uniq('IMP')];
    const first = await upload(
      'course-classes',
      await xlsxFile(CLASS_HEADERS, [classRow(a), classRow(b, { campus: sc.campusB.name, teachers: sc.toan.staffCode })]),
      { dryRun: false },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Đã nhập 2 dòng (2 mới, 0 cập nhật).');
    const list = await t.app.inject({ url: `/api/v1/course-classes?search=${b}`, headers: bearer(admin) });
    const made = list.json().data.items[0];
    expect(made).toMatchObject({ code: b, campusId: sc.campusB.id, capacity: 30, moduleId: sc.moduleA.id });
    expect(made.teachers.map((x: { id: number }) => x.id)).toEqual([sc.toan.id]);

    const c = uniq('IMP');
    const second = await upload(
      'course-classes',
      await xlsxFile(CLASS_HEADERS, [classRow(b.toLowerCase(), { name: 'Tên mới', campus: sc.campusB.code, capacity: 40 }), classRow(c)]),
      { dryRun: true },
    );
    expect(second.body.data.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
    const commit = await upload(
      'course-classes',
      await xlsxFile(CLASS_HEADERS, [classRow(b.toLowerCase(), { name: 'Tên mới', campus: sc.campusB.code, capacity: 40 }), classRow(c)]),
      { dryRun: false },
    );
    expect(commit.body.data).toMatchObject({ created: 1, updated: 1 });
    const [row] = await t.database.db
      .select()
      .from(courseClasses)
      .where(sql`${courseClasses.id} = ${made.id}`);
    // The file's spelling of the code wins, as it would through PUT.
    expect(row).toMatchObject({ code: b.toLowerCase(), name: 'Tên mới', capacity: 40 });
    const logs = await t.database.db.execute(
      sql`select action from audit_logs where (entity = 'course_class' and entity_id = ${String(made.id)}) or (entity = 'course-classes' and action = 'import') order by id`,
    );
    const actions = (logs as unknown as { rows: Array<{ action: string }> }).rows.map((l) => l.action);
    expect(actions.filter((x) => x === 'update')).toHaveLength(1);
    expect(actions.filter((x) => x === 'import').length).toBeGreaterThanOrEqual(2);
  });

  it('offers a template with the columns, required ones marked', async () => {
    const res = await t.app.inject({ url: '/api/v1/imports/templates/course-classes', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, ...CLASS_HEADERS]);
  });

  it('is for the admin only', async () => {
    const r = await upload('course-classes', await xlsxFile(CLASS_HEADERS, [classRow(uniq('IMP'))]), {
      dryRun: true,
      token: await t.tokenFor('giaovu'),
    });
    expect(r.status).toBe(403);
  });
});

describe('import enrolments', () => {
  it('previews enrolments: missing rows, grade and campus, duplicates, already enrolled and capacity', async () => {
    const cls = await newClass({ capacity: 3 });
    const [binh, anh, chau, an] = sc.grade10A;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/course-classes/${cls.id}/students`,
      headers: bearer(admin),
      payload: { studentIds: [binh.id] },
    });
    const m = sc.moduleA.code;
    const file = await xlsxFile(ENROL_HEADERS, [
      [cls.code, m, binh.studentCode], // already enrolled: fine, nothing to write
      [cls.code, m, anh.studentCode], // 2 of 3
      [cls.code.toLowerCase(), m, anh.studentCode.toLowerCase()], // duplicate of the row above
      [cls.code, m, chau.studentCode], // 3 of 3
      [cls.code, m, an.studentCode], // 4 of 3: over capacity
      [cls.code, m, sc.grade11A.studentCode],
      [cls.code, m, sc.grade10B.studentCode],
      [cls.code, m, `KHONGCO${sc.s}`],
      [`LOPKHONGCO${sc.s}`, m, anh.studentCode],
      [cls.code, 'HPKHONGCO', anh.studentCode],
    ]);
    const r = await upload('enrolments', file, { dryRun: true });
    expect(r.status).toBe(200);
    const rows = r.body.data.rows as Array<{ row: number; action: string; issues: Array<{ column: string; message: string }> }>;
    expect(rows.map((x) => x.action)).toEqual([
      'update',
      'create',
      'error',
      'create',
      'error',
      'error',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(rows[2].issues).toEqual([{ column: 'Mã học sinh', message: 'Trùng với một dòng phía trên (cùng lớp học phần và học sinh).' }]);
    expect(rows[4]).toMatchObject({
      row: 6,
      issues: [
        { column: 'Mã lớp học phần', message: `Vượt sĩ số tối đa: lớp học phần ${cls.code} có sĩ số tối đa 3, đã có 1 học sinh ghi danh.` },
      ],
    });
    expect(rows[5].issues).toEqual([{ column: 'Mã học sinh', message: 'Học sinh thuộc khối 11, lớp học phần dành cho khối 10.' }]);
    expect(rows[6].issues).toEqual([{ column: 'Mã học sinh', message: 'Học sinh học ở cơ sở khác với lớp học phần.' }]);
    expect(rows[7].issues).toEqual([{ column: 'Mã học sinh', message: `Không tìm thấy học sinh có mã "KHONGCO${sc.s}".` }]);
    expect(rows[8].issues[0].column).toBe('Mã lớp học phần');
    expect(rows[9].issues[0]).toEqual({ column: 'Mã học phần', message: 'Không tìm thấy học phần có mã "HPKHONGCO".' });
    expect(await enrolledIn(cls.id)).toBe(1);

    const commit = await upload('enrolments', file, { dryRun: false });
    expect(commit.status).toBe(400);
    expect(commit.body.code).toBe('IMPORT_INVALID');
    expect(await enrolledIn(cls.id)).toBe(1);

    const good = await upload(
      'enrolments',
      await xlsxFile(ENROL_HEADERS, [
        [cls.code, m, binh.studentCode],
        [cls.code, m, anh.studentCode],
        [cls.code, m, chau.studentCode],
      ]),
      { dryRun: false },
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data).toMatchObject({ total: 3, created: 2, updated: 1 });
    expect(await enrolledIn(cls.id)).toBe(3);
    const log = await t.database.db.execute(
      sql`select after from audit_logs where entity = 'course_class_student' and entity_id = ${String(cls.id)} and action = 'enrol' order by id desc limit 1`,
    );
    expect((log as unknown as { rows: Array<{ after: { studentIds: number[] } }> }).rows[0].after.studentIds.sort()).toEqual(
      [anh.id, chau.id].sort(),
    );
  });

  // Its speed is measured by bench/import.ts; here only that a big file lands whole.
  it('imports 2,000 enrolments in one go', async () => {
    const many = await addStudents(
      t.database.db,
      Array.from({ length: 2000 }, (_, i) => ({ fullName: `Học Sinh Số ${i + 1}`, grade: 11, campusId: sc.campusB.id })),
    );
    const classes: Array<{ id: number; code: string }> = [];
    for (let i = 0; i < 5; i++) classes.push(await newClass({ grade: 11, campusId: sc.campusB.id, capacity: 400 }));
    const rows = many.map((s, i) => [classes[i % 5].code, sc.moduleA.code, s.studentCode]);
    const file = await xlsxFile(ENROL_HEADERS, rows);
    const dry = await upload('enrolments', file, { dryRun: true });
    expect(dry.body.data).toMatchObject({ total: 2000, invalid: 0 });
    const commit = await upload('enrolments', file, { dryRun: false });
    expect(commit.status, JSON.stringify(commit.body).slice(0, 500)).toBe(200);
    expect(commit.body.data).toMatchObject({ created: 2000, updated: 0 });
    for (const c of classes) expect(await enrolledIn(c.id)).toBe(400);
  }, 60_000);
});
