/**
 * Survey-window peak (issue 4, "Speed"): 1,500 students each submit a 40-answer response to one
 * ACTIVE GENERAL survey, open-loop at a fixed rate (default 50/s, i.e. 30 s, well within the
 * issue's 5 minutes), over loopback HTTP to the real server started as a separate process — on the
 * embedded PGlite and on the PostgreSQL server. Printed: throughput, p50/p95/p99 latency, errors,
 * a database check (exactly N responses and N×40 details, re-submitting a sample answers
 * alreadySubmitted and stores nothing), and the same rows inserted by a bare SQL script as the
 * reference. Then the student form page's initial JavaScript (gzip) from a web build.
 * Target on PostgreSQL: p99 < 150 ms at 50/s, no error, no lost or duplicated response; the form
 * page's initial JavaScript < 200 KB gzip.
 *
 * Also printed: the CPU time the server process (and, on PostgreSQL, its database backends) spent
 * per submission during the load — what a submission costs, which a machine shared with other work
 * cannot blur the way it blurs latency.
 *
 * Capacity (`--capacity`, issue 11, "Speed"): closed loop on PostgreSQL, C concurrent students
 * (`--concurrency=16`) each submitting the next response as soon as the last one answered, through the
 * server started with WEB_CONCURRENCY=1 and then 2 (`--workers=1,2`), next to the same rows inserted by
 * bare SQL with the same concurrency in the same run. Printed: submissions/s, % of bare, p50/p99, the
 * database check. Target: ≥ 40% of bare with WEB_CONCURRENCY=2, p99 < 150 ms at 16 concurrent.
 *
 *   node --import tsx bench/submit.ts [--quick] [--rate=50] [--students=1500] [--db=both|pglite|postgres] [--no-web]
 *   node --import tsx bench/submit.ts --capacity [--concurrency=16] [--workers=1,2] [--students=3000]
 *     [--server-prof=DIR]  (the server runs with --cpu-prof, its profile written to DIR when it stops)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test (the server's admin database; ours is created and dropped)
 */
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Agent, fetch } from 'undici';
import { answersToSubmission } from '@app/shared/survey-answers';
import type { TSubmission, TSurvey } from '@app/shared/surveys';
import { fromPool, queryRows, type Database } from '../apps/server/src/db/client';
import { insertTestSurvey } from '../apps/server/src/test/surveys';
import { createSessionTokens } from '../apps/server/src/lib/tokens';
import { createRng } from '../apps/server/src/seed/demo-names';
import { ANSWERS, answersFor, checkCounts, prepare, surveyInput, type Fixture } from './submit-fixture';
import { childPids, startServer, stopServer } from './server';
import { fmt, ms, onFreshDatabase, percentile, printTable, procCpuMs, saveResults } from './support';
import { TARGET_WEB_KB, webInitialJs } from './web-size';

const argv = process.argv.slice(2);
const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const QUICK = argv.includes('--quick');
const STUDENTS = Number(arg('students') ?? (QUICK ? 300 : 1500));
const RATE = Number(arg('rate') ?? 50);
const DBS = (arg('db') ?? 'both') === 'both' ? ['pglite', 'postgres'] : [arg('db')!];
const WEB = !argv.includes('--no-web') && process.env.SKIP_WEB_BUILD !== '1';
const SERVER_PROF = arg('server-prof');
const CAPACITY = argv.includes('--capacity');
const CONCURRENCY = Number(arg('concurrency') ?? 16);
const WORKER_COUNTS = (arg('workers') ?? '1,2').split(',').map(Number);
const TARGET_SHARE_OF_BARE = 0.4;
const WARM_UP = 300;
const SAMPLE = Math.min(50, STUDENTS);
const TARGET_P99_MS = 150;
const TARGET_RATE = 50;
const SECRET = 'bench-submit-secret-0123456789-0123456789';

// ---------------------------------------------------------------- load

interface Sample {
  ms: number;
  status: number;
  already: boolean;
  error?: string;
}

