import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TReviewReason, TReviewSpan } from '@app/shared/text-reviews';
import type { TReviewStatus } from '@app/shared/surveys';
import type { DbOrTx } from '@/db/client';
import { modules } from '@/db/schema/academic';
import { courseClasses, homeroomClasses, teachers } from '@/db/schema/school';
import { appSettings } from '@/db/schema/settings';
import { responseDetails, responseReviewHistory, responseReviews, surveyResponses } from '@/db/schema/survey-responses';
import { surveyQuestions, surveys } from '@/db/schema/surveys';
import { users } from '@/db/schema/users';
import { foldSql, searchWhere, totalOver } from '@/db/sql';
import { keyedOrderSql } from '../core/order-key.repository';
import { heldBack } from '../core/live-release.repository';

/** The reviewed text: the answer of a text question, the "Khác" text of a choice question. */
const isTextQuestion = sql`${surveyQuestions.questionType} in ('short_text', 'long_text')`;
const reviewedText = sql<string>`coalesce(case when ${isTextQuestion} then ${responseDetails.answerText} else ${responseDetails.otherValue} end, '')`;
/** The class's teachers as the response saw them (the snapshot), shown in the queue. */
const teacherNames = sql<string[]>`coalesce((
  select array_agg(t.full_name order by t.full_name) from ${teachers} t where t.id = any(${surveyResponses.teacherIds})
), '{}')`;
/** Names a text may mention without that being personal data: those teachers and the student's homeroom teacher. */
const knownNames = sql<string[]>`coalesce((
  select array_agg(t.full_name) from ${teachers} t
  where t.id = any(${surveyResponses.teacherIds}) or t.id = (select h.homeroom_teacher_id from ${homeroomClasses} h where h.id = ${surveyResponses.homeroomClassId})
), '{}')`;

const reviewSelect = {
  id: responseReviews.id,
  responseDetailId: responseReviews.responseDetailId,
  status: responseReviews.status,
  reason: responseReviews.reason,
  reasonCodes: responseReviews.reasonCodes,
  matchedSpans: responseReviews.matchedSpans,
  reviewerId: responseReviews.reviewerId,
  reviewerName: sql<string | null>`coalesce(${users.displayName}, ${users.email})`,
  reviewedAt: responseReviews.reviewedAt,
  createdAt: responseReviews.createdAt,
  updatedAt: responseReviews.updatedAt,
  text: reviewedText,
  isOther: sql<boolean>`not (${isTextQuestion})`,
  questionId: surveyQuestions.id,
  questionContent: surveyQuestions.content,
  questionType: surveyQuestions.questionType,
  surveyId: surveys.id,
  surveyTitle: surveys.title,
  moduleId: surveys.moduleId,
  moduleCode: modules.code,
  courseClassId: surveyResponses.courseClassId,
  courseClassName: courseClasses.name,
  teacherNames,
  knownNames,
  submittedAt: surveyResponses.submittedAt,
};

export interface ReviewRow {
  id: number;
  responseDetailId: number;
  status: string;
  reason: string | null;
  reasonCodes: unknown;
  matchedSpans: unknown;
  reviewerId: number | null;
  reviewerName: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  text: string;
  isOther: boolean;
  questionId: number;
  questionContent: string;
  questionType: string;
  surveyId: number;
  surveyTitle: string;
  moduleId: number | null;
  moduleCode: string | null;
  courseClassId: number | null;
  courseClassName: string | null;
  teacherNames: string[];
  knownNames: string[];
  submittedAt: Date;
  total: number;
}

/** `total` (count over the whole filtered set) rides along so a page needs one query. */
function reviewQuery(db: DbOrTx) {
  return db
    .select({ ...reviewSelect, total: totalOver })
    .from(responseReviews)
    .innerJoin(responseDetails, eq(responseDetails.id, responseReviews.responseDetailId))
    .innerJoin(surveyQuestions, eq(surveyQuestions.id, responseDetails.questionId))
    .innerJoin(surveyResponses, eq(surveyResponses.id, responseDetails.responseId))
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .leftJoin(modules, eq(modules.id, surveys.moduleId))
    .leftJoin(courseClasses, eq(courseClasses.id, surveyResponses.courseClassId))
    .leftJoin(users, eq(users.id, responseReviews.reviewerId));
}

export interface ReviewFilter {
  status?: TReviewStatus;
  surveyId?: number;
  moduleId?: number;
  courseClassId?: number;
  reason?: string;
  decidedBy?: 'auto' | 'person' | 'none';
  search?: string;
  /** The release step (core/live-release.repository.ts): MIN_GROUP_SIZE for readers other than ADMIN, else 1. */
  step?: number;
}

