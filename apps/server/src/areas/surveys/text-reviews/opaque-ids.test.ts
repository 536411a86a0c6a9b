import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { TTextReview } from '@app/shared/text-reviews';
import type { TResponseDetailCode, TSurveyText } from '@app/shared/theme-codes';
import { responseDetailCodes, responseReviewHistory, responseReviews } from '@/db/schema/survey-responses';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { uniq } from '@/test/uniq';
import { reviewFixture } from './test-fixture';

/**
 * Issue 11, "free text reaches quality assurance's queue without who or when": the ids the queue and
 * the themes hand out are opaque (core/opaque-id.ts). Written as the attack: sort what you were given
 * by id and see whether the submission order comes back; send the bare sequential id and see whether
 * it reaches its row.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof reviewFixture>>;
const tok: Record<string, string> = {};
const N = 30;
/** The texts in submission order: `Ý kiến số i`. */
let texts: Array<Awaited<ReturnType<typeof fx.respond>>>;
const label = (i: number) => `Ý kiến số ${String(i).padStart(2, '0')} về bài giảng`;
const indexOf = (text: string) => Number(/số (\d+)/.exec(text)![1]);

/** Share of neighbouring pairs in increasing order: ~1/2 for an order unrelated to submission, 1 for the submission order. */
const inOrder = (xs: number[]) => xs.slice(1).filter((x, i) => x > xs[i]).length / (xs.length - 1);
/** The submission indexes of items sorted by a numeric field. */
const sortedBy = <T>(items: T[], id: (x: T) => number, text: (x: T) => string) =>
  [...items].sort((a, b) => id(a) - id(b)).map((x) => indexOf(text(x)));