async function submit(agent: Agent, base: string, surveyId: number, token: string, body: string): Promise<Sample> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/v1/surveys/${surveyId}/responses`, {
      method: 'POST',
      dispatcher: agent,
      body,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    const text = await res.text();
    const took = ms(t0);
    if (res.status !== 200) return { ms: took, status: res.status, already: false, error: text.slice(0, 300) };
    const json = JSON.parse(text) as { data: { alreadySubmitted: boolean; responseId: number } };
    return { ms: took, status: 200, already: json.data.alreadySubmitted };
  } catch (err) {
    return { ms: ms(t0), status: 0, already: false, error: String(err) };
  }
}

/**
 * CPU used since the call by the database's backends (PostgreSQL on this machine), ms; 0 for PGlite
 * (it runs in the server). Polled, so that a pooled connection closed during the load still counts
 * up to its last poll.
 */
async function backendsCpu(databaseUrl: string): Promise<() => Promise<number>> {
  if (!databaseUrl) return async () => 0;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const pids = async () =>
    (
      await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
    ).rows.map((r) => r.pid);
  const start = new Map((await pids()).map((p) => [p, procCpuMs([p])]));
  const last = new Map(start);
  const poll = async () => {
    for (const p of await pids()) {
      const ms = procCpuMs([p]);
      if (ms > 0 || !last.has(p)) last.set(p, ms);
    }
  };
  let polling = Promise.resolve();
  const timer = setInterval(() => void (polling = polling.then(poll).catch(() => {})), 250);
  return async () => {
    clearInterval(timer);
    await polling;
    await poll();
    await pool.end();
    return [...last].reduce((sum, [p, ms]) => sum + ms - (start.get(p) ?? 0), 0);
  };
}

async function runLoad(backend: string, fx: Fixture, base: string, serverPid: number, databaseUrl: string) {
  const tokens = createSessionTokens(new TextEncoder().encode(SECRET), '2h');
  const rng = createRng(40);
  const jobs = await Promise.all(
    fx.students.map(async (s) => {
      const submission: TSubmission = answersToSubmission(fx.survey, answersFor(fx.survey, rng), { studentId: s.studentId });
      return { token: await tokens.sign(s.userId), body: JSON.stringify(submission), studentId: s.studentId };
    }),
  );
  const agent = new Agent({ connections: 256, keepAliveTimeout: 30_000 });
  try {
    // Warm-up: a few reads by students (JIT, connection pool), none of them a submission.
    for (const j of jobs.slice(0, 20)) {
      const res = await fetch(`${base}/api/v1/surveys/students/${j.studentId}`, {
        dispatcher: agent,
        headers: { authorization: `Bearer ${j.token}` },
      });
      await res.text();
    }

    const loadBefore = loadavg()[0];
    const serverCpu0 = procCpuMs([serverPid]);
    const dbCpu = await backendsCpu(databaseUrl);
    const interval = 1000 / RATE;
    const samples: Sample[] = new Array(jobs.length);
    const pending: Array<Promise<void>> = [];
    let maxLag = 0;
    const t0 = performance.now();
    for (let i = 0; i < jobs.length; i++) {
      const due = t0 + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      maxLag = Math.max(maxLag, performance.now() - due);
      pending.push(submit(agent, base, fx.surveyId, jobs[i].token, jobs[i].body).then((s) => void (samples[i] = s)));
    }
    const sent = ms(t0);
    await Promise.all(pending);
    const wall = ms(t0);
    const serverCpuMs = procCpuMs([serverPid]) - serverCpu0;
    const dbCpuMs = await dbCpu();

    // Re-submit a sample: each must be told alreadySubmitted (the DB check afterwards shows no new rows).
    const resubmits: Sample[] = [];
    for (let i = 0; i < SAMPLE; i++) {
      const j = jobs[Math.floor((i * jobs.length) / SAMPLE)];
      resubmits.push(await submit(agent, base, fx.surveyId, j.token, j.body));
    }

    const lat = samples.map((s) => s.ms).sort((a, b) => a - b);
    const ok = samples.filter((s) => s.status === 200 && !s.already).length;
    const errors = samples.filter((s) => s.status !== 200);
    const firstAlready = samples.filter((s) => s.status === 200 && s.already).length;
    const resubmitOk = resubmits.filter((s) => s.status === 200 && s.already).length;
    if (errors.length) console.log(`  ${backend}: ${errors.length} errors, e.g. ${errors[0].status} ${errors[0].error}`);
    return {
      submissions: jobs.length,
      rate: RATE,
      sentInMs: sent,
      wallMs: wall,
      throughput: ok / (wall / 1000),
      maxScheduleLagMs: maxLag,
      p50: percentile(lat, 50),
      p95: percentile(lat, 95),
      p99: percentile(lat, 99),
      max: lat[lat.length - 1],
      ok,
      errors: errors.length,
      unexpectedAlreadySubmitted: firstAlready,
      loadAverage: [loadBefore, loadavg()[0]],
      serverCpuMsPerSubmission: serverCpuMs / jobs.length,
      dbCpuMsPerSubmission: dbCpuMs / jobs.length,
      resubmitted: SAMPLE,
      resubmitAlreadySubmitted: resubmitOk,
      resubmitP50: percentile(
        resubmits.map((s) => s.ms).sort((a, b) => a - b),
        50,
      ),
    };
  } finally {
    await agent.close();
  }
}

type BenchStudent = { id: number; grade: number; campus_id: number; homeroom_class_id: number | null };

/** The students the reference inserts for (the fixture's SB… codes), in id order. */
const benchStudents = (db: Database['db']) =>
  queryRows<BenchStudent>(db, sql`select id, grade, campus_id, homeroom_class_id from students where student_code like 'SB%' order by id`);

/** One response as bare SQL: the response row and its details, in one transaction (the reference every figure is set against). */
async function insertBare(
  db: Database['db'],
  s: TSurvey,
  questions: TSurvey['sections'][number]['questions'],
  st: BenchStudent,
  a: Record<number, unknown>,
) {
  await db.transaction(async (tx) => {
    const [r] = await queryRows<{ id: number }>(
      tx,
      sql`
      insert into survey_responses (survey_id, student_id, course_class_id, teacher_ids, student_grade, campus_id, homeroom_class_id, straight_lined)
      values (${s.id}, ${st.id}, null, '{}', ${st.grade}, ${st.campus_id}, ${st.homeroom_class_id}, false) returning id`,
    );
    const values = questions.map((q) => {
      const v = a[q.id];
      if (q.questionType === 'grid') {
        const col = q.gridGroup!.columns.find((c) => c.value === v)!;
        return sql`(${r.id}, ${q.id}, ${col.label}, null, ${col.id}, ${col.valueNumber})`;
      }
      if (q.questionType === 'linear_scale') return sql`(${r.id}, ${q.id}, ${String(v)}, null, null, ${Number(v)})`;
      if (q.questionType === 'multiple_choice') return sql`(${r.id}, ${q.id}, null, ${JSON.stringify([v])}::jsonb, null, null)`;
      return sql`(${r.id}, ${q.id}, ${String(v)}, null, null, null)`;
    });
    await tx.execute(sql`insert into response_details (response_id, question_id, answer_text, answer_options, grid_column_id, value_number)
      values ${sql.join(values, sql`, `)}`);
  });
}

async function bareSql(database: Database, fx: Fixture) {
  const db = database.db;
  const info = await benchStudents(db);
  const s = fx.refSurvey;
  const questions = s.sections.flatMap((x) => x.questions);
  const rng = createRng(41);
  const t0 = performance.now();
  for (const st of info) await insertBare(db, s, questions, st, answersFor(s, rng));
  const took = ms(t0);
  const rows = info.length * (1 + ANSWERS);
  const check = await checkCounts(db, s.id, info.length);
  return { ms: took, responses: info.length, rows, rowsPerSec: rows / (took / 1000), perResponseMs: took / info.length, ok: check.ok };
}

// ---------------------------------------------------------------- one backend

async function runBackend(backend: string) {
  return onFreshDatabase(backend, 'submit', async ({ dir, databaseUrl = '', open }) => {
    let t0 = performance.now();
    let database = await open();
    const fx = await prepare(database, STUDENTS);
    await database.close(); // PGlite is one process's: the server opens it next
    console.log(
      `  ${backend}: ${STUDENTS} students with accounts and a ${ANSWERS}-question GENERAL survey on a fresh database: ${fmt(ms(t0))} ms`,
    );

    t0 = performance.now();
    const { base, child } = await startServer({ DATA_DIR: dir, DATABASE_URL: databaseUrl }, { secret: SECRET, profileDir: SERVER_PROF });
    console.log(`  ${backend}: server up at ${base}: ${fmt(ms(t0))} ms; ${STUDENTS} submissions at ${RATE}/s…`);
    let load;
    try {
      load = await runLoad(backend, fx, base, child.pid!, databaseUrl);
    } finally {
      await stopServer(child);
    }

    database = await open();
    try {
      const check = await checkCounts(database.db, fx.surveyId, STUDENTS);
      const bare = await bareSql(database, fx);
      return { backend, load, check, bare };
    } finally {
      await database.close();
    }
  });
}

// ---------------------------------------------------------------- main

async function main() {
  console.log(
    `bench/submit: ${STUDENTS.toLocaleString('en')} students × one ${ANSWERS}-answer response, open loop at ${RATE}/s over loopback HTTP ` +
      `(${DBS.join(', ')}); target on PostgreSQL: p99 < ${TARGET_P99_MS} ms at ${TARGET_RATE}/s, no error, no lost or duplicated response`,
  );
  const results = [];
  for (const b of DBS) {
    const r = await runBackend(b);
    if (r) results.push(r);
  }
  if (results.length) {
    console.log();
    printTable(
      [
        'database',
        'sent',
        'ok',
        'errors',
        'subm/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'resubmit → already',
        'DB responses',
        'DB details',
        'DB check',
      ],
      results.map(({ backend, load: l, check: c }) => [
        backend,
        l.submissions,
        l.ok,
        l.errors + l.unexpectedAlreadySubmitted,
        l.throughput.toFixed(1),
        fmt(l.p50),
        fmt(l.p95),
        fmt(l.p99),
        fmt(l.max),
        `${l.resubmitAlreadySubmitted}/${l.resubmitted}`,
        c.responses,
        c.details,
        c.ok ? 'OK' : 'FAILED',
      ]),
    );
    console.log(
      "\nCPU per submission during the load (what it costs, whatever else the machine runs), and the machine's 1-minute load average",
    );
    printTable(
      ['database', 'server process ms', 'database backends ms', 'load average before → after (cores: ' + availableParallelism() + ')'],
      results.map(({ backend, load: l }) => [
        backend,
        l.serverCpuMsPerSubmission.toFixed(2),
        backend === 'postgres' ? l.dbCpuMsPerSubmission.toFixed(2) : '(in the server)',
        `${l.loadAverage[0].toFixed(2)} → ${l.loadAverage[1].toFixed(2)}`,
      ]),
    );
    console.log(
      '\nreference: the same rows by a bare SQL script (one client, one transaction per response: 1 response insert + one 40-row details insert)',
    );
    printTable(
      ['database', 'responses', 'rows', 'ms', 'rows/s', 'ms/response', 'check'],
      results.map(({ backend, bare: x }) => [
        backend,
        x.responses,
        x.rows,
        fmt(x.ms),
        x.rowsPerSec.toFixed(0),
        x.perResponseMs.toFixed(2),
        x.ok ? 'OK' : 'FAILED',
      ]),
    );
  }

  const verdicts: string[] = [];
  let failed = false;
  for (const { backend, load: l, check: c } of results) {
    const integrity = l.errors === 0 && l.unexpectedAlreadySubmitted === 0 && c.ok && l.resubmitAlreadySubmitted === l.resubmitted;
    if (!integrity) failed = true;
    if (backend === 'postgres') {
      const judged = RATE >= TARGET_RATE && STUDENTS >= 1500;
      const pass = integrity && l.p99 < TARGET_P99_MS;
      if (!pass && judged) failed = true;
      verdicts.push(
        `submit (postgres): ${pass ? 'PASS' : 'FAIL'}${judged ? '' : ' (not the target load: info only)'} — p99 ${fmt(l.p99)} ms (< ${TARGET_P99_MS}) at ${RATE}/s, ` +
          `${l.errors} errors, DB ${c.responses}/${STUDENTS} responses, ${c.details}/${STUDENTS * ANSWERS} details, resubmits ${l.resubmitAlreadySubmitted}/${l.resubmitted} alreadySubmitted`,
      );
    } else {
      verdicts.push(
        `submit (${backend}, info: the target is for PostgreSQL): p99 ${fmt(l.p99)} ms at ${RATE}/s; integrity ${integrity ? 'OK' : 'FAILED'} ` +
          `(${l.errors} errors, ${c.responses} responses, ${c.details} details, resubmits ${l.resubmitAlreadySubmitted}/${l.resubmitted})`,
      );
    }
  }

  let web: ReturnType<typeof webInitialJs> | null = null;
  if (WEB) {
    console.log('\nstudent form page (/student/surveys/form): initial JavaScript from a web build (vite build, gzip -6 per chunk)');
    web = webInitialJs();
    if ('error' in web) {
      failed = true;
      verdicts.push(`web: FAIL — ${web.error}`);
    } else {
      printTable(
        ['chunk', 'source', 'KB', 'gzip KB'],
        web.chunks.map((c) => [c.chunk, c.source, (c.bytes / 1024).toFixed(1), (c.gzip / 1024).toFixed(1)]),
      );
      verdicts.push(
        `web (/student/surveys/form initial JS): ${web.pass ? 'PASS' : 'FAIL'} — ${web.gzipKB.toFixed(1)} KB gzip (< ${TARGET_WEB_KB} KB), ` +
          `${web.rawKB.toFixed(0)} KB raw, ${web.chunks.length} chunks (entry + ${web.entryChunks - 1} static imports, then the shell and the page)` +
          (web.deferredKB !== null ? `; then, not waited for, the header's menus: ${web.deferredKB.toFixed(1)} KB gzip` : ''),
      );
      if (!web.pass) failed = true;
    }
  }
  console.log();
  for (const v of verdicts) console.log(v);
  saveResults('submit', {
    students: STUDENTS,
    rate: RATE,
    answers: ANSWERS,
    targetP99Ms: TARGET_P99_MS,
    targetWebKB: TARGET_WEB_KB,
    results,
    web,
  });
  if (failed) process.exitCode = 1;
}

