import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { vietnameseNameSortKey } from '@app/shared/vietnamese';
import { openDatabase, queryRows, type Database, type Db } from '../apps/server/src/db/client';
import { students } from '../apps/server/src/db/schema/school';
import { userRoles, users } from '../apps/server/src/db/schema/users';
import { searchText } from '../apps/server/src/lib/list';
import { bulkInsert } from '../apps/server/src/seed/bulk-insert';
import { birthDate, createRng, emailLocal, vietnameseName } from '../apps/server/src/seed/demo-names';
import { demoEmail, seedDemo } from '../apps/server/src/seed/demo';

/**
 * What every benchmark shares: the real app, built in-process on an embedded PGlite in a temp dir
 * (as `npm start` runs it), requests through `app.inject` (no network: the time is the server's),
 * and figures printed and kept in bench/out/<name>.json.
 */

export const OUT_DIR = fileURLToPath(new URL('./out', import.meta.url));

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh database on the PostgreSQL server at BENCH_PG_URL (created here, dropped by `drop()`), or
 * the reason when there is no server.
 */
export async function freshPgDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> } | { skipped: string }> {
  const admin = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 1 });
  try {
    await admin.query('select 1');
  } catch (err) {
    await admin.end();
    return { skipped: `no server at ${PG_ADMIN_URL}: ${(err as Error).message}` };
  }
  const name = `${prefix}_${process.pid}`;
  await admin.query(`create database ${name}`);
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      if (process.env.BENCH_KEEP_DB) {
        console.log(`  kept ${name} (BENCH_KEEP_DB): drop it with \`drop database ${name}\``);
        return admin.end();
      }
      await admin.query(`drop database if exists ${name} with (force)`).catch((e) => console.log(`  could not drop ${name}: ${e}`));
      await admin.end();
    },
  };
}

/** Where one backend's run keeps its data: a temp dir (PGlite's files, the server's DATA_DIR) and, on PostgreSQL, the URL. */
export interface Scratch {
  dir: string;
  databaseUrl: string | undefined;
  /** Opens the (still empty until migrated) database; the caller closes it. */
  open(): Promise<Database>;
}

/**
 * Runs `fn` on an empty database of `backend` ('pglite' in a temp dir, or 'postgres': a throwaway
 * database on the server), then removes the dir and drops the database. Null, with a SKIPPED line,
 * when there is no PostgreSQL server.
 */
export async function onFreshDatabase<T>(backend: string, name: string, fn: (s: Scratch) => Promise<T>): Promise<T | null> {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  let drop: (() => Promise<void>) | undefined;
  try {
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      const fresh = await freshPgDatabase(`bench_${name.replaceAll('-', '_')}`);
      if ('skipped' in fresh) {
        console.log(`  postgres: SKIPPED (${fresh.skipped})`);
        return null;
      }
      drop = fresh.drop;
      databaseUrl = fresh.url;
    }
    return await fn({ dir, databaseUrl, open: () => openDatabase({ databaseUrl, dataDir: dir }) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await drop?.();
  }
}

export interface BenchApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  /** An admin's bearer header. */
  auth: { authorization: string };
  close(): Promise<void>;
}

/** The real app on an open, migrated database, an admin signed in; `close()` closes the app only. */
export async function benchAppOn(database: Database, where: Pick<Scratch, 'dir' | 'databaseUrl'>): Promise<BenchApp> {
  const config = loadConfig({
    NODE_ENV: 'development',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    AUTH_DEV_LOGIN: 'true',
    AUTH_RATE_LIMIT: '100000',
    DATA_DIR: where.dir,
    WEB_DIST: join(tmpdir(), 'no-web-dist'),
    LOG_LEVEL: 'silent',
    ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: demoEmail('quantri') } });
  if (res.statusCode !== 200) {
    await app.close();
    throw new Error(`dev-login: ${res.statusCode} ${res.body}`);
  }
  return { app, database, auth: { authorization: `Bearer ${res.json().data.token}` }, close: () => app.close() };
}

