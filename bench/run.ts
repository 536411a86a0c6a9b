/**
 * `npm run bench`: every benchmark, one process each (a fresh heap and database per benchmark),
 * one after the other so they do not compete for the CPU. Exits non-zero if any of them failed.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = [
  'lists.ts',
  'import.ts',
  'submit.ts',
  'submit.ts --capacity',
  'results.ts',
  'monitoring.ts',
  'moderation.ts',
  'timetable.ts',
  'timetable-views.ts',
  'registration.ts',
  'pay.ts',
];
const root = fileURLToPath(new URL('..', import.meta.url));
const failed: string[] = [];

for (const name of BENCHES) {
  console.log(`\n=== bench/${name} ===`);
  const t0 = performance.now();
  const [file, ...args] = name.split(' ');
  const res = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`, ...args], { cwd: root, stdio: 'inherit', env: process.env });
  console.log(`(bench/${name} took ${((performance.now() - t0) / 1000).toFixed(1)} s in all)`);
  if (res.status !== 0) failed.push(name);
}

console.log(`\nbench: ${failed.length ? `FAILED: ${failed.join(', ')}` : 'all passed'}; figures in bench/out/*.json`);
process.exit(failed.length ? 1 : 0);
