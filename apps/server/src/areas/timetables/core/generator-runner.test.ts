import { describe, expect, it } from 'vitest';
import { schoolInstance } from './fixtures';
import { generate } from './generator';
import { runGenerator } from './generator-runner';

describe('runGenerator (worker thread)', () => {
  it('returns what generate() returns for the same seed and budget', async () => {
    const inst = schoolInstance(3);
    const seen: number[] = [];
    const res = await runGenerator(inst, { seed: 11, maxIterations: 6_000, onProgress: (p) => seen.push(p.total) });
    const direct = generate(inst, { seed: 11, maxIterations: 6_000 });
    expect(res.lessons).toEqual(direct.lessons);
    expect(res.score).toEqual(direct.score);
    expect(res.clashes).toEqual([]);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('stops on abort and keeps the best timetable found', async () => {
    const inst = schoolInstance(4);
    const ac = new AbortController();
    const t0 = Date.now();
    const p = runGenerator(inst, { seed: 2, timeLimitMs: 60_000, signal: ac.signal, onProgress: () => ac.abort() });
    const res = await p;
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(res.stopped).toBe(true);
    expect(res.lessons.every((l) => l.day != null)).toBe(true);
  });
});
