import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isoDateInSchool } from '@app/shared/format';
import { DEFAULT_PAY_SETTINGS, type TTeacherCoefficientRow } from '@app/shared/pay';
import { yearsOfService } from '@app/shared/pay-calc';
import { bearer, type TestApp } from '@/test/app';
import { addTeachers, auditOf, startSchoolApp, type School } from '@/test/school';
import { caller } from '@/test/timetables';

let t: TestApp;
let s: School;
let call: ReturnType<typeof caller>;
let a: { id: number; staffCode: string };
let b: { id: number; staffCode: string };
let c: { id: number; staffCode: string };

beforeAll(async () => {
  ({ t, s } = await startSchoolApp());
  call = caller(t);
  // The demo school may carry pay values; these tests start from none and the default settings.
  await t.database.db.execute(sql`delete from teacher_coefficients`);
  await t.database.db.execute(sql`delete from pay_settings`);
  expect((await call('POST', '/pay/settings', 'ketoan', DEFAULT_PAY_SETTINGS)).status).toBe(200);
  [a, b, c] = await addTeachers(t.database.db, [
    { fullName: `Nguyễn Thị Hệ ${s.tag}`, departmentId: s.deptA.id },
    { fullName: `Trần Văn Số ${s.tag}`, departmentId: s.deptA.id },
    { fullName: `Lê Minh Lương ${s.tag}`, departmentId: s.deptB.id },
  ]);
});
afterAll(() => t.close());

const input = (over: object = {}) => ({
  teacherId: a.id,
  effectiveFrom: '2025-01-01',
  rank: 'II',
  step: 3,
  leadershipCoefficient: '0',
  preferentialPercent: '30',
  seniorityPercent: '10',
  serviceStartDate: null,
  otherCoefficient: '0',
  note: null,
  ...over,
});
const rows = async (query: string): Promise<TTeacherCoefficientRow[]> => {
  const search = query.includes('search=') ? '' : `search=${encodeURIComponent(s.tag)}&`;
  const r = await call('GET', `/pay/coefficients?${search}${query}`, 'ketoan');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.items;
};

