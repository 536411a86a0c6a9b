import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '@/db/client';
import type { EventBus } from '@/plugins/events';
import { autoReviewResponses } from './text-reviews.service';

/**
 * Auto-review of new responses' free texts (issue 6), run after the submissions have answered.
 *
 * The submission itself stays one statement (docs/decisions/technical.md, "Submission speed"): its texts are
 * stored `pending` and decided here, off the student's request. The queue hears of each stored
 * response holding free text (`survey.response.created`), gathers them for `GATHER_MS` and reviews
 * them together (`autoReviewResponses`: one settings read, one query, one transaction per batch), one
 * batch at a time per app, so during the survey window's peak the reviews cost a fraction of what one
 * run per response would and use one pool connection at most. Past `MAX_QUEUED` waiting responses new
 * ones are left `pending` (a warning says so): the survey and module auto-review runs pick them up
 * later. A failure is logged and forgotten: the answers are stored whatever the review does.
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
        await autoReviewResponses(this.db, ids);
      } catch (err) {
        this.log.error({ err, responseIds: ids }, 'auto-review after submission failed: the texts stay pending');
      }
    }
  }
}

/**
 * Starts the app's queue: it subscribes to new responses holding free text, and on close drains
 * what is queued before the database closes.
 */
export function startAutoReviewQueue(app: FastifyInstance, deps: { db: Db; events: EventBus }): void {
  const queue = new AutoReviewQueue(deps.db, app.log);
  const off = deps.events.on('survey.response.created', ({ responseId, hasFreeText }) => {
    if (hasFreeText) queue.add(responseId);
  });
  app.addHook('onClose', async () => {
    off();
    await queue.drain();
  });
}
