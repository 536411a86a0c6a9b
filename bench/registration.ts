/**
 * Course-registration rush (issue 14, "Speed"): 1,500 students of one grade, 60 offered classes of
 * 25–40 seats, each student registering 4 classes in random order and then one swap (from a class
 * they hold a seat in to another random class), one HTTP request each with a fresh requestId (undici's
 * `request`: the load generator shares the cores, so it is the lightest client), closed loop with 32
 * students in flight at the opening moment of the round, on PostgreSQL through the real server
 * (apps/server/src/main.ts, WEB_CONCURRENCY=2; `--workers=1,2` for both), after a warm-up of the
 * same mix on a round of their own (every student's 4 registrations and swap, not counted: the swap's
 * path, its promotions included, was still being compiled during the rush after a warm-up of
 * registrations only; perf showed 8% of the machine's CPU in V8's optimizing compiler then); then,
 * for scale, the server's floor (signed-in requests that do nothing else, GET /auth/verify). Printed:
 * requests/s, p50/p95/p99, the server's and PostgreSQL's CPU time a request (/proc: the rush is
 * bound by the 2 cores they share, so a millisecond saved on either side is throughput), seats oversold, duplicate registrations, lost requests, waitlist order
 * violations (all four must be 0), the database against the answers; and the same seat-taking
 * transactions (the conditional UPDATE on registration_offers + the INSERT into registrations, one
 * transaction each) by bare SQL with the same concurrency on a pg Pool in the same run, before and
 * after the server runs (their mean is the yardstick), each on a fresh copy of the round's offers.
 * Target: p99 < 200 ms and ≥ 40% of the bare-SQL rate with WEB_CONCURRENCY=2.
 *
 *   node --import tsx bench/registration.ts [--quick] [--students=1500] [--classes=60] [--concurrency=32] [--workers=2]
 *   (--quick: 300 students and 12 classes, the same seats per student as the full run)
 *     [--server-prof=DIR]  (the server runs with --cpu-prof, its profiles written to DIR when it stops)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test (the server's admin database; ours is created and dropped)
 *   BENCH_KEEP_DB=1 (ours is kept for a look afterwards: EXPLAIN or pgbench of the rush's statements on its data)
 *
 * freePort/startServer/stopServer/childPids are copied from bench/submit.ts (local there; that file
 * runs its benchmark when imported).
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Agent, fetch, request } from 'undici';
import type { TRoundInput } from '@app/shared/registration';
import { fromPool, queryRows, type Database, type Db } from '../apps/server/src/db/client';
import { courseClasses } from '../apps/server/src/db/schema/school';
import { createSessionTokens } from '../apps/server/src/lib/tokens';
import { bulkInsert } from '../apps/server/src/seed/bulk-insert';
import { demoEmail, seedDemo } from '../apps/server/src/seed/demo';
import { createRng } from '../apps/server/src/seed/demo-names';
import { childPids, startServer, stopServer } from './server';
import { fmt, insertBenchStudents, ms, onFreshDatabase, percentile, postgresCpu, printTable, procCpuMs, saveResults } from './support';

const argv = process.argv.slice(2);
const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const QUICK = argv.includes('--quick');
const STUDENTS = Number(arg('students') ?? (QUICK ? 300 : 1500));
const CONCURRENCY = Number(arg('concurrency') ?? 32);
const WORKER_COUNTS = (arg('workers') ?? '2').split(',').map(Number);
const PER_STUDENT = 4;
/** Quick: as many classes per student as the full run (12 for 300), so classes still fill and waitlists form. */
const CLASSES = Number(arg('classes') ?? (QUICK ? Math.max(PER_STUDENT + 2, Math.round((60 * STUDENTS) / 1500)) : 60));
const GRADE = 12;
/** Warm-up students (each one's registrations and swap), not counted, on a round of their own: enough for both workers' JIT to settle on the paths. */
const WARM_UP = 1500;
/** Signed-in requests that do nothing else (GET /auth/verify), after the rush: the server's floor, printed for scale. */
const FLOOR_REQUESTS = 3000;
const TARGET_P99_MS = 200;
const TARGET_SHARE_OF_BARE = 0.4;
const SERVER_PROF = arg('server-prof');
const SECRET = 'bench-registration-secret-0123456789-0123456789';

