import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';
import type { Actor } from '../plugins/actor';
import { createEventBus } from '../plugins/events';
import { opaqueIds } from '../areas/surveys/core/opaque-id';
import { autoPublish } from '../areas/surveys/results/publication.service';
import { autoReviewUndecided, bulkDecide } from '../areas/surveys/text-reviews/text-reviews.service';
import { REJECT_REASON, REJECTED } from './demo-responses';

/**
 * The demo's free texts reviewed and its closed surveys published as the running app would do it,
 * through the same services, so the demo shows what works (issue 12):
 *
 * 1. the auto-review (`autoReviewUndecided`, the start-up sweep's call, as the system) decides every
 *    seeded text: clean ones approved, flagged ones left pending — the open surveys' flagged texts are
 *    the quality office's queue on first start;
 * 2. on the closed surveys, the quality office's reviewer decides what the auto-review left pending
 *    (`bulkDecide`, a person's decision): the rude texts rejected with a reason, the rest approved;
 * 3. the publication pass (`autoPublish`, as the system) publishes every closed survey with no text
 *    pending, as it does at start with "publish automatically" on (the default).
 *
 * The services open their transactions as savepoints of the seed's one transaction.
 */
export async function reviewAndPublish(tx: Tx, o: { reviewer: Actor }) {
  const db = tx as unknown as Db;
  const auto = await autoReviewUndecided(db, { limit: 1_000_000 });

  const waiting = await queryRows<{ id: number; text: string }>(
    tx,
    sql`select v.id, coalesce(d.answer_text, d.other_value, '') as text
        from response_reviews v join response_details d on d.id = v.response_detail_id
        join survey_responses r on r.id = d.response_id join surveys s on s.id = r.survey_id
        where s.status = 'closed' and v.status = 'pending' order by v.id`,
  );
  const ids = await opaqueIds(db);
  const rude = waiting.filter((w) => REJECTED.includes(w.text)).map((w) => ids.encode('review', w.id));
  const fine = waiting.filter((w) => !REJECTED.includes(w.text)).map((w) => ids.encode('review', w.id));
  if (rude.length) await bulkDecide(db, o.reviewer, { ids: rude, status: 'rejected', reason: REJECT_REASON });
  if (fine.length) await bulkDecide(db, o.reviewer, { ids: fine, status: 'approved' });

  const published = await autoPublish(db, createEventBus());
  return { autoApproved: auto.approved, autoPending: auto.pending, rejected: rude.length, approvedByPerson: fine.length, published };
}
