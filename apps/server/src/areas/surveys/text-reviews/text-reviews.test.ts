import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { TEXT_REVIEW_MSG } from '@app/shared/text-reviews';
import { auditLogs } from '@/db/schema/audit';
import { responseReviewHistory, responseReviews } from '@/db/schema/survey-responses';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { reviewFixture } from './test-fixture';
import { autoReviewResponse } from './text-reviews.service';
import type { Actor } from '@/plugins/actor';

let t: TestApp;
let fx: Awaited<ReturnType<typeof reviewFixture>>;
const tok: Record<string, string> = {};
/** ADMIN, QUALITY_ASSURANCE review; everyone else is refused, whatever their other roles. */
const REVIEWERS = ['quantri', 'dbcl'];
const OTHERS = ['gv.toan', 'totruong.ly', 'gv.anh', 'gvcn.hoa', 'hieutruong', 'giaovu', 'hs.an'];

beforeAll(async () => {
  // k = 1: these tests are about the review and the themes, not the release of an open survey's texts in
  // steps of MIN_GROUP_SIZE (their fixture survey is open); that rule has its own test, text-reviews/live-release.test.ts.
  t = await createTestApp({ MIN_GROUP_SIZE: '1' });
  for (const l of [...REVIEWERS, ...OTHERS]) tok[l] = await t.tokenFor(l);
  fx = await reviewFixture(t.database.db);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (who: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tok[who]), payload });
const reviewRow = async (id: number) => (await t.database.db.select().from(responseReviews).where(eq(responseReviews.id, id)))[0];
const historyRows = (id: number) =>
  t.database.db.select().from(responseReviewHistory).where(eq(responseReviewHistory.reviewId, id)).orderBy(responseReviewHistory.id);

describe('roles', () => {
  it('refuses every review route to anyone but ADMIN and QUALITY_ASSURANCE, so no one else reads pending or rejected text', async () => {
    const r = await fx.respond({ short: 'Thầy dạy như cc luôn', long: 'Cô dạy rất hay' });
    // One rejected, one pending: a refused caller must see neither.
    await call('dbcl', 'PUT', `/surveys/responses/reviews/${r.short.reviewToken}`, { status: 'rejected', reason: 'Thô tục' });
    const routes: Array<[Method, string, object?]> = [
      ['GET', `/surveys/responses/reviews?surveyId=${fx.survey.id}`],
      ['GET', `/surveys/responses/reviews?status=rejected`],
      ['GET', `/surveys/responses/reviews/counts`],
      ['GET', `/surveys/responses/reviews/${r.short.reviewToken}`],
      ['GET', `/surveys/responses/reviews/${r.long.reviewToken}`],
      ['PUT', `/surveys/responses/reviews/${r.long.reviewToken}`, { status: 'approved' }],
      ['POST', `/surveys/responses/reviews`, { responseDetailId: r.long.detailToken, status: 'approved' }],
      ['POST', `/surveys/responses/reviews/bulk`, { ids: [r.long.reviewToken], status: 'approved' }],
      ['POST', `/surveys/responses/auto-review`, { responseDetailId: r.long.detailToken }],
      ['POST', `/surveys/responses/auto-review`, { responseText: 'thử' }],
      ['POST', `/surveys/responses/batch-auto-review`, { moduleId: fx.moduleId }],
      ['POST', `/surveys/${fx.survey.id}/auto-review-text-responses`],
      ['GET', `/surveys/responses/review-settings`],
      ['PUT', `/surveys/responses/review-settings`, { autoApproveClean: true }],
    ];
    for (const who of OTHERS)
      for (const [method, url, body] of routes) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.body).not.toContain('như cc');
        expect(res.body).not.toContain('rất hay');
      }
    // Nothing changed by the refused calls.
    expect((await reviewRow(r.long.reviewId)).status).toBe('pending');
    for (const who of REVIEWERS) {
      const res = await call(who, 'GET', `/surveys/responses/reviews/${r.short.reviewToken}`);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'rejected', text: 'Thầy dạy như cc luôn' });
    }
  });

  it('lets only ADMIN change the auto-approve setting; QUALITY_ASSURANCE reads it', async () => {
    expect((await call('dbcl', 'PUT', '/surveys/responses/review-settings', { autoApproveClean: false })).statusCode).toBe(403);
    const read = await call('dbcl', 'GET', '/surveys/responses/review-settings');
    expect(read.json().data).toEqual({ autoApproveClean: true });
  });
});

