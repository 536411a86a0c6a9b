import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPayLineDetail, TPayRunDetail, TPayStatement } from '@app/shared/pay';
import { queryRows, type Db } from '@/db/client';
import { paySettings, teacherCoefficients } from '@/db/schema/pay';
import { declarationPeriods, declarations } from '@/db/schema/teaching';
import type { AppEvents } from '@/plugins/events';
import { demoEmail } from '@/seed/demo';
import { createTestApp, type TestApp } from '@/test/app';
import { addAccounts, addDepartments, addSemester, addTeachers, addYear, auditOf } from '@/test/school';
import { caller } from '@/test/timetables';
import { uniq } from '@/test/uniq';

/*
 * Pay runs end to end through the API, on school years of their own (2030-2031, 2032-2033) so the demo's
 * runs never overlap: the domain's worked example to the đồng, the cap, a mid-year raise, blocking
 * teachers, the workflow and its roles, a frozen run, an adjustment, an interim semester run, the sheet.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
const changed: Array<AppEvents['pay.run.changed']> = [];
const ACC = 'ketoan';
const PRINCIPAL = 'hieutruong';

interface Y {
  yearId: number;
  hk1: number;
  hk2: number;
  periods: number[];
}

async function schoolYear(db: Db, start: number): Promise<Y> {
  const tag = uniq('');
  const year = await addYear(db, { name: `${start}-${start + 1} thử ${tag}`, startDate: `${start}-09-05`, endDate: `${start + 1}-05-31` });
  const hk1 = await addSemester(db, { name: 'HK1', academicYearId: year.id, startDate: `${start}-09-05`, endDate: `${start + 1}-01-16` });
  const hk2 = await addSemester(db, {
    name: 'HK2',
    academicYearId: year.id,
    startDate: `${start + 1}-01-18`,
    endDate: `${start + 1}-05-31`,
  });
  const periods = await db
    .insert(declarationPeriods)
    .values([
      { semesterId: hk1.id, weeks: 18, opensAt: new Date(`${start}-12-01T00:00:00Z`), closesAt: new Date(`${start + 1}-01-15T00:00:00Z`) },
      {
        semesterId: hk2.id,
        weeks: 17,
        opensAt: new Date(`${start + 1}-05-01T00:00:00Z`),
        closesAt: new Date(`${start + 1}-05-30T00:00:00Z`),
      },
    ])
    .returning({ id: declarationPeriods.id });
  return { yearId: year.id, hk1: hk1.id, hk2: hk2.id, periods: periods.map((p) => p.id) };
}

/** A declaration in `status` with its totals (the declarations area computes them; here they are given). */
async function declare(db: Db, periodId: number, teacherId: number, counted: number, normBase: number, status = 'locked') {
  const [d] = await db
    .insert(declarations)
    .values({
      periodId,
      teacherId,
      status,
      totals: { counted, normBase, overtime: Math.max(0, counted - normBase) },
      lockedAt: status === 'locked' ? new Date('2031-06-01T00:00:00Z') : null,
    })
    .returning({ id: declarations.id });
  return d.id;
}

const coefficient = (teacherId: number, v: Partial<typeof teacherCoefficients.$inferInsert> = {}) => ({
  teacherId,
  effectiveFrom: '2024-07-01',
  rank: 'II',
  step: 3,
  coefficient: '4.68',
  preferentialPercent: '30',
  seniorityPercent: '10',
  ...v,
});

