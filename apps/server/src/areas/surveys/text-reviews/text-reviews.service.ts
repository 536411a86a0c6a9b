import { htmlToPlainText, type TReviewStatus } from '@app/shared/surveys';
import {
  DEFAULT_TEXT_REVIEW_SETTINGS,
  REVIEW_REASON_LABELS,
  TEXT_REVIEW_MSG,
  ZTextReviewSettings,
  type TAutoReviewDecision,
  type TAutoReviewInput,
  type TAutoReviewResult,
  type TAutoReviewRun,
  type TBatchAutoReviewInput,
  type TReviewReason,
  type TReviewReasonCode,
  type TReviewSpan,
  type TTextReview,
  type TTextReviewDetail,
  type TTextReviewSettings,
} from '@app/shared/text-reviews';
import type { Db, DbOrTx } from '@/db/client';
import { hasAnyRole, systemActor, type Actor } from '@/plugins/actor';
import { offsetOf, page } from '@/lib/list';
import { found, write, type WriteCtx } from '@/lib/write';
import { badRequest, notFound } from '@/plugins/errors';
import { autoReview } from './auto-review';
import { claimUndecided } from './auto-review.repository';
import { ADMIN_ONLY } from '../access';
import { opaqueIds, type OpaqueIds } from '../core/opaque-id';
import { privateOrderKey } from '../core/order-key.repository';
import {
  applyReviewChanges,
  autoReviewable,
  findDetail,
  findReview,
  historyOf,
  insertReview,
  listReviews,
  lockReviews,
  moduleExists,
  readSettingsValue,
  reviewCounts,
  surveyExists,
  writeSettingsValue,
  SETTINGS_KEY,
  type ReviewChange,
  type ReviewFilter,
  type ReviewRow,
  type ReviewState,
} from './text-reviews.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const reasons = (v: unknown) => (Array.isArray(v) ? (v as TReviewReason[]) : []);
const spans = (v: unknown) => (Array.isArray(v) ? (v as TReviewSpan[]) : []);
const codeList = (v: TReviewReason[]) => v.map((r) => r.code);

/**
 * `ids`: review and answer ids leave as opaque tokens (core/opaque-id.ts), for every reader of the queue.
 * `whenShown`: ADMIN reads every time. Anyone else (quality assurance) reads the text without when
 * (issue 11): no submission or creation time (a review is made with its response), no update time,
 * and the time of an auto-review's decision neither (it follows the submission within a second);
 * a person's decision keeps its time.
 */
function reviewView(r: ReviewRow, whenShown: boolean, ids: OpaqueIds): TTextReview {
  const decidedBy = r.reviewerId !== null ? 'person' : r.reviewedAt !== null ? 'auto' : null;
  return {
    id: ids.encode('review', r.id),
    responseDetailId: ids.encode('detail', r.responseDetailId),
    status: r.status as TReviewStatus,
    reason: r.reason,
    reasonCodes: reasons(r.reasonCodes),
    matchedSpans: spans(r.matchedSpans),
    reviewer: r.reviewerId !== null ? { id: r.reviewerId, name: r.reviewerName ?? `#${r.reviewerId}` } : null,
    reviewedAt: whenShown || decidedBy === 'person' ? iso(r.reviewedAt) : null,
    decidedBy,
    createdAt: whenShown ? iso(r.createdAt) : null,
    updatedAt: whenShown ? iso(r.updatedAt) : null,
    text: r.text,
    isOther: r.isOther,
    question: { id: r.questionId, content: htmlToPlainText(r.questionContent), questionType: r.questionType },
    survey: { id: r.surveyId, title: r.surveyTitle },
    module: r.moduleId !== null && r.moduleCode !== null ? { id: r.moduleId, code: r.moduleCode } : null,
    courseClass: r.courseClassId !== null ? { id: r.courseClassId, name: r.courseClassName ?? '' } : null,
    teacherNames: r.teacherNames ?? [],
    submittedAt: whenShown ? iso(r.submittedAt) : null,
  };
}

