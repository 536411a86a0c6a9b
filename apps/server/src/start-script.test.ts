import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '@/test/db';

/**
 * `npm start` (scripts/start.mjs): the web build is skipped when its sources have not changed, and
 * stopping npm or start.mjs, however it is done, stops the server.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface WebBuild {
  webSourceHash(root: string, env?: Record<string, string | undefined>): string;
  webBuildIsCurrent(root: string, hash: string): boolean;
  recordWebBuild(root: string, hash: string): void;
}
const webBuild = () => import(pathToFileURL(join(ROOT, 'scripts/web-build.mjs')).href) as Promise<WebBuild>;

describe('the web build is skipped when nothing it is built from has changed', () => {
  const root = mkdtempSync(join(tmpdir(), 'web-build-'));
  const put = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  put('apps/web/src/main.tsx', 'render()');
  put('apps/web/src/app.test.tsx', 'test()');
  put('apps/web/src/test/render-app.tsx', 'helper()');
  put('apps/web/index.html', '<div id="root"></div>');
  put('apps/web/vite.config.ts', 'export default {}');
  put('packages/shared/src/format.ts', 'export const a = 1');
  put('package-lock.json', '{"lockfileVersion":3}');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('the hash follows the sources, the shared contracts, the configuration, the lock and VITE_ variables, not the tests', async () => {
    const { webSourceHash } = await webBuild();
    const env = { NODE_ENV: 'production' };
    const first = webSourceHash(root, env);
    expect(webSourceHash(root, env)).toBe(first);
    put('apps/web/src/app.test.tsx', 'test(2)');
    put('apps/web/src/test/render-app.tsx', 'helper(2)');
    expect(webSourceHash(root, env), 'tests are not built').toBe(first);
    const changes: Array<[string, string]> = [
      ['apps/web/src/main.tsx', 'render(2)'],
      ['apps/web/src/pages/new-page.tsx', 'page()'],
      ['packages/shared/src/format.ts', 'export const a = 2'],
      ['apps/web/index.html', '<div id="app"></div>'],
      ['apps/web/vite.config.ts', 'export default { base: "/" }'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ];
    let previous = first;
    for (const [rel, text] of changes) {
      put(rel, text);
      const next = webSourceHash(root, env);
      expect(next, rel).not.toBe(previous);
      previous = next;
    }
    expect(webSourceHash(root, { ...env, VITE_API: 'x' })).not.toBe(previous);
    expect(webSourceHash(root, { NODE_ENV: 'development' })).not.toBe(previous);
  });

  it('dist is current only when it holds a build recorded with the same hash', async () => {
    const { webSourceHash, webBuildIsCurrent, recordWebBuild } = await webBuild();
    const hash = webSourceHash(root, {});
    expect(webBuildIsCurrent(root, hash), 'no dist').toBe(false);
    put('apps/web/dist/index.html', '<html>');
    expect(webBuildIsCurrent(root, hash), 'a build nobody recorded (npm run build)').toBe(false);
    recordWebBuild(root, hash);
    expect(webBuildIsCurrent(root, hash)).toBe(true);
    put('apps/web/src/main.tsx', 'render(3)');
    expect(webBuildIsCurrent(root, webSourceHash(root, {}))).toBe(false);
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(webBuildIsCurrent(root, hash), 'dist emptied').toBe(false);
  });
});

/** Linux's process table: pid → parent pid, state. */
function processTable() {
  const table = new Map<number, { ppid: number; state: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { ppid: Number(ppid), state: state! });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}
function descendants(pid: number) {
  const table = processTable();
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, { ppid }] of table) {
      if (ppid !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}
/** Still running (a zombie nobody has reaped yet has stopped). */
const running = (pid: number) => {
  const p = processTable().get(pid);
  return Boolean(p && p.state !== 'Z' && p.state !== 'X');
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(cmd: string, args: string[], dataDir: string) {
  const proc = spawn(cmd, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SKIP_WEB_BUILD: '1',
      WEB_DIST: join(tmpdir(), 'no-web-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const end = Date.now() + 150_000;
  for (;;) {
    const port = out.match(/Sẵn sàng tại http:\/\/localhost:(\d+)/)?.[1];
    if (port) return { proc, url: `http://127.0.0.1:${port}`, output: () => out };
    if (proc.exitCode !== null || Date.now() > end) throw new Error(`the server did not start:\n${out}`);
    await sleep(200);
  }
}

async function allStopped(pids: number[], url: string, proc: ChildProcess, output: () => string) {
  const end = Date.now() + 30_000;
  while (pids.some(running) && Date.now() < end) await sleep(200);
  const left = pids.filter(running);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  expect(left, `still running after the stop:\n${output()}`).toEqual([]);
  await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  expect(output()).toContain('Đang dừng máy chủ');
  if (proc.exitCode === null) proc.kill('SIGKILL');
}

describe.skipIf(process.platform !== 'linux' || testDbKind() === 'pg')('stopping npm start stops the server (embedded database)', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'start-script-')), 'data');
  afterAll(() => rmSync(dirname(dataDir), { recursive: true, force: true }));

  it('SIGTERM to npm (which does not pass it on through its shell): start.mjs and the server end, the port is free', async () => {
    const { proc, url, output } = await startServer('npm', ['start'], dataDir);
    expect((await fetch(`${url}/api/health`)).ok).toBe(true);
    const tree = descendants(proc.pid!);
    expect(tree.length).toBeGreaterThanOrEqual(3); // sh, start.mjs, the server
    proc.kill('SIGTERM');
    await allStopped([proc.pid!, ...tree], url, proc, output);
  }, 240_000);

  it('start.mjs killed outright (SIGKILL): the server sees its IPC channel close and stops', async () => {
    const { proc, url, output } = await startServer(process.execPath, ['scripts/start.mjs'], dataDir);
    const tree = descendants(proc.pid!);
    expect(tree.length).toBeGreaterThanOrEqual(1);
    proc.kill('SIGKILL');
    await allStopped(tree, url, proc, output);
  }, 240_000);
});
