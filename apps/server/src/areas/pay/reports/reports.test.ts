import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDashboard } from '@app/shared/auth';
import { PAY_RUN_STATUS_LABELS, type TPayBlocker, type TPayOverview, type TPayReport } from '@app/shared/pay';
import { formatMoney } from '@app/shared/pay-calc';
import { isoDateInSchool } from '@app/shared/format';
import { payRunLines, payRuns, teacherCoefficients } from '@/db/schema/pay';
import { createTestApp, type TestApp } from '@/test/app';
import { addDepartments, addSemester, addTeachers, addYear } from '@/test/school';
import { caller } from '@/test/timetables';
import { uniq } from '@/test/uniq';

/*
 * The financial report and the overview from pay runs and lines inserted here directly (the runs part
 * computes them; this part only reads what is stored), every figure worked out by hand below.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
const tag = uniq('');

type Line = {
  teacher: { id: number; staffCode: string; fullName: string };
  dept: { id: number; name: string } | null;
  counted: number;
  norm: number;
  overtimePaid?: number;
  capped?: boolean;
  amount: number;
  due?: number;
  /** [first month, months, monthly salary] groups. */
  monthly: Array<[string, number, number]>;
};

/** A run with its lines, as the runs part would have stored them (only the figures the reports read are meaningful). */
async function addRun(v: {
  kind: 'year' | 'semester' | 'adjustment';
  yearId: number;
  semesterId?: number;
  adjustsRunId?: number;
  status: 'draft' | 'submitted' | 'approved' | 'paid';
  blockers?: TPayBlocker[];
  lines: Line[];
}) {
  const db = t.database.db;
  const [run] = await db
    .insert(payRuns)
    .values({
      name: `Đợt ${v.kind} ${uniq('')}`,
      kind: v.kind,
      academicYearId: v.yearId,
      semesterId: v.semesterId ?? null,
      adjustsRunId: v.adjustsRunId ?? null,
      status: v.status,
      inputs: {},
      blockers: v.blockers ?? [],
      submittedAt: v.status === 'draft' ? null : new Date(),
    })
    .returning();
  if (v.lines.length)
    await db.insert(payRunLines).values(
      v.lines.map((l) => {
        const overtime = Math.max(0, l.counted - l.norm);
        return {
          runId: run.id,
          teacherId: l.teacher.id,
          staffCode: l.teacher.staffCode,
          fullName: l.teacher.fullName,
          departmentId: l.dept?.id ?? null,
          departmentName: l.dept?.name ?? null,
          rank: 'II',
          step: 3,
          coefficient: '4.68',
          monthlySalary: l.monthly.at(-1)![2],
          yearlySalary: l.monthly.reduce((s, [, n, v]) => s + n * v, 0),
          yearlyNorm: String(l.norm),
          counted: String(l.counted),
          norm: String(l.norm),
          overtime: String(overtime),
          overtimePaid: String(l.overtimePaid ?? overtime),
          capped: l.capped ?? false,
          periodPay: 200_000,
          overtimePeriodPay: 300_000,
          amount: l.amount,
          previouslyPaid: l.amount - (l.due ?? l.amount),
          due: l.due ?? l.amount,
          detail: {
            periodPayExact: '200000',
            overtimePeriodPayExact: '300000',
            monthly: l.monthly.map(([from, months, total]) => {
              const m = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 2 + months;
              return { from, to: `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`, months, total };
            }),
            steps: [],
            sources: {},
          },
        };
      }),
    );
  return run;
}

