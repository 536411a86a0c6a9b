import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '@/db/client';
import type { EventBus } from '@/plugins/events';
import { runExclusive } from '@/lib/jobs';
import { autoReviewResponses, autoReviewUndecided, type MachineRun } from './text-reviews.service';

/**
 * Tells the rest of the app that the machine decided texts of these surveys (issue 11), once per batch
 * per survey, as a person's decision does (text-reviews.routes.ts): the last pending text of a closed
 * survey may just have been approved, and auto-publish listens for this.
 */
function announce(events: EventBus, run: MachineRun) {
  for (const surveyId of run.surveyIds) events.emit('survey.texts.reviewed', { surveyId });
}

/**
 * Auto-review of new responses' free texts (issue 6), run after the submissions have answered.
 *
 * The submission itself stays one statement (docs/decisions/technical.md, "Submission speed"): its texts are
 * stored `pending` and decided here, off the student's request. The queue hears of each stored
 * response holding free text (`survey.response.created`), gathers them for `GATHER_MS` and reviews
 * them together (`autoReviewResponses`: one settings read, one query, one transaction per batch), one
 * batch at a time per app, so during the survey window's peak the reviews cost a fraction of what one
 * run per response would and use one pool connection at most. Past `MAX_QUEUED` waiting responses new
 * ones are left `pending` (a warning says so) for the sweep below. A failure is logged and forgotten:
 * the answers are stored whatever the review does, and the sweep finishes what the queue did not.
 */
const GATHER_MS = 200;
const MAX_QUEUED = 10_000;
const BATCH = 500;

class AutoReviewQueue {
  private ids: number[] = [];
  /** The worker draining `ids`, while one runs. */
  private running: Promise<void> | null = null;
  /** Ends the current gathering wait at once (closing). */
  private hurry: (() => void) | null = null;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues the auto-review of a stored response; returns at once and never throws. */
  add(responseId: number): void {
    if (this.ids.length >= MAX_QUEUED) {
      this.log.warn({ responseId, queued: this.ids.length }, 'auto-review queue full: the response stays pending for a later review run');
      return;
    }
    this.ids.push(responseId);
    if (!this.running) this.start();
  }

  /** Runs what is queued without waiting to gather more, and resolves when done (before the database closes). */
  async drain(): Promise<void> {
    this.closing = true;
    this.hurry?.();
    while (this.running) await this.running;
  }

  private start() {
    this.running = this.work().finally(() => {
      this.running = null;
      // A response queued while the worker was finishing (after its last splice) still gets its turn.
      if (this.ids.length) this.start();
    });
  }

  private async work() {
    while (this.ids.length) {
      if (!this.closing) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, GATHER_MS);
          this.hurry = () => (clearTimeout(timer), resolve());
        });
        this.hurry = null;
      }
      const ids = this.ids.splice(0, BATCH);
      try {
        announce(this.events, await autoReviewResponses(this.db, ids));
      } catch (err) {
        this.log.error({ err, responseIds: ids }, 'auto-review after submission failed: the texts stay pending');
      }
    }
  }
}

const SWEEP_BATCH = 500;
const SWEEP_JOB = 'text-reviews.auto-review-sweep';

/**
 * The durable half (issue 11): the queue lives in memory, so a crash (kill -9) or a full queue leaves
 * texts stored `pending` that no review has decided. The sweep finds them (never auto-reviewed, no
 * person: `autoReviewUndecided`) and decides them, once at start and then every `seconds`, with the
 * system actor, a batch per transaction until none is left. One sweep at a time per school
 * (`runExclusive`: an advisory lock across workers); and since texts are claimed with `SKIP LOCKED`,
 * a sweep and another worker's queue never decide the same text either.
 */
class AutoReviewSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly seconds: number,
  ) {}

  start() {
    this.tick();
  }

  private tick() {
    if (this.closing) return;
    this.running = this.sweep().finally(() => {
      this.running = null;
      if (!this.closing) this.timer = setTimeout(() => this.tick(), this.seconds * 1000);
    });
  }

  /** Decides every undecided text (nothing when another runner holds the job); never throws. */
  private async sweep(): Promise<void> {
    try {
      const done = await runExclusive(this.db, SWEEP_JOB, async () => {
        let decided = 0;
        for (;;) {
          const run = await autoReviewUndecided(this.db, { limit: SWEEP_BATCH });
          announce(this.events, run);
          decided += run.checked;
          if (run.checked < SWEEP_BATCH || this.closing) return decided;
        }
      });
      if (done.ran && done.value) this.log.info({ decided: done.value }, 'auto-review sweep decided texts left undecided');
    } catch (err) {
      this.log.error({ err }, 'auto-review sweep failed: the texts stay pending until the next sweep');
    }
  }

  async stop() {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await this.running;
  }
}

/**
 * Starts the app's queue and sweep: the queue subscribes to new responses holding free text; the
 * sweep runs once the app is ready (`onReady`) and every `sweepSeconds` after (0: no sweep). On close
 * both finish what they hold before the database closes.
 */
export function startAutoReviewQueue(app: FastifyInstance, deps: { db: Db; events: EventBus; sweepSeconds: number }): void {
  const queue = new AutoReviewQueue(deps.db, deps.events, app.log);
  const sweep = new AutoReviewSweep(deps.db, deps.events, app.log, deps.sweepSeconds);
  const off = deps.events.on('survey.response.created', ({ responseId, hasFreeText }) => {
    if (hasFreeText) queue.add(responseId);
  });
  app.addHook('onReady', async () => {
    if (deps.sweepSeconds > 0) sweep.start();
  });
  app.addHook('onClose', async () => {
    off();
    await sweep.stop();
    await queue.drain();
  });
}