let y: Y;
let deptId: number;
const teacher: Record<'a' | 'b' | 'c' | 'd' | 'e', { id: number; email: string }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  t.app.events.on('pay.run.changed', (p) => void changed.push(p));
  const db = t.database.db;
  // The base salary in force for these years whatever the demo stored.
  await db.insert(paySettings).values({
    effectiveFrom: '2030-08-01',
    baseSalary: 2_340_000,
    overtimeRatePercent: 150,
    countedAllowances: { leadership: true, preferential: true, seniority: true, other: true },
  });
  const tag = uniq('');
  [{ id: deptId }] = await addDepartments(db, [{ code: `PAY${tag}`, name: `Tổ Lương ${tag}` }]);
  for (const key of ['a', 'b', 'c', 'd', 'e'] as const) {
    const email = demoEmail(`pay.${key}.${tag.toLowerCase()}`);
    const [userId] = await addAccounts(db, [{ email, displayName: `GV ${key} ${tag}`, roles: ['TEACHER'] }]);
    const [row] = await addTeachers(db, [{ fullName: `Giáo viên ${key.toUpperCase()} ${tag}`, userId, departmentId: deptId }]);
    teacher[key] = { id: row.id, email };
  }
  y = await schoolYear(db, 2030);
  // A: the worked example — (16 + 4) × 35 = 700 counted, 595 norm, over two semesters.
  await declare(db, y.periods[0], teacher.a.id, 360, 306);
  await declare(db, y.periods[1], teacher.a.id, 340, 289);
  // B: 260 periods over the norm, paid 200.
  await declare(db, y.periods[0], teacher.b.id, 306 + 130, 306);
  await declare(db, y.periods[1], teacher.b.id, 289 + 130, 289);
  // C: locked declarations, no coefficients. D: HK2 approved, not locked. E: a raise from January.
  await declare(db, y.periods[0], teacher.c.id, 320, 306);
  await declare(db, y.periods[1], teacher.c.id, 300, 289);
  await declare(db, y.periods[0], teacher.d.id, 320, 306);
  await declare(db, y.periods[1], teacher.d.id, 300, 289, 'approved');
  await declare(db, y.periods[0], teacher.e.id, 316, 306);
  await declare(db, y.periods[1], teacher.e.id, 299, 289);
  await db
    .insert(teacherCoefficients)
    .values([
      coefficient(teacher.a.id),
      coefficient(teacher.b.id),
      coefficient(teacher.d.id),
      coefficient(teacher.e.id),
      coefficient(teacher.e.id, { effectiveFrom: '2031-01-01', step: 4, coefficient: '5.02' }),
    ]);
});
afterAll(() => t.close());

const create = (who: string, body: object) => call('POST', '/pay/runs', who, body);
const step = (id: number, who: string, body: object) => call('POST', `/pay/runs/${id}/transition`, who, body);
const line = async (runId: number, teacherId: number, who = ACC) => call('GET', `/pay/runs/${runId}/lines/${teacherId}`, who);

