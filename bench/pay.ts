/**
 * Teacher pay (issue 16, "Speed"): a pay run for 1,000 teachers with a year of declarations each — two
 * semesters' locked declarations (class lines, gifted coaching, substitutions, duties; totals by the
 * workload calculator) and their coefficients (a step's raise mid-year for one in ten) — then, through
 * the real app (`app.inject`, in process):
 *   - the computation: POST /pay/runs (a year run, created and computed, the detail read back), and
 *     POST /pay/runs/{id}/recompute (the same computation again, on the draft);
 *   - the export: GET /pay/runs/{id}/export (the payroll sheet XLSX).
 * The demo school is seeded first (settings, rule set, accounts); the bench's teachers and their year
 * (2027-2028, with its own two semesters and declaration periods) are written in bulk, so the run's
 * teachers are exactly the 1,000. Reference in the same run: plain selects of the rows each call reads
 * (the year's declarations with their lines and the coefficients; the run's lines). Target on
 * PostgreSQL: each < 2 s. Figures in bench/out/pay.json.
 *
 *   node --import tsx bench/pay.ts [--quick] [--db=postgres|pglite|both] [--teachers=1000]
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test (the server's admin database; ours is created and dropped)
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { scaleCoefficient, SALARY_SCALES, type TSalaryRank } from '@app/shared/pay-calc';
import { vietnameseNameSortKey } from '@app/shared/vietnamese';
import { TT05_2025_RULES } from '@app/shared/workload';
import { computeWorkload } from '@app/shared/workload-calc';
import { queryRows, type Database, type Db } from '../apps/server/src/db/client';
import { academicYears, semesters } from '../apps/server/src/db/schema/academic';
import { teacherCoefficients } from '../apps/server/src/db/schema/pay';
import { teachers } from '../apps/server/src/db/schema/school';
import { declarationHistory, declarationLines, declarationPeriods, declarations } from '../apps/server/src/db/schema/teaching';
import { searchText } from '../apps/server/src/lib/list';
import { bulkInsert } from '../apps/server/src/seed/bulk-insert';
import { createRng, vietnameseName } from '../apps/server/src/seed/demo-names';
import { demoEmail, seedDemo } from '../apps/server/src/seed/demo';
import { benchAppOn, fmt, ms, onFreshDatabase, printTable, saveResults, timeRuns, type Timing } from './support';

const argv = process.argv.slice(2);
const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const QUICK = argv.includes('--quick');
const TEACHERS = Number(arg('teachers') ?? 1000);
const DBS = (arg('db') ?? 'postgres') === 'both' ? ['pglite', 'postgres'] : [arg('db') ?? 'postgres'];
const TARGET_MS = 2000;
const YEAR = { name: '2027-2028', startDate: '2027-09-05', endDate: '2028-05-31' };
const SEMESTERS = [
  { name: 'HK1', startDate: '2027-09-05', endDate: '2028-01-16', weeks: 18 },
  { name: 'HK2', startDate: '2028-01-18', endDate: '2028-05-31', weeks: 17 },
];

/** The bench's year, 1,000 teachers with coefficients and two locked declarations each; answers the year's id and counts. */
async function prepare(database: Database) {
  const db: Db = database.db;
  await database.migrate();
  await seedDemo(db);
  const rng = createRng(16_000);
  const [year] = await bulkInsert(db, academicYears, [{ ...YEAR, isCurrent: false }], ['id']);
  const sems = await bulkInsert(
    db,
    semesters,
    SEMESTERS.map(({ weeks: _w, ...s }) => ({ ...s, academicYearId: year.id, isCurrent: false })),
    ['id'],
  );
  const periods = await bulkInsert(
    db,
    declarationPeriods,
    SEMESTERS.map((s, i) => ({
      semesterId: sems[i].id,
      weeks: s.weeks,
      opensAt: new Date(`${s.endDate}T07:00:00+07:00`),
      closesAt: new Date(`${s.endDate}T17:00:00+07:00`),
      reviewBy: null,
      holidays: [],
    })),
    ['id'],
  );
  const departments = await queryRows<{ id: number }>(db, sql`select id from departments order by id`);
  const [academic] = await queryRows<{ id: number }>(db, sql`select id from users where email = ${demoEmail('giaovu')}`);

  const people = Array.from({ length: TEACHERS }, (_, i) => {
    const fullName = vietnameseName(rng, rng.next() < 0.6 ? 'female' : 'male');
    const staffCode = `BP${String(i + 1).padStart(4, '0')}`;
    return {
      staffCode,
      fullName,
      email: `${staffCode.toLowerCase()}@bench.thptchuyen.edu.vn`,
      departmentId: departments[i % departments.length].id,
      searchText: searchText(staffCode, fullName),
      sortKey: vietnameseNameSortKey(fullName),
    };
  });
  const teacherIds = (await bulkInsert(db, teachers, people, ['id'])).map((r) => r.id);

  // Coefficients from 01/07/2024 (ranks 15/55/30%), and a step's raise from 01/01/2028 for one teacher in ten.
  const coefficientRows = teacherIds.flatMap((teacherId, i) => {
    const rank: TSalaryRank = i % 20 < 3 ? 'I' : i % 20 < 14 ? 'II' : 'III';
    const step = 1 + rng.int(0, SALARY_SCALES[rank].length - 2);
    const base = {
      teacherId,
      rank,
      leadershipCoefficient: i % 25 === 0 ? '0.2' : '0',
      preferentialPercent: i % 4 === 0 ? '30' : '70',
      seniorityPercent: null,
      serviceStartDate: `${2000 + (i % 24)}-09-01`,
      otherCoefficient: '0',
    };
    const first = { ...base, effectiveFrom: '2024-07-01', step, coefficient: scaleCoefficient(rank, step)! };
    return i % 10 === 0
      ? [first, { ...base, effectiveFrom: '2028-01-01', step: step + 1, coefficient: scaleCoefficient(rank, step + 1)! }]
      : [first];
  });
  await bulkInsert(db, teacherCoefficients, coefficientRows);

  // Two locked declarations each: 14–21 periods a week over two or three classes, coaching for some, a duty for some.
  const plans = teacherIds.flatMap((teacherId, i) =>
    SEMESTERS.map((s, k) => {
      const perWeek = 14 + rng.int(0, 7);
      const split = [Math.ceil(perWeek / 2), Math.floor(perWeek / 2)];
      const lines = [
        ...split.map((n, j) => ({
          kind: 'class',
          label: `Lớp ${10 + j} — ${n} tiết/tuần × ${s.weeks} tuần`,
          periods: n * s.weeks,
          activityCode: null,
          dutyCode: null,
        })),
        ...(i % 3 === 0
          ? [{ kind: 'activity', label: 'Bồi dưỡng học sinh giỏi', periods: 10 + rng.int(0, 20), activityCode: 'GIFTED', dutyCode: null }]
          : []),
        ...(i % 7 === 0 ? [{ kind: 'substitution', label: 'Dạy thay', periods: 2, activityCode: null, dutyCode: null }] : []),
        ...(i % 5 === 0 ? [{ kind: 'duty', label: 'Chủ nhiệm lớp', periods: 0, activityCode: null, dutyCode: 'HOMEROOM' }] : []),
      ];
      const r = computeWorkload({
        rules: TT05_2025_RULES,
        position: 'TEACHER',
        weeks: s.weeks,
        lines: lines
          .filter((l) => l.kind !== 'duty')
          .map((l) => ({
            kind: l.kind as 'class',
            label: l.label,
            periods: l.periods,
            ...(l.activityCode ? { activityCode: l.activityCode } : {}),
          })),
        duties: lines.filter((l) => l.kind === 'duty').map((l) => ({ code: l.dutyCode!, label: l.label })),
      });
      return {
        teacherId,
        departmentId: people[i].departmentId,
        periodId: periods[k].id,
        lines,
        totals: { counted: r.counted, normBase: r.normBase, overtime: r.overtime },
      };
    }),
  );
  const locked = new Date(`${YEAR.endDate}T09:00:00+07:00`);
  const declIds = await bulkInsert(
    db,
    declarations,
    plans.map((p) => ({
      periodId: p.periodId,
      teacherId: p.teacherId,
      status: 'locked',
      version: 5,
      totals: p.totals,
      lockedAt: locked,
      lockedBy: academic.id,
    })),
    ['id'],
  );
  const lineRows = plans.flatMap((p, i) =>
    p.lines.map((l, sort) => ({
      declarationId: declIds[i].id,
      ...l,
      periods: String(l.periods),
      source: l.kind === 'duty' ? 'duty' : 'manual',
      sort,
    })),
  );
  await bulkInsert(db, declarationLines, lineRows);
  await bulkInsert(
    db,
    declarationHistory,
    plans.map((p, i) => ({
      declarationId: declIds[i].id,
      teacherId: p.teacherId,
      departmentId: p.departmentId,
      periodId: p.periodId,
      actorId: academic.id,
      action: 'lock',
      fromStatus: 'confirmed',
      toStatus: 'locked',
      at: locked,
    })),
  );
  await db.execute(sql`analyze`);
  return {
    yearId: year.id,
    periodIds: periods.map((p) => p.id),
    counts: { teachers: teacherIds.length, coefficients: coefficientRows.length, declarations: declIds.length, lines: lineRows.length },
  };
}