// ---------------------------------------------------------------- fixture

interface Fixture {
  moduleId: number;
  adminUserId: number;
  students: Array<{ studentId: number; userId: number }>;
  classes: Array<{ id: number; capacity: number }>;
}

/**
 * Migrated and seeded (the demo school), `count` students of grade 12 with STUDENT accounts (spread
 * over the grade's homeroom classes), and 60 course classes of grade 12 in the current module with
 * 25–40 seats each (seeded PRNG).
 */
async function prepare(database: Database, count: number): Promise<Fixture> {
  const db = database.db;
  await database.migrate();
  await seedDemo(db);
  const students = await insertBenchStudents(db, { count, prefix: 'RB', seed: 1_400 });
  // insertBenchStudents spreads them over every grade: move them all to grade 12's homeroom classes.
  await db.execute(sql`
    with h as (
      select h.id, h.campus_id, (row_number() over (order by h.id) - 1)::int as k, (count(*) over ())::int as n
      from homeroom_classes h join academic_years y on y.id = h.academic_year_id where y.is_current and h.grade = ${GRADE})
    update students s set grade = ${GRADE}, homeroom_class_id = h.id, campus_id = h.campus_id
    from h where s.student_code like 'RB%' and s.id % h.n = h.k`);
  const [mod] = await queryRows<{ id: number }>(db, sql`select id from modules where is_current`);
  const subjects = await queryRows<{ id: number; name: string }>(db, sql`select id, name from subjects order by id limit 12`);
  const [campus] = await queryRows<{ id: number }>(db, sql`select id from campuses order by id limit 1`);
  const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where email = ${demoEmail('quantri')}`);
  const rng = createRng(14);
  const classes = await bulkInsert(
    db,
    courseClasses,
    Array.from({ length: CLASSES }, (_, i) => {
      const subject = subjects[i % subjects.length];
      return {
        code: `RB${GRADE}-${String(i + 1).padStart(2, '0')}`,
        name: `${subject.name} chuyên đề ${Math.floor(i / subjects.length) + 1} – khối ${GRADE}`,
        subjectId: subject.id,
        moduleId: mod.id,
        campusId: campus.id,
        grade: GRADE,
        capacity: rng.int(25, 40),
      };
    }),
    ['id', 'capacity'],
  );
  await db.execute(sql`analyze`);
  return { moduleId: mod.id, adminUserId: admin.id, students, classes };
}

const roundInput = (fx: Fixture, name: string): TRoundInput => ({
  moduleId: fx.moduleId,
  name,
  opensAt: new Date().toISOString(),
  closesAt: new Date(Date.now() + 86_400_000).toISOString(),
  grades: [GRADE],
  maxClasses: 10,
  noClash: false,
  waitlist: true,
  groups: [],
  offers: fx.classes.map((c) => ({ courseClassId: c.id, capacity: null, compulsory: false, groupKey: null })),
});

/**
 * A round straight into the tables with the same settings and offers (nothing taken): the warm-up's,
 * a second server run's (the API refuses a second round of the grade open at the same time), the bare
 * reference's. `open`: opened now for a day; else a year from now (never swept closed, never open).
 */
async function copyRound(db: Db, fx: Fixture, name: string, open: boolean): Promise<number> {
  const from = open ? Date.now() : Date.now() + 365 * 86_400_000;
  const [round] = await queryRows<{ id: number }>(
    db,
    sql`insert into registration_rounds (module_id, name, opens_at, closes_at, grades, max_classes, no_clash, waitlist)
        values (${fx.moduleId}, ${name}, ${new Date(from).toISOString()}, ${new Date(from + 86_400_000).toISOString()},
                ${`{${GRADE}}`}::int[], 10, false, true)
        returning id`,
  );
  await db.execute(sql`insert into registration_offers (round_id, course_class_id, capacity, compulsory, group_id)
    select ${round.id}, c.id, c.capacity, false, null from course_classes c where c.code like ${`RB${GRADE}-%`}`);
  return round.id;
}

// ---------------------------------------------------------------- load

interface Plan {
  studentId: number;
  userId: number;
  /** The 4 classes, in the order asked for. */
  picks: number[];
  /** The swap's target: a class not among the picks. */
  swapTo: number;
  /** Which held class the swap leaves (an index into those held, mod their count). */
  swapFromDraw: number;
}

/** Each student's script, from a seeded PRNG (the same for every run and the bare reference). */
function plans(fx: Fixture): Plan[] {
  const rng = createRng(1_414);
  const ids = fx.classes.map((c) => c.id);
  return fx.students.map((s) => {
    const shuffled = rng.shuffle(ids);
    return {
      ...s,
      picks: shuffled.slice(0, PER_STUDENT),
      swapTo: shuffled[PER_STUDENT + rng.int(0, ids.length - PER_STUDENT - 1)],
      swapFromDraw: rng.int(0, 1000),
    };
  });
}

type Outcome = 'registered' | 'waitlisted' | 'swapped' | 'dropped';

interface Sample {
  kind: 'register' | 'swap';
  ms: number;
  /** 0: no HTTP answer. */
  status: number;
  outcome?: Outcome;
  /** The refusal's message, or the error. */
  message?: string;
  studentId: number;
  courseClassId: number;
  fromCourseClassId?: number;
}

async function post(agent: Agent, url: string, token: string, body: object): Promise<Omit<Sample, 'kind' | 'studentId' | 'courseClassId'>> {
  const t0 = performance.now();
  try {
    const res = await request(url, {
      method: 'POST',
      dispatcher: agent,
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    const text = await res.body.text();
    const took = ms(t0);
    if (res.statusCode !== 200) {
      let message = text.slice(0, 200);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        /* not JSON */
      }
      return { ms: took, status: res.statusCode, message };
    }
    return { ms: took, status: 200, outcome: (JSON.parse(text) as { data: { outcome: Outcome } }).data.outcome };
  } catch (err) {
    return { ms: ms(t0), status: 0, message: String(err) };
  }
}

/** One student's script: 4 registrations in order, then a swap from a class they hold a seat in (none held: no swap). */
async function script(agent: Agent, base: string, roundId: number, p: Plan & { token: string }): Promise<Sample[]> {
  const out: Sample[] = [];
  const url = (action: string) => `${base}/api/v1/registration/me/rounds/${roundId}/${action}`;
  for (const courseClassId of p.picks) {
    const r = await post(agent, url('register'), p.token, { courseClassId, requestId: randomUUID() });
    out.push({ kind: 'register', studentId: p.studentId, courseClassId, ...r });
  }
  const held = out.filter((s) => s.outcome === 'registered').map((s) => s.courseClassId);
  if (held.length) {
    const from = held[p.swapFromDraw % held.length];
    const r = await post(agent, url('swap'), p.token, { fromCourseClassId: from, toCourseClassId: p.swapTo, requestId: randomUUID() });
    out.push({ kind: 'swap', studentId: p.studentId, courseClassId: p.swapTo, fromCourseClassId: from, ...r });
  }
  return out;
}

/** Runs `one(0…n-1)` with `c` in flight at all times (each starts the next when it ends). */
async function closedLoop<T>(n: number, c: number, one: (i: number) => Promise<T>) {
  const results: T[] = new Array(n);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(c, n) }, async () => {
      for (let i = next++; i < n; i = next++) results[i] = await one(i);
    }),
  );
  return { results, wallMs: ms(t0) };
}

const latencies = (xs: number[]) => {
  const lat = [...xs].sort((a, b) => a - b);
  return { p50: percentile(lat, 50), p95: percentile(lat, 95), p99: percentile(lat, 99), max: lat[lat.length - 1] };
};

// ---------------------------------------------------------------- checks

interface Check {
  registered: number;
  waitlisted: number;
  /** Offers with taken > capacity or taken ≠ their registered rows. */
  oversold: number;
  /** Rows sharing (round, student, class). */
  duplicates: number;
  /** Classes with someone waiting while a seat is free. */
  waitingWithFreeSeat: number;
  /** Waiting rows older (smaller id) than a registered row of the same class: a later arrival got the seat first. */
  overtaken: number;
  /** Classes full / with a waitlist. */
  fullClasses: number;
  classesWithWaitlist: number;
}

async function checkRound(db: Db, roundId: number): Promise<Check> {
  const [c] = await queryRows<Check>(
    db,
    sql`
    with r as (select * from registrations where round_id = ${roundId}),
    per as (
      select o.course_class_id, o.capacity, o.taken,
             (select count(*)::int from r where r.course_class_id = o.course_class_id and r.status = 'registered') as reg,
             (select count(*)::int from r where r.course_class_id = o.course_class_id and r.status = 'waitlisted') as wait
      from registration_offers o where o.round_id = ${roundId})
    select (select count(*)::int from r where status = 'registered') as registered,
           (select count(*)::int from r where status = 'waitlisted') as waitlisted,
           (select count(*)::int from per where taken > capacity or taken <> reg) as oversold,
           (select count(*)::int from (select 1 from r group by student_id, course_class_id having count(*) > 1) d) as duplicates,
           (select count(*)::int from per where wait > 0 and taken < capacity) as "waitingWithFreeSeat",
           (select count(*)::int from r w where w.status = 'waitlisted' and exists (
              select 1 from r g where g.course_class_id = w.course_class_id and g.status = 'registered' and g.id > w.id)) as overtaken,
           (select count(*)::int from per where taken >= capacity) as "fullClasses",
           (select count(*)::int from per where wait > 0) as "classesWithWaitlist"`,
  );
  return c;
}

/**
 * The database against the answers: each student's rows must be exactly the classes answered
 * registered or waitlisted, less a swap's class left plus its class taken; a class answered
 * registered (and not left) must still be registered. Answers the students whose rows differ.
 */
async function checkAnswers(db: Db, roundId: number, samples: Sample[]): Promise<number> {
  const expected = new Map<number, Map<number, 'registered' | 'any'>>();
  for (const s of samples) {
    const mine = expected.get(s.studentId) ?? new Map();
    expected.set(s.studentId, mine);
    if (s.outcome === 'registered') mine.set(s.courseClassId, 'registered');
    else if (s.outcome === 'waitlisted') mine.set(s.courseClassId, 'any');
    else if (s.outcome === 'swapped') {
      mine.delete(s.fromCourseClassId!);
      mine.set(s.courseClassId, 'registered');
    }
  }
  const rows = await queryRows<{ studentId: number; courseClassId: number; status: string }>(
    db,
    sql`select student_id as "studentId", course_class_id as "courseClassId", status from registrations where round_id = ${roundId}`,
  );
  const actual = new Map<number, Map<number, string>>();
  for (const r of rows) actual.set(r.studentId, (actual.get(r.studentId) ?? new Map()).set(r.courseClassId, r.status));
  let differ = 0;
  for (const id of new Set([...expected.keys(), ...actual.keys()])) {
    const e = expected.get(id) ?? new Map();
    const a = actual.get(id) ?? new Map();
    const same = e.size === a.size && [...e].every(([cls, st]) => a.has(cls) && (st === 'any' || a.get(cls) === st));
    if (!same) differ++;
  }
  return differ;
}

// ---------------------------------------------------------------- bare SQL reference

/**
 * The same seat-taking transactions by bare SQL with `c` clients at once on a pg Pool: for each
 * student, their 4 classes in the same order, each one transaction with the conditional UPDATE on
 * registration_offers (a free seat and nobody waiting, as the server's) and the INSERT into
 * registrations (registered, or waitlisted when no seat was taken).
 */
async function bareConcurrent(databaseUrl: string, roundId: number, list: Plan[], c: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: c });
  pool.on('error', () => {}); // an idle client's loss is reported by the next query
  const database = fromPool(pool);
  const db = database.db;
  try {
    const pgCpu = postgresCpu();
    const { results, wallMs } = await closedLoop(list.length, c, async (i) => {
      const p = list[i];
      const took: number[] = [];
      for (const courseClassId of p.picks) {
        const t0 = performance.now();
        await db.transaction(async (tx) => {
          const seat = await queryRows<{ taken: number }>(
            tx,
            sql`update registration_offers set taken = taken + 1
                where round_id = ${roundId} and course_class_id = ${courseClassId} and taken < capacity
                  and not exists (select 1 from registrations w where w.round_id = ${roundId}
                                    and w.course_class_id = ${courseClassId} and w.status = 'waitlisted')
                returning taken`,
          );
          await tx.execute(sql`insert into registrations (round_id, student_id, course_class_id, status)
            values (${roundId}, ${p.studentId}, ${courseClassId}, ${seat.length ? 'registered' : 'waitlisted'})`);
        });
        took.push(ms(t0));
      }
      return took;
    });
    const postgresCpuMs = pgCpu.stop();
    const n = results.reduce((sum, r) => sum + r.length, 0);
    return {
      n,
      wallMs,
      perSec: n / (wallMs / 1000),
      postgresCpuMsPerRequest: postgresCpuMs / n,
      ...latencies(results.flat()),
      check: await checkRound(db, roundId),
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- run

async function run() {
  return onFreshDatabase('postgres', 'registration', async ({ dir, databaseUrl = '', open }) => {
    let t0 = performance.now();
    const database = await open();
    let fx: Fixture;
    let refBefore: number, refAfter: number;
    try {
      fx = await prepare(database, STUDENTS);
      refBefore = await copyRound(database.db, fx, 'Đợt tham chiếu 1 (bench, bare SQL)', false);
      refAfter = await copyRound(database.db, fx, 'Đợt tham chiếu 2 (bench, bare SQL)', false);
    } finally {
      await database.close();
    }
    const seats = fx.classes.reduce((s, c) => s + c.capacity, 0);
    console.log(
      `  postgres: ${STUDENTS} students of grade ${GRADE}, ${CLASSES} classes (${seats} seats, ${Math.min(...fx.classes.map((c) => c.capacity))}–` +
        `${Math.max(...fx.classes.map((c) => c.capacity))} each) on a fresh database: ${fmt(ms(t0))} ms`,
    );
    const list = plans(fx);
    console.log(`  bare SQL, ${CONCURRENCY} clients at a time…`);
    const bareBefore = await bareConcurrent(databaseUrl, refBefore, list, CONCURRENCY);

    const tokens = createSessionTokens(new TextEncoder().encode(SECRET), '2h');
    const adminToken = await tokens.sign(fx.adminUserId);
    const signed = await Promise.all(list.map(async (p) => ({ ...p, token: await tokens.sign(p.userId) })));
    const runs = [];
    for (const [k, workers] of WORKER_COUNTS.entries()) {
      t0 = performance.now();
      const { base, child } = await startServer(
        { DATA_DIR: dir, DATABASE_URL: databaseUrl },
        { secret: SECRET, profileDir: SERVER_PROF, extra: { WEB_CONCURRENCY: String(workers) } },
      );
      console.log(`  server with WEB_CONCURRENCY=${workers} up: ${fmt(ms(t0))} ms`);
      const agent = new Agent({ connections: 256, keepAliveTimeout: 30_000 });
      try {
        // The round: by the administrator through the API the first time; then a copy (the API refuses
        // a second round of the grade open at the same time).
        let roundId = 0;
        if (k === 0) {
          const res = await fetch(`${base}/api/v1/registration/rounds`, {
            method: 'POST',
            dispatcher: agent,
            body: JSON.stringify(roundInput(fx, 'Đợt đăng ký chuyên đề khối 12 (bench)')),
            headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`creating the round: ${res.status} ${text.slice(0, 300)}`);
          roundId = (JSON.parse(text) as { data: { id: number } }).data.id;
        }
        let warmRound: number;
        const db = await open();
        try {
          if (k > 0) roundId = await copyRound(db.db, fx, `Đợt đăng ký chuyên đề khối 12 (bench, lần ${k + 1})`, true);
          warmRound = await copyRound(db.db, fx, `Đợt khởi động ${k + 1} (bench)`, true);
        } finally {
          await db.close();
        }
        // Warm-up, not counted: students' reads, then registrations on a round of its own (every worker compiles the path).
        await closedLoop(200, CONCURRENCY, async (i) => {
          const res = await fetch(`${base}/api/v1/registration/me`, {
            dispatcher: agent,
            headers: { authorization: `Bearer ${signed[i % signed.length].token}` },
          });
          await res.text();
          if (res.status !== 200) throw new Error(`warm-up read: ${res.status}`);
        });
        const warm = await closedLoop(Math.min(WARM_UP, signed.length), CONCURRENCY, (i) => script(agent, base, warmRound, signed[i]));
        // A swap to a class full meanwhile is refused (409), as in the rush; anything else is a fault.
        if (warm.results.flat().some((x) => x.status !== 200 && !(x.kind === 'swap' && x.status === 409)))
          throw new Error('a warm-up request failed');

        console.log(`  the rush: ${STUDENTS} students × ${PER_STUDENT} registrations + a swap, ${CONCURRENCY} students at a time…`);
        const pids = [child.pid!, ...childPids(child.pid!)];
        const cpu0 = procCpuMs(pids);
        const pgCpu = postgresCpu();
        const { results, wallMs } = await closedLoop(signed.length, CONCURRENCY, (i) => script(agent, base, roundId, signed[i]));
        const serverCpuMs = procCpuMs(pids) - cpu0;
        const postgresCpuMs = pgCpu.stop();
        const samples = results.flat();
        // The server's floor, for scale: as many signed-in requests that do nothing else (GET /auth/verify).
        const floorCpu0 = procCpuMs(pids);
        const floor = await closedLoop(FLOOR_REQUESTS, CONCURRENCY, async (i) => {
          const t1 = performance.now();
          const res = await request(`${base}/api/v1/auth/verify`, {
            dispatcher: agent,
            headers: { authorization: `Bearer ${signed[i % signed.length].token}` },
          });
          await res.body.text();
          if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode}`);
          return ms(t1);
        });
        runs.push({
          workers,
          roundId,
          wallMs,
          samples,
          serverCpuMs,
          postgresCpuMs,
          floor: {
            perSec: FLOOR_REQUESTS / (floor.wallMs / 1000),
            serverCpuMsPerRequest: (procCpuMs(pids) - floorCpu0) / FLOOR_REQUESTS,
            ...latencies(floor.results),
          },
        });
      } finally {
        await agent.close();
        await stopServer(child);
      }
    }
    const db = await open();
    const checked = [];
    try {
      for (const r of runs) {
        const check = await checkRound(db.db, r.roundId);
        const answersDiffer = await checkAnswers(db.db, r.roundId, r.samples);
        checked.push({ ...r, check, answersDiffer });
      }
    } finally {
      await db.close();
    }
    console.log(`  bare SQL again, ${CONCURRENCY} clients at a time…`);
    const bareAfter = await bareConcurrent(databaseUrl, refAfter, list, CONCURRENCY);
    const bare = {
      ...bareAfter,
      perSec: (bareBefore.perSec + bareAfter.perSec) / 2,
      postgresCpuMsPerRequest: (bareBefore.postgresCpuMsPerRequest + bareAfter.postgresCpuMsPerRequest) / 2,
      before: bareBefore,
      after: bareAfter,
    };
    return { seats, runs: checked, bare };
  });
}