// ---------------------------------------------------------------- capacity (closed loop)

/** Runs `one(0…n-1)` with `c` in flight at all times (each starts the next when it ends). */
async function closedLoop(n: number, c: number, one: (i: number) => Promise<Sample>) {
  const samples: Sample[] = new Array(n);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(c, n) }, async () => {
      for (let i = next++; i < n; i = next++) samples[i] = await one(i);
    }),
  );
  return { samples, wallMs: ms(t0) };
}

const summary = (samples: Sample[], wallMs: number) => {
  const lat = samples.map((s) => s.ms).sort((a, b) => a - b);
  const ok = samples.filter((s) => s.status === 200 && !s.already).length;
  return {
    n: samples.length,
    ok,
    errors: samples.length - ok,
    perSec: ok / (wallMs / 1000),
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
  };
};

/** The bare SQL reference with `c` clients at once: the same two inserts per response as bareSql, one transaction each. */
async function bareConcurrent(databaseUrl: string, s: TSurvey, c: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: c });
  pool.on('error', () => {}); // an idle client's loss is reported by the next query
  const database = fromPool(pool);
  const db = database.db;
  try {
    const info = await benchStudents(db);
    const questions = s.sections.flatMap((x) => x.questions);
    const rng = createRng(41);
    const answers = info.map(() => answersFor(s, rng));
    const { samples, wallMs } = await closedLoop(info.length, c, async (i) => {
      const st = info[i];
      const a = answers[i];
      const t0 = performance.now();
      await insertBare(db, s, questions, st, a);
      return { ms: ms(t0), status: 200, already: false };
    });
    const check = await checkCounts(db, s.id, info.length);
    return { ...summary(samples, wallMs), check };
  } finally {
    await database.close();
  }
}

