// The web app's build for `npm start` (scripts/start.mjs): skipped when nothing it is built from has
// changed since the last build. The build writes a hash of its inputs into apps/web/dist/.build-hash;
// a build run any other way (`npm run build`) empties dist/, so the next start builds again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the web build reads: its sources and configuration, the shared contracts and the locked dependencies. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];
export const WEB_DIST = 'apps/web/dist';
const HASH_FILE = '.build-hash';

/** Tests and test helpers are never part of the bundle: changing them does not call for a build. */
const isTestCode = (rel) => /\.test\.[cm]?[jt]sx?$/.test(rel) || /\/src\/test\//.test(rel);

/** Every file under the inputs, as paths relative to root, sorted (the same on every machine). */
function inputFiles(root) {
  const files = [];
  const walk = (rel) => {
    const abs = join(root, rel);
    if (!existsSync(abs)) return;
    const st = statSync(abs);
    if (st.isDirectory()) for (const name of readdirSync(abs).sort()) walk(`${rel}/${name}`);
    else if (st.isFile() && !isTestCode(rel)) files.push(rel);
  };
  for (const input of WEB_BUILD_INPUTS) walk(input);
  return files;
}

/**
 * A hash of what the build would produce from: the inputs' paths and contents, and the environment Vite
 * puts into the bundle (VITE_* variables, NODE_ENV).
 */
export function webSourceHash(root, env = process.env) {
  const hash = createHash('sha256').update('web-build v1\0');
  for (const rel of inputFiles(root))
    hash
      .update(`${rel}\0`)
      .update(readFileSync(join(root, rel)))
      .update('\0');
  const vars = Object.keys(env)
    .filter((k) => k.startsWith('VITE_') || k === 'NODE_ENV')
    .sort();
  for (const k of vars) hash.update(`${k}=${env[k]}\0`);
  return hash.digest('hex');
}

/** True when dist/ holds a build made from inputs with this hash. */
export function webBuildIsCurrent(root, hash) {
  const dist = join(root, WEB_DIST);
  if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, HASH_FILE))) return false;
  return readFileSync(join(dist, HASH_FILE), 'utf8').trim() === hash;
}

/** Records that dist/ was built from inputs with this hash (the hash taken before the build started). */
export function recordWebBuild(root, hash) {
  writeFileSync(join(root, WEB_DIST, HASH_FILE), `${hash}\n`);
}