/** Who reads the queue with its times: ADMIN only. */
const whenShownTo = (actor: Actor) => hasAnyRole(actor, ADMIN_ONLY);
/**
 * The release step of an open survey's texts (core/live-release.repository.ts): ADMIN reads each at once
 * (and sees who wrote it anyway); anyone else in steps of `k` (MIN_GROUP_SIZE) per part, as the figures.
 */
const stepOf = (actor: Actor, k: number) => (whenShownTo(actor) ? 1 : k);

// ---- Reads ----

export type QueueQuery = ReviewFilter & {
  page: number;
  limit: number;
  sort?: 'submittedAt' | 'createdAt' | 'reviewedAt' | 'status' | 'surveyTitle';
  order: 'asc' | 'desc';
};

/**
 * ADMIN pages in the order asked (submission time by default). Anyone else never in an order that
 * follows submission: the time sorts (submitted, created, reviewed) become a keyed hash of the
 * review's id, which also breaks every tie of the other sorts.
 */
export async function reviewQueue(db: Db, actor: Actor, q: QueueQuery, k: number) {
  const whenShown = whenShownTo(actor);
  const keyed = !whenShown;
  const sort = keyed && (q.sort === undefined || TIME_SORTS.includes(q.sort)) ? undefined : q.sort;
  const orderKey = keyed ? await privateOrderKey(db) : undefined;
  const r = await listReviews(db, { ...q, sort, offset: offsetOf(q), orderKey, step: stepOf(actor, k) });
  const ids = await opaqueIds(db);
  return page(
    r.items.map((x) => reviewView(x, whenShown, ids)),
    r.total,
    q,
  );
}
const TIME_SORTS: Array<QueueQuery['sort']> = ['submittedAt', 'createdAt', 'reviewedAt'];

export async function queueCounts(db: Db, actor: Actor, f: ReviewFilter, k: number) {
  const { byStatus, byReason } = await reviewCounts(db, { ...f, step: stepOf(actor, k) });
  const n = (s: string) => byStatus.find((x) => x.status === s)?.n ?? 0;
  return {
    pending: n('pending'),
    approved: n('approved'),
    rejected: n('rejected'),
    byReason: Object.fromEntries(byReason.map((x) => [x.code, x.n])) as Record<string, number>,
  };
}

/** GET /surveys/responses/reviews/{token}. */
export async function reviewDetail(db: Db, actor: Actor, token: number, k: number): Promise<TTextReviewDetail> {
  return detailOf(db, actor, (await opaqueIds(db)).decode('review', token), k);
}

/** A review still held back (an open survey's tail) is not found for readers other than ADMIN. */
async function detailOf(db: Db, actor: Actor, id: number, k: number): Promise<TTextReviewDetail> {
  const row = found(await findReview(db, id, stepOf(actor, k)), 'bản duyệt ý kiến');
  const history = await historyOf(db, id);
  const whenShown = whenShownTo(actor);
  const ids = await opaqueIds(db);
  return {
    ...reviewView(row, whenShown, ids),
    history: history.map((h) => ({
      id: ids.encode('review-history', h.id),
      status: h.status as TReviewStatus,
      reason: h.reason,
      reasonCodes: reasons(h.reasonCodes),
      matchedSpans: spans(h.matchedSpans),
      reviewer: h.reviewerId !== null ? { id: h.reviewerId, name: h.reviewerName ?? `#${h.reviewerId}` } : null,
      // The auto-review's entries follow the submission: their time only for ADMIN.
      createdAt: whenShown || h.reviewerId !== null ? iso(h.createdAt) : null,
    })),
  };
}

// ---- A person's decisions ----

interface Decision {
  status: TReviewStatus;
  reason?: string | null;
  reasonCodes?: TReviewReasonCode[];
}

/** The audit entry of one review change: statuses, codes and reviewer, never the answer text. */
async function logChange(ctx: WriteCtx, action: string, before: ReviewState, after: ReviewChange) {
  await ctx.log({
    action,
    entity: 'response_review',
    entityId: before.id,
    before: { status: before.status, reason: before.reason, reasonCodes: codeList(before.reasonCodes), reviewerId: before.reviewerId },
    after: { status: after.status, reason: after.reason, reasonCodes: codeList(after.reasonCodes), reviewerId: after.reviewerId },
  });
}

