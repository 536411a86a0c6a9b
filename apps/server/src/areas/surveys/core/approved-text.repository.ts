import { sql, type SQL } from 'drizzle-orm';

/**
 * The one rule for free text outside the review (issue 6): a free-text answer (a short/long text
 * answer or a "Khác" text) reaches anyone but the reviewers only once its review is `approved`.
 * Every query that reads free text for them filters or masks with these, never with its own SQL.
 *
 * `detailId` is the SQL naming the `response_details.id` in scope (e.g. sql`d.id`).
 */
export function approvedTextOnly(detailId: SQL): SQL {
  return sql`exists (select 1 from response_reviews ar where ar.response_detail_id = ${detailId} and ar.status = 'approved')`;
}

/** `text` when approved, else null (a sheet or list that keeps the answer's place). */
export function approvedTextOrNull(text: SQL, detailId: SQL): SQL {
  return sql`case when ${approvedTextOnly(detailId)} then ${text} end`;
}
