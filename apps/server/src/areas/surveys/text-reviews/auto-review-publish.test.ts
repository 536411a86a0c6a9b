import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '@/db/schema/audit';
import { responseReviews } from '@/db/schema/survey-responses';
import { surveys } from '@/db/schema/surveys';
import { appOn, createTestApp, type TestApp } from '@/test/app';
import { reviewFixture } from './test-fixture';

/**
 * Auto-publish hears the machine's decisions (issue 11): a closed survey whose last pending texts are
 * decided by the auto-review (the periodic sweep, or the queue after submissions) is published by the
 * system, as it is when a person decides them. Nothing else happens meanwhile that could publish it:
 * the texts are stored straight into the tables (no event), after the app's pass at start.
 */
let t: TestApp;

beforeAll(async () => {
  // The test app itself runs no sweep; each test starts a second app on the same database.
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

const appWithSweep = (sweepSeconds: number) => appOn(t.database, { AUTO_REVIEW_SWEEP_SECONDS: String(sweepSeconds) });

const publishedAt = async (id: number) => (await db().select().from(surveys).where(eq(surveys.id, id)))[0].publishedAt;

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** A closed survey holding clean texts nobody decided yet, as a crash before the auto-review leaves them. */
async function closedWithUndecided() {
  const fx = await reviewFixture(db());
  const a = await fx.respond({ long: 'Cô giảng dễ hiểu, em cảm ơn cô', short: 'Bài tập vừa sức' });
  const b = await fx.respond({ long: 'Thầy nhiệt tình, lớp học vui vẻ' });
  await db().update(surveys).set({ status: 'closed' }).where(eq(surveys.id, fx.survey.id));
  return { surveyId: fx.survey.id, responseIds: [a.responseId, b.responseId] };
}

describe('auto-publish after the auto-review', () => {
  it('the periodic sweep approves the last pending texts of a closed survey: the survey is published by the system', async () => {
    const app = await appWithSweep(1);
    try {
      // The app's own passes at start have run; the texts arrive afterwards without any event.
      const fx = await closedWithUndecided();
      expect(await publishedAt(fx.surveyId)).toBeNull();
      expect(await until(async () => (await publishedAt(fx.surveyId)) !== null)).toBe(true);
      const [log] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'publish'), eq(auditLogs.entity, 'survey'), eq(auditLogs.entityId, String(fx.surveyId))));
      expect(log).toMatchObject({ actorId: null });
    } finally {
      await app.close();
    }
  });

  it('the queue after submissions does the same (survey.response.created → review → publish)', async () => {
    const app = await appWithSweep(0);
    try {
      const fx = await closedWithUndecided();
      for (const responseId of fx.responseIds)
        app.events.emit('survey.response.created', { surveyId: fx.surveyId, responseId, hasFreeText: true });
      expect(await until(async () => (await publishedAt(fx.surveyId)) !== null)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('a flagged text stays pending for a person: the sweep decides it, the survey is not published', async () => {
    const app = await appWithSweep(1);
    try {
      const fx = await reviewFixture(db());
      const r = await fx.respond({ long: 'Thầy dạy như cc, vcl' });
      await db().update(surveys).set({ status: 'closed' }).where(eq(surveys.id, fx.survey.id));
      const decided = async () =>
        (await db().select().from(responseReviews).where(eq(responseReviews.id, r.long.reviewId)))[0].reviewedAt !== null;
      expect(await until(decided)).toBe(true);
      // The pass the decision triggered finds a text still pending (flagged, for a person): nothing published.
      await new Promise((res) => setTimeout(res, 500));
      expect(await publishedAt(fx.survey.id)).toBeNull();
      expect((await db().select().from(responseReviews).where(eq(responseReviews.id, r.long.reviewId)))[0].status).toBe('pending');
    } finally {
      await app.close();
    }
  });
});