/**
 * The review of a stored free-text answer, made (pending, audited) when the answer has none, e.g. one
 * stored before reviews existed. A text sent along must be the stored one: spans point into it.
 */
async function ensureReview(ctx: WriteCtx, detailId: number, sentText?: string): Promise<number> {
  const detail = found(await findDetail(ctx.tx, detailId), 'câu trả lời');
  const stored = detail.text?.trim() ?? '';
  if (!stored) throw badRequest(TEXT_REVIEW_MSG.notFreeText);
  if (sentText !== undefined && sentText.trim() !== stored) throw badRequest(TEXT_REVIEW_MSG.textMismatch);
  if (detail.reviewId !== null) return detail.reviewId;
  const id = await insertReview(ctx.tx, detailId);
  await ctx.log({ action: 'create', entity: 'response_review', entityId: id, after: { responseDetailId: detailId, status: 'pending' } });
  return id;
}

/** One decision on many reviews, in one transaction: each gets a history row and an audit entry. */
async function decide(ctx: WriteCtx, ids: number[], d: Decision): Promise<void> {
  const reviewerId = ctx.actor.userId;
  const states = await lockReviews(ctx.tx, ids);
  if (states.length !== new Set(ids).size) {
    const missing = ids.length - states.length;
    throw notFound(
      missing === 1 && ids.length === 1 ? TEXT_REVIEW_MSG.reviewNotFound : `Không tìm thấy ${missing} ý kiến trong danh sách.`,
    );
  }
  const changes: ReviewChange[] = states.map((s) => ({
    id: s.id,
    status: d.status,
    reason: d.reason?.trim() || null,
    // A person's codes replace the auto-review's; without them the flagged reasons stay for the record.
    reasonCodes: d.reasonCodes ? d.reasonCodes.map((code) => ({ code, text: REVIEW_REASON_LABELS[code] })) : s.reasonCodes,
    matchedSpans: s.matchedSpans,
    reviewerId,
  }));
  await applyReviewChanges(ctx.tx, changes);
  for (let i = 0; i < states.length; i++) await logChange(ctx, 'review', states[i], changes[i]);
}

/** PUT /surveys/responses/reviews/{token}. */
export async function decideReview(db: Db, actor: Actor, token: number, d: Decision, k: number): Promise<TTextReviewDetail> {
  const id = (await opaqueIds(db)).decode('review', token);
  found(await findReview(db, id, stepOf(actor, k)), 'bản duyệt ý kiến');
  await write(db, actor, (ctx) => decide(ctx, [id], d));
  return detailOf(db, actor, id, k);
}

/** POST /surveys/responses/reviews: the answer's review (made when missing) gets a person's decision. */
export async function reviewAnswer(db: Db, actor: Actor, detailToken: number, d: Decision, k: number): Promise<TTextReviewDetail> {
  const detailId = (await opaqueIds(db)).decode('detail', detailToken);
  const id = await write(db, actor, async (ctx) => {
    const reviewId = await ensureReview(ctx, detailId);
    await decide(ctx, [reviewId], d);
    return reviewId;
  });
  return detailOf(db, actor, id, k);
}

export async function bulkDecide(db: Db, actor: Actor, input: { ids: number[]; status: TReviewStatus; reason?: string | null }) {
  const opaque = await opaqueIds(db);
  const ids = [...new Set(input.ids.map((token) => opaque.decode('review', token)))];
  await write(db, actor, (ctx) => decide(ctx, ids, { status: input.status, reason: input.reason }));
  return { updated: ids.length };
}

// ---- Settings ----

export async function readSettings(db: DbOrTx): Promise<TTextReviewSettings> {
  const parsed = ZTextReviewSettings.safeParse(await readSettingsValue(db));
  return parsed.success ? parsed.data : DEFAULT_TEXT_REVIEW_SETTINGS;
}

export async function saveSettings(db: Db, actor: Actor, input: TTextReviewSettings): Promise<TTextReviewSettings> {
  return write(db, actor, async (ctx) => {
    const before = await readSettings(ctx.tx);
    await writeSettingsValue(ctx.tx, input);
    await ctx.log({ action: 'update', entity: 'app_setting', entityId: SETTINGS_KEY, before, after: input });
    return input;
  });
}