describe('a year run', () => {
  let run: TPayRunDetail;

  it('is created by the accountant only', async () => {
    for (const who of [PRINCIPAL, 'quantri', 'giaovu', teacher.a.email])
      expect((await create(who, { kind: 'year', academicYearId: y.yearId })).status).toBe(403);
    const res = await create(ACC, { kind: 'year', academicYearId: y.yearId });
    expect(res.status).toBe(200);
    run = res.body.data;
    expect(run).toMatchObject({
      kind: 'year',
      status: 'draft',
      teachers: 3,
      blockers: 2,
      months: expect.arrayContaining(['2030-09-01', '2031-08-01']),
    });
    expect(run.name).toContain('2030-2031');
  });

  it('computes the worked example to the đồng', async () => {
    const res = await line(run.id, teacher.a.id);
    expect(res.status).toBe(200);
    const a: TPayLineDetail = res.body.data;
    expect(a).toMatchObject({
      coefficient: '4.68',
      monthlySalary: 15_331_680,
      yearlySalary: 183_980_160,
      periodPay: 208_122,
      periodPayExact: '208.122,35',
      overtimePeriodPay: 312_184,
      overtimePeriodPayExact: '312.183,53',
      counted: 700,
      norm: 595,
      overtime: 105,
      amount: 32_779_271,
      due: 32_779_271,
      capped: false,
    });
    expect(a.steps.map((s) => s.label)).toEqual(expect.arrayContaining(['Lương năm', 'Tiền lương 1 tiết', 'Tiền dạy thêm giờ']));
    expect(a.sources.declarations.map((d) => d.semesterName)).toEqual(['HK1', 'HK2']);
  });

  it('pays the cap and says so', async () => {
    const b: TPayLineDetail = (await line(run.id, teacher.b.id)).body.data;
    expect(b).toMatchObject({ overtime: 260, overtimePaid: 200, capped: true, amount: 62_436_706 });
    expect(b.steps.find((s) => s.label === 'Giới hạn tiết dạy thêm')?.explanation).toContain('chỉ thanh toán 200 tiết');
  });

  it('takes the months before and after a raise at their own values', async () => {
    const e: TPayLineDetail = (await line(run.id, teacher.e.id)).body.data;
    expect(e.monthly.map((m) => [m.from, m.months, m.total])).toEqual([
      ['2030-09-01', 4, 15_331_680],
      ['2031-01-01', 8, 16_445_520],
    ]);
    expect(e.coefficient).toBe('5.02');
    expect(e.yearlySalary).toBe(4 * 15_331_680 + 8 * 16_445_520);
  });

  it('lists the blocking teachers with what is missing', async () => {
    const byId = new Map(run.blockerList.map((b) => [b.teacherId, b]));
    expect(byId.get(teacher.c.id)).toMatchObject({ missing: ['Chưa có hệ số lương'], kinds: ['coefficients'] });
    expect(byId.get(teacher.d.id)).toMatchObject({ missing: ['Kê khai HK2 chưa khóa (Tổ trưởng đã duyệt)'], kinds: ['declaration'] });
  });

  it('totals the department as the sum of its rounded lines', async () => {
    const dept = run.departments.find((d) => d.departmentId === deptId)!;
    const lines = (await call('GET', `/pay/runs/${run.id}/lines?limit=100`, ACC)).body.data.items as { amount: number }[];
    expect(dept.amount).toBe(lines.reduce((a, l) => a + l.amount, 0));
    expect(run.amount).toBe(dept.amount);
  });

  it('refuses a second run of the year while this one is unpaid, and a second creation at the same moment', async () => {
    const again = await Promise.all([
      create(ACC, { kind: 'year', academicYearId: y.yearId }),
      create(ACC, { kind: 'semester', academicYearId: y.yearId, semesterId: y.hk1 }),
    ]);
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    expect(again[0].body.message).toContain('đang ở trạng thái nháp');
  });

  it('submits only with the blocking teachers explicitly left out, and only what was computed', async () => {
    const refused = await step(run.id, ACC, { action: 'submit', version: run.version });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Còn 2 giáo viên chưa đủ điều kiện');
    // Teacher C gets coefficients: the stored figures are no longer what the inputs give.
    const [c] = await t.database.db.insert(teacherCoefficients).values(coefficient(teacher.c.id)).returning({ id: teacherCoefficients.id });
    const moved = await step(run.id, ACC, { action: 'submit', version: run.version, proceedWithoutBlocked: true });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toContain('Tính lại');
    await t.database.db.delete(teacherCoefficients).where(sql`${teacherCoefficients.id} = ${c.id}`);
    expect((await step(run.id, PRINCIPAL, { action: 'submit', version: run.version, proceedWithoutBlocked: true })).status).toBe(403);
    const ok = await step(run.id, ACC, { action: 'submit', version: run.version, proceedWithoutBlocked: true });
    expect(ok.status).toBe(200);
    run = ok.body.data;
    expect(run.status).toBe('submitted');
    expect(changed.at(-1)).toEqual({ runId: run.id, status: 'submitted' });
  });

  it('is frozen from submission: no recompute, stale versions refused', async () => {
    expect((await call('POST', `/pay/runs/${run.id}/recompute`, ACC, { version: run.version })).status).toBe(409);
    expect((await step(run.id, PRINCIPAL, { action: 'approve', version: run.version - 1 })).status).toBe(409);
  });

  it('a teacher does not see it before approval; the principal approves', async () => {
    expect((await line(run.id, teacher.a.id, teacher.a.email)).status).toBe(403);
    expect((await step(run.id, ACC, { action: 'approve', version: run.version })).status).toBe(403);
    const ok = await step(run.id, PRINCIPAL, { action: 'approve', version: run.version });
    expect(ok.status).toBe(200);
    run = ok.body.data;
    expect(run.status).toBe('approved');
    expect(run.history.map((h) => h.action)).toEqual(['create', 'submit', 'approve']);
    expect((await auditOf(t.database.db, 'pay_run', run.id)).map((a) => a.action)).toEqual(['create', 'submit_pay_run', 'approve_pay_run']);
  });

  it('lets a teacher read their own statement, never a colleague’s', async () => {
    expect((await line(run.id, teacher.a.id, teacher.a.email)).status).toBe(200);
    expect((await line(run.id, teacher.b.id, teacher.a.email)).status).toBe(403);
    expect((await call('GET', `/pay/runs/${run.id}`, teacher.a.email)).status).toBe(403);
    expect((await call('GET', `/pay/runs/${run.id}/lines`, teacher.a.email)).status).toBe(403);
    const mine: TPayStatement[] = (await call('GET', '/pay/statements/mine', teacher.a.email)).body.data;
    expect(mine.map((m) => [m.run.id, m.line.amount])).toEqual([[run.id, 32_779_271]]);
    expect((await call('GET', '/pay/statements/mine', 'ketoan')).status).toBe(403);
  });

  it('exports the payroll sheet whose totals are the page’s', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pay/runs/${run.id}/export`,
      headers: { authorization: `Bearer ${await t.tokenFor(ACC)}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push(r.values as unknown[]));
    expect(rows.some((r) => r.includes('BẢNG THANH TOÁN TIỀN DẠY THÊM GIỜ'))).toBe(true);
    const grand = rows.find((r) => r.includes('TỔNG CỘNG TOÀN TRƯỜNG'))!;
    expect(grand[10]).toBe(run.amount);
    expect(rows.filter((r) => typeof r[1] === 'number')).toHaveLength(3);
  });

  it('once paid, never moves; an adjustment pays the difference', async () => {
    const paid = await step(run.id, ACC, { action: 'pay', version: run.version });
    expect(paid.status).toBe(200);
    run = paid.body.data;
    // A's coefficient corrected to step 4 for the whole year, C gets coefficients.
    await t.database.db.execute(sql`update teacher_coefficients set step = 4, coefficient = 5.02 where teacher_id = ${teacher.a.id}`);
    await t.database.db.insert(teacherCoefficients).values(coefficient(teacher.c.id));
    const frozen: TPayLineDetail = (await line(run.id, teacher.a.id)).body.data;
    expect(frozen.amount).toBe(32_779_271);
    expect((await call('POST', `/pay/runs/${run.id}/recompute`, ACC, { version: run.version })).status).toBe(409);

    const adj = await create(ACC, { kind: 'adjustment', academicYearId: y.yearId, adjustsRunId: run.id });
    expect(adj.status).toBe(200);
    const a: TPayLineDetail = (await line(adj.body.data.id, teacher.a.id)).body.data;
    expect(a.previouslyPaid).toBe(32_779_271);
    expect(a.due).toBe(a.amount - 32_779_271);
    expect(a.due).toBeGreaterThan(0);
    const c: TPayLineDetail = (await line(adj.body.data.id, teacher.c.id)).body.data;
    expect(c.previouslyPaid).toBe(0);
    expect(c.due).toBe(c.amount);
    // A draft is deleted by the accountant only.
    expect((await call('DELETE', `/pay/runs/${adj.body.data.id}`, PRINCIPAL)).status).toBe(403);
    expect((await call('DELETE', `/pay/runs/${adj.body.data.id}`, ACC)).status).toBe(200);
    expect((await call('DELETE', `/pay/runs/${run.id}`, ACC)).status).toBe(409);
  });
});

