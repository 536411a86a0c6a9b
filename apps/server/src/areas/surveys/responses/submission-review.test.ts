import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { answersToSubmission } from '@app/shared/survey-answers';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { ZResponseDetails, type TResponseAnswer } from '@app/shared/survey-responses';
import type { TAnswers } from '@app/shared/surveys';
import { auditLogs } from '@/db/schema/audit';
import { responseDetails, responseReviews } from '@/db/schema/survey-responses';
import { users } from '@/db/schema/users';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { schoolToday } from '../core/school-day';
import { autoReviewResponses } from '../text-reviews/text-reviews.service';
import { detailsOf } from './survey-responses.repository';
import { answerView } from './survey-responses.service';
import { currentModuleId, insertTestSurvey } from '@/test/surveys';

/**
 * After a submission: the auto-review of its free texts (issue 6, off the request), and who reads
 * those texts through the staff response calls (only reviewers before approval).
 */
let t: TestApp;
const tok: Record<string, string> = {};
let moduleId: number;
let studentId: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const l of ['hs.an', 'quantri', 'dbcl', 'hieutruong', 'giaovu', 'gv.van', 'gv.toan']) tok[l] = await t.tokenFor(l);
  const db = t.database.db;
  moduleId = await currentModuleId(db);
  [{ studentId: studentId }] = (await db
    .select({ studentId: users.studentId })
    .from(users)
    .where(eq(users.id, await t.userId('hs.an')))) as Array<{ studentId: number }>;
});
afterAll(() => t.close());

const RUDE = 'Thầy dạy như cl, vcl';
const CLEAN = 'Thầy giảng rất dễ hiểu, em cảm ơn thầy.';

