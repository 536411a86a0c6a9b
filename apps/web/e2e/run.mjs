#!/usr/bin/env node
// Browser tests: build the web app, start the real server on a fresh embedded database with the
// demo school, and drive Debian's Chromium through it. `--report=<file>` writes a vitest JSON report.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const report = process.argv.find((a) => a.startsWith('--report='))?.slice('--report='.length);
const chromium = process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

if (!chromium) {
  if (process.env.REQUIRE_E2E === '1') {
    console.error('Browser tests: Chromium not found (install Debian package chromium or set CHROMIUM_PATH).');
    process.exit(1);
  }
  console.log('\nSKIPPED: browser tests (Chromium not found; install Debian package chromium or set CHROMIUM_PATH)');
  process.exit(0);
}

console.log('\n=== e2e (Chromium) ===');
if (process.env.SKIP_WEB_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
const secret = 'e2e-secret-0123456789-0123456789-abcdef';
const serverEnv = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  AUTH_DEV_LOGIN: 'true',
  AUTH_SECRET: secret,
  AUTH_RATE_LIMIT: '1000',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  GOOGLE_CLIENT_ID: '',
  DATABASE_URL: '',
};
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: serverEnv, stdio: 'inherit' });
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

const base = `http://127.0.0.1:${port}`;
let up = false;
// Up to 3 minutes: the first start seeds the demo school, slow on a loaded 2-core machine.
for (let i = 0; i < 720 && !up && server.exitCode === null; i++) {
  try {
    up = (await fetch(`${base}/api/health`)).ok;
  } catch {
    await new Promise((r) => setTimeout(r, 250));
  }
}
if (!up) {
  console.error('Browser tests: the server did not start.');
  process.exit(1);
}

const args = ['run', '--config', 'apps/web/e2e/vitest.config.ts', '--reporter=default'];
// `node apps/web/e2e/run.mjs admin-surveys` runs only the files whose name contains the word.
args.push(...process.argv.slice(2).filter((a) => !a.startsWith('--')));
if (report) args.push('--reporter=json', `--outputFile.json=${report}`);
const res = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_BASE_URL: base, E2E_AUTH_SECRET: secret, CHROMIUM_PATH: chromium },
});
process.exit(res.status ?? 1);
