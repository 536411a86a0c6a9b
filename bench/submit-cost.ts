/**
 * Where one survey submission's time goes, measured without the noise of a loaded machine: the real
 * app built in-process on a fresh PostgreSQL database (or PGlite), submissions sent one at a time
 * through `app.inject`, and per submission: SQL round trips (every `pg` client query counted: BEGIN
 * and COMMIT too), the server's CPU time (process.cpuUsage), the PostgreSQL backends' CPU time
 * (/proc of this database's backends, when the server runs on this machine) and the wall time.
 * The same figures for the auth-only read that precedes every call (GET /surveys/students/{id}).
 *
 *   node --import tsx bench/submit-cost.ts [--db=postgres|pglite] [--n=300]
 *   node --import tsx bench/submit-cost.ts --profile=/tmp/submit.cpuprofile   (a CPU profile of the new submissions only)
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { answersToSubmission } from '@app/shared/survey-answers';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { queryRows } from '../apps/server/src/db/client';
import { createSessionTokens } from '../apps/server/src/lib/tokens';
import { createRng } from '../apps/server/src/seed/demo-names';
import { answersFor, checkCounts, prepare } from './submit-fixture';
import { fmt, onFreshDatabase, percentile, printTable, procCpuMs, saveResults, type Scratch } from './support';

const argv = process.argv.slice(2);
const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const BACKEND = arg('db') ?? 'postgres';
const N = Number(arg('n') ?? 300);
const PROFILE = arg('profile');
const WARMUP = 50;
const SECRET = 'bench-submit-cost-secret-0123456789-0123456789';

// Every statement a pg client sends (pool.query goes through Client#query too).
let queries = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

interface Cost {
  queries: number;
  cpuMs: number;
  wallMs: number;
}
const summary = (xs: Cost[], pgMs: number | null) => {
  const q = xs.map((x) => x.queries).sort((a, b) => a - b);
  const cpu = xs.map((x) => x.cpuMs).sort((a, b) => a - b);
  const wall = xs.map((x) => x.wallMs).sort((a, b) => a - b);
  const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
  return {
    n: xs.length,
    queriesMin: q[0],
    queriesMax: q[q.length - 1],
    cpuMeanMs: mean(cpu),
    cpuP50Ms: percentile(cpu, 50),
    cpuP95Ms: percentile(cpu, 95),
    wallP50Ms: percentile(wall, 50),
    wallP95Ms: percentile(wall, 95),
    pgCpuPerCallMs: pgMs === null ? null : pgMs / xs.length,
  };
};

async function main() {
  // No PostgreSQL server: nothing measured, and the run fails (PGlite is --db=pglite, by choice).
  if ((await onFreshDatabase(BACKEND, 'submit-cost', measureOn)) === null) process.exitCode = 1;
}

async function measureOn({ dir, databaseUrl, open }: Scratch) {
  const database = await open();
  try {
    const fx = await prepare(database, N + WARMUP);
    const config = loadConfig({
      NODE_ENV: 'development',
      AUTH_SECRET: SECRET,
      DATA_DIR: dir,
      WEB_DIST: join(tmpdir(), 'no-web-dist'),
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    // As bench/submit.ts runs the server: LOG_LEVEL=warn, so no per-request log lines.
    const app = await buildApp({ config, database, logger: { level: 'warn' } });
    await app.ready();
    const tokens = createSessionTokens(new TextEncoder().encode(SECRET), '2h');
    const rng = createRng(40);
    const jobs = await Promise.all(
      fx.students.map(async (s) => ({
        studentId: s.studentId,
        headers: { authorization: `Bearer ${await tokens.sign(s.userId)}`, 'content-type': 'application/json' },
        body: JSON.stringify(answersToSubmission(fx.survey, answersFor(fx.survey, rng), { studentId: s.studentId })),
      })),
    );
    const pids = async () =>
      databaseUrl
        ? (await queryRows<{ pid: number }>(database.db, sql`select pid from pg_stat_activity where datname = current_database()`)).map(
            (r) => r.pid,
          )
        : [];

    const measure = async (send: () => Promise<{ statusCode: number; body: string }>): Promise<Cost> => {
      const q0 = queries;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const res = await send();
      const wallMs = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
      return { queries: queries - q0, cpuMs: (c.user + c.system) / 1000, wallMs };
    };
    const post = (j: (typeof jobs)[number]) => () =>
      app.inject({ method: 'POST', url: `/api/v1/surveys/${fx.surveyId}/responses`, headers: j.headers, payload: j.body });
    const list = (j: (typeof jobs)[number]) => () =>
      app.inject({ method: 'GET', url: `/api/v1/surveys/students/${j.studentId}`, headers: j.headers });

    // Warm-up (JIT, pool, caches): the first WARMUP students submit, unmeasured.
    for (const j of jobs.slice(0, WARMUP)) await measure(post(j));
    const measured = jobs.slice(WARMUP);

    const runPhase = async (send: (j: (typeof jobs)[number]) => () => Promise<{ statusCode: number; body: string }>) => {
      const before = await pids();
      const pg0 = procCpuMs(before);
      const costs: Cost[] = [];
      for (const j of measured) costs.push(await measure(send(j)));
      const pgMs = databaseUrl ? procCpuMs(before) - pg0 : null;
      return summary(costs, pgMs);
    };
    const session = PROFILE ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    }
    const submit = await runPhase(post);
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(PROFILE!, JSON.stringify(profile));
      session.disconnect();
    }
    const repeat = await runPhase(post); // each student again: told alreadySubmitted
    const read = await runPhase(list);
    const check = await checkCounts(database.db, fx.surveyId, jobs.length);
    await app.close();

    console.log(
      `bench/submit-cost (${BACKEND}): ${N} submissions of 40 answers, one at a time through app.inject after ${WARMUP} warm-up ones`,
    );
    const rows = [
      ['POST /surveys/{id}/responses (new)', submit],
      ['POST again (alreadySubmitted)', repeat],
      ['GET /surveys/students/{id}', read],
    ] as const;
    printTable(
      ['call', 'SQL round trips', 'server CPU ms mean', 'p50', 'p95', 'PG backend CPU ms/call', 'wall ms p50', 'wall p95'],
      rows.map(([name, s]) => [
        name,
        s.queriesMin === s.queriesMax ? s.queriesMin : `${s.queriesMin}–${s.queriesMax}`,
        s.cpuMeanMs.toFixed(2),
        s.cpuP50Ms.toFixed(2),
        s.cpuP95Ms.toFixed(2),
        s.pgCpuPerCallMs === null ? 'n/a' : s.pgCpuPerCallMs.toFixed(2),
        fmt(s.wallP50Ms),
        fmt(s.wallP95Ms),
      ]),
    );
    console.log(`DB check: ${check.responses} responses, ${check.details} details: ${check.ok ? 'OK' : 'FAILED'}`);
    saveResults(`submit-cost-${BACKEND}`, { n: N, submit, repeat, read, check });
    if (!check.ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