// ---- Auto-review ----

const sameCodes = (a: TReviewReason[], b: TReviewReason[]) => JSON.stringify(codeList(a)) === JSON.stringify(codeList(b));
const sameSpans = (a: TReviewSpan[], b: TReviewSpan[]) =>
  JSON.stringify(a.map((s) => [s.code, s.start, s.end])) === JSON.stringify(b.map((s) => [s.code, s.start, s.end]));

function decisionFor(row: Pick<ReviewRow, 'text' | 'knownNames'>, settings: TTextReviewSettings): TAutoReviewDecision {
  return autoReview(row.text, { teacherNames: row.knownNames ?? [], autoApproveClean: settings.autoApproveClean });
}

/** What an auto-review run writes with: no request, so a run needs no person behind it. */
type AutoCtx = Pick<WriteCtx, 'tx' | 'log'>;

interface Applied {
  run: TAutoReviewRun;
  /** Per review id: the decision and whether it was stored. */
  byReview: Map<number, { decision: TAutoReviewDecision; applied: boolean; currentStatus: TReviewStatus }>;
}

/**
 * Runs the auto-review over stored reviews in one transaction. Reviews are locked and re-read first,
 * so a person's decision made meanwhile is kept; a review whose result did not change is not rewritten
 * (no history row, no audit entry). One audit entry sums up the run (ids of the changed reviews).
 */
async function applyAuto(
  ctx: AutoCtx,
  rows: ReviewRow[],
  settings: TTextReviewSettings,
  scope: { entity: string; entityId: number | string | null },
): Promise<Applied> {
  const run: TAutoReviewRun = { checked: 0, flagged: 0, approved: 0, pending: 0, skipped: 0, changed: 0 };
  const byReview: Applied['byReview'] = new Map();
  const states = new Map(
    (
      await lockReviews(
        ctx.tx,
        rows.map((r) => r.id),
      )
    ).map((s) => [s.id, s]),
  );
  const changes: ReviewChange[] = [];
  for (const row of rows) {
    const state = states.get(row.id);
    if (!state) continue;
    const decision = decisionFor(row, settings);
    if (state.reviewerId !== null) {
      run.skipped++;
      byReview.set(row.id, { decision, applied: false, currentStatus: state.status as TReviewStatus });
      continue;
    }
    run.checked++;
    if (decision.flagged) run.flagged++;
    if (decision.status === 'approved') run.approved++;
    else run.pending++;
    const unchanged =
      state.reviewedAt !== null &&
      state.status === decision.status &&
      sameCodes(state.reasonCodes, decision.reasons) &&
      sameSpans(state.matchedSpans, decision.spans);
    byReview.set(row.id, { decision, applied: true, currentStatus: decision.status });
    if (!unchanged)
      changes.push({
        id: row.id,
        status: decision.status,
        reason: null,
        reasonCodes: decision.reasons,
        matchedSpans: decision.spans,
        reviewerId: null,
      });
  }
  run.changed = changes.length;
  if (changes.length) {
    await applyReviewChanges(ctx.tx, changes);
    await ctx.log({
      action: 'auto_review',
      entity: scope.entity,
      entityId: scope.entityId,
      after: {
        ...run,
        approvedIds: changes.filter((c) => c.status === 'approved').map((c) => c.id),
        pendingIds: changes.filter((c) => c.status === 'pending').map((c) => c.id),
      },
    });
  }
  return { run, byReview };
}

/** The review (made when missing) and stored text of an answer, checked against a text sent along. */
async function reviewOfAnswer(ctx: WriteCtx, detailId: number, sentText: string | undefined): Promise<ReviewRow> {
  const reviewId = await ensureReview(ctx, detailId, sentText);
  return (await findReview(ctx.tx, reviewId))!;
}

function textOnly(text: string | undefined, teacherNames: string[] | undefined, settings: TTextReviewSettings): TAutoReviewResult {
  if (text === undefined || text.trim() === '') throw badRequest(TEXT_REVIEW_MSG.textRequired);
  const d = autoReview(text, { teacherNames, autoApproveClean: settings.autoApproveClean });
  return { ...d, reviewId: null, applied: false, currentStatus: null };
}