describe('queue', () => {
  it('lists texts with question, survey and class but never the student, filtered by status, survey, module, reason and search', async () => {
    const r = await fx.respond({ short: 'Gọi em số 0912 345 678', other: 'Học nhóm' });
    await call('dbcl', 'POST', `/surveys/${fx.survey.id}/auto-review-text-responses`);
    const res = await call(
      'dbcl',
      'GET',
      `/surveys/responses/reviews?surveyId=${fx.survey.id}&moduleId=${fx.moduleId}&reason=phone&status=pending`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } = res.json().data;
    expect(total).toBeGreaterThanOrEqual(1);
    const item = items.find((x: { id: number }) => x.id === r.short.reviewToken);
    expect(item).toMatchObject({
      status: 'pending',
      text: 'Gọi em số 0912 345 678',
      isOther: false,
      decidedBy: 'auto',
      reasonCodes: [{ code: 'phone', text: 'Có số điện thoại' }],
      matchedSpans: [{ code: 'phone', start: 10, end: 22 }],
      question: { id: fx.qid(101), content: 'Em thích điều gì nhất?' },
      survey: { id: fx.survey.id },
      module: { id: fx.moduleId },
      courseClass: { id: fx.classId },
    });
    expect(item.teacherNames.length).toBeGreaterThan(0);
    expect(JSON.stringify(items)).not.toMatch(/student/i);
    // "Khác" text of a choice question, approved as clean.
    const other = await call('dbcl', 'GET', `/surveys/responses/reviews/${r.other.reviewToken}`);
    expect(other.json().data).toMatchObject({ isOther: true, text: 'Học nhóm', status: 'approved', decidedBy: 'auto' });
    // Search ignores diacritics; another reason finds nothing of ours.
    const found = await call('dbcl', 'GET', `/surveys/responses/reviews?surveyId=${fx.survey.id}&search=goi em so`);
    expect(found.json().data.items.map((x: { id: number }) => x.id)).toContain(r.short.reviewToken);
    const none = await call('dbcl', 'GET', `/surveys/responses/reviews?surveyId=${fx.survey.id}&reason=threat`);
    expect(none.json().data.items.map((x: { id: number }) => x.id)).not.toContain(r.short.reviewToken);
    const counts = await call('quantri', 'GET', `/surveys/responses/reviews/counts?surveyId=${fx.survey.id}`);
    expect(counts.json().data.pending).toBeGreaterThanOrEqual(1);
    expect(counts.json().data.byReason.phone).toBeGreaterThanOrEqual(1);
  });
});

