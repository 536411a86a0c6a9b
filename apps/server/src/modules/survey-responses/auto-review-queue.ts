import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { autoReviewResponse } from '../text-reviews/text-reviews.service';

/**
 * Auto-review of a new response's free texts (issue 6), run after the submission has answered.
 *
 * The submission itself stays one statement (docs/decisions.md, "Submission speed"): its texts are
 * stored `pending` and `autoReviewResponse` decides them here, off the student's request. Reviews run
 * one at a time per database, so during the survey window's peak they use one pool connection and
 * never crowd out the submissions; a backlog simply waits. Past `MAX_QUEUED` waiting responses new ones
 * are left `pending` (a warning says so): the survey and module auto-review runs pick them up later.
 * A failure is logged and forgotten: the answers are stored whatever the review does.
 */
export const MAX_QUEUED = 5_000;

interface Item {
  req: FastifyRequest;
  responseId: number;
}
interface Queue {
  items: Item[];
  /** The worker draining `items`, while one runs. */
  running: Promise<void> | null;
}
const queues = new WeakMap<Db, Queue>();

async function work(db: Db, q: Queue) {
  // Let the reply that queued the first item go out before any review query is sent.
  await new Promise<void>((resolve) => setImmediate(resolve));
  for (let item = q.items.shift(); item; item = q.items.shift()) {
    try {
      await autoReviewResponse(db, item.req, item.responseId);
    } catch (err) {
      item.req.log.error({ err, responseId: item.responseId }, 'auto-review after submission failed');
    }
  }
}

/** Queues the auto-review of a stored response; returns at once and never throws. */
export function queueAutoReview(db: Db, req: FastifyRequest, responseId: number): void {
  let q = queues.get(db);
  if (!q) queues.set(db, (q = { items: [], running: null }));
  if (q.items.length >= MAX_QUEUED) {
    req.log.warn({ responseId, queued: q.items.length }, 'auto-review queue full: the response stays pending for a later review run');
    return;
  }
  q.items.push({ req, responseId });
  if (!q.running) start(db, q);
}

function start(db: Db, q: Queue) {
  q.running = work(db, q).finally(() => {
    q.running = null;
    // An item queued while the worker was finishing (after its last shift) still gets its turn.
    if (q.items.length) start(db, q);
  });
}

/** Resolves when every queued review has run (the app waits for it before the database closes). */
export async function drainAutoReviews(db: Db): Promise<void> {
  const q = queues.get(db);
  while (q?.running) await q.running;
}