/**
 * Several items (each a stored answer or a bare text) in one transaction. An answer's decision is
 * stored unless a person decided it; the result then says `applied: false` and the person's status.
 */
async function reviewItems(
  ctx: WriteCtx,
  items: TAutoReviewInput[],
  settings: TTextReviewSettings,
): Promise<{ run: TAutoReviewRun; results: TAutoReviewResult[] }> {
  const rows: ReviewRow[] = [];
  const rowOf: Array<ReviewRow | null> = [];
  for (const it of items) {
    const row = it.responseDetailId !== undefined ? await reviewOfAnswer(ctx, it.responseDetailId, it.responseText) : null;
    if (row && !rows.some((r) => r.id === row.id)) rows.push(row);
    rowOf.push(row);
  }
  const { run, byReview } = await applyAuto(ctx, rows, settings, {
    entity: 'response_review',
    entityId: rows.length === 1 ? rows[0].id : null,
  });
  const results = items.map((it, i): TAutoReviewResult => {
    const row = rowOf[i];
    if (!row) {
      const r = textOnly(it.responseText, it.teacherNames, settings);
      run.checked++;
      if (r.flagged) run.flagged++;
      if (r.status === 'approved') run.approved++;
      else run.pending++;
      return r;
    }
    const done = byReview.get(row.id)!;
    return { ...done.decision, reviewId: row.id, applied: done.applied, currentStatus: done.currentStatus };
  });
  return { run, results };
}

/** Answer tokens in, review tokens out (the auto-review calls that name stored answers). */
function onTheWire(ids: OpaqueIds) {
  return {
    item: (it: TAutoReviewInput): TAutoReviewInput =>
      it.responseDetailId === undefined ? it : { ...it, responseDetailId: ids.decode('detail', it.responseDetailId) },
    result: (r: TAutoReviewResult): TAutoReviewResult => (r.reviewId === null ? r : { ...r, reviewId: ids.encode('review', r.reviewId) }),
  };
}

/** POST /surveys/responses/auto-review. */
export async function autoReviewOne(db: Db, actor: Actor, input: TAutoReviewInput): Promise<TAutoReviewResult> {
  const settings = await readSettings(db);
  if (input.responseDetailId === undefined) return textOnly(input.responseText, input.teacherNames, settings);
  const wire = onTheWire(await opaqueIds(db));
  const { results } = await write(db, actor, (ctx) => reviewItems(ctx, [wire.item(input)], settings));
  return wire.result(results[0]);
}

/** POST /surveys/responses/batch-auto-review: `responses` (≤ 500 items) or every reviewable text of a module. */
export async function batchAutoReview(db: Db, actor: Actor, input: TBatchAutoReviewInput): Promise<TAutoReviewRun> {
  const settings = await readSettings(db);
  if (input.responses?.length) {
    const wire = onTheWire(await opaqueIds(db));
    const { run, results } = await write(db, actor, (ctx) => reviewItems(ctx, input.responses!.map(wire.item), settings));
    return { ...run, results: results.map(wire.result) };
  }
  if (input.moduleId === undefined) throw badRequest(TEXT_REVIEW_MSG.batchNeedsInput);
  if (!(await moduleExists(db, input.moduleId))) throw notFound('Không tìm thấy học phần.');
  const rows = await autoReviewable(db, { moduleId: input.moduleId });
  return (await write(db, actor, (ctx) => applyAuto(ctx, rows, settings, { entity: 'module', entityId: input.moduleId! }))).run;
}

/** POST /surveys/{id}/auto-review-text-responses: every pending text of the survey no person has decided. */
export async function autoReviewSurvey(db: Db, actor: Actor, surveyId: number): Promise<TAutoReviewRun> {
  if (!(await surveyExists(db, surveyId))) throw notFound('Không tìm thấy khảo sát.');
  const settings = await readSettings(db);
  const rows = await autoReviewable(db, { surveyId });
  return (await write(db, actor, (ctx) => applyAuto(ctx, rows, settings, { entity: 'survey', entityId: surveyId }))).run;
}