beforeAll(async () => {
  t = await createTestApp();
  for (const l of ['quantri', 'dbcl', 'hieutruong']) tok[l] = await t.tokenFor(l);
  fx = await reviewFixture(t.database.db);
  texts = [];
  for (let i = 0; i < N; i++) texts.push(await fx.respond({ short: label(i) }));
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tok[who]), payload });
const queue = async (who: string, query = '') => {
  const res = await call(who, 'GET', `/surveys/responses/reviews?surveyId=${fx.survey.id}&limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as TTextReview[]).filter((x) => x.text.startsWith('Ý kiến số'));
};

describe('the review queue', () => {
  it('hands out ids that do not follow submission order, to quality assurance and ADMIN alike', async () => {
    const qa = await queue('dbcl');
    expect(qa).toHaveLength(N);
    // The bare ids do follow it: the attack would work on them.
    expect(inOrder(texts.map((x) => x.short.reviewId))).toBe(1);
    expect(inOrder(texts.map((x) => x.short.detailId))).toBe(1);
    // Sorted by the ids handed out, the texts come in an order unrelated to submission.
    expect(
      inOrder(
        sortedBy(
          qa,
          (x) => x.id,
          (x) => x.text,
        ),
      ),
    ).toBeLessThan(0.75);
    expect(
      inOrder(
        sortedBy(
          qa,
          (x) => x.responseDetailId,
          (x) => x.text,
        ),
      ),
    ).toBeLessThan(0.75);
    // As listed (the keyed order), neither.
    expect(inOrder(qa.map((x) => indexOf(x.text)))).toBeLessThan(0.75);
    // ADMIN sorts by submission time (and sees it), with the same opaque ids.
    const admin = await queue('quantri', '&sort=submittedAt&order=asc');
    expect(admin.map((x) => indexOf(x.text))).toEqual(texts.map((_, i) => i));
    expect(inOrder(admin.map((x) => x.id))).toBeLessThan(0.75);
    expect(new Set(admin.map((x) => x.id))).toEqual(new Set(qa.map((x) => x.id)));
  });

  it('takes a decision through the id it handed out; the bare sequential id does not reach its row (404)', async () => {
    const qa = await queue('dbcl');
    const item = qa.find((x) => indexOf(x.text) === 3)!;
    const raw = texts[3].short.reviewId;
    expect(item.id).not.toBe(raw);
    const put = await call('dbcl', 'PUT', `/surveys/responses/reviews/${item.id}`, { status: 'approved' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ id: item.id, responseDetailId: item.responseDetailId, status: 'approved', text: label(3) });
    expect((await t.database.db.select().from(responseReviews).where(eq(responseReviews.id, raw)))[0].status).toBe('approved');

    // Every bare id: never its own text; a 404 unless it happens to be another stored review's token.
    const rawIds = texts.map((x) => x.short.reviewId);
    const stored = new Set((await t.database.db.select({ id: responseReviews.id }).from(responseReviews)).map((r) => r.id));
    let notFound = 0;
    for (const [i, id] of rawIds.entries()) {
      const res = await call('dbcl', 'GET', `/surveys/responses/reviews/${id}`);
      if (stored.has(fx.opaque.decode('review', id))) expect(res.json().data.text).not.toBe(label(i));
      else {
        expect(res.statusCode).toBe(404);
        notFound++;
      }
    }
    expect(notFound).toBeGreaterThanOrEqual(N - 1);
    const bare = await call('dbcl', 'PUT', `/surveys/responses/reviews/${texts[4].short.reviewId}`, { status: 'rejected', reason: 'thử' });
    if (!stored.has(fx.opaque.decode('review', texts[4].short.reviewId))) expect(bare.statusCode).toBe(404);
    expect((await t.database.db.select().from(responseReviews).where(eq(responseReviews.id, texts[4].short.reviewId)))[0].status).toBe(
      'pending',
    );
  });

  it('bulk decisions, answer-level decisions and the auto-review take the tokens and answer with them', async () => {
    const qa = await queue('dbcl');
    const pick = [5, 6, 7].map((i) => qa.find((x) => indexOf(x.text) === i)!);
    const bulk = await call('dbcl', 'POST', '/surveys/responses/reviews/bulk', { ids: pick.map((x) => x.id), status: 'approved' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(responseReviews)
      .where(
        inArray(
          responseReviews.id,
          [5, 6, 7].map((i) => texts[i].short.reviewId),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(['approved', 'approved', 'approved']);

    const eight = qa.find((x) => indexOf(x.text) === 8)!;
    const byAnswer = await call('dbcl', 'POST', '/surveys/responses/reviews', {
      responseDetailId: eight.responseDetailId,
      status: 'approved',
    });
    expect(byAnswer.statusCode, byAnswer.body).toBe(200);
    expect(byAnswer.json().data).toMatchObject({ id: eight.id, text: label(8) });
    const auto = await call('dbcl', 'POST', '/surveys/responses/auto-review', {
      responseDetailId: qa.find((x) => indexOf(x.text) === 9)!.responseDetailId,
    });
    expect(auto.statusCode, auto.body).toBe(200);
    expect(auto.json().data.reviewId).toBe(qa.find((x) => indexOf(x.text) === 9)!.id);
    // The bare answer id is not the answer.
    const bare = await call('dbcl', 'POST', '/surveys/responses/reviews', {
      responseDetailId: texts[10].short.detailId,
      status: 'approved',
    });
    expect(bare.statusCode).not.toBe(200);
    expect((await t.database.db.select().from(responseReviews).where(eq(responseReviews.id, texts[10].short.reviewId)))[0].status).toBe(
      'pending',
    );
  });

  it('history entries carry opaque ids too', async () => {
    const qa = await queue('dbcl');
    const one = qa.find((x) => indexOf(x.text) === 3)!;
    const res = await call('dbcl', 'GET', `/surveys/responses/reviews/${one.id}`);
    const history = res.json().data.history as Array<{ id: number }>;
    expect(history.length).toBeGreaterThan(0);
    const raw = await t.database.db
      .select({ id: responseReviewHistory.id })
      .from(responseReviewHistory)
      .where(eq(responseReviewHistory.reviewId, texts[3].short.reviewId));
    expect(history.map((h) => fx.opaque.decode('review-history', h.id)).sort()).toEqual(raw.map((r) => r.id).sort());
    for (const h of history) expect(raw.map((r) => r.id)).not.toContain(h.id);
  });
});

describe('themes', () => {
  it('tags a text by the token of the queue, lists it in no submission order, and round-trips the tag id', async () => {
    // Every text approved, so the themes see them all.
    const qa = await queue('dbcl');
    expect(
      (await call('dbcl', 'POST', '/surveys/responses/reviews/bulk', { ids: qa.map((x) => x.id), status: 'approved' })).statusCode,
    ).toBe(200);
    const list = await call('hieutruong', 'GET', `/theme-codes/survey/${fx.survey.id}/response-details?limit=100`);
    expect(list.statusCode, list.body).toBe(200);
    const shown = (list.json().data.items as TSurveyText[]).filter((x) => x.text.startsWith('Ý kiến số'));
    expect(shown).toHaveLength(N);
    expect(inOrder(shown.map((x) => indexOf(x.text)))).toBeLessThan(0.75);
    expect(
      inOrder(
        sortedBy(
          shown,
          (x) => x.responseDetailId,
          (x) => x.text,
        ),
      ),
    ).toBeLessThan(0.75);
    // The same text has the same token in the queue and in the themes.
    const twelve = qa.find((x) => indexOf(x.text) === 12)!;
    expect(shown.find((x) => indexOf(x.text) === 12)!.responseDetailId).toBe(twelve.responseDetailId);

    const code = await call('dbcl', 'POST', '/theme-codes/codes', { name: uniq('Mã thử '), keywords: ['bài giảng'] });
    expect(code.statusCode, code.body).toBe(200);
    const codeId = code.json().data.id as number;
    const made = await call('dbcl', 'POST', '/theme-codes/response-details', { responseDetailId: twelve.responseDetailId, codeId });
    expect(made.statusCode, made.body).toBe(200);
    const tag = made.json().data as TResponseDetailCode;
    expect(tag).toMatchObject({ responseDetailId: twelve.responseDetailId, codeId, text: label(12), source: 'manual' });
    const [row] = await t.database.db.select().from(responseDetailCodes).where(eq(responseDetailCodes.codeId, codeId));
    expect(row.responseDetailId).toBe(texts[12].short.detailId);
    expect(tag.id).not.toBe(row.id);

    expect((await call('hieutruong', 'GET', `/theme-codes/response-details/${tag.id}`)).json().data).toMatchObject({
      id: tag.id,
      text: label(12),
    });
    const bareTag = await call('hieutruong', 'GET', `/theme-codes/response-details/${row.id}`);
    expect(bareTag.statusCode).toBe(404);
    const again = await call('hieutruong', 'GET', `/theme-codes/survey/${fx.survey.id}/response-details?codeId=${codeId}`);
    expect(again.json().data.items).toMatchObject([{ responseDetailId: twelve.responseDetailId, tags: [{ id: tag.id, codeId }] }]);

    // Analysis tags the rest in one run; their tag ids neither follow the texts' order.
    expect((await call('dbcl', 'POST', `/theme-codes/analyze-survey/${fx.survey.id}`)).statusCode).toBe(200);
    const tags = await call('hieutruong', 'GET', `/theme-codes/codes/${codeId}/response-details?limit=100&source=auto`);
    const auto = tags.json().data.items as TResponseDetailCode[];
    expect(auto).toHaveLength(N - 1);
    expect(inOrder(auto.map((x) => indexOf(x.text)))).toBeLessThan(0.75);
    expect(
      inOrder(
        sortedBy(
          auto,
          (x) => x.id,
          (x) => x.text,
        ),
      ),
    ).toBeLessThan(0.75);

    const moved = await call('dbcl', 'PUT', `/theme-codes/response-details/${tag.id}`, { codeId });
    expect(moved.statusCode, moved.body).toBe(200);
    const del = await call('dbcl', 'DELETE', `/theme-codes/response-details/${tag.id}`);
    expect(del.json().data).toMatchObject({ id: tag.id, responseDetailId: twelve.responseDetailId, codeId });
    expect(await t.database.db.select().from(responseDetailCodes).where(eq(responseDetailCodes.id, row.id))).toEqual([]);
  });
});
