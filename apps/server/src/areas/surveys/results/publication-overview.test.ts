import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ZPublicationOverview } from '@app/shared/survey-results';
import { surveys } from '@/db/schema/surveys';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { count } from '@/test/school';
import { publishForTest } from '@/test/surveys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const overview = async (local: string) =>
  t.app.inject({ url: '/api/v1/surveys/publication-overview', headers: bearer(await t.tokenFor(local)) });

describe('GET /surveys/publication-overview', () => {
  it('lists closed surveys waiting for publication with their pending texts, and the published ones newest first', async () => {
    const db = t.database.db;
    const before = ZPublicationOverview.parse((await overview('dbcl')).json().data);
    const unpublished = sql`select count(*) from surveys where status = 'closed' and published_at is null and not is_template`;
    expect(before.waiting).toHaveLength(await count(db, unpublished));
    expect(before.published.count).toBe(
      await count(db, sql`select count(*) from surveys where published_at is not null and status = 'closed'`),
    );
    expect(before.published.count).toBeGreaterThan(0);

    // An open demo survey closes with texts still pending: it waits, with the number the reviewers must finish.
    const [open] = await db.select({ id: surveys.id, title: surveys.title }).from(surveys).where(eq(surveys.status, 'active')).limit(1);
    await db.update(surveys).set({ status: 'closed' }).where(eq(surveys.id, open.id));
    const waiting = ZPublicationOverview.parse((await overview('dbcl')).json().data).waiting;
    expect(waiting).toHaveLength(before.waiting.length + 1);
    const mine = waiting.find((w) => w.surveyId === open.id);
    expect(mine).toMatchObject({
      surveyId: open.id,
      title: open.title,
      responses: await count(db, sql`select count(*) from survey_responses where survey_id = ${open.id}`),
      pendingTexts: await count(
        db,
        sql`select count(*) from response_reviews rv join response_details d on d.id = rv.response_detail_id
            join survey_responses r on r.id = d.response_id where r.survey_id = ${open.id} and rv.status = 'pending'`,
      ),
    });
    expect(mine?.pendingTexts).toBeGreaterThan(0);

    await publishForTest(db, open.id);
    const after = ZPublicationOverview.parse((await overview('hieutruong')).json().data);
    expect(after.waiting).toEqual(before.waiting);
    expect(after.published.count).toBe(before.published.count + 1);
    expect(after.published.recent[0]).toMatchObject({ surveyId: open.id, title: open.title });
  });

  it('answers the school-wide roles and refuses teachers, heads and the other offices', async () => {
    for (const local of ['quantri', 'dbcl', 'hieutruong', 'giaovu']) expect((await overview(local)).statusCode, local).toBe(200);
    for (const local of ['gv.toan', 'totruong.ly', 'ketoan', 'csvc', 'hs.an']) expect((await overview(local)).statusCode, local).toBe(403);
  });
});
