import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GenerateProgress, GenerateResult } from './generator';
import type { Instance } from './instance';

export interface RunGeneratorOptions {
  seed?: number;
  timeLimitMs?: number;
  /** A budget of search steps (see GenerateOptions.maxIterations). */
  maxIterations?: number;
  onProgress?: (p: GenerateProgress) => void;
  /** Aborting stops the search; the promise still resolves with the best timetable found. */
  signal?: AbortSignal;
}

/**
 * Runs generate() in a worker thread, off the request thread. The worker is TypeScript loaded through
 * tsx's loader (the server runs under tsx), so it works the same in dev, in tests and in production. A stop is
 * a shared flag the search polls, so it answers within one batch of steps.
 */
// The worker registers tsx's loader, then imports the TypeScript worker module.
const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/index\.cjs$/, 'index.mjs');
const workerUrl = new URL('./generator-worker.ts', import.meta.url).href;
const BOOT = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(workerUrl)}); });`;

export function runGenerator(inst: Instance, opts: RunGeneratorOptions = {}): Promise<GenerateResult> {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { inst, seed: opts.seed, timeLimitMs: opts.timeLimitMs, maxIterations: opts.maxIterations, stop },
  });
  return new Promise<GenerateResult>((resolve, reject) => {
    let done = false;
    const onAbort = () => Atomics.store(stop, 0, 1);
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    worker.on('message', (msg: { type: 'progress'; progress: GenerateProgress } | { type: 'result'; result: GenerateResult }) => {
      if (msg.type === 'progress') opts.onProgress?.(msg.progress);
      else finish(() => resolve(msg.result));
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`Bộ xếp thời khóa biểu dừng bất thường (mã ${code}).`))));
  });
}
