import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { TTextReview } from '@app/shared/text-reviews';
import type { TSurveyText, TThemeSummary } from '@app/shared/theme-codes';
import { responseReviews, surveyResponses } from '@/db/schema/survey-responses';
import { surveys } from '@/db/schema/surveys';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { reviewFixture } from './test-fixture';

/**
 * Issue 11 follow-up, written as the attack a reviewer reproduced: quality assurance (the queue) and
 * the principal (the themes) read an open survey's texts, a student submits, they read again — the
 * new texts beside the one new name on the done list would be that student's. With k = MIN_GROUP_SIZE
 * (3 here), an open survey's texts of a part (class, grade, campus) appear only k responses at once;
 * ADMIN reads each at once; a closed survey shows all (core/live-release.repository.ts).
 */
const K = 3;
let t: TestApp;
let fx: Awaited<ReturnType<typeof reviewFixture>>;
const tok: Record<string, string> = {};
/** One part: every response gets the first one's grade and campus (the fixture draws students of several). */
let part: { studentGrade: number | null; campusId: number | null } | null = null;
const reviewTokens: number[] = [];
const label = (i: number, kind: string) => `Ý kiến ${kind} số ${i} về lớp học`;

beforeAll(async () => {
  t = await createTestApp({ MIN_GROUP_SIZE: String(K) });
  for (const l of ['quantri', 'dbcl', 'hieutruong']) tok[l] = await t.tokenFor(l);
  fx = await reviewFixture(t.database.db);
});
afterAll(() => t.close());

const get = async <T>(who: string, url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tok[who]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

/** A student's response with two texts, approved (the themes read approved texts only). */
const detailIds: number[][] = [];
async function submit(i: number) {
  const db = t.database.db;
  const r = await fx.respond({ short: label(i, 'ngắn'), long: label(i, 'dài') });
  detailIds.push([r.short.detailId, r.long.detailId]);
  if (!part) {
    const [row] = await db
      .select({ studentGrade: surveyResponses.studentGrade, campusId: surveyResponses.campusId })
      .from(surveyResponses)
      .where(eq(surveyResponses.id, r.responseId));
    part = row;
  }
  const { studentGrade, campusId } = part;
  await db
    .update(surveyResponses)
    .set({ studentGrade: studentGrade ?? sql`null`, campusId: campusId ?? sql`null` })
    .where(eq(surveyResponses.id, r.responseId));
  await db
    .update(responseReviews)
    .set({ status: 'approved', reviewedAt: new Date() })
    .where(inArray(responseReviews.id, [r.short.reviewId, r.long.reviewId]));
  reviewTokens.push(r.short.reviewToken, r.long.reviewToken);
}

/** What each reader sees of the survey's texts: the queue, its counts, the themes list, the summary. */
async function seen(who: string) {
  const s = fx.survey.id;
  const queue =
    who === 'hieutruong' ? null : await get<{ items: TTextReview[] }>(who, `/surveys/responses/reviews?surveyId=${s}&limit=100`);
  const counts =
    who === 'hieutruong'
      ? null
      : await get<{ pending: number; approved: number; rejected: number }>(who, `/surveys/responses/reviews/counts?surveyId=${s}`);
  const texts = await get<{ items: TSurveyText[]; total: number }>(who, `/theme-codes/survey/${s}/response-details?limit=100`);
  const sum = await get<TThemeSummary>(who, `/theme-codes/summary?surveyId=${s}`);
  return {
    queue: queue ? queue.items.map((x) => x.text).sort() : null,
    counted: counts ? counts.pending + counts.approved + counts.rejected : null,
    texts: texts.items.map((x) => x.text).sort(),
    total: texts.total,
    summaryTexts: sum.totalTexts,
  };
}

const textsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => [label(i + 1, 'ngắn'), label(i + 1, 'dài')])
    .flat()
    .sort();

describe('an open survey’s free text, submission by submission', () => {
  it('reaches quality assurance and the principal only k responses at once, ADMIN each at once', async () => {
    for (let i = 1; i <= 2 * K + 1; i++) {
      await submit(i);
      const released = Math.floor(i / K) * K;
      for (const who of ['dbcl', 'hieutruong']) {
        const v = await seen(who);
        expect(v.texts, `${who} after ${i}`).toEqual(textsOf(released));
        expect(v.total).toBe(2 * released);
        expect(v.summaryTexts).toBe(2 * released);
        if (v.queue) {
          expect(v.queue, `${who} after ${i}`).toEqual(textsOf(released));
          expect(v.counted).toBe(2 * released);
        }
      }
      const admin = await seen('quantri');
      expect(admin.queue).toEqual(textsOf(i));
      expect(admin.texts).toEqual(textsOf(i));
      expect(admin.counted).toBe(2 * i);
    }
  });

  it('keeps a held-back review out of reach by its token for quality assurance, not for ADMIN', async () => {
    const last = reviewTokens[reviewTokens.length - 1];
    const first = reviewTokens[0];
    const one = (who: string, token: number) =>
      t.app.inject({ method: 'GET', url: `/api/v1/surveys/responses/reviews/${token}`, headers: bearer(tok[who]) });
    expect((await one('dbcl', last)).statusCode).toBe(404);
    expect((await one('dbcl', first)).statusCode).toBe(200);
    expect((await one('quantri', last)).statusCode).toBe(200);
    const decide = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/surveys/responses/reviews/${last}`,
      headers: bearer(tok.dbcl),
      payload: { status: 'approved' },
    });
    expect(decide.statusCode).toBe(404);
  });

  it('the analysis tags released texts only, whoever runs it: no code count moves by one held-back text', async () => {
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/v1/theme-codes/codes',
      headers: bearer(tok.quantri),
      payload: { name: 'Về lớp học (kiểm thử)', keywords: ['về lớp học'] },
    });
    expect(code.statusCode, code.body).toBe(200);
    for (const who of ['quantri', 'dbcl']) {
      const run = await t.app.inject({
        method: 'POST',
        url: `/api/v1/theme-codes/analyze-survey/${fx.survey.id}`,
        headers: bearer(tok[who]),
      });
      expect(run.statusCode, run.body).toBe(200);
      const tagged = async (ids: number[]) =>
        (
          await t.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(sql`response_detail_codes`)
            .where(sql`response_detail_id = any(${`{${ids.join(',')}}`}::int[])`)
        )[0].n;
      // 2K+1 responses: the first 2K are released (their texts match the keyword), the last is held back.
      expect(await tagged(detailIds.slice(0, 2 * K).flat()), who).toBe(4 * K);
      expect(await tagged(detailIds[2 * K]), who).toBe(0);
    }
  });

  it('shows every text of a closed survey', async () => {
    await t.database.db.update(surveys).set({ status: 'closed' }).where(eq(surveys.id, fx.survey.id));
    const n = 2 * K + 1;
    for (const who of ['dbcl', 'hieutruong']) {
      const v = await seen(who);
      expect(v.texts).toEqual(textsOf(n));
      if (v.queue) expect(v.queue).toEqual(textsOf(n));
    }
  });
});