/** The app on a fresh, migrated (and by default seeded) PGlite in a temp dir; `close()` removes it all. */
export async function startBenchApp(opts: { seed?: boolean } = {}): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'app-bench-'));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  if (opts.seed !== false) await seedDemo(database.db);
  const b = await benchAppOn(database, { dir, databaseUrl: undefined });
  return {
    ...b,
    async close() {
      await b.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const ms = (t0: number) => performance.now() - t0;
export const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export interface Timing {
  median: number;
  p95: number;
  min: number;
  max: number;
  runs: number;
}

/** Runs `fn` a few times to warm up, then `runs` times, and summarises the durations. */
export async function timeRuns(fn: () => Promise<void>, runs = 15, warmup = 3): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const d: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    d.push(ms(t0));
  }
  d.sort((a, b) => a - b);
  return { median: percentile(d, 50), p95: percentile(d, 95), min: d[0], max: d[d.length - 1], runs };
}

/** Plain fixed-width table, so the figures read well in a terminal and in a CI log. */
export function printTable(headers: string[], rows: Array<Array<string | number>>) {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

/**
 * CPU time (user + system, ms) the processes have used so far, from /proc (Linux; 10 ms ticks). A
 * process that ended, or one on another machine, counts 0. On a machine shared with other work this
 * says what a request costs where wall-clock latency cannot.
 */
export function procCpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
      ticks += Number(rest[11]) + Number(rest[12]); // utime, stime
    } catch {
      /* gone, or not on this machine */
    }
  }
  return ticks * 10; // USER_HZ = 100
}

/**
 * The CPU time of this machine's PostgreSQL processes from now on: `stop()` answers the ms (user +
 * system) they used since, counting a process started meanwhile whole and missing one that ended
 * meanwhile (call it before closing the pool measured). 0 when the server is on another machine.
 */
export function postgresCpu(): { stop(): number } {
  const pids = () =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      })
      .map(Number);
  const before = new Map(pids().map((pid) => [pid, procCpuMs([pid])]));
  return { stop: () => pids().reduce((sum, pid) => sum + procCpuMs([pid]) - (before.get(pid) ?? 0), 0) };
}

export function saveResults(name: string, data: unknown) {
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, `${name}.json`), JSON.stringify({ at: new Date().toISOString(), ...(data as object) }, null, 2));
}

/**
 * `count` students with realistic names spread over the current year's homeroom classes, each with
 * a STUDENT account; codes are `<prefix>00001…`. Returns the student and user ids.
 */
export async function insertBenchStudents(db: Db, opts: { count: number; prefix: string; seed: number }) {
  const rng = createRng(opts.seed);
  const classes = await queryRows<{ id: number; grade: number; campus_id: number }>(
    db,
    sql`select h.id, h.grade, h.campus_id from homeroom_classes h join academic_years y on y.id = h.academic_year_id where y.is_current`,
  );
  const rows = Array.from({ length: opts.count }, (_, i) => {
    const cls = classes[i % classes.length];
    const gender = rng.next() < 0.5 ? 'female' : 'male';
    const fullName = vietnameseName(rng, gender);
    const studentCode = `${opts.prefix}${String(i + 1).padStart(5, '0')}`;
    const email = `${emailLocal(fullName)}.${studentCode.toLowerCase()}@bench.thptchuyen.edu.vn`;
    return {
      studentCode,
      fullName,
      email,
      dateOfBirth: birthDate(rng, 2021 - cls.grade),
      gender,
      grade: cls.grade,
      campusId: cls.campus_id,
      homeroomClassId: cls.id,
      status: 'active',
      searchText: searchText(studentCode, fullName, email),
      sortKey: vietnameseNameSortKey(fullName),
    };
  });
  const ids = await bulkInsert(db, students, rows, ['id', 'studentCode']);
  const idOf = new Map(ids.map((r) => [r.studentCode, r.id]));
  const userIds = await bulkInsert(
    db,
    users,
    rows.map((s) => ({
      email: s.email,
      displayName: s.fullName,
      studentId: idOf.get(s.studentCode)!,
      searchText: searchText(s.email, s.fullName),
    })),
    ['id', 'studentId'],
  );
  await bulkInsert(
    db,
    userRoles,
    userIds.map((u) => ({ userId: u.id, role: 'STUDENT', isPrimary: true })),
  );
  return userIds.map((u) => ({ studentId: u.studentId!, userId: u.id }));
}