export function reviewWhere(f: ReviewFilter): SQL | undefined {
  return and(
    f.step && f.step > 1 ? sql`not ${heldBack(sql`${surveyResponses.id}`, f.step)}` : undefined,
    f.status ? eq(responseReviews.status, f.status) : undefined,
    f.surveyId ? eq(surveyResponses.surveyId, f.surveyId) : undefined,
    f.moduleId ? eq(surveys.moduleId, f.moduleId) : undefined,
    f.courseClassId ? eq(surveyResponses.courseClassId, f.courseClassId) : undefined,
    f.reason ? sql`${responseReviews.reasonCodes} @> ${JSON.stringify([{ code: f.reason }])}::jsonb` : undefined,
    f.decidedBy === 'person' ? isNotNull(responseReviews.reviewerId) : undefined,
    f.decidedBy === 'auto' ? and(isNull(responseReviews.reviewerId), isNotNull(responseReviews.reviewedAt)) : undefined,
    f.decidedBy === 'none' ? and(isNull(responseReviews.reviewerId), isNull(responseReviews.reviewedAt)) : undefined,
    // Accent-insensitive, over the text and the question it answers.
    searchWhere(foldSql(sql`${reviewedText} || ' ' || ${surveyQuestions.content} || ' ' || ${surveys.title}`), f.search),
  );
}

const SORTS = {
  submittedAt: surveyResponses.submittedAt,
  createdAt: responseReviews.createdAt,
  reviewedAt: responseReviews.reviewedAt,
  status: responseReviews.status,
  surveyTitle: surveys.title,
};

/**
 * `orderKey` (readers other than ADMIN): after the asked sort, a keyed hash of the review's id
 * instead of the submission time and id, so no page follows the order the texts came in.
 */
export async function listReviews(
  db: DbOrTx,
  f: ReviewFilter & { sort?: keyof typeof SORTS; order: 'asc' | 'desc'; limit: number; offset: number; orderKey?: string },
): Promise<{ items: ReviewRow[]; total: number }> {
  const dir = f.order === 'desc' ? desc : asc;
  const rest = f.orderKey
    ? [asc(keyedOrderSql(f.orderKey, responseReviews.id))]
    : [dir(surveyResponses.submittedAt), dir(responseReviews.id)];
  const rows = await reviewQuery(db)
    .where(reviewWhere(f))
    .orderBy(...(f.sort ? [dir(SORTS[f.sort])] : []), ...rest)
    .limit(f.limit)
    .offset(f.offset);
  return { items: rows, total: rows[0]?.total ?? 0 };
}

/** Counts per status and per reason code under the same filters (without status and reason), in SQL. */
export async function reviewCounts(db: DbOrTx, f: ReviewFilter) {
  const where = reviewWhere({ ...f, status: undefined, reason: undefined });
  const base = db
    .select({ status: responseReviews.status, n: sql<number>`cast(count(*) as integer)` })
    .from(responseReviews)
    .innerJoin(responseDetails, eq(responseDetails.id, responseReviews.responseDetailId))
    .innerJoin(surveyQuestions, eq(surveyQuestions.id, responseDetails.questionId))
    .innerJoin(surveyResponses, eq(surveyResponses.id, responseDetails.responseId))
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(where)
    .groupBy(responseReviews.status);
  const byStatus = await base;
  const byReason = await db
    .select({ code: sql<string>`c.value->>'code'`, n: sql<number>`cast(count(*) as integer)` })
    .from(responseReviews)
    .innerJoin(responseDetails, eq(responseDetails.id, responseReviews.responseDetailId))
    .innerJoin(surveyQuestions, eq(surveyQuestions.id, responseDetails.questionId))
    .innerJoin(surveyResponses, eq(surveyResponses.id, responseDetails.responseId))
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .innerJoin(sql`jsonb_array_elements(${responseReviews.reasonCodes}) c`, sql`true`)
    .where(and(where, f.status ? eq(responseReviews.status, f.status) : undefined))
    .groupBy(sql`c.value->>'code'`);
  return { byStatus, byReason };
}

export async function findReview(db: DbOrTx, id: number, step = 1): Promise<ReviewRow | null> {
  const [row] = await reviewQuery(db).where(and(eq(responseReviews.id, id), reviewWhere({ step })));
  return row ?? null;
}

/** The reviews an auto-review run may change: pending and never decided by a person, of a survey or module. */
export async function autoReviewable(
  db: DbOrTx,
  scope: { surveyId?: number; moduleId?: number; responseId?: number; responseIds?: number[]; reviewIds?: number[] },
): Promise<ReviewRow[]> {
  return reviewQuery(db)
    .where(
      and(
        eq(responseReviews.status, 'pending'),
        isNull(responseReviews.reviewerId),
        scope.surveyId ? eq(surveyResponses.surveyId, scope.surveyId) : undefined,
        scope.moduleId ? eq(surveys.moduleId, scope.moduleId) : undefined,
        scope.responseId ? eq(surveyResponses.id, scope.responseId) : undefined,
        // On the answers' own column: the planner reaches them by response_details_question_uq (response_id, …).
        scope.responseIds ? inArray(responseDetails.responseId, scope.responseIds) : undefined,
        scope.reviewIds ? inArray(responseReviews.id, scope.reviewIds) : undefined,
      ),
    )
    .orderBy(asc(responseReviews.id));
}

export interface FreeTextDetail {
  id: number;
  text: string | null;
  reviewId: number | null;
}