/** The school's total amount read back from the XLSX (column "Thành tiền" of "TỔNG CỘNG TOÀN TRƯỜNG"): the sheet is whole. */
async function sheetTotal(body: Buffer): Promise<number | null> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  let total: number | null = null;
  wb.worksheets[0].eachRow((row) => {
    if (row.getCell(2).value === 'TỔNG CỘNG TOÀN TRƯỜNG') total = Number(row.getCell(10).value);
  });
  return total;
}

function runBackend(backend: string) {
  return onFreshDatabase(backend, 'pay', async (scratch) => {
    const database = await scratch.open();
    try {
      let t0 = performance.now();
      const fx = await prepare(database);
      const db = database.db;
      console.log(
        `  ${backend}: ${fx.counts.teachers} teachers, ${fx.counts.coefficients} coefficient versions, ${fx.counts.declarations} locked declarations, ` +
          `${fx.counts.lines} lines written (demo school seeded first) in ${fmt(ms(t0) / 1000)} s`,
      );
      const { app, close } = await benchAppOn(database, scratch);
      try {
        const login = await app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: demoEmail('ketoan') } });
        if (login.statusCode !== 200) throw new Error(`dev-login ketoan: ${login.statusCode} ${login.body}`);
        const headers = { authorization: `Bearer ${login.json().data.token}` };
        const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
          const res = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
          if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          return res;
        };
        // The computation: the run created once (the year has one run), then recomputed on the draft.
        t0 = performance.now();
        const created = (await call('POST', '/pay/runs', { kind: 'year', academicYearId: fx.yearId })).json().data;
        const createMs = ms(t0);
        if (created.teachers !== TEACHERS || created.blockers !== 0)
          throw new Error(`the run has ${created.teachers} teachers and ${created.blockers} blockers, not ${TEACHERS} and 0`);
        let version: number = created.version;
        const runs = QUICK ? 2 : 5;
        const recompute = await timeRuns(
          async () => {
            version = (await call('POST', `/pay/runs/${created.id}/recompute`, { version })).json().data.version;
          },
          runs,
          1,
        );
        // The export of the payroll sheet.
        let body: Buffer = Buffer.alloc(0);
        const exported = await timeRuns(
          async () => {
            body = (await call('GET', `/pay/runs/${created.id}/export`)).rawPayload;
          },
          runs,
          1,
        );
        const total = await sheetTotal(body);
        if (total !== created.amount) throw new Error(`the sheet's school total ${total} is not the run's amount ${created.amount}`);
        // Reference: plain selects of what each call reads, in the same run.
        const ids = `{${fx.periodIds.join(',')}}`;
        const readInputs = await timeRuns(
          async () => {
            await queryRows(
              db,
              sql`select d.*, l.* from declarations d join declaration_lines l on l.declaration_id = d.id where d.period_id = any(${ids}::int[])`,
            );
            await queryRows(db, sql`select * from teacher_coefficients`);
          },
          runs,
          1,
        );
        const readLines = await timeRuns(
          async () => void (await queryRows(db, sql`select * from pay_run_lines where run_id = ${created.id}`)),
          runs,
          1,
        );
        return {
          backend,
          counts: fx.counts,
          run: { id: created.id, teachers: created.teachers, amount: created.amount, overtimePaid: created.overtimePaid },
          createMs,
          recompute,
          exported,
          exportBytes: body.length,
          sheetTotal: total,
          reference: { readInputs, readLines },
        };
      } finally {
        await close();
      }
    } finally {
      await database.close();
    }
  });
}

