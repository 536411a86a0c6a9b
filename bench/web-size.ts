/**
 * The student form page's initial JavaScript (issue 4: < 200 KB gzip), from a real `vite build`:
 * the entry and its static imports, then the lazy chunks the route loads before it can show the
 * form (the signed-in shell and the page), each with its static imports, gzip -6 per chunk.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ms } from './support';

export const TARGET_WEB_KB = 200;
const root = fileURLToPath(new URL('..', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export function webInitialJs() {
  const out = join(tmpdir(), 'bench-web-dist');
  const t0 = performance.now();
  const res = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (res.status !== 0) return { error: `vite build failed (exit ${res.status})` };
  const buildMs = ms(t0);
  const manifestFile = join(out, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return { error: 'no .vite/manifest.json' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  // The route's lazy chunks: the signed-in shell (router.tsx) and the page (pages.ts, '/student/surveys/form').
  const lazyKeys = ['src/app/shell/app-shell', 'src/areas/surveys/student/pages/survey-form-page'].map((p) =>
    Object.keys(manifest).find((k) => k.replace(/\.(t|j)sx?$/, '') === p),
  );
  if (!entry || lazyKeys.some((k) => !k)) return { error: `manifest lacks the entry or a lazy chunk (${JSON.stringify(lazyKeys)})` };
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  walk(entry);
  const initialEntry = seen.size;
  for (const k of lazyKeys) walk(k!);
  const chunks = [...seen].map((k) => {
    const buf = readFileSync(join(out, manifest[k].file));
    return { chunk: manifest[k].file, source: manifest[k].src ?? k, bytes: buf.length, gzip: gzipSync(buf).length };
  });
  const gzip = chunks.reduce((s, c) => s + c.gzip, 0);
  const raw = chunks.reduce((s, c) => s + c.bytes, 0);
  // Said separately, not hidden: what the shell loads right after its first render (the header's
  // menus), which the form does not wait for.
  const deferredKey = Object.keys(manifest).find((k) => k.replace(/\.(t|j)sx?$/, '') === 'src/app/shell/header-actions');
  const before = new Set(seen);
  if (deferredKey) walk(deferredKey);
  const deferredGzip = [...seen]
    .filter((k) => !before.has(k))
    .reduce((s, k) => s + gzipSync(readFileSync(join(out, manifest[k].file))).length, 0);
  return {
    buildMs,
    out,
    chunks,
    entryChunks: initialEntry,
    gzipKB: gzip / 1024,
    rawKB: raw / 1024,
    pass: gzip / 1024 < TARGET_WEB_KB,
    deferredKB: deferredKey ? deferredGzip / 1024 : null,
  };
}

// `node --import tsx bench/web-size.ts`: only the web figure.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = webInitialJs();
  if ('error' in r) {
    console.log(`web: FAIL — ${r.error}`);
    process.exitCode = 1;
  } else {
    for (const c of r.chunks)
      console.log(
        `${c.chunk.padEnd(48)} ${c.source.padEnd(70)} ${(c.bytes / 1024).toFixed(1).padStart(7)} KB ${(c.gzip / 1024).toFixed(1).padStart(6)} KB gzip`,
      );
    console.log(
      `web (/student/surveys/form initial JS): ${r.pass ? 'PASS' : 'FAIL'} — ${r.gzipKB.toFixed(1)} KB gzip (< ${TARGET_WEB_KB} KB), ${r.rawKB.toFixed(0)} KB raw, build in ${r.out}`,
    );
    if (r.deferredKB !== null) console.log(`  then, not waited for: the header's menus, ${r.deferredKB.toFixed(1)} KB gzip`);
    if (!r.pass) process.exitCode = 1;
  }
}