describe('teacher coefficients', { timeout: 60_000 }, () => {
  it.each([
    ['ketoan', 200],
    ['hieutruong', 200],
    ['quantri', 200],
    ['giaovu', 403],
    ['totruong.ly', 403],
    ['gv.van', 403],
    ['hs.an', 403],
  ])('reads as %s → %i (list, export, a teacher’s versions)', async (who, status) => {
    expect((await call('GET', '/pay/coefficients', who)).status).toBe(status);
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/pay/coefficients/export', headers: bearer(await t.tokenFor(who)) });
    expect(file.statusCode).toBe(status);
    expect((await call('GET', `/pay/coefficients/teachers/${a.id}`, who)).status).toBe(status);
  });

  it.each(['hieutruong', 'quantri', 'giaovu', 'gv.van', 'hs.an'])('refuses %s writing (403)', async (who) => {
    expect((await call('POST', '/pay/coefficients', who, input())).status).toBe(403);
    expect((await call('PUT', '/pay/coefficients/1', who, input())).status).toBe(403);
    expect((await call('DELETE', '/pay/coefficients/1', who)).status).toBe(403);
  });

  let first: { id: number };
  it('stores the worked example: hạng II bậc 3 → 4.68 from the scale; monthly 15,331,680 đ (audited)', async () => {
    const r = await call('POST', '/pay/coefficients', 'ketoan', input({ coefficient: '9.99' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    first = r.body.data;
    expect(r.body.data).toMatchObject({
      teacherId: a.id,
      rank: 'II',
      step: 3,
      coefficient: '4.68',
      preferentialPercent: '30',
      seniorityPercent: '10',
    });
    const [row] = await rows(`search=${a.staffCode}`);
    expect(row).toMatchObject({ teacherId: a.id, staffCode: a.staffCode, departmentName: s.deptA.name, versions: 1, seniorityNow: '10' });
    expect(row.current?.coefficient).toBe('4.68');
    expect(row.monthlySalary).toBe(15_331_680);
    const log = await auditOf(t.database.db, 'teacher_coefficient', first.id);
    expect(log.map((e) => e.action)).toEqual(['create']);
    expect(log[0].after).toMatchObject({ teacherId: a.id, coefficient: '4.68', effectiveFrom: '2025-01-01' });
  });

  it('refuses bad input in Vietnamese: a step the rank lacks, a bad date, a negative percentage', async () => {
    const step = await call('POST', '/pay/coefficients', 'ketoan', input({ rank: 'III', step: 10, effectiveFrom: '2025-02-01' }));
    expect(step.status).toBe(400);
    expect(JSON.stringify(step.body)).toContain('Hạng III chỉ có bậc 1 đến bậc 9.');
    const rankI = await call('POST', '/pay/coefficients', 'ketoan', input({ rank: 'I', step: 9, effectiveFrom: '2025-02-01' }));
    expect(JSON.stringify(rankI.body)).toContain('Hạng I chỉ có bậc 1 đến bậc 8.');
    const date = await call('POST', '/pay/coefficients', 'ketoan', input({ effectiveFrom: '31/12/2025' }));
    expect(date.status).toBe(400);
    expect(JSON.stringify(date.body)).toContain('Ngày hiệu lực phải là ngày hợp lệ (YYYY-MM-DD).');
    const neg = await call('POST', '/pay/coefficients', 'ketoan', input({ preferentialPercent: '-5', effectiveFrom: '2025-02-01' }));
    expect(neg.status).toBe(400);
    expect(JSON.stringify(neg.body)).toContain('Phụ cấp ưu đãi (%) phải là số không âm');
    const rank = await call('POST', '/pay/coefficients', 'ketoan', input({ rank: 'IV' }));
    expect(JSON.stringify(rank.body)).toContain('Hạng phải là I, II hoặc III.');
  });

  it('refuses a second version of the same day (409) and an unknown teacher (404)', async () => {
    const same = await call('POST', '/pay/coefficients', 'ketoan', input({ step: 4 }));
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(
      `Giáo viên Nguyễn Thị Hệ ${s.tag} đã có hệ số lương hiệu lực từ ngày 01/01/2025. Hãy sửa phiên bản đó hoặc chọn ngày khác.`,
    );
    const nobody = await call('POST', '/pay/coefficients', 'ketoan', input({ teacherId: 2_000_000_000 }));
    expect(nobody.status).toBe(404);
    expect((await call('GET', '/pay/coefficients/teachers/2000000000', 'ketoan')).status).toBe(404);
    expect((await call('PUT', '/pay/coefficients/2000000000', 'ketoan', input())).status).toBe(404);
  });

  it('keeps the version in force today: a future one is listed but not used; latest first per teacher', async () => {
    const next = await call('POST', '/pay/coefficients', 'ketoan', input({ effectiveFrom: '2099-01-01', step: 4 }));
    expect(next.status).toBe(200);
    expect(next.body.data.coefficient).toBe('5.02');
    const versions = (await call('GET', `/pay/coefficients/teachers/${a.id}`, 'hieutruong')).body.data;
    expect(versions.map((v: { effectiveFrom: string }) => v.effectiveFrom)).toEqual(['2099-01-01', '2025-01-01']);
    const [row] = await rows(`search=${a.staffCode}`);
    expect(row).toMatchObject({ versions: 2, monthlySalary: 15_331_680 });
    expect(row.current?.id).toBe(first.id);
    // Edited into the past, it takes over (before and after audited).
    const moved = await call('PUT', `/pay/coefficients/${next.body.data.id}`, 'ketoan', input({ effectiveFrom: '2025-06-01', step: 4 }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await rows(`search=${a.staffCode}`))[0].current?.coefficient).toBe('5.02');
    const log = await auditOf(t.database.db, 'teacher_coefficient', next.body.data.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[1].before).toMatchObject({ effectiveFrom: '2099-01-01' });
    expect(log[1].after).toMatchObject({ effectiveFrom: '2025-06-01' });
    // Deleted, the earlier one is back (audited).
    expect((await call('DELETE', `/pay/coefficients/${next.body.data.id}`, 'ketoan')).status).toBe(200);
    expect((await auditOf(t.database.db, 'teacher_coefficient', next.body.data.id)).map((e) => e.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
    expect((await rows(`search=${a.staffCode}`))[0]).toMatchObject({ versions: 1, monthlySalary: 15_331_680 });
  });

  it('computes the seniority from the start of service when none is stored', async () => {
    const r = await call(
      'POST',
      '/pay/coefficients',
      'ketoan',
      input({ teacherId: b.id, rank: 'I', step: 1, seniorityPercent: '', serviceStartDate: '2010-09-01', preferentialPercent: '70' }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.seniorityPercent).toBeNull();
    const [row] = await rows(`search=${b.staffCode}`);
    const years = yearsOfService('2010-09-01', isoDateInSchool());
    expect(row.seniorityNow).toBe(String(years >= 5 ? years : 0));
    // 4.40 × 2,340,000 = 10,296,000; + 70% + years%.
    expect(row.monthlySalary).toBe(Math.round(10_296_000 * (1 + 0.7 + (years >= 5 ? years : 0) / 100)));
  });

  it('filters by department and by "no coefficients", sorts, pages', async () => {
    expect((await rows('missing=1')).map((r) => r.teacherId)).toEqual([c.id]);
    expect((await rows(`departmentId=${s.deptB.id}`)).map((r) => r.teacherId)).toEqual([c.id]);
    const none = (await rows(`departmentId=${s.deptB.id}`))[0];
    expect(none).toMatchObject({ current: null, monthlySalary: null, seniorityNow: null, versions: 0 });
    // PostgreSQL's order: a teacher without coefficients first when descending, last when ascending.
    expect((await rows('sort=coefficient&order=desc')).map((r) => r.teacherId)).toEqual([c.id, a.id, b.id]);
    expect((await rows('sort=coefficient&order=asc')).map((r) => r.teacherId)).toEqual([b.id, a.id, c.id]);
    const paged = await call('GET', `/pay/coefficients?search=${encodeURIComponent(s.tag)}&sort=staffCode&limit=2&page=2`, 'ketoan');
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.body.data.items).toHaveLength(1);
  });

  it('exports the versions in force in the import’s columns', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pay/coefficients/export',
      headers: { authorization: `Bearer ${await t.tokenFor('ketoan')}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 10)).toEqual([
      'Mã giáo viên',
      'Ngày hiệu lực',
      'Hạng',
      'Bậc',
      'Hệ số PC chức vụ',
      'PC ưu đãi (%)',
      'PC thâm niên (%)',
      'Ngày bắt đầu công tác',
      'Hệ số PC khác',
      'Ghi chú',
    ]);
    const lines: unknown[][] = [];
    ws.eachRow((r, i) => {
      if (i > 1) lines.push(Array.from({ length: 9 }, (_, k) => (r.values as unknown[])[k + 1] ?? null));
    });
    expect(lines).toContainEqual([a.staffCode, '01/01/2025', 'II', 3, 0, 30, 10, null, 0]);
    expect(lines.some((l) => l[0] === c.staffCode)).toBe(false);
  });
});