async function main() {
  console.log(
    `bench/pay: a year pay run for ${TEACHERS.toLocaleString('en')} teachers with two locked declarations each (${DBS.join(', ')}); ` +
      `target on PostgreSQL: computation and XLSX export each < ${TARGET_MS} ms`,
  );
  const results = [];
  for (const b of DBS) {
    const r = await runBackend(b);
    if (r) results.push(r);
  }
  if (!results.length) return;
  console.log('');
  const p = (t: Timing) => `${fmt(t.median)} / ${fmt(t.max)}`;
  printTable(
    [
      'backend',
      'create run (ms)',
      'recompute p50/max (ms)',
      'export p50/max (ms)',
      'ref: select inputs p50 (ms)',
      'ref: select lines p50 (ms)',
      'XLSX (KB)',
    ],
    results.map((r) => [
      r.backend,
      fmt(r.createMs),
      p(r.recompute),
      p(r.exported),
      fmt(r.reference.readInputs.median),
      fmt(r.reference.readLines.median),
      fmt(r.exportBytes / 1024),
    ]),
  );
  const verdicts = results.map((r) => ({
    backend: r.backend,
    computePass: r.createMs < TARGET_MS && r.recompute.median < TARGET_MS,
    exportPass: r.exported.median < TARGET_MS,
  }));
  for (const r of results)
    console.log(
      `  ${r.backend}: ${r.run.teachers} lines, ${r.run.amount.toLocaleString('en')} đ in all, the sheet's school total the same`,
    );
  for (const v of verdicts)
    console.log(
      `  ${v.backend}: computation < ${TARGET_MS} ms ${v.computePass ? 'PASS' : 'FAIL'}; export < ${TARGET_MS} ms ${v.exportPass ? 'PASS' : 'FAIL'}${v.backend === 'pglite' ? ' (targets are for PostgreSQL)' : ''}`,
    );
  saveResults('pay', { teachers: TEACHERS, targetMs: TARGET_MS, results, verdicts });
  const pg = verdicts.find((v) => v.backend === 'postgres');
  if (pg && !(pg.computePass && pg.exportPass)) process.exit(1);
}

// Run as a script (not when imported for profiling).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
