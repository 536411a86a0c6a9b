import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TAcademicYear, TModule, TSemester } from '@app/shared/school';
import { queryRows } from '@/db/client';
import { readSheet } from '@/lib/xlsx';
import { bearer, createTestApp, type TestApp } from '@/test/app';

/**
 * The demo seed may already hold a current year, semester and module: every test makes its own
 * rows (years far in the future, unique codes) and never counts seeded rows.
 */
let t: TestApp;
let admin: string;
let teacher: string;
let student: string;
let academic: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, teacher, student, academic] = await Promise.all(['quantri', 'gv.anh', 'hs.an', 'giaovu'].map((u) => t.tokenFor(u)));
  adminId = await t.userId('quantri');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/academic-years${url}`, headers: bearer(token), payload: payload as object | undefined });

let nextYear = 2100;
/** A fresh, non-overlapping year: 1 Sep of `y` to 31 May of `y + 1`. */
async function makeYear(over: Partial<{ name: string; isCurrent: boolean }> = {}): Promise<TAcademicYear> {
  const y = nextYear++;
  const res = await call(admin, 'POST', '/academic-years', {
    name: `${y}-${y + 1}`,
    startDate: `${y}-09-01`,
    endDate: `${y + 1}-05-31`,
    isCurrent: false,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function makeSemester(
  year: TAcademicYear,
  over: Partial<{ name: string; startDate: string; endDate: string; isCurrent: boolean }> = {},
): Promise<TSemester> {
  const res = await call(admin, 'POST', '/semesters', {
    name: 'HK1',
    academicYearId: year.id,
    startDate: year.startDate,
    endDate: `${year.startDate.slice(0, 4)}-12-31`,
    isCurrent: false,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
let nextModule = 1;
async function makeModule(
  sem: TSemester,
  over: Partial<{ code: string; startDate: string; endDate: string; isCurrent: boolean }> = {},
): Promise<TModule> {
  const res = await call(admin, 'POST', '/modules', {
    code: `TEST-M${nextModule++}`,
    name: 'Học phần thử',
    semesterId: sem.id,
    startDate: sem.startDate,
    endDate: sem.endDate,
    isCurrent: false,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const auditOf = (entity: string, id: number) =>
  queryRows<{ action: string; actor_id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    t.database.db,
    sql`select action, actor_id, before, after from audit_logs where entity = ${entity} and entity_id = ${String(id)} order by id`,
  );

describe('roles', () => {
  it('lets every role read and only the admin write', async () => {
    const year = await makeYear();
    const sem = await makeSemester(year);
    const mod = await makeModule(sem);
    for (const token of [teacher, student, academic]) {
      expect((await call(token, 'GET', '/academic-years')).statusCode).toBe(200);
      expect((await call(token, 'GET', `/academic-years/${year.id}`)).statusCode).toBe(200);
      expect((await call(token, 'GET', `/semesters?academicYearId=${year.id}`)).statusCode).toBe(200);
      expect((await call(token, 'GET', `/semesters/${sem.id}`)).statusCode).toBe(200);
      expect((await call(token, 'GET', `/modules/${mod.id}`)).statusCode).toBe(200);
      expect((await call(token, 'GET', '/current-semester/modules')).statusCode).toBe(200);
    }
    const body = { name: 'Năm bị từ chối', startDate: '2300-09-01', endDate: '2301-05-31', isCurrent: false };
    for (const token of [teacher, student, academic]) {
      expect((await call(token, 'POST', '/academic-years', body)).statusCode).toBe(403);
      expect((await call(token, 'PUT', `/academic-years/${year.id}`, body)).statusCode).toBe(403);
      expect((await call(token, 'DELETE', `/modules/${mod.id}`)).statusCode).toBe(403);
      expect((await call(token, 'PATCH', `/modules/${mod.id}/semester`, { semesterId: sem.id })).statusCode).toBe(403);
      expect((await call(token, 'PATCH', `/semesters/${sem.id}/academic-year`, { academicYearId: year.id })).statusCode).toBe(403);
    }
    const list = await call(admin, 'GET', '/academic-years?search=N%C4%83m%20b%E1%BB%8B');
    expect(list.json().data.total).toBe(0);
    const ok = await call(admin, 'POST', '/academic-years', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      message: 'Đã tạo năm học.',
      data: { name: 'Năm bị từ chối', semesterCount: 0, isCurrent: false },
    });
  });
});

describe('validation', () => {
  it('refuses bad years with a Vietnamese message and changes nothing', async () => {
    const before = (await call(admin, 'GET', '/academic-years?limit=1')).json().data.total;
    const missing = await call(admin, 'POST', '/academic-years', { startDate: '2400-09-01', endDate: '2401-05-31' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Tên năm học là bắt buộc.');
    const reversed = await call(admin, 'POST', '/academic-years', { name: 'Ngược', startDate: '2401-09-01', endDate: '2401-05-31' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('Ngày kết thúc phải sau hoặc bằng ngày bắt đầu.');
    const badDate = await call(admin, 'POST', '/academic-years', { name: 'Sai ngày', startDate: '2401-02-30', endDate: '2401-05-31' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe('Ngày bắt đầu phải là ngày hợp lệ.');
    expect((await call(admin, 'GET', '/academic-years?limit=1')).json().data.total).toBe(before);
  });

  it('keeps a semester inside its year and a module inside its semester', async () => {
    const year = await makeYear();
    const y = Number(year.startDate.slice(0, 4));
    const out = await call(admin, 'POST', '/semesters', {
      name: 'HK1',
      academicYearId: year.id,
      startDate: `${y}-08-01`,
      endDate: `${y}-12-31`,
    });
    expect(out.statusCode).toBe(400);
    expect(out.json().message).toBe(`Thời gian học kỳ phải nằm trong năm học ${year.name} (01/09/${y} – 31/05/${y + 1}).`);
    const noYear = await call(admin, 'POST', '/semesters', {
      name: 'HK1',
      academicYearId: 999999,
      startDate: `${y}-09-01`,
      endDate: `${y}-12-31`,
    });
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().message).toBe('Năm học đã chọn không tồn tại.');
    const noName = await call(admin, 'POST', '/semesters', { academicYearId: year.id, startDate: `${y}-09-01`, endDate: `${y}-12-31` });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Tên học kỳ là bắt buộc.');
    expect((await call(admin, 'GET', `/semesters?academicYearId=${year.id}`)).json().data.total).toBe(0);

    const sem = await makeSemester(year);
    const late = await call(admin, 'POST', '/modules', {
      code: 'TEST-LATE',
      name: 'Muộn',
      semesterId: sem.id,
      startDate: `${y}-12-01`,
      endDate: `${y + 1}-01-15`,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(`Thời gian học phần phải nằm trong học kỳ HK1 (01/09/${y} – 31/12/${y}).`);
    const spaced = await call(admin, 'POST', '/modules', {
      code: 'CO KHOANG',
      name: 'X',
      semesterId: sem.id,
      startDate: `${y}-09-01`,
      endDate: `${y}-10-01`,
    });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().message).toMatch(/^Mã học phần chỉ gồm/);
    expect((await call(admin, 'GET', `/modules?semesterId=${sem.id}`)).json().data.total).toBe(0);
  });

  it('refuses to shrink a year or semester past what it holds', async () => {
    const year = await makeYear();
    const sem = await makeSemester(year);
    await makeModule(sem, { startDate: sem.startDate, endDate: `${sem.startDate.slice(0, 4)}-10-31` });
    const y = Number(year.startDate.slice(0, 4));
    const shrinkYear = await call(admin, 'PUT', `/academic-years/${year.id}`, {
      name: year.name,
      startDate: `${y}-10-01`,
      endDate: year.endDate,
    });
    expect(shrinkYear.statusCode).toBe(400);
    expect(shrinkYear.json().message).toContain('Không thể đổi thời gian năm học: học kỳ HK1');
    const shrinkSem = await call(admin, 'PUT', `/semesters/${sem.id}`, {
      name: 'HK1',
      academicYearId: year.id,
      startDate: `${y}-11-01`,
      endDate: sem.endDate,
    });
    expect(shrinkSem.statusCode).toBe(400);
    expect(shrinkSem.json().message).toContain('Không thể đổi thời gian học kỳ: học phần');
    expect((await call(admin, 'GET', `/semesters/${sem.id}`)).json().data.startDate).toBe(sem.startDate);
  });
});

describe('uniqueness', () => {
  it('answers 409 for a taken year name, semester name in its year and module code, ignoring case', async () => {
    const year = await makeYear();
    const dup = await call(admin, 'POST', '/academic-years', {
      name: year.name.toUpperCase(),
      startDate: '2500-09-01',
      endDate: '2501-05-31',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`Năm học "${year.name}" đã tồn tại.`);
    const other = await makeYear();
    const rename = await call(admin, 'PUT', `/academic-years/${other.id}`, {
      name: year.name,
      startDate: other.startDate,
      endDate: other.endDate,
    });
    expect(rename.statusCode).toBe(409);

    const sem = await makeSemester(year, { name: 'Học kỳ I' });
    const semDup = await call(admin, 'POST', '/semesters', {
      name: 'học kỳ i',
      academicYearId: year.id,
      startDate: year.startDate,
      endDate: year.endDate,
    });
    expect(semDup.statusCode).toBe(409);
    expect(semDup.json().message).toBe(`Học kỳ "học kỳ i" đã tồn tại trong năm học ${year.name}.`);
    await makeSemester(other, { name: 'Học kỳ I' });

    const mod = await makeModule(sem, { code: 'TEST-UNIQ' });
    const modDup = await call(admin, 'POST', '/modules', {
      code: 'test-uniq',
      name: 'Trùng',
      semesterId: sem.id,
      startDate: mod.startDate,
      endDate: mod.endDate,
    });
    expect(modDup.statusCode).toBe(409);
    expect(modDup.json().message).toBe('Mã học phần "test-uniq" đã tồn tại.');
  });
});

describe('one current of each', () => {
  it('makes a new current year un-make the old one, in the log too', async () => {
    const a = await makeYear({ isCurrent: true });
    const b = await makeYear();
    const res = await call(admin, 'PUT', `/academic-years/${b.id}`, {
      name: b.name,
      startDate: b.startDate,
      endDate: b.endDate,
      isCurrent: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isCurrent).toBe(true);
    expect((await call(admin, 'GET', `/academic-years/${a.id}`)).json().data.isCurrent).toBe(false);
    const current = await queryRows<{ id: number }>(t.database.db, sql`select id from academic_years where is_current`);
    expect(current).toEqual([{ id: b.id }]);
    const logA = await auditOf('academic_year', a.id);
    expect(logA.at(-1)).toMatchObject({ action: 'update', before: { isCurrent: true }, after: { isCurrent: false } });
  });

  it('switches the current semester and module, and the current calls follow', async () => {
    const year = await makeYear();
    const y = Number(year.startDate.slice(0, 4));
    const s1 = await makeSemester(year, { isCurrent: true });
    const s2 = await makeSemester(year, { name: 'HK2', startDate: `${y + 1}-01-01`, endDate: year.endDate });
    expect((await call(teacher, 'GET', '/semesters/current')).json().data.id).toBe(s1.id);
    const put = await call(admin, 'PUT', `/semesters/${s2.id}`, {
      name: 'HK2',
      academicYearId: year.id,
      startDate: s2.startDate,
      endDate: s2.endDate,
      isCurrent: true,
    });
    expect(put.statusCode).toBe(200);
    expect((await call(teacher, 'GET', '/semesters/current')).json().data).toMatchObject({ id: s2.id, academicYearName: year.name });
    expect((await call(admin, 'GET', `/semesters/${s1.id}`)).json().data.isCurrent).toBe(false);

    // Modules of the current semester come in teaching order, whatever order they were created in.
    const late = await makeModule(s2, { startDate: `${y + 1}-03-01`, endDate: `${y + 1}-05-31` });
    const early = await makeModule(s2, { startDate: `${y + 1}-01-01`, endDate: `${y + 1}-02-28`, isCurrent: true });
    const noCurrent = await call(student, 'GET', `/semesters/${s1.id}/modules/current`);
    expect(noCurrent.statusCode).toBe(404);
    expect(noCurrent.json().message).toBe('Học kỳ này chưa có học phần hiện tại.');
    const list = await call(student, 'GET', '/current-semester/modules');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((m: TModule) => [m.id, m.isCurrent])).toEqual([
      [early.id, true],
      [late.id, false],
    ]);
    expect(list.json().data.items[0]).toMatchObject({
      semesterId: s2.id,
      semesterName: 'HK2',
      academicYearId: year.id,
      academicYearName: year.name,
    });

    const switched = await call(admin, 'PUT', `/modules/${late.id}`, {
      code: late.code,
      name: late.name,
      semesterId: s2.id,
      startDate: late.startDate,
      endDate: late.endDate,
      isCurrent: true,
    });
    expect(switched.statusCode).toBe(200);
    expect((await call(teacher, 'GET', `/semesters/${s2.id}/modules/current`)).json().data.id).toBe(late.id);
    const again = (await call(student, 'GET', '/current-semester/modules')).json().data.items as TModule[];
    expect(again.filter((m) => m.isCurrent).map((m) => m.id)).toEqual([late.id]);
    expect(await queryRows(t.database.db, sql`select id from modules where is_current`)).toEqual([{ id: late.id }]);
  });

  it('answers 404 in Vietnamese without a current semester, and no modules for it', async () => {
    await t.database.db.execute(sql`update semesters set is_current = false`);
    const res = await call(teacher, 'GET', '/semesters/current');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Chưa có học kỳ hiện tại/);
    const mods = await call(teacher, 'GET', '/current-semester/modules');
    expect(mods.json()).toEqual({ success: true, data: { items: [] } });
  });
});

describe('moves', () => {
  it('moves a semester to another year and a module to another semester when the dates fit', async () => {
    const a = await makeYear();
    const b = await makeYear();
    const sem = await makeSemester(a);
    const wrongYear = await call(admin, 'PATCH', `/semesters/${sem.id}/academic-year`, { academicYearId: b.id });
    expect(wrongYear.statusCode).toBe(400);
    expect(wrongYear.json().message).toContain('Thời gian học kỳ phải nằm trong năm học');
    const wide = await call(admin, 'POST', '/academic-years', { name: `Rộng ${a.name}`, startDate: '2000-01-01', endDate: '2999-12-31' });
    const wideYear = wide.json().data as TAcademicYear;
    const moved = await call(admin, 'PATCH', `/semesters/${sem.id}/academic-year`, { academicYearId: wideYear.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      message: 'Đã chuyển học kỳ sang năm học khác.',
      data: { academicYearId: wideYear.id, academicYearName: wideYear.name },
    });
    const missingBody = await call(admin, 'PATCH', `/semesters/${sem.id}/academic-year`, {});
    expect(missingBody.statusCode).toBe(400);
    expect(missingBody.json().message).toBe('Năm học là bắt buộc.');

    const target = await makeSemester(b);
    const mod = await makeModule(sem);
    const misfit = await call(admin, 'PATCH', `/modules/${mod.id}/semester`, { semesterId: target.id });
    expect(misfit.statusCode).toBe(400);
    const wideSem = await makeSemester(wideYear, { name: 'Cả năm', startDate: '2000-01-01', endDate: '2999-12-31' });
    const ok = await call(admin, 'PATCH', `/modules/${mod.id}/semester`, { semesterId: wideSem.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ semesterId: wideSem.id, semesterName: 'Cả năm' });
    expect((await auditOf('module', mod.id)).at(-1)).toMatchObject({
      action: 'update',
      before: { semesterId: sem.id },
      after: { semesterId: wideSem.id },
    });
  });
});

describe('deleting', () => {
  it('refuses to delete what is still used, then deletes once free', async () => {
    const year = await makeYear();
    const sem = await makeSemester(year);
    const mod = await makeModule(sem);
    const [campus] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into campuses (code, name) values ('TEST-CS-AC', 'Cơ sở thử') returning id`,
    );
    const [subject] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into subjects (code, name) values ('TEST-MH-AC', 'Môn thử') returning id`,
    );
    const [cc] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into course_classes (code, name, subject_id, module_id, campus_id, grade, capacity) values ('LHP-T', 'Lớp thử', ${subject.id}, ${mod.id}, ${campus.id}, 10, 30) returning id`,
    );

    const y = await call(admin, 'DELETE', `/academic-years/${year.id}`);
    expect(y.statusCode).toBe(409);
    expect(y.json().message).toBe('Không thể xóa năm học này vì đang được sử dụng bởi 1 học kỳ.');
    const s = await call(admin, 'DELETE', `/semesters/${sem.id}`);
    expect(s.statusCode).toBe(409);
    expect(s.json().message).toBe('Không thể xóa học kỳ này vì đang được sử dụng bởi 1 học phần.');
    const m = await call(admin, 'DELETE', `/modules/${mod.id}`);
    expect(m.statusCode).toBe(409);
    expect(m.json().message).toBe('Không thể xóa học phần này vì đang được sử dụng bởi 1 lớp học phần.');
    expect((await call(admin, 'GET', `/modules/${mod.id}`)).statusCode).toBe(200);

    await t.database.db.execute(sql`delete from course_classes where id = ${cc.id}`);
    const mOk = await call(admin, 'DELETE', `/modules/${mod.id}`);
    expect(mOk.statusCode).toBe(200);
    expect(mOk.json()).toMatchObject({ message: 'Đã xóa học phần.', data: { id: mod.id } });
    expect((await call(admin, 'DELETE', `/semesters/${sem.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/academic-years/${year.id}`)).statusCode).toBe(200);
    const gone = await call(admin, 'GET', `/academic-years/${year.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Không tìm thấy năm học.');
  });
});

describe('audit', () => {
  it('logs create, update and delete with before and after, by the admin', async () => {
    const year = await makeYear();
    await call(admin, 'PUT', `/academic-years/${year.id}`, {
      name: `${year.name} (sửa)`,
      startDate: year.startDate,
      endDate: year.endDate,
    });
    await call(admin, 'DELETE', `/academic-years/${year.id}`);
    const log = await auditOf('academic_year', year.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((l) => l.actor_id === adminId)).toBe(true);
    expect(log[0].after).toMatchObject({ name: year.name });
    expect(log[1]).toMatchObject({ before: { name: year.name }, after: { name: `${year.name} (sửa)` } });
    expect(log[2]).toMatchObject({ before: { name: `${year.name} (sửa)` }, after: null });
    // A refused write leaves no trace.
    const sem = await makeSemester(await makeYear());
    await call(admin, 'PUT', `/semesters/${sem.id}`, {
      name: 'HK1',
      academicYearId: sem.academicYearId,
      startDate: '1990-01-01',
      endDate: sem.endDate,
    });
    expect((await auditOf('semester', sem.id)).map((l) => l.action)).toEqual(['create']);
  });
});

describe('lists and export', () => {
  it('filters, searches and pages', async () => {
    const year = await makeYear();
    const sem = await makeSemester(year);
    const mods = [
      await makeModule(sem, { code: 'TEST-PAGE-A' }),
      await makeModule(sem, { code: 'TEST-PAGE-B' }),
      await makeModule(sem, { code: 'TEST-PAGE-C' }),
    ];
    const page2 = await call(teacher, 'GET', `/modules?semesterId=${sem.id}&limit=2&page=2&sort=code&order=desc`);
    expect(page2.json().data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.json().data.items.map((m: TModule) => m.code)).toEqual(['TEST-PAGE-A']);
    const byYear = await call(teacher, 'GET', `/modules?academicYearId=${year.id}&search=page-b`);
    expect(byYear.json().data.items.map((m: TModule) => m.id)).toEqual([mods[1].id]);
    const years = await call(teacher, 'GET', `/academic-years?search=${encodeURIComponent(year.name)}`);
    expect(years.json().data.items).toEqual([expect.objectContaining({ id: year.id, semesterCount: 1 })]);
    expect((await call(teacher, 'GET', '/modules?limit=101')).statusCode).toBe(400);
  });

  it('exports each list as xlsx with the list filters', async () => {
    const year = await makeYear();
    const sem = await makeSemester(year);
    await makeModule(sem, { code: 'TEST-XLSX-1' });
    await makeModule(sem, { code: 'TEST-XLSX-2' });
    for (const url of ['/academic-years/export', `/semesters/export?academicYearId=${year.id}`, `/modules/export?semesterId=${sem.id}`]) {
      const res = await call(teacher, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    const res = await call(admin, 'GET', `/modules/export?semesterId=${sem.id}&sort=code`);
    const sheet = await readSheet(res.rawPayload, 'x.xlsx');
    expect(sheet.rows.map((r) => r.values['Mã học phần'])).toEqual(['TEST-XLSX-1', 'TEST-XLSX-2']);
    expect(sheet.rows[0].values['Năm học']).toBe(year.name);
  });
});