/** A GENERAL survey open today, answered by hs.an with the given texts (101 short, 102 long, 103 "Khác"; 105's "Khác" is "Trò chơi"). */
async function submitted(texts: { short: string; long: string; other: string }) {
  const today = schoolToday();
  const m = await insertTestSurvey(
    t.database.db,
    makeSurvey({ surveyType: 'GENERAL', moduleId, subjectId: null, subject: null, startDate: today, endDate: today }),
  );
  const answers: TAnswers = {
    ...completeAnswers(),
    101: texts.short,
    102: texts.long,
    103: { selectedOptions: 'other', otherValue: texts.other, otherAnswers: { other: texts.other } },
  };
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/surveys/${m.survey.id}/responses`,
    headers: bearer(tok['hs.an']),
    payload: answersToSubmission(m.survey, m.answers(answers), { studentId }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { m, responseId: res.json().data.responseId as number };
}

/** The response's reviews by question (original fixture ids). */
async function reviewsOf(m: Awaited<ReturnType<typeof insertTestSurvey>>, responseId: number) {
  const rows = await t.database.db
    .select({ questionId: responseDetails.questionId, review: responseReviews })
    .from(responseReviews)
    .innerJoin(responseDetails, eq(responseDetails.id, responseReviews.responseDetailId))
    .where(eq(responseDetails.responseId, responseId));
  const byOld = (old: number) => rows.find((r) => r.questionId === m.qid(old))!.review;
  return { rows, byOld };
}

/** Polls (bounded) until `ok`; the last value either way. */
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const allReviewed = (r: Awaited<ReturnType<typeof reviewsOf>>) => r.rows.length > 0 && r.rows.every((x) => x.review.reviewedAt !== null);

describe('auto-review after a submission', () => {
  it('flags the rude text (pending, with reasons) and approves the clean ones, shortly after the reply', async () => {
    const { m, responseId } = await submitted({ short: RUDE, long: CLEAN, other: 'Cả hai' });
    const r = await until(() => reviewsOf(m, responseId), allReviewed);
    expect(r.rows).toHaveLength(5); // 101, 102, 103 and 105 ("Khác"), 204 (LMS question: no subject, so shown)
    expect(r.byOld(101)).toMatchObject({ status: 'pending', reviewerId: null, reasonCodes: [{ code: 'profanity' }] });
    expect((r.byOld(101).matchedSpans as unknown[]).length).toBeGreaterThan(0);
    expect(r.byOld(102)).toMatchObject({ status: 'approved', reviewerId: null, reasonCodes: [] });
    expect(r.byOld(103)).toMatchObject({ status: 'approved', reviewerId: null });
    expect(r.byOld(105)).toMatchObject({ status: 'approved', reviewerId: null });
    // One audit entry for the batch that held it, without an actor (the auto-review decided) and without any text.
    const logs = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'auto_review'),
          eq(auditLogs.entity, 'survey_response'),
          sql`${auditLogs.after}->'responseIds' @> ${JSON.stringify([responseId])}::jsonb`,
        ),
      );
    expect(logs).toHaveLength(1);
    expect(logs[0].actorId).toBeNull();
    expect(logs[0].after).toMatchObject({ checked: 5, flagged: 1, changed: 5 });
    expect(JSON.stringify(logs[0])).not.toContain('vcl');
  });

  it("a batch reviews several responses in one run, never over a person's decision", async () => {
    const a = await submitted({ short: RUDE, long: CLEAN, other: 'Cả hai' });
    const b = await submitted({ short: 'Đm thầy dạy chán vãi', long: CLEAN, other: 'Trò chơi' });
    const ra = await until(() => reviewsOf(a.m, a.responseId), allReviewed);
    await until(() => reviewsOf(b.m, b.responseId), allReviewed);
    // Back to "just stored", except one text a person has since rejected.
    const db = t.database.db;
    const detailIds = (
      await db
        .select({ id: responseDetails.id })
        .from(responseDetails)
        .where(inArray(responseDetails.responseId, [a.responseId, b.responseId]))
    ).map((d) => d.id);
    await db
      .update(responseReviews)
      .set({ status: 'pending', reasonCodes: [], matchedSpans: [], reviewedAt: null })
      .where(inArray(responseReviews.responseDetailId, detailIds));
    const person = await t.userId('dbcl');
    await db
      .update(responseReviews)
      .set({ status: 'rejected', reviewerId: person, reviewedAt: new Date(), reason: 'Không phù hợp' })
      .where(eq(responseReviews.id, ra.byOld(102).id));

    const run = await autoReviewResponses(db, [a.responseId, b.responseId]);
    expect(run).toMatchObject({ checked: 9, flagged: 2, changed: 9 });
    const after = await reviewsOf(a.m, a.responseId);
    expect(after.byOld(102)).toMatchObject({ status: 'rejected', reviewerId: person });
    expect(after.byOld(101)).toMatchObject({ status: 'pending', reasonCodes: [{ code: 'profanity' }] });
    expect((await reviewsOf(b.m, b.responseId)).byOld(101)).toMatchObject({ status: 'pending', reasonCodes: [{ code: 'profanity' }] });
    const [log] = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'auto_review'),
          sql`${auditLogs.after}->'responseIds' = ${JSON.stringify([a.responseId, b.responseId])}::jsonb`,
        ),
      );
    expect(log).toMatchObject({ entity: 'survey_response', entityId: null, actorId: null });
  });

  it('keeps clean texts pending when auto-approval is off', async () => {
    const put = (on: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/surveys/responses/review-settings',
        headers: bearer(tok.quantri),
        payload: { autoApproveClean: on },
      });
    expect((await put(false)).statusCode).toBe(200);
    try {
      const { m, responseId } = await submitted({ short: RUDE, long: CLEAN, other: 'Cả hai' });
      const r = await until(() => reviewsOf(m, responseId), allReviewed);
      expect(r.rows).toHaveLength(5);
      expect(r.rows.every((x) => x.review.status === 'pending' && x.review.reviewerId === null)).toBe(true);
      expect(r.byOld(102).reasonCodes).toEqual([]);
      expect(r.byOld(101).reasonCodes).toMatchObject([{ code: 'profanity' }]);
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
  });
});

describe('GET /surveys/responses/{id}/details: free texts by role', () => {
  /** A response whose texts a person set: short pending, long approved, "Khác" rejected. */
  async function decided() {
    const { m, responseId } = await submitted({ short: 'Em muốn thêm giờ thực hành', long: CLEAN, other: 'Trò chơi vận động' });
    const { byOld } = await reviewsOf(m, responseId);
    const admin = await t.userId('quantri');
    const set = async (old: number, status: 'pending' | 'approved' | 'rejected') =>
      t.database.db
        .update(responseReviews)
        .set({ status, reviewerId: admin, reviewedAt: new Date(), reason: status === 'rejected' ? 'Không phù hợp' : null })
        .where(inArray(responseReviews.id, [byOld(old).id]));
    // A person's decision: the auto-review running meanwhile leaves these alone.
    await set(101, 'pending');
    await set(102, 'approved');
    await set(103, 'rejected');
    return { m, responseId };
  }
  const details = async (who: string, responseId: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/surveys/responses/${responseId}/details`, headers: bearer(tok[who]) });
    return res;
  };
  const answer = (answers: TResponseAnswer[], qid: number) => answers.find((a) => a.questionId === qid)!;

  it('ADMIN reads every text with its status (details name the student: ADMIN only, issue 11)', async () => {
    const { m, responseId } = await decided();
    const res = await details('quantri', responseId);
    expect(res.statusCode, res.body).toBe(200);
    const { answers } = ZResponseDetails.parse(res.json().data);
    expect(answer(answers, m.qid(101))).toMatchObject({
      answerText: 'Em muốn thêm giờ thực hành',
      reviewStatus: 'pending',
      textHidden: false,
    });
    expect(answer(answers, m.qid(102))).toMatchObject({ answerText: CLEAN, reviewStatus: 'approved', textHidden: false });
    expect(answer(answers, m.qid(103))).toMatchObject({
      otherValue: 'Trò chơi vận động',
      answerOptions: ['other'],
      reviewStatus: 'rejected',
      textHidden: false,
    });
  });

  it('a reader who is not a reviewer would get approved texts only (answerView, kept behind the ADMIN-only route)', async () => {
    const { m, responseId } = await decided();
    const rows = await detailsOf(t.database.db, [responseId]);
    const view = rows.map((d) => answerView(d, false));
    expect(JSON.stringify(view)).not.toContain('giờ thực hành');
    expect(JSON.stringify(view)).not.toContain('Trò chơi vận động');
    expect(answer(view, m.qid(101))).toMatchObject({ answerText: null, reviewStatus: 'pending', textHidden: true });
    expect(answer(view, m.qid(102))).toMatchObject({ answerText: CLEAN, reviewStatus: 'approved', textHidden: false });
    expect(answer(view, m.qid(103))).toMatchObject({
      otherValue: null,
      answerOptions: ['other'],
      reviewStatus: 'rejected',
      textHidden: true,
    });
    expect(answer(view, m.qid(201))).toMatchObject({
      gridColumnLabel: 'Rất đồng ý',
      valueNumber: 5,
      reviewStatus: null,
      textHidden: false,
    });
  });

  it('every role but ADMIN is refused', async () => {
    const { responseId } = await decided();
    for (const who of ['dbcl', 'hieutruong', 'giaovu', 'gv.van', 'gv.toan', 'hs.an'])
      expect((await details(who, responseId)).statusCode, who).toBe(403);
  });
});