const report = async (yearId?: number, who = 'ketoan') => {
  const res = await call('GET', `/pay/reports${yearId ? `?academicYearId=${yearId}` : ''}`, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as TPayReport;
};
const overview = async () => (await call('GET', '/pay/overview', 'ketoan')).body.data as TPayOverview;

// The school years: 2090 (interim semester runs only), 2091 (a year run, a semester run and its adjustment), 2092 (none).
let y90: { id: number; name: string };
let y91: { id: number; name: string };
let y92: { id: number; name: string };
let hk1: { id: number };
let hk2: { id: number };
let yearRun: { id: number };
let deptA: { id: number; name: string };
let deptB: { id: number; name: string };
let deptC: { id: number; name: string };
let t1: Line['teacher'];
let t2: Line['teacher'];
let t3: Line['teacher'];
let t4: Line['teacher'];

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  const db = t.database.db;
  [deptA, deptB, deptC] = await addDepartments(db, [
    { code: `PA${tag}`, name: `Tổ Toán ${tag}` },
    { code: `PB${tag}`, name: `Tổ Văn ${tag}` },
    { code: `PC${tag}`, name: `Tổ Sử ${tag}` },
  ]);
  [t1, t2, t3, t4] = await addTeachers(db, [
    { fullName: `Nguyễn An ${tag}`, departmentId: deptA.id },
    { fullName: `Trần Bình ${tag}`, departmentId: deptA.id },
    { fullName: `Lê Chi ${tag}`, departmentId: deptB.id },
    { fullName: `Phạm Dũng ${tag}`, departmentId: deptC.id },
  ]);
  y90 = await addYear(db, { name: `Năm 2090 ${tag}`, startDate: '2090-09-01', endDate: '2091-05-31' });
  y91 = await addYear(db, { name: `Năm 2091 ${tag}`, startDate: '2091-09-01', endDate: '2092-05-31' });
  y92 = await addYear(db, { name: `Năm 2092 ${tag}`, startDate: '2092-09-01', endDate: '2093-05-31' });
  const p1 = await addSemester(db, { name: 'HK1', academicYearId: y90.id, startDate: '2090-09-01', endDate: '2091-01-15' });
  const p2 = await addSemester(db, { name: 'HK2', academicYearId: y90.id, startDate: '2091-01-16', endDate: '2091-05-31' });
  hk1 = await addSemester(db, { name: 'HK1', academicYearId: y91.id, startDate: '2091-09-01', endDate: '2092-01-15' });
  hk2 = await addSemester(db, { name: 'HK2', academicYearId: y91.id, startDate: '2092-01-16', endDate: '2092-05-31' });

  // 2090: two interim runs (HK2 added first: the order is the semesters', not the runs'), no year run.
  await addRun({
    kind: 'semester',
    yearId: y90.id,
    semesterId: p2.id,
    status: 'paid',
    lines: [
      { teacher: t1, dept: deptA, counted: 180, norm: 170, amount: 7_000_000, monthly: [['2090-09-01', 12, 8_500_000]] },
      { teacher: t4, dept: deptC, counted: 175, norm: 170, amount: 2_000_000, monthly: [['2090-09-01', 12, 7_000_000]] },
    ],
  });
  await addRun({
    kind: 'semester',
    yearId: y90.id,
    semesterId: p1.id,
    status: 'paid',
    lines: [
      { teacher: t1, dept: deptA, counted: 180, norm: 170, amount: 5_000_000, monthly: [['2090-09-01', 12, 8_000_000]] },
      { teacher: t3, dept: deptB, counted: 172.25, norm: 170, amount: 1_000_000, monthly: [['2090-09-01', 12, 9_000_000]] },
    ],
  });

  // 2091: an interim HK1 run paid then corrected, and the year run approved.
  const interim = await addRun({
    kind: 'semester',
    yearId: y91.id,
    semesterId: hk1.id,
    status: 'paid',
    lines: [{ teacher: t2, dept: deptA, counted: 300, norm: 170, amount: 30_000_000, monthly: [['2091-09-01', 12, 12_000_000]] }],
  });
  await addRun({
    kind: 'adjustment',
    yearId: y91.id,
    semesterId: hk1.id,
    adjustsRunId: interim.id,
    status: 'draft',
    lines: [
      { teacher: t2, dept: deptA, counted: 310, norm: 170, amount: 32_000_000, due: 2_000_000, monthly: [['2091-09-01', 12, 12_000_000]] },
    ],
  });
  yearRun = await addRun({
    kind: 'year',
    yearId: y91.id,
    status: 'approved',
    lines: [
      {
        teacher: t1,
        dept: deptA,
        counted: 400,
        norm: 340,
        amount: 18_000_000,
        monthly: [
          ['2091-09-01', 4, 10_000_000],
          ['2092-01-01', 8, 11_000_000],
        ],
      },
      {
        teacher: t2,
        dept: deptA,
        counted: 600.5,
        norm: 340,
        overtimePaid: 200,
        capped: true,
        amount: 70_000_000,
        due: 40_000_000,
        monthly: [['2091-09-01', 12, 12_000_000]],
      },
      { teacher: t3, dept: deptB, counted: 300, norm: 340, amount: 0, monthly: [['2091-09-01', 12, 9_000_000]] },
    ],
  });
});
afterAll(() => t.close());