describe('an interim semester run', () => {
  it('pays the semester’s overtime with the year’s salary, and the year run then pays the rest', async () => {
    const db = t.database.db;
    const z = await schoolYear(db, 2032);
    await declare(db, z.periods[0], teacher.a.id, 360, 306);
    const interim = await create(ACC, { kind: 'semester', academicYearId: z.yearId, semesterId: z.hk1 });
    expect(interim.status).toBe(200);
    const run: TPayRunDetail = interim.body.data;
    expect(run.kind).toBe('semester');
    const a: TPayLineDetail = (await line(run.id, teacher.a.id)).body.data;
    expect(a).toMatchObject({ counted: 360, norm: 306, overtime: 54 });
    // The year's salary at its own values (the coefficient is 5.02 by now: 16,445,520 a month), the semester's norm.
    expect(a.yearlySalary).toBe(12 * 16_445_520);
    const s1 = (await step(run.id, ACC, { action: 'submit', version: run.version, proceedWithoutBlocked: true })).body
      .data as TPayRunDetail;
    const s2 = (await step(run.id, PRINCIPAL, { action: 'approve', version: s1.version })).body.data as TPayRunDetail;
    expect((await step(run.id, ACC, { action: 'pay', version: s2.version })).status).toBe(200);

    await declare(db, z.periods[1], teacher.a.id, 340, 289);
    const year = await create(ACC, { kind: 'year', academicYearId: z.yearId });
    expect(year.status).toBe(200);
    const y2: TPayLineDetail = (await line(year.body.data.id, teacher.a.id)).body.data;
    expect(y2.overtime).toBe(105);
    expect(y2.previouslyPaid).toBe(a.amount);
    expect(y2.due).toBe(y2.amount - a.amount);
  });
});

describe('reading', () => {
  it.each([
    ['ketoan', 200],
    ['hieutruong', 200],
    ['quantri', 200],
    ['giaovu', 403],
    ['gv.toan', 403],
    ['hs.an', 403],
  ])('GET /pay/runs as %s → %i', async (who, status) => {
    expect((await call('GET', '/pay/runs', who)).status).toBe(status);
  });

  it('answers 400 for a bad body and 404 for an unknown run', async () => {
    const bad = await create(ACC, { kind: 'semester', academicYearId: y.yearId });
    expect(bad.status).toBe(400);
    expect((await call('GET', '/pay/runs/999999', ACC)).status).toBe(404);
    const [{ n }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pay_runs where academic_year_id = ${y.yearId}`,
    );
    expect(n).toBe(1);
  });
});