function summarise(r: { workers: number; wallMs: number; samples: Sample[]; serverCpuMs: number; postgresCpuMs: number }) {
  const s = r.samples;
  const count = (f: (x: Sample) => boolean) => s.filter(f).length;
  const refusals = new Map<string, number>();
  for (const x of s)
    if (x.status >= 400 && x.status < 500) {
      // Class names vary; the kind of refusal is what matters.
      const key = `${x.kind} ${x.status} ${(x.message ?? '').replace(/(lớp) .+? chuyên đề \d+ – khối \d+/gi, '$1 …')}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    }
  return {
    workers: r.workers,
    requests: s.length,
    registers: count((x) => x.kind === 'register'),
    swaps: count((x) => x.kind === 'swap'),
    swapsSkipped: STUDENTS - count((x) => x.kind === 'swap'),
    registered: count((x) => x.outcome === 'registered'),
    waitlisted: count((x) => x.outcome === 'waitlisted'),
    swapped: count((x) => x.outcome === 'swapped'),
    refused: count((x) => x.status >= 400 && x.status < 500),
    refusals: Object.fromEntries([...refusals].sort((a, b) => b[1] - a[1])),
    lost: count((x) => x.status === 0 || x.status >= 500),
    perSec: s.length / (r.wallMs / 1000),
    registersPerSec: count((x) => x.kind === 'register') / (r.wallMs / 1000),
    wallMs: r.wallMs,
    ...latencies(s.map((x) => x.ms)),
    registerP99: latencies(s.filter((x) => x.kind === 'register').map((x) => x.ms)).p99,
    swapP99: latencies(s.filter((x) => x.kind === 'swap').map((x) => x.ms)).p99,
    serverCpuMsPerRequest: r.serverCpuMs / s.length,
    postgresCpuMsPerRequest: r.postgresCpuMs / s.length,
    firstLost: s.find((x) => x.status === 0 || x.status >= 500)?.message,
  };
}

async function main() {
  console.log(
    `bench/registration: the rush — ${STUDENTS.toLocaleString('en')} students of grade ${GRADE} × ${PER_STUDENT} registrations in random order + a swap, ` +
      `${CLASSES} classes of 25–40 seats, closed loop with ${CONCURRENCY} students in flight at the round's opening, through the server ` +
      `(WEB_CONCURRENCY=${WORKER_COUNTS.join(', ')}) and the same seat-taking transactions by bare SQL, on PostgreSQL (${availableParallelism()} cores shared by all); ` +
      `target: p99 < ${TARGET_P99_MS} ms and ≥ ${TARGET_SHARE_OF_BARE * 100}% of bare with WEB_CONCURRENCY=2; nothing oversold, duplicated, lost or out of order`,
  );
  const load0 = loadavg()[0];
  const r = await run();
  if (!r) {
    process.exitCode = 1;
    return;
  }
  const runs = r.runs.map((x) => ({ ...summarise(x), check: x.check, answersDiffer: x.answersDiffer, roundId: x.roundId }));
  console.log(`\n1-minute load average: ${load0.toFixed(2)} before → ${loadavg()[0].toFixed(2)} after (${availableParallelism()} cores)`);
  console.log(`${r.seats} seats for ${STUDENTS * PER_STUDENT} registrations\n`);
  printTable(
    [
      'path',
      'in flight',
      'requests',
      'req/s',
      '% of bare',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'server CPU ms/req',
      'PostgreSQL CPU ms/req',
    ],
    [
      ...runs.map((x) => [
        `server, WEB_CONCURRENCY=${x.workers} (register + swap)`,
        CONCURRENCY,
        x.requests,
        x.perSec.toFixed(0),
        `${((x.perSec / r.bare.perSec) * 100).toFixed(0)}%`,
        fmt(x.p50),
        fmt(x.p95),
        fmt(x.p99),
        fmt(x.max),
        x.serverCpuMsPerRequest.toFixed(2),
        x.postgresCpuMsPerRequest.toFixed(2),
      ]),
      ...r.runs.map((x) => [
        `server's floor, WEB_CONCURRENCY=${x.workers}: GET /auth/verify (sign-in only)`,
        CONCURRENCY,
        FLOOR_REQUESTS,
        x.floor.perSec.toFixed(0),
        `${((x.floor.perSec / r.bare.perSec) * 100).toFixed(0)}%`,
        fmt(x.floor.p50),
        fmt(x.floor.p95),
        fmt(x.floor.p99),
        fmt(x.floor.max),
        x.floor.serverCpuMsPerRequest.toFixed(2),
        '',
      ]),
      [
        `bare SQL (register only; ${r.bare.before.perSec.toFixed(0)}/s before, ${r.bare.after.perSec.toFixed(0)}/s after)`,
        CONCURRENCY,
        r.bare.n,
        r.bare.perSec.toFixed(0),
        '100%',
        fmt(r.bare.p50),
        fmt(r.bare.p95),
        fmt(r.bare.p99),
        fmt(r.bare.max),
        '',
        r.bare.postgresCpuMsPerRequest.toFixed(2),
      ],
    ],
  );
  console.log('\noutcomes and the database check (by SQL after the load)');
  printTable(
    [
      'path',
      'registered',
      'waitlisted',
      'swapped',
      'refused',
      'no swap',
      'oversold',
      'duplicates',
      'lost',
      'order violations',
      'DB ≠ answers',
      'DB registered/waiting',
      'full/waitlisted classes',
    ],
    [
      ...runs.map((x) => [
        `server, WEB_CONCURRENCY=${x.workers}`,
        x.registered,
        x.waitlisted,
        x.swapped,
        x.refused,
        x.swapsSkipped,
        x.check.oversold,
        x.check.duplicates,
        x.lost,
        x.check.waitingWithFreeSeat + x.check.overtaken,
        x.answersDiffer,
        `${x.check.registered}/${x.check.waitlisted}`,
        `${x.check.fullClasses}/${x.check.classesWithWaitlist}`,
      ]),
      ...[r.bare.before, r.bare.after].map((b, i) => [
        `bare SQL (${i ? 'after' : 'before'})`,
        b.check.registered,
        b.check.waitlisted,
        '',
        '',
        '',
        b.check.oversold,
        b.check.duplicates,
        '',
        b.check.waitingWithFreeSeat + b.check.overtaken,
        '',
        `${b.check.registered}/${b.check.waitlisted}`,
        `${b.check.fullClasses}/${b.check.classesWithWaitlist}`,
      ]),
    ],
  );
  for (const x of runs) {
    console.log(`\nrefusals (WEB_CONCURRENCY=${x.workers}), by kind:`);
    for (const [k, n] of Object.entries(x.refusals)) console.log(`  ${n} × ${k}`);
    if (x.firstLost) console.log(`  first lost request: ${x.firstLost}`);
  }

  const verdicts: string[] = [];
  let failed = false;
  for (const x of runs) {
    const violations = x.check.waitingWithFreeSeat + x.check.overtaken;
    const integrity = x.check.oversold === 0 && x.check.duplicates === 0 && x.lost === 0 && violations === 0 && x.answersDiffer === 0;
    const share = x.perSec / r.bare.perSec;
    const judged = x.workers === 2 && CONCURRENCY === 32 && STUDENTS >= 1500;
    const pass = integrity && share >= TARGET_SHARE_OF_BARE && x.p99 < TARGET_P99_MS;
    if (!integrity || (judged && !pass)) failed = true;
    verdicts.push(
      `registration rush (WEB_CONCURRENCY=${x.workers}): ${judged ? (pass ? 'PASS' : 'FAIL') : `info (not the target load)${pass ? '' : ', target NOT MET'}`} — ` +
        `${x.perSec.toFixed(0)} req/s = ${(share * 100).toFixed(0)}% of bare (${r.bare.perSec.toFixed(0)}/s; target ≥ ${TARGET_SHARE_OF_BARE * 100}%), ` +
        `p50/p95/p99 ${fmt(x.p50)}/${fmt(x.p95)}/${fmt(x.p99)} ms (p99 < ${TARGET_P99_MS}) at ${CONCURRENCY} in flight; ` +
        `oversold ${x.check.oversold}, duplicates ${x.check.duplicates}, lost ${x.lost}, order violations ${violations} ` +
        `(${x.check.waitingWithFreeSeat} waiting with a free seat, ${x.check.overtaken} overtaken), DB ≠ answers ${x.answersDiffer}`,
    );
  }
  const bareBad = [r.bare.before, r.bare.after].some((b) => b.check.oversold !== 0 || b.check.duplicates !== 0);
  if (bareBad) {
    failed = true;
    verdicts.push('bare SQL reference: FAILED — its rounds oversold or duplicated');
  }
  console.log();
  for (const v of verdicts) console.log(v);
  saveResults('registration', {
    students: STUDENTS,
    classes: CLASSES,
    seats: r.seats,
    perStudent: PER_STUDENT,
    concurrency: CONCURRENCY,
    targetP99Ms: TARGET_P99_MS,
    targetShareOfBare: TARGET_SHARE_OF_BARE,
    runs,
    bare: {
      perSec: r.bare.perSec,
      before: { ...r.bare.before },
      after: { ...r.bare.after },
    },
  });
  if (failed) process.exitCode = 1;
}

await main();
