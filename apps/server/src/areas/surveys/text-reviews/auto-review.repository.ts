import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { responseDetails, responseReviews } from '@/db/schema/survey-responses';

/**
 * Claims texts no review has decided yet, locked for the caller's transaction: `pending`, no person,
 * and never auto-reviewed (`reviewed_at` null; the auto-review sets it on every decision, so a flagged
 * text waiting for a person has it). `SKIP LOCKED`: a text another runner holds (the queue of another
 * worker, a second sweep) is left to it; one decided meanwhile no longer matches when its row is
 * locked, since PostgreSQL checks the condition again on the newest row. So each text is claimed once.
 */
export async function claimUndecided(tx: DbOrTx, opts: { limit: number; responseIds?: number[] }): Promise<number[]> {
  const rows = await tx
    .select({ id: responseReviews.id })
    .from(responseReviews)
    .where(
      and(
        eq(responseReviews.status, 'pending'),
        isNull(responseReviews.reviewerId),
        isNull(responseReviews.reviewedAt),
        opts.responseIds
          ? inArray(
              responseReviews.responseDetailId,
              tx.select({ id: responseDetails.id }).from(responseDetails).where(inArray(responseDetails.responseId, opts.responseIds)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(responseReviews.id))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}
