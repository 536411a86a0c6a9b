#!/usr/bin/env node
// `npm test`: lint, formatter check and typecheck (scripts/lint.mjs), then every unit and database test (PGlite, then the PostgreSQL server when
// TEST_DATABASE_URL is set), then the browser tests; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}.data-test/reports`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const vitest = `${root}node_modules/vitest/vitest.mjs`;

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

function run(label, args, extraEnv = {}) {
  const report = `${out}/${label}.json`;
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(
    process.execPath,
    [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv },
    },
  );
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) {
      console.error(`${label}: no test ran`);
      ok = false;
    }
  }
  if (res.status !== 0) ok = false;
}

console.log('\n=== lint, format, shape, typecheck ===');
const lint = spawnSync(process.execPath, [`${root}scripts/lint.mjs`], { cwd: root, stdio: 'inherit', env: process.env });
if (lint.status !== 0) {
  console.error('lint: failed (the tests still run, but npm test fails)');
  ok = false;
}

run('unit-and-db-pglite', []);
if (process.env.TEST_DATABASE_URL) {
  run('db-postgres', ['--project', 'server-pg'], { TEST_DB: 'pg' });
} else {
  console.log('\nSKIPPED: database tests on a PostgreSQL server (TEST_DATABASE_URL is not set)');
}

const e2e = spawnSync(process.execPath, [`${root}apps/web/e2e/run.mjs`, `--report=${out}/e2e.json`], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
if (existsSync(`${out}/e2e.json`)) {
  const r = JSON.parse(readFileSync(`${out}/e2e.json`, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}
if (e2e.status !== 0) ok = false;

console.log('');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
