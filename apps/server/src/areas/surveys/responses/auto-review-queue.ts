import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '@/db/client';
import { autoReviewResponses } from '../text-reviews/text-reviews.service';

/**
 * Auto-review of new responses' free texts (issue 6), run after the submissions have answered.
 *
 * The submission itself stays one statement (docs/decisions/technical.md, "Submission speed"): its texts are
 * stored `pending` and decided here, off the student's request. Responses are gathered for
 * `GATHER_MS` and reviewed together (`autoReviewResponses`: one settings read, one query, one
 * transaction per batch), one batch at a time per database, so during the survey window's peak the
 * reviews cost a fraction of what one run per response would and use one pool connection at most.
 * Past `MAX_QUEUED` waiting responses new ones are left `pending` (a warning says so): the survey and
 * module auto-review runs pick them up later. A failure is logged and forgotten: the answers are
 * stored whatever the review does.
 */
export const GATHER_MS = 200;
export const MAX_QUEUED = 10_000;
const BATCH = 500;

interface Queue {
  ids: number[];
  log: FastifyBaseLogger;
  /** The worker draining `ids`, while one runs. */
  running: Promise<void> | null;
  /** Ends the current gathering wait at once (closing). */
  hurry: (() => void) | null;
  closing: boolean;
}
const queues = new WeakMap<Db, Queue>();

async function work(db: Db, q: Queue) {
  while (q.ids.length) {
    if (!q.closing) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, GATHER_MS);
        q.hurry = () => (clearTimeout(timer), resolve());
      });
      q.hurry = null;
    }
    const ids = q.ids.splice(0, BATCH);
    try {
      await autoReviewResponses(db, ids);
    } catch (err) {
      q.log.error({ err, responseIds: ids }, 'auto-review after submission failed: the texts stay pending');
    }
  }
}

function start(db: Db, q: Queue) {
  q.running = work(db, q).finally(() => {
    q.running = null;
    // A response queued while the worker was finishing (after its last splice) still gets its turn.
    if (q.ids.length) start(db, q);
  });
}

/** Queues the auto-review of a stored response; returns at once and never throws. */
export function queueAutoReview(db: Db, req: FastifyRequest, responseId: number): void {
  let q = queues.get(db);
  if (!q) queues.set(db, (q = { ids: [], log: req.server.log, running: null, hurry: null, closing: false }));
  if (q.ids.length >= MAX_QUEUED) {
    q.log.warn({ responseId, queued: q.ids.length }, 'auto-review queue full: the response stays pending for a later review run');
    return;
  }
  q.ids.push(responseId);
  if (!q.running) start(db, q);
}

/** Runs what is queued without waiting to gather more, and resolves when done (before the database closes). */
export async function drainAutoReviews(db: Db): Promise<void> {
  const q = queues.get(db);
  if (!q) return;
  q.closing = true;
  q.hurry?.();
  while (q.running) await q.running;
}