/** A stored answer with its free text (null for an answer without one) and its review, if any. */
export async function findDetail(db: DbOrTx, detailId: number): Promise<FreeTextDetail | null> {
  const [row] = await db
    .select({
      id: responseDetails.id,
      text: sql<string | null>`case when ${isTextQuestion} then ${responseDetails.answerText} else ${responseDetails.otherValue} end`,
      reviewId: responseReviews.id,
    })
    .from(responseDetails)
    .innerJoin(surveyQuestions, eq(surveyQuestions.id, responseDetails.questionId))
    .leftJoin(responseReviews, eq(responseReviews.responseDetailId, responseDetails.id))
    .where(eq(responseDetails.id, detailId));
  return row ?? null;
}

/** A new pending review for an answer that has none (answers stored before reviews existed). */
export async function insertReview(tx: DbOrTx, detailId: number): Promise<number> {
  const [row] = await tx
    .insert(responseReviews)
    .values({ responseDetailId: detailId, status: 'pending' })
    .onConflictDoNothing({ target: responseReviews.responseDetailId })
    .returning({ id: responseReviews.id });
  if (row) return row.id;
  const [existing] = await tx
    .select({ id: responseReviews.id })
    .from(responseReviews)
    .where(eq(responseReviews.responseDetailId, detailId));
  return existing.id;
}

export interface ReviewState {
  id: number;
  status: string;
  reason: string | null;
  reasonCodes: TReviewReason[];
  matchedSpans: TReviewSpan[];
  reviewerId: number | null;
  reviewedAt: Date | null;
}

/** The current state, locked for the change (two reviewers deciding at once: one waits for the other). */
export async function lockReviews(tx: DbOrTx, ids: number[]): Promise<ReviewState[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({
      id: responseReviews.id,
      status: responseReviews.status,
      reason: responseReviews.reason,
      reasonCodes: responseReviews.reasonCodes,
      matchedSpans: responseReviews.matchedSpans,
      reviewerId: responseReviews.reviewerId,
      reviewedAt: responseReviews.reviewedAt,
    })
    .from(responseReviews)
    .where(inArray(responseReviews.id, ids))
    .orderBy(asc(responseReviews.id))
    .for('update');
  return rows.map((r) => ({
    ...r,
    reasonCodes: (r.reasonCodes ?? []) as TReviewReason[],
    matchedSpans: (r.matchedSpans ?? []) as TReviewSpan[],
  }));
}

export interface ReviewChange {
  id: number;
  status: TReviewStatus;
  reason: string | null;
  reasonCodes: TReviewReason[];
  matchedSpans: TReviewSpan[];
  /** Null: the auto-review. */
  reviewerId: number | null;
}

/**
 * Applies the changes and appends one history row each, in one statement per table whatever their
 * number (a module's batch may hold thousands).
 */
export async function applyReviewChanges(tx: DbOrTx, changes: ReviewChange[]): Promise<void> {
  for (let i = 0; i < changes.length; i += 1000) {
    const part = changes.slice(i, i + 1000);
    const json = JSON.stringify(part);
    await tx.execute(sql`
      with x as (
        select * from jsonb_to_recordset(${json}::jsonb)
          as x(id int, status text, reason text, "reasonCodes" jsonb, "matchedSpans" jsonb, "reviewerId" int)
      ), u as (
        update ${responseReviews} r set status = x.status, reason = x.reason, reason_codes = x."reasonCodes",
          matched_spans = x."matchedSpans", reviewer_id = x."reviewerId", reviewed_at = now(), updated_at = now()
        from x where r.id = x.id
        returning r.id
      )
      insert into ${responseReviewHistory} (review_id, status, reason, reason_codes, matched_spans, reviewer_id)
      select x.id, x.status, x.reason, x."reasonCodes", x."matchedSpans", x."reviewerId" from x join u on u.id = x.id`);
  }
}

export async function historyOf(db: DbOrTx, reviewId: number) {
  return db
    .select({
      id: responseReviewHistory.id,
      status: responseReviewHistory.status,
      reason: responseReviewHistory.reason,
      reasonCodes: responseReviewHistory.reasonCodes,
      matchedSpans: responseReviewHistory.matchedSpans,
      reviewerId: responseReviewHistory.reviewerId,
      reviewerName: sql<string | null>`coalesce(${users.displayName}, ${users.email})`,
      createdAt: responseReviewHistory.createdAt,
    })
    .from(responseReviewHistory)
    .leftJoin(users, eq(users.id, responseReviewHistory.reviewerId))
    .where(eq(responseReviewHistory.reviewId, reviewId))
    .orderBy(asc(responseReviewHistory.createdAt), asc(responseReviewHistory.id));
}

export const SETTINGS_KEY = 'text_review';

export async function readSettingsValue(db: DbOrTx): Promise<unknown> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTINGS_KEY));
  return row?.value ?? null;
}

export async function writeSettingsValue(tx: DbOrTx, value: unknown): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key: SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

export async function surveyExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.id, id));
  return !!row;
}

export async function moduleExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: modules.id }).from(modules).where(eq(modules.id, id));
  return !!row;
}