async function runCapacity() {
  return onFreshDatabase('postgres', 'capacity', async ({ dir, databaseUrl = '', open }) => {
    let t0 = performance.now();
    const database = await open();
    const fx = await prepare(database, STUDENTS);
    const [mod] = await queryRows<{ id: number }>(database.db, sql`select id from modules where is_current`);
    // One survey per server run: the same students answer each once.
    const surveys = [fx.survey];
    for (let k = 1; k < WORKER_COUNTS.length; k++)
      surveys.push((await insertTestSurvey(database.db, surveyInput(mod.id, `Khảo sát cuối kỳ (bench ${k + 1})`))).survey);
    // Each server first takes WARM_UP submissions on a survey of its own (every worker compiles the path), not counted.
    const warmUps: TSurvey[] = [];
    for (const k of WORKER_COUNTS.keys())
      warmUps.push((await insertTestSurvey(database.db, surveyInput(mod.id, `Khởi động (bench ${k + 1})`))).survey);
    // The bare reference runs before and after the servers (the machine's load moves; their mean is the yardstick).
    const refAfter = (await insertTestSurvey(database.db, surveyInput(mod.id, 'Khảo sát tham chiếu 2 (bench, bare SQL)'))).survey;
    await database.close();
    console.log(
      `  postgres: ${STUDENTS} students, ${surveys.length} load surveys and the reference on a fresh database: ${fmt(ms(t0))} ms`,
    );
    console.log(`  bare SQL, ${CONCURRENCY} clients at a time…`);
    const bareBefore = await bareConcurrent(databaseUrl, fx.refSurvey, CONCURRENCY);

    const tokens = createSessionTokens(new TextEncoder().encode(SECRET), '2h');
    const signed = await Promise.all(fx.students.map(async (s) => ({ ...s, token: await tokens.sign(s.userId) })));
    const runs = [];
    for (const [k, workers] of WORKER_COUNTS.entries()) {
      const survey = surveys[k];
      const rng = createRng(40 + k);
      const bodies = signed.map((s) => JSON.stringify(answersToSubmission(survey, answersFor(survey, rng), { studentId: s.studentId })));
      t0 = performance.now();
      const { base, child } = await startServer(
        { DATA_DIR: dir, DATABASE_URL: databaseUrl },
        { secret: SECRET, profileDir: SERVER_PROF, extra: { WEB_CONCURRENCY: String(workers) } },
      );
      console.log(`  server with WEB_CONCURRENCY=${workers} up: ${fmt(ms(t0))} ms; ${STUDENTS} submissions, ${CONCURRENCY} at a time…`);
      const agent = new Agent({ connections: 256, keepAliveTimeout: 30_000 });
      try {
        // Warm-up: students' reads and submissions on every worker (JIT, pools), on a survey not measured.
        await closedLoop(200, CONCURRENCY, async (i) => {
          const s = signed[i % signed.length];
          const t = performance.now();
          const res = await fetch(`${base}/api/v1/surveys/students/${s.studentId}`, {
            dispatcher: agent,
            headers: { authorization: `Bearer ${s.token}` },
          });
          await res.text();
          return { ms: ms(t), status: res.status, already: false };
        });
        const warm = warmUps[k];
        const warmed = await closedLoop(Math.min(WARM_UP, signed.length), CONCURRENCY, (i) =>
          submit(
            agent,
            base,
            warm.id,
            signed[i].token,
            JSON.stringify(answersToSubmission(warm, answersFor(warm, rng), { studentId: signed[i].studentId })),
          ),
        );
        if (warmed.samples.some((x) => x.status !== 200)) throw new Error('a warm-up submission failed');
        const pids = [child.pid!, ...childPids(child.pid!)];
        const cpu0 = procCpuMs(pids);
        const dbCpu = await backendsCpu(databaseUrl);
        const { samples, wallMs } = await closedLoop(signed.length, CONCURRENCY, (i) =>
          submit(agent, base, survey.id, signed[i].token, bodies[i]),
        );
        const serverCpuMs = procCpuMs(pids) - cpu0;
        const dbCpuMs = await dbCpu();
        const errors = samples.filter((x) => x.status !== 200);
        if (errors.length) console.log(`  ${errors.length} errors, e.g. ${errors[0].status} ${errors[0].error}`);
        runs.push({
          workers,
          ...summary(samples, wallMs),
          serverCpuMs: serverCpuMs / STUDENTS,
          dbCpuMs: dbCpuMs / STUDENTS,
          survey: survey.id,
        });
      } finally {
        await agent.close();
        await stopServer(child);
      }
    }
    const check = await open();
    try {
      for (const r of runs) Object.assign(r, { check: await checkCounts(check.db, r.survey, STUDENTS) });
    } finally {
      await check.close();
    }
    console.log(`  bare SQL again, ${CONCURRENCY} clients at a time…`);
    const bareAfter = await bareConcurrent(databaseUrl, refAfter, CONCURRENCY);
    const bare = { ...bareAfter, perSec: (bareBefore.perSec + bareAfter.perSec) / 2, before: bareBefore.perSec, after: bareAfter.perSec };
    return { runs: runs as Array<(typeof runs)[number] & { check: Awaited<ReturnType<typeof checkCounts>> }>, bare };
  });
}