describe('GET /pay/reports', () => {
  it.each([
    ['ketoan', 200],
    ['hieutruong', 200],
    ['quantri', 200],
    ['giaovu', 403],
    ['gv.toan', 403],
    ['totruong.ly', 403],
    ['hs.an', 403],
  ])('%s → %i', async (who, status) => {
    expect((await call('GET', `/pay/reports?academicYearId=${y91.id}`, who)).status).toBe(status);
    expect((await call('GET', '/pay/overview', who)).status).toBe(status);
  });

  it('takes a year’s figures from its year run, totals and departments by hand', async () => {
    const r = await report(y91.id);
    expect(r).toMatchObject({ academicYearId: y91.id, academicYearName: y91.name, source: 'year' });
    expect(r.runs.map((x) => [x.id, x.status, x.kind])).toEqual([[yearRun.id, 'approved', 'year']]);
    expect(r.runs[0]).toMatchObject({ teachers: 3, overtimePaid: 260, amount: 88_000_000, due: 58_000_000 });
    // counted 400 + 600,5 + 300; norm 3 × 340; overtime 60 + 260,5 + 0, of which paid 60 + 200.
    expect(r.totals).toEqual({
      teachers: 3,
      counted: 1300.5,
      norm: 1020,
      overtime: 320.5,
      overtimePaid: 260,
      amount: 88_000_000,
      due: 58_000_000,
    });
    const mine = r.byDepartment.filter((d) => d.departmentName.endsWith(tag));
    expect(mine).toEqual([
      // The previous year (2090, its two interim runs): Toán 5 + 7 million, Văn 1 million, Sử 2 million.
      expect.objectContaining({ departmentName: deptC.name, teachers: 0, amount: 0, previousAmount: 2_000_000 }),
      expect.objectContaining({
        departmentId: deptA.id,
        teachers: 2,
        counted: 1000.5,
        norm: 680,
        overtime: 320.5,
        overtimePaid: 260,
        amount: 88_000_000,
        due: 58_000_000,
        previousAmount: 12_000_000,
      }),
      expect.objectContaining({ departmentId: deptB.id, teachers: 1, overtime: 0, amount: 0, previousAmount: 1_000_000 }),
    ]);
    expect(r.previousYear).toMatchObject({ academicYearId: y90.id, source: 'semesters', totals: { teachers: 3, amount: 15_000_000 } });
  });

  it('sums the monthly salaries month by month, each group of equal months expanded', async () => {
    const r = await report(y91.id);
    expect(r.byMonth).toHaveLength(12);
    expect(r.byMonth[0]).toEqual({ month: '2091-09', salaryFund: 10_000_000 + 12_000_000 + 9_000_000, teachers: 3 });
    expect(r.byMonth[3]).toEqual({ month: '2091-12', salaryFund: 31_000_000, teachers: 3 });
    expect(r.byMonth[4]).toEqual({ month: '2092-01', salaryFund: 11_000_000 + 12_000_000 + 9_000_000, teachers: 3 });
    expect(r.byMonth[11]).toEqual({ month: '2092-08', salaryFund: 32_000_000, teachers: 3 });
  });

  it('lists each semester with its interim runs (the correction counted), and the teachers over the cap', async () => {
    const r = await report(y91.id);
    expect(r.bySemester).toEqual([
      { semesterId: hk1.id, name: 'HK1', runs: 2, amount: 32_000_000, due: 32_000_000 },
      { semesterId: hk2.id, name: 'HK2', runs: 0, amount: 0, due: 0 },
    ]);
    expect(r.overCap).toEqual([
      {
        teacherId: t2.id,
        staffCode: t2.staffCode,
        fullName: t2.fullName,
        departmentName: deptA.name,
        overtime: 260.5,
        overtimePaid: 200,
        amount: 70_000_000,
      },
    ]);
  });

  it('without a year run, adds up the semester runs in semester order, one salary per teacher (the latest)', async () => {
    const r = await report(y90.id);
    expect(r.source).toBe('semesters');
    expect(r.runs).toHaveLength(2);
    expect(r.totals).toMatchObject({ teachers: 3, counted: 707.25, norm: 680, overtime: 27.25, amount: 15_000_000 });
    // t1's latest line (HK2) 8,5 million, t3 9 million, t4 7 million.
    expect(r.byMonth[0]).toEqual({ month: '2090-09', salaryFund: 24_500_000, teachers: 3 });
  });

  it('answers an empty report for a year with no run, the previous year beside it', async () => {
    const r = await report(y92.id);
    expect(r).toMatchObject({ source: null, runs: [], byMonth: [], overCap: [], byDepartment: expect.any(Array) });
    expect(r.totals).toEqual({ teachers: 0, counted: 0, norm: 0, overtime: 0, overtimePaid: 0, amount: 0, due: 0 });
    expect(r.byDepartment.find((d) => d.departmentId === deptA.id)).toMatchObject({ amount: 0, previousAmount: 88_000_000 });
    expect(r.previousYear).toMatchObject({ academicYearId: y91.id, source: 'year', totals: { amount: 88_000_000 } });
    expect(r.years.map((y) => y.id).slice(0, 3)).toEqual([y92.id, y91.id, y90.id]);
  });

  it('defaults to the current year; an unknown year is 404, a bad id 400', async () => {
    const r = await report();
    expect(r.years.find((y) => y.isCurrent)?.id).toBe(r.academicYearId);
    expect((await call('GET', '/pay/reports?academicYearId=999999', 'ketoan')).status).toBe(404);
    const bad = await call('GET', '/pay/reports?academicYearId=abc', 'ketoan');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i);
  });
});

