import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';
import { surveys } from '@/db/schema/surveys';
import { intArray } from './aggregates.repository';

/** Publication of a survey's results to teachers and heads (issue 11): the SQL. */

/** app_settings key: publish by itself a survey that is closed and has no pending text (default on). */
export const AUTO_PUBLISH_SETTING = 'survey_results.auto_publish';
/** app_settings key: the one variant teachers and heads see, filtered (default) or not. */
export const RESTRICTED_FILTERED_SETTING = 'survey_results.restricted_filtered';

/** Free-text answers of the survey whose review is still pending. */
const pendingOf = (surveyId: SQL) => sql`(select count(*)::int from response_reviews rv
  join response_details d on d.id = rv.response_detail_id join survey_responses r on r.id = d.response_id
  where r.survey_id = ${surveyId} and rv.status = 'pending')`;

export interface PublicationRow {
  id: number;
  status: 'draft' | 'active' | 'closed';
  isTemplate: boolean;
  publishedAt: Date | null;
  pendingTexts: number;
}

export async function publicationRow(db: DbOrTx, surveyId: number, lock = false): Promise<PublicationRow | null> {
  if (lock) await queryRows(db, sql`select id from surveys where id = ${surveyId} for update`);
  const [row] = await queryRows<{
    id: number;
    status: PublicationRow['status'];
    isTemplate: boolean;
    publishedAt: string | null;
    pendingTexts: number;
  }>(
    db,
    sql`select s.id, s.status, s.is_template as "isTemplate", s.published_at as "publishedAt", ${pendingOf(sql`s.id`)} as "pendingTexts"
    from surveys s where s.id = ${surveyId}`,
  );
  return row ? { ...row, publishedAt: row.publishedAt ? new Date(row.publishedAt) : null, pendingTexts: Number(row.pendingTexts) } : null;
}

export async function setPublished(db: DbOrTx, surveyId: number, at: Date | null, by: number | null) {
  await db.update(surveys).set({ publishedAt: at, publishedBy: by }).where(eq(surveys.id, surveyId));
}

/**
 * Surveys the system may publish now: closed, not published, no pending text, and not withdrawn by a
 * person since their last publication (a survey someone un-published is published again only by hand).
 */
export async function publishableSurveyIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from surveys s
    where s.status = 'closed' and not s.is_template and s.published_at is null
      and ${pendingOf(sql`s.id`)} = 0
      and coalesce((select a.action from audit_logs a where a.entity = 'survey' and a.entity_id = s.id::text
                    and a.action in ('publish', 'unpublish') order by a.id desc limit 1), '') <> 'unpublish'
    order by s.id`,
  );
  return rows.map((r) => r.id);
}

/** Published surveys that are no longer closed (reopened): their publication is withdrawn. */
export async function reopenedPublishedIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from surveys where published_at is not null and status <> 'closed'`);
  return rows.map((r) => r.id);
}

/** Of these surveys, those teachers and heads may read: published and closed. */
export async function publishedAmong(db: DbOrTx, surveyIds: number[]): Promise<number[]> {
  if (!surveyIds.length) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from surveys where id = any(${intArray(surveyIds)}) and published_at is not null and status = 'closed' order by id`,
  );
  return rows.map((r) => r.id);
}

/** Of these surveys, those still open to answers (not closed): their live figures move in steps of k. */
export async function openAmong(db: DbOrTx, surveyIds: number[]): Promise<number[]> {
  if (!surveyIds.length) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from surveys where id = any(${intArray(surveyIds)}) and status <> 'closed' order by id`,
  );
  return rows.map((r) => r.id);
}

const responsesOf = sql`(select count(*)::int from survey_responses r where r.survey_id = s.id)`;

/** Closed surveys not published (oldest end first), with their responses and pending texts. */
export async function waitingForPublication(db: DbOrTx) {
  const rows = await queryRows<{
    surveyId: number;
    title: string;
    moduleCode: string | null;
    endDate: string | null;
    responses: number;
    pendingTexts: number;
  }>(
    db,
    sql`select s.id as "surveyId", s.title, m.code as "moduleCode", s.end_date::text as "endDate",
      ${responsesOf} as responses, ${pendingOf(sql`s.id`)} as "pendingTexts"
    from surveys s left join modules m on m.id = s.module_id
    where s.status = 'closed' and not s.is_template and s.published_at is null
    order by s.end_date nulls last, s.id`,
  );
  return rows.map((r) => ({ ...r, responses: Number(r.responses), pendingTexts: Number(r.pendingTexts) }));
}

/** Published surveys: how many, and the newest `limit` with their responses. */
export async function publishedSurveys(db: DbOrTx, limit: number) {
  const rows = await queryRows<{
    surveyId: number;
    title: string;
    moduleCode: string | null;
    publishedAt: string | Date;
    responses: number;
    total: number;
  }>(
    db,
    sql`select s.id as "surveyId", s.title, m.code as "moduleCode", s.published_at as "publishedAt",
      ${responsesOf} as responses, count(*) over ()::int as total
    from surveys s left join modules m on m.id = s.module_id
    where s.published_at is not null and s.status = 'closed' and not s.is_template
    order by s.published_at desc, s.id desc
    limit ${limit}`,
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    recent: rows.map(({ total: _t, ...r }) => ({
      ...r,
      publishedAt: new Date(r.publishedAt).toISOString(),
      responses: Number(r.responses),
    })),
  };
}
