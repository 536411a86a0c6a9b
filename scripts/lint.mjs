#!/usr/bin/env node
// `npm run lint` (and the first step of `npm test`): the formatter's check, ESLint, the code's shape
// (dependency-cruiser: boundaries, cycles, SQL only in repositories, no test code in production),
// unused exports and dependencies (knip), then the typecheck of every TypeScript project.
// `npm run lint -- --fast` skips ESLint's type-aware pass and the typecheck.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const fast = process.argv.includes('--fast');

const SERVER = ['apps/server/src', 'bench', 'packages/shared/src', '--ts-config', 'tsconfig.json'];
const WEB = ['apps/web/src', 'apps/web/e2e', 'packages/shared/src', '--ts-config', 'tsconfig.web-paths.json'];
const steps = [
  ['format (prettier --check)', bin('prettier'), ['--check', '--log-level=warn', '.']],
  ...(fast ? [] : [['eslint', bin('eslint'), ['--max-warnings=0', '.']]]),
  ['shape: server (dependency-cruiser)', bin('depcruise'), [...SERVER, '--output-type', 'err']],
  ['shape: web (dependency-cruiser)', bin('depcruise'), [...WEB, '--output-type', 'err']],
  [
    'shape: server test code (dependency-cruiser)',
    bin('depcruise'),
    [...SERVER, '--config', '.dependency-cruiser.tests.cjs', '--output-type', 'err'],
  ],
  [
    'shape: web test code (dependency-cruiser)',
    bin('depcruise'),
    [...WEB, '--config', '.dependency-cruiser.tests.cjs', '--output-type', 'err'],
  ],
  ['unused exports and dependencies (knip)', bin('knip'), ['--no-progress']],
  ...(fast ? [] : [['typecheck', 'npm', ['run', '--silent', 'typecheck']]]),
];

const failed = [];
for (const [label, cmd, args] of steps) {
  console.log(`\n=== lint: ${label} ===`);
  const t = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  console.log(`(${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (res.status !== 0) failed.push(label);
}
if (failed.length) {
  console.error(`\nlint failed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\nlint: all checks passed');
