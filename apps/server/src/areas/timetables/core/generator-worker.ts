import { parentPort, workerData } from 'node:worker_threads';
import { generate } from './generator';
import type { Instance } from './instance';

/**
 * The generator's thread (generator-runner.ts starts it): runs generate() on the instance it was
 * given, posts progress and the result; a 'stop' message (or the shared stop flag) ends the search
 * with the best timetable found.
 */
const data = workerData as { inst: Instance; seed?: number; timeLimitMs?: number; maxIterations?: number; stop: Int32Array };
const result = generate(data.inst, {
  seed: data.seed,
  timeLimitMs: data.timeLimitMs,
  maxIterations: data.maxIterations,
  onProgress: (p) => parentPort!.postMessage({ type: 'progress', progress: p }),
  shouldStop: () => Atomics.load(data.stop, 0) === 1,
});
parentPort!.postMessage({ type: 'result', result });