describe('auto-review', () => {
  it('checks a text on its own without storing anything; with no text it is a 400', async () => {
    const res = await call('dbcl', 'POST', '/surveys/responses/auto-review', { responseText: 'đ.m thầy' });
    expect(res.json().data).toMatchObject({
      flagged: true,
      status: 'pending',
      reasons: [{ code: 'profanity', text: 'Ngôn từ thô tục' }],
      applied: false,
      reviewId: null,
    });
    const bad = await call('dbcl', 'POST', '/surveys/responses/auto-review', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TEXT_REVIEW_MSG.textRequired);
  });

  it('stores the decision on an answer with a history row, audited without the text; a different text sent along is refused', async () => {
    const r = await fx.respond({ long: 'Thầy dạy ngu vl' });
    const mismatch = await call('dbcl', 'POST', '/surveys/responses/auto-review', {
      responseDetailId: r.long.detailToken,
      responseText: 'Thầy dạy hay',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(TEXT_REVIEW_MSG.textMismatch);
    expect(await historyRows(r.long.reviewId)).toHaveLength(0);

    const res = await call('dbcl', 'POST', '/surveys/responses/auto-review', {
      responseDetailId: r.long.detailToken,
      responseText: 'Thầy dạy ngu vl',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      flagged: true,
      status: 'pending',
      applied: true,
      currentStatus: 'pending',
      reviewId: r.long.reviewToken,
    });
    const row = await reviewRow(r.long.reviewId);
    expect(row).toMatchObject({ status: 'pending', reviewerId: null });
    expect(row.reviewedAt).not.toBeNull();
    expect((row.reasonCodes as Array<{ code: string }>).map((x) => x.code)).toEqual(['profanity', 'insult']);
    const hist = await historyRows(r.long.reviewId);
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({ status: 'pending', reviewerId: null });
    // Running again with the same result writes nothing new.
    await call('dbcl', 'POST', '/surveys/responses/auto-review', { responseDetailId: r.long.detailToken });
    expect(await historyRows(r.long.reviewId)).toHaveLength(1);
    const logs = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'response_review'), eq(auditLogs.entityId, String(r.long.reviewId))));
    expect(logs.map((l) => l.action)).toEqual(['auto_review']);
    expect(JSON.stringify(logs)).not.toContain('ngu vl');
  });

  it('never overrides a person: a human decision stays through single, survey and module runs', async () => {
    const r = await fx.respond({ short: 'đmm bài khó', long: 'Cô dạy dễ hiểu' });
    const put = await call('quantri', 'PUT', `/surveys/responses/reviews/${r.short.reviewToken}`, {
      status: 'approved',
      reason: 'Góp ý thật, chấp nhận',
    });
    expect(put.statusCode, put.body).toBe(200);
    const one = await call('dbcl', 'POST', '/surveys/responses/auto-review', { responseDetailId: r.short.detailToken });
    expect(one.json()).toMatchObject({
      message: TEXT_REVIEW_MSG.humanKept,
      data: { flagged: true, applied: false, currentStatus: 'approved' },
    });
    await call('dbcl', 'POST', `/surveys/${fx.survey.id}/auto-review-text-responses`);
    const mod = await call('dbcl', 'POST', '/surveys/responses/batch-auto-review', { moduleId: fx.moduleId });
    expect(mod.statusCode, mod.body).toBe(200);
    const row = await reviewRow(r.short.reviewId);
    expect(row).toMatchObject({ status: 'approved', reviewerId: await t.userId('quantri'), reason: 'Góp ý thật, chấp nhận' });
    expect((await historyRows(r.short.reviewId)).map((h) => h.status)).toEqual(['approved']);
    // The clean text of the same response was auto-approved by the survey run.
    expect((await reviewRow(r.long.reviewId)).status).toBe('approved');
  });

  it('batch: neither responses nor moduleId is a 400 with the spec message; responses are checked and stored per item', async () => {
    for (const body of [{}, { responses: [] }]) {
      const res = await call('dbcl', 'POST', '/surveys/responses/batch-auto-review', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Phải cung cấp responses hoặc moduleId.' });
    }
    const r = await fx.respond({ short: 'Cô dạy tốt ạ', long: 'asdfghjkl' });
    const res = await call('quantri', 'POST', '/surveys/responses/batch-auto-review', {
      responses: [{ responseDetailId: r.short.detailToken }, { responseDetailId: r.long.detailToken }, { responseText: 'liên hệ a@b.vn' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.results.map((x: { status: string; applied: boolean }) => [x.status, x.applied])).toEqual([
      ['approved', true],
      ['pending', true],
      ['pending', false],
    ]);
    expect(data.results[2].reasons).toEqual([{ code: 'email', text: 'Có địa chỉ e-mail' }]);
    expect(data).toMatchObject({ checked: 3, flagged: 2, approved: 1, pending: 2, changed: 2 });
    expect((await reviewRow(r.long.reviewId)).reasonCodes).toEqual([{ code: 'spam', text: 'Nội dung rác (lặp ký tự, gõ bừa)' }]);
  });

  it("does not count the class's own teacher as personal data, but another full name yes", async () => {
    const r = await fx.respond({
      short: `Em cảm ơn thầy cô, nhất là ${fx.teacherNames[0]} ạ`,
      long: 'Bạn Đỗ Văn Hải hay nói chuyện riêng',
    });
    await call('dbcl', 'POST', `/surveys/${fx.survey.id}/auto-review-text-responses`);
    expect(await reviewRow(r.short.reviewId)).toMatchObject({ status: 'approved', reasonCodes: [] });
    expect(await reviewRow(r.long.reviewId)).toMatchObject({
      status: 'pending',
      reasonCodes: [{ code: 'person_name', text: 'Có họ tên người khác' }],
    });
  });

  it('the submission hook reviews one response only', async () => {
    const a = await fx.respond({ short: 'vcl', long: 'Cô dạy hay' });
    const b = await fx.respond({ short: 'clgt' });
    const actor: Actor = {
      userId: await t.userId('hs.an'),
      roles: ['STUDENT'],
      teacherId: null,
      studentId: null,
      requestId: 'req-hook',
      ip: '127.0.0.1',
    };
    const run = await autoReviewResponse(t.database.db, actor, a.responseId);
    expect(run).toMatchObject({ checked: 2, flagged: 1, approved: 1, changed: 2 });
    expect((await reviewRow(a.short.reviewId)).status).toBe('pending');
    expect((await reviewRow(a.long.reviewId)).status).toBe('approved');
    expect((await reviewRow(b.short.reviewId)).reviewedAt).toBeNull();
  });

  it('keeps clean texts pending when ADMIN turns auto-approve off', async () => {
    const off = await call('quantri', 'PUT', '/surveys/responses/review-settings', { autoApproveClean: false });
    expect(off.statusCode, off.body).toBe(200);
    const r = await fx.respond({ short: 'Thầy giảng kỹ' });
    await call('dbcl', 'POST', `/surveys/${fx.survey.id}/auto-review-text-responses`);
    expect(await reviewRow(r.short.reviewId)).toMatchObject({ status: 'pending', reasonCodes: [] });
    await call('quantri', 'PUT', '/surveys/responses/review-settings', { autoApproveClean: true });
    const setting = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entity, 'app_setting'));
    expect(setting.length).toBe(2);
  });

  it('answers 404 for an unknown survey, module or answer and 400 for an answer without free text', async () => {
    expect((await call('dbcl', 'POST', '/surveys/999999/auto-review-text-responses')).statusCode).toBe(404);
    expect((await call('dbcl', 'POST', '/surveys/responses/batch-auto-review', { moduleId: 999999 })).statusCode).toBe(404);
    expect((await call('dbcl', 'POST', '/surveys/responses/auto-review', { responseDetailId: 999999 })).statusCode).toBe(404);
    const r = await fx.respond({});
    const res = await call('dbcl', 'POST', '/surveys/responses/auto-review', { responseDetailId: r.scale.detailToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXT_REVIEW_MSG.notFreeText);
  });
});

describe('decisions', () => {
  it('a reject needs a reason; nothing changes without one', async () => {
    const r = await fx.respond({ short: 'Dạy như shit' });
    const res = await call('dbcl', 'PUT', `/surveys/responses/reviews/${r.short.reviewToken}`, { status: 'rejected', reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXT_REVIEW_MSG.rejectReason);
    expect(await reviewRow(r.short.reviewId)).toMatchObject({ status: 'pending', reviewedAt: null });
    expect((await call('dbcl', 'PUT', '/surveys/responses/reviews/999999', { status: 'approved' })).statusCode).toBe(404);
  });

  it('keeps the whole history, newest last, and shows it with the reviewer in GET', async () => {
    const r = await fx.respond({ short: 'Em góp ý thầy nói nhỏ' });
    await call('dbcl', 'POST', '/surveys/responses/auto-review', { responseDetailId: r.short.detailToken });
    await call('dbcl', 'PUT', `/surveys/responses/reviews/${r.short.reviewToken}`, { status: 'rejected', reason: 'Trùng ý kiến' });
    await call('quantri', 'PUT', `/surveys/responses/reviews/${r.short.reviewToken}`, { status: 'approved', reasonCodes: [] });
    const res = await call('dbcl', 'GET', `/surveys/responses/reviews/${r.short.reviewToken}`);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'approved', decidedBy: 'person', reviewer: { id: await t.userId('quantri') }, reason: null });
    expect(
      data.history.map((h: { status: string; reviewer: { id: number } | null; reason: string | null }) => [
        h.status,
        h.reviewer?.id ?? null,
        h.reason,
      ]),
    ).toEqual([
      ['approved', null, null],
      ['rejected', await t.userId('dbcl'), 'Trùng ý kiến'],
      ['approved', await t.userId('quantri'), null],
    ]);
  });

  it('creates the review of an answer that has none and decides it (POST /reviews)', async () => {
    const r = await fx.respond({ long: 'Mong thầy chữa bài kỹ hơn' });
    await t.database.db.delete(responseReviews).where(eq(responseReviews.id, r.long.reviewId));
    const res = await call('dbcl', 'POST', '/surveys/responses/reviews', { responseDetailId: r.long.detailToken, status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      responseDetailId: r.long.detailToken,
      status: 'approved',
      decidedBy: 'person',
      history: [{ status: 'approved' }],
    });
    const logs = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'response_review'), eq(auditLogs.entityId, String(fx.opaque.decode('review', res.json().data.id)))));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'review']);
  });

  it('decides many at once in one transaction: all or none', async () => {
    const a = await fx.respond({ short: 'vcl', long: 'clgt' });
    const ids = [a.short.reviewId, a.long.reviewId];
    const tokens = [a.short.reviewToken, a.long.reviewToken];
    const missing = await call('dbcl', 'POST', '/surveys/responses/reviews/bulk', {
      ids: [...tokens, 999999],
      status: 'rejected',
      reason: 'Thô tục',
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.database.db.select().from(responseReviews).where(inArray(responseReviews.id, ids))).every((x) => x.status === 'pending'),
    ).toBe(true);
    const res = await call('dbcl', 'POST', '/surveys/responses/reviews/bulk', { ids: tokens, status: 'rejected', reason: 'Thô tục' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Đã từ chối 2 ý kiến.', data: { updated: 2 } });
    for (const id of ids) {
      expect(await reviewRow(id)).toMatchObject({ status: 'rejected', reason: 'Thô tục', reviewerId: await t.userId('dbcl') });
      expect(await historyRows(id)).toHaveLength(1);
    }
    const logs = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'review'), inArray(auditLogs.entityId, ids.map(String))));
    expect(logs).toHaveLength(2);
    expect(JSON.stringify(logs)).not.toMatch(/vcl|clgt/);
  });
});