describe('GET /pay/reports/export', () => {
  const sheets = async (who: string) => {
    const res = await t.app.inject({
      url: `/api/v1/pay/reports/export?academicYearId=${y91.id}`,
      headers: { authorization: `Bearer ${await t.tokenFor(who)}` },
    });
    return res;
  };

  it('answers three sheets whose figures are the report’s', async () => {
    const res = await sheets('ketoan');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Tổng hợp theo tổ', 'Theo tháng', 'Vượt giới hạn']);
    const rows = (i: number) =>
      Array.from({ length: wb.worksheets[i].rowCount - 1 }, (_, k) => (wb.worksheets[i].getRow(k + 2).values as unknown[]).slice(1));
    const depts = rows(0);
    expect(depts.find((d) => d[0] === deptA.name)?.slice(1, 10)).toEqual([
      2, 1000.5, 680, 320.5, 260, 88_000_000, 58_000_000, 12_000_000, 76_000_000,
    ]);
    expect(depts.at(-1)?.[0]).toBe('Toàn trường');
    expect(depts.at(-1)?.[6]).toBe(88_000_000);
    expect(rows(1)[0]).toEqual(['09/2091', 3, 31_000_000]);
    expect(rows(2)).toEqual([[t2.staffCode, t2.fullName, deptA.name, 260.5, 200, 60.5, 70_000_000]]);
  });

  it('refuses other roles', async () => {
    expect((await sheets('gv.toan')).statusCode).toBe(403);
  });
});

describe('GET /pay/overview', () => {
  it('gives the latest run not yet paid, its blockers counted by kind, and the runs waiting for the principal', async () => {
    const blocker = (kinds: TPayBlocker['kinds']): TPayBlocker => ({
      teacherId: t4.id,
      staffCode: t4.staffCode,
      fullName: t4.fullName,
      departmentName: deptC.name,
      missing: ['…'],
      kinds,
    });
    const run = await addRun({
      kind: 'semester',
      yearId: y91.id,
      semesterId: hk2.id,
      status: 'submitted',
      blockers: [blocker(['declaration']), blocker(['coefficients']), blocker(['declaration', 'coefficients'])],
      lines: [{ teacher: t1, dept: deptA, counted: 200, norm: 170, amount: 9_000_000, monthly: [['2091-09-01', 12, 10_000_000]] }],
    });
    const o = await overview();
    expect(o.currentRun).toMatchObject({ id: run.id, status: 'submitted', teachers: 1, amount: 9_000_000, blockers: 3 });
    expect(o.blockers).toMatchObject({ declarationsNotLocked: 2, coefficientsMissing: 2 });
    expect(o.blockers.items).toHaveLength(3);
    expect(o.waitingApproval.map((r) => r.id)).toContain(run.id);
    expect(o.waitingApproval.map((r) => r.id)).not.toContain(yearRun.id);
  });

  it('counts teachers without coefficients in force today', async () => {
    const db = t.database.db;
    const before = (await overview()).teachersWithoutCoefficients;
    const [extra] = await addTeachers(db, [{ fullName: `Vũ Em ${tag}` }]);
    expect((await overview()).teachersWithoutCoefficients).toBe(before + 1);
    const coefficient = { teacherId: extra.id, rank: 'II', step: 3, coefficient: '4.68', preferentialPercent: '30' };
    // Effective only from next year: none in force today yet.
    const next = `${Number(isoDateInSchool().slice(0, 4)) + 1}-01-01`;
    await db.insert(teacherCoefficients).values({ ...coefficient, effectiveFrom: next });
    expect((await overview()).teachersWithoutCoefficients).toBe(before + 1);
    await db.insert(teacherCoefficients).values({ ...coefficient, effectiveFrom: isoDateInSchool() });
    expect((await overview()).teachersWithoutCoefficients).toBe(before);
  });
});

describe('the accountant’s dashboard figures', () => {
  it('shows the run at hand (its amount, state, link) and the teachers without coefficients, as the overview', async () => {
    const o = await overview();
    const stats = ((await call('GET', '/dashboard', 'ketoan')).body.data as TDashboard).stats;
    const stat = (label: string) => stats.find((s) => s.label === label);
    expect(stat('Đợt tính hiện tại')).toMatchObject({
      value: formatMoney(o.currentRun!.amount),
      hint: expect.stringContaining(PAY_RUN_STATUS_LABELS[o.currentRun!.status]),
      href: `/accountant/salary?run=${o.currentRun!.id}`,
    });
    expect(stat('Giáo viên chưa có hệ số')).toMatchObject({
      value: o.teachersWithoutCoefficients,
      href: '/accountant/coefficients?missing=1',
    });
  });
});