const NO_RUN: TAutoReviewRun = { checked: 0, flagged: 0, approved: 0, pending: 0, skipped: 0, changed: 0 };
/** A run of the machine's own review (queue, sweep), with the surveys whose texts it decided: they may now be publishable. */
export type MachineRun = TAutoReviewRun & { surveyIds: number[] };

/** The pending texts of some responses, auto-reviewed in one transaction; the audit entry lists the responses. */
async function reviewResponses(
  db: Db,
  responseIds: number[],
  inTx: (fn: (ctx: AutoCtx) => Promise<Applied>) => Promise<Applied>,
): Promise<TAutoReviewRun> {
  const ids = [...new Set(responseIds)];
  if (!ids.length) return NO_RUN;
  const settings = await readSettings(db);
  const rows = await autoReviewable(db, { responseIds: ids });
  if (!rows.length) return NO_RUN;
  const scope = { entity: 'survey_response', entityId: ids.length === 1 ? ids[0] : null };
  return (
    await inTx((ctx) =>
      applyAuto({ ...ctx, log: (c) => ctx.log({ ...c, after: { ...(c.after as object), responseIds: ids } }) }, rows, settings, scope),
    )
  ).run;
}

/** One stored response's pending texts, in a transaction of its own, audited as the request's (the student's). */
export async function autoReviewResponse(db: Db, actor: Actor, responseId: number): Promise<TAutoReviewRun> {
  return reviewResponses(db, [responseId], (fn) => write(db, actor, fn));
}

/**
 * The texts no review has decided yet (never auto-reviewed, no person), at most `limit` of them (of
 * `responseIds` only, when given), claimed with `SKIP LOCKED` and decided in one transaction, audited
 * once without an actor: the auto-review decided, not the students. Two runners at once (the queue
 * and the sweep, or two workers) never decide the same text: one history row per decision.
 */
export async function autoReviewUndecided(db: Db, opts: { limit: number; responseIds?: number[] }): Promise<MachineRun> {
  const ids = opts.responseIds && [...new Set(opts.responseIds)];
  if (ids && !ids.length) return { ...NO_RUN, surveyIds: [] };
  const settings = await readSettings(db);
  let surveyIds: number[] = [];
  const applied = await write(db, systemActor('auto-review'), async (ctx): Promise<Applied | null> => {
    const claimed = await claimUndecided(ctx.tx, { limit: opts.limit, responseIds: ids });
    if (!claimed.length) return null;
    const rows = await autoReviewable(ctx.tx, { reviewIds: claimed });
    surveyIds = [...new Set(rows.map((r) => r.surveyId))].sort((a, b) => a - b);
    const log: AutoCtx['log'] = ids ? (c) => ctx.log({ ...c, after: { ...(c.after as object), responseIds: ids } }) : ctx.log;
    const scope = ids
      ? { entity: 'survey_response', entityId: ids.length === 1 ? ids[0] : null }
      : { entity: 'response_review', entityId: null };
    return applyAuto({ tx: ctx.tx, log }, rows, settings, scope);
  });
  return applied ? { ...applied.run, surveyIds } : { ...NO_RUN, surveyIds: [] };
}

const QUEUE_CLAIM = 2000;

/**
 * For the submission path: the undecided texts of the new responses the submission queue gathered
 * after its replies (auto-review-queue.ts), so a survey window's peak pays one settings read and one
 * transaction per batch instead of per response (more only past `QUEUE_CLAIM` texts).
 */
export async function autoReviewResponses(db: Db, responseIds: number[]): Promise<MachineRun> {
  const total = { ...NO_RUN };
  const surveyIds = new Set<number>();
  for (;;) {
    const run = await autoReviewUndecided(db, { limit: QUEUE_CLAIM, responseIds });
    for (const k of ['checked', 'flagged', 'approved', 'pending', 'skipped', 'changed'] as const) total[k] += run[k];
    for (const id of run.surveyIds) surveyIds.add(id);
    if (run.checked + run.skipped < QUEUE_CLAIM) return { ...total, surveyIds: [...surveyIds].sort((a, b) => a - b) };
  }
}