async function capacity() {
  console.log(
    `bench/submit --capacity: ${STUDENTS.toLocaleString('en')} students × one ${ANSWERS}-answer response, closed loop with ${CONCURRENCY} in flight, ` +
      `through the server (WEB_CONCURRENCY=${WORKER_COUNTS.join(', ')}) and by bare SQL, on PostgreSQL (${availableParallelism()} cores shared by both); ` +
      `target: ≥ ${TARGET_SHARE_OF_BARE * 100}% of bare with WEB_CONCURRENCY=2, p99 < ${TARGET_P99_MS} ms, nothing lost or duplicated`,
  );
  const load0 = loadavg()[0];
  const r = await runCapacity();
  if (!r) return;
  console.log(`\n1-minute load average: ${load0.toFixed(2)} before → ${loadavg()[0].toFixed(2)} after (${availableParallelism()} cores)`);
  console.log();
  printTable(
    ['path', 'in flight', 'sent', 'ok', 'subm/s', '% of bare', 'p50 ms', 'p99 ms', 'server CPU ms/subm', 'DB CPU ms/subm', 'DB check'],
    [
      ...r.runs.map((x) => [
        `server, WEB_CONCURRENCY=${x.workers}`,
        CONCURRENCY,
        x.n,
        x.ok,
        x.perSec.toFixed(0),
        `${((x.perSec / r.bare.perSec) * 100).toFixed(0)}%`,
        fmt(x.p50),
        fmt(x.p99),
        x.serverCpuMs.toFixed(2),
        x.dbCpuMs.toFixed(2),
        x.check.ok ? 'OK' : 'FAILED',
      ]),
      [
        `bare SQL (same rows; ${r.bare.before.toFixed(0)}/s before, ${r.bare.after.toFixed(0)}/s after)`,
        CONCURRENCY,
        r.bare.n,
        r.bare.ok,
        r.bare.perSec.toFixed(0),
        '100%',
        fmt(r.bare.p50),
        fmt(r.bare.p99),
        '',
        '',
        r.bare.check.ok ? 'OK' : 'FAILED',
      ],
    ],
  );
  const verdicts: string[] = [];
  let failed = false;
  for (const x of r.runs) {
    const share = x.perSec / r.bare.perSec;
    const integrity = x.errors === 0 && x.check.ok;
    const judged = x.workers === 2 && CONCURRENCY === 16;
    const pass = integrity && share >= TARGET_SHARE_OF_BARE && x.p99 < TARGET_P99_MS;
    if (!integrity || (judged && !pass)) failed = true;
    verdicts.push(
      `capacity (WEB_CONCURRENCY=${x.workers}): ${judged ? (pass ? 'PASS' : 'FAIL') : 'info'} — ${x.perSec.toFixed(0)} subm/s = ${(share * 100).toFixed(0)}% of bare ` +
        `(${r.bare.perSec.toFixed(0)}/s; target ≥ ${TARGET_SHARE_OF_BARE * 100}%), p99 ${fmt(x.p99)} ms (< ${TARGET_P99_MS}) at ${CONCURRENCY} in flight, ` +
        `${x.errors} errors, DB ${x.check.responses}/${STUDENTS} responses, ${x.check.details}/${STUDENTS * ANSWERS} details`,
    );
  }
  console.log();
  for (const v of verdicts) console.log(v);
  saveResults('submit-capacity', { students: STUDENTS, concurrency: CONCURRENCY, answers: ANSWERS, ...r });
  if (failed) process.exitCode = 1;
}

await (CAPACITY ? capacity() : main());
