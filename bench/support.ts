import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { demoEmail, seedDemo } from '../apps/server/src/seed/demo';

/**
 * What every benchmark shares: the real app, built in-process on an embedded PGlite in a temp dir
 * (as `npm start` runs it), requests through `app.inject` (no network: the time is the server's),
 * and figures printed and kept in bench/out/<name>.json.
 */

export const OUT_DIR = fileURLToPath(new URL('./out', import.meta.url));

export interface BenchApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  /** An admin's bearer header. */
  auth: { authorization: string };
  close(): Promise<void>;
}

export async function startBenchApp(opts: { seed?: boolean } = {}): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'app-bench-'));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  if (opts.seed !== false) await seedDemo(database.db);
  const config = loadConfig({
    NODE_ENV: 'development',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    AUTH_DEV_LOGIN: 'true',
    AUTH_RATE_LIMIT: '100000',
    DATA_DIR: dir,
    WEB_DIST: join(tmpdir(), 'no-web-dist'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: demoEmail('quantri') } });
  if (res.statusCode !== 200) throw new Error(`dev-login: ${res.statusCode} ${res.body}`);
  return {
    app,
    database,
    auth: { authorization: `Bearer ${res.json().data.token}` },
    async close() {
      await app.close();
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

export function saveResults(name: string, data: unknown) {
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, `${name}.json`), JSON.stringify({ at: new Date().toISOString(), ...(data as object) }, null, 2));
}
