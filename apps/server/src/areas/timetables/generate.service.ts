import type { TGeneratorRun } from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { found, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { badRequest } from '@/plugins/errors';
import { runGenerator } from './core/generator-runner';
import { loadInstance } from './core/instance.repository';
import { applyPlacements, findTimetable, lessonVersions, lockTimetable } from './versions.repository';

/*
 * The generator runs (POST/GET/DELETE /timetables/{id}/generate). The search itself runs off the request
 * thread (core/generator-runner: a worker); this keeps one run per version at a time and its progress in
 * this process's memory: a restart forgets the runs (the draft keeps what was written), and with several
 * processes the page must poll the one that started the run. When the run ends (done, stopped or out of
 * time) its best result is written to the draft in one statement, skipping lessons someone changed
 * meanwhile (their version moved on) and locked ones.
 */

interface RunState {
  run: TGeneratorRun;
  abort: AbortController;
  /** Settles when the result is written (tests and shutdown wait for it). */
  finished: Promise<void>;
}

const runs = new Map<number, RunState>();

export function latestRun(timetableId: number): TGeneratorRun | null {
  const s = runs.get(timetableId);
  return s ? { ...s.run } : null;
}

/** Waits until the run of a version has written its result (nothing when none runs). */
export async function runFinished(timetableId: number): Promise<void> {
  await runs.get(timetableId)?.finished;
}

/** Starts the generator on a draft, or answers the run already going on it. */
export async function startRun(opts: {
  db: Db;
  actor: Actor;
  timetableId: number;
  seed: number;
  timeLimitSeconds: number;
}): Promise<TGeneratorRun> {
  const { db, actor, timetableId } = opts;
  const current = runs.get(timetableId);
  if (current?.run.status === 'running') return { ...current.run };
  const row = found(await findTimetable(db, timetableId), 'thời khóa biểu');
  if (row.status !== 'draft') throw badRequest('Chỉ xếp tự động được bản nháp. Hãy tạo bản nháp mới.');

  const inst = await loadInstance(db, timetableId);
  const versions = await lessonVersions(db, timetableId);
  const started = Date.now();
  const run: TGeneratorRun = {
    timetableId,
    status: 'running',
    startedAt: new Date(started).toISOString(),
    elapsedMs: 0,
    placed: inst.lessons.filter((l) => l.day !== null).length,
    total: inst.lessons.length,
    hardClashes: 0,
    score: 0,
    impossible: null,
    error: null,
  };
  const abort = new AbortController();
  const state: RunState = { run, abort, finished: Promise.resolve() };
  runs.set(timetableId, state);

  state.finished = (async () => {
    try {
      const result = await runGenerator(inst, {
        seed: opts.seed,
        timeLimitMs: opts.timeLimitSeconds * 1000,
        signal: abort.signal,
        onProgress: (p) => {
          Object.assign(run, {
            placed: p.placed,
            total: p.total,
            hardClashes: p.hardClashes,
            score: p.score,
            elapsedMs: Math.round(p.elapsedMs),
          });
        },
      });
      const placements = result.lessons
        .filter((l) => !l.locked && versions.has(l.id))
        .map((l) => ({ id: l.id, version: versions.get(l.id)!, day: l.day, period: l.period, roomId: l.roomId }));
      const written = await write(db, actor, async (ctx) => {
        const tt = await lockTimetable(ctx.tx, timetableId);
        if (!tt || tt.status !== 'draft') return 0;
        const n = await applyPlacements(ctx.tx, timetableId, placements);
        await ctx.log({
          action: 'generate',
          entity: 'timetable',
          entityId: timetableId,
          after: {
            seed: opts.seed,
            stopped: result.stopped,
            lessonsWritten: n,
            hardClashes: result.clashes.length,
            score: result.score.total,
          },
        });
        return n;
      });
      Object.assign(run, {
        status: result.stopped ? 'stopped' : 'done',
        elapsedMs: Math.round(result.elapsedMs),
        placed: result.lessons.filter((l) => l.day !== null).length,
        total: result.lessons.length,
        hardClashes: result.clashes.length,
        score: result.score.total,
        impossible: result.impossible,
      } satisfies Partial<TGeneratorRun>);
      void written;
    } catch (err) {
      run.status = 'failed';
      run.elapsedMs = Date.now() - started;
      run.error = err instanceof Error ? `Xếp tự động bị lỗi: ${err.message}` : 'Xếp tự động bị lỗi.';
    }
  })();
  return { ...run };
}

/** Stops a run; the best result found so far is written to the draft. */
export async function stopRun(timetableId: number): Promise<TGeneratorRun> {
  const s = runs.get(timetableId);
  if (!s) throw badRequest('Thời khóa biểu này không có lượt xếp tự động nào.');
  if (s.run.status === 'running') {
    s.abort.abort();
    await s.finished;
  }
  return { ...s.run };
}
