import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a separate process for the benchmarks that load it over loopback HTTP
 * (bench/submit.ts, bench/registration.ts): started on a free port with the demo seed, its sign-in
 * secret and any extra environment (WEB_CONCURRENCY …), optionally CPU-profiled, and stopped cleanly.
 * BENCH_SERVER_FLAGS: Node.js flags for the server (its workers inherit them), e.g. `--trace-deopt` or
 * `--perf-basic-prof` (for `perf record`): flags NODE_OPTIONS refuses.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

export async function startServer(
  env: { DATA_DIR: string; DATABASE_URL: string },
  opts: { secret: string; profileDir?: string; extra?: Record<string, string> },
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const prof = opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : [];
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...prof, ...flags, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
      AUTH_DEV_LOGIN: 'true',
      AUTH_SECRET: opts.secret,
      AUTH_RATE_LIMIT: '1000000',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: '',
      WEB_DIST: join(tmpdir(), 'no-web-dist'),
      ...opts.extra,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The node:cluster workers of a server (its children), for their CPU time. */
export const childPids = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
