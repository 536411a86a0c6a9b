import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { auditLogs } from '@/db/schema/audit';
import { responseReviewHistory, responseReviews } from '@/db/schema/survey-responses';
import { appOn, createTestApp, type TestApp } from '@/test/app';
import { reviewFixture } from './test-fixture';
import { autoReviewUndecided } from './text-reviews.service';

/**
 * The auto-review is durable (issue 11): texts stored `pending` that no review decided (the queue
 * lives in memory; a kill -9 loses it) are found and decided when the app starts and by the periodic
 * sweep, each once, also when two runners sweep at the same time.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof reviewFixture>>;

beforeAll(async () => {
  // The test app runs without a sweep (AUTO_REVIEW_SWEEP_SECONDS=0): rows inserted here stay as a crash leaves them.
  t = await createTestApp();
  fx = await reviewFixture(t.database.db);
});
afterAll(() => t.close());

const RUDE = 'Thầy dạy như cc, vcl';
const CLEAN = 'Cô giảng dễ hiểu, em cảm ơn cô';

/** A second app on the same database, as a restart after a crash would start (its own sweep setting). */
const restart = (sweepSeconds: number) => appOn(t.database, { AUTO_REVIEW_SWEEP_SECONDS: String(sweepSeconds) });

const db = () => t.database.db;
const reviews = (ids: number[]) => db().select().from(responseReviews).where(inArray(responseReviews.id, ids));
const historyCounts = async (ids: number[]) =>
  new Map(
    (
      await db()
        .select({ id: responseReviewHistory.reviewId, n: sql<number>`cast(count(*) as integer)` })
        .from(responseReviewHistory)
        .where(inArray(responseReviewHistory.reviewId, ids))
        .groupBy(responseReviewHistory.reviewId)
    ).map((r) => [r.id, r.n]),
  );
const undecidedCount = async () =>
  (
    await db()
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(responseReviews)
      .where(and(eq(responseReviews.status, 'pending'), isNull(responseReviews.reviewerId), isNull(responseReviews.reviewedAt)))
  )[0].n;

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `n` responses with a rude short text and a clean long text, stored without the queue: as a crash leaves them. */
async function leftUndecided(n: number) {
  const out: Array<{ rude: number; clean: number }> = [];
  for (let i = 0; i < n; i++) {
    const r = await fx.respond({ short: RUDE, long: CLEAN });
    out.push({ rude: r.short.reviewId, clean: r.long.reviewId });
  }
  return out;
}

describe('durable auto-review', () => {
  it('decides at start what a crash left undecided, once each, as the system; keeps what was decided', async () => {
    const left = await leftUndecided(12);
    // Already decided before the crash: a flagged text waiting for a person, and a person's decision.
    const waiting = (await leftUndecided(1))[0];
    await db()
      .update(responseReviews)
      .set({ reviewedAt: new Date(), reasonCodes: [{ code: 'profanity', text: 'Ngôn từ thô tục' }] })
      .where(eq(responseReviews.id, waiting.rude));
    const person = await t.userId('dbcl');
    await db()
      .update(responseReviews)
      .set({ status: 'rejected', reviewerId: person, reviewedAt: new Date(), reason: 'Không phù hợp' })
      .where(eq(responseReviews.id, waiting.clean));
    expect(await undecidedCount()).toBeGreaterThanOrEqual(24);

    const app = await restart(3600);
    try {
      await until(async () => (await undecidedCount()) === 0);
    } finally {
      await app.close();
    }

    const ids = left.flatMap((x) => [x.rude, x.clean]);
    const rows = new Map((await reviews(ids)).map((r) => [r.id, r]));
    for (const x of left) {
      expect(rows.get(x.rude)).toMatchObject({ status: 'pending', reviewerId: null, reasonCodes: [{ code: 'profanity' }] });
      expect(rows.get(x.rude)!.reviewedAt).not.toBeNull();
      expect(rows.get(x.clean)).toMatchObject({ status: 'approved', reviewerId: null, reasonCodes: [] });
    }
    const history = await historyCounts([...ids, waiting.rude, waiting.clean]);
    for (const id of ids) expect(history.get(id), `review ${id}`).toBe(1);
    expect(history.get(waiting.rude)).toBeUndefined();
    expect(history.get(waiting.clean)).toBeUndefined();
    expect((await reviews([waiting.clean]))[0]).toMatchObject({ status: 'rejected', reviewerId: person });
    const logs = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auto_review'), sql`${auditLogs.after}->'approvedIds' @> ${JSON.stringify([left[0].clean])}::jsonb`));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ entity: 'response_review', actorId: null });
    expect(JSON.stringify(logs[0])).not.toContain('vcl');
  });

  it('sweeps periodically: texts left undecided while the app runs are decided without a restart', async () => {
    const app = await restart(1);
    try {
      const left = await leftUndecided(3);
      const ids = left.flatMap((x) => [x.rude, x.clean]);
      await until(async () => (await reviews(ids)).every((r) => r.reviewedAt !== null), 10_000);
      const history = await historyCounts(ids);
      for (const id of ids) expect(history.get(id)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('two sweeps at once decide each text once: one history row per text, the counts add up', async () => {
    const left = await leftUndecided(40);
    const ids = left.flatMap((x) => [x.rude, x.clean]);
    const before = await undecidedCount();
    const sweeper = async () => {
      let checked = 0;
      for (;;) {
        const run = await autoReviewUndecided(db(), { limit: 7 });
        checked += run.checked;
        if (run.checked < 7) return checked;
      }
    };
    const [a, b, c] = await Promise.all([sweeper(), sweeper(), sweeper()]);
    expect(a + b + c).toBe(before);
    expect(await undecidedCount()).toBe(0);
    const history = await historyCounts(ids);
    for (const id of ids) expect(history.get(id), `review ${id}`).toBe(1);
    // The texts' decisions themselves: the rude flagged, the clean approved.
    const rows = await reviews(ids);
    expect(rows.filter((r) => r.status === 'approved')).toHaveLength(left.length);
  });

  it('a sweep leaves alone a text a person decides meanwhile, and one the queue already decided', async () => {
    const [x] = await leftUndecided(1);
    await db()
      .update(responseReviews)
      .set({ status: 'approved', reviewerId: await t.userId('dbcl'), reviewedAt: new Date() })
      .where(eq(responseReviews.id, x.rude));
    const run = await autoReviewUndecided(db(), { limit: 1000 });
    expect(run.checked).toBe(1);
    expect(await autoReviewUndecided(db(), { limit: 1000 })).toMatchObject({ checked: 0, changed: 0 });
    expect((await reviews([x.rude]))[0]).toMatchObject({ status: 'approved' });
    expect((await historyCounts([x.rude, x.clean])).get(x.clean)).toBe(1);
    expect((await historyCounts([x.rude])).get(x.rude)).toBeUndefined();
  });
});
