import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';
import type { responseDetails } from '@/db/schema/survey-responses';

/**
 * Straight-lining, the one rule: a response whose scored answers (the score-config questions when the
 * survey has a config, else every grid answer with a number) are at least STRAIGHT_LINE_MIN and all the
 * same number. Decided in TypeScript at submission (`isStraightLined`) and in SQL when a score config or
 * a survey changes (`recomputeStraightLined`); both read the same constant and `straightLinedWhen`.
 */

/** A straight-lined response has at least this many scored answers, all the same number. */
export const STRAIGHT_LINE_MIN = 5;

/** The rule in SQL, over the count, lowest and highest of a response's scored numbers. */
export function straightLinedWhen(count: SQL, lo: SQL, hi: SQL): SQL {
  return sql`(${count} >= ${STRAIGHT_LINE_MIN} and ${lo} = ${hi})`;
}

/**
 * Straight-lining: the scored answers are the score-config questions when the survey has a config,
 * else every grid answer with a number ("Không có ý kiến" has none); flagged when there are at least
 * STRAIGHT_LINE_MIN of them and they are all the same number.
 */
export function isStraightLined(
  details: Array<{ row: Pick<typeof responseDetails.$inferInsert, 'questionId' | 'valueNumber'>; grid: boolean }>,
  scored: Set<number>,
): boolean {
  const nums = details
    .filter((d) => (scored.size ? scored.has(d.row.questionId) : d.grid) && d.row.valueNumber !== null && d.row.valueNumber !== undefined)
    .map((d) => Number(d.row.valueNumber));
  return nums.length >= STRAIGHT_LINE_MIN && nums.every((n) => n === nums[0]);
}

/**
 * Recomputes `straight_lined` of every response of the survey with its current score config (same
 * rule as at submission: at least STRAIGHT_LINE_MIN scored numbers, all equal). One UPDATE.
 */
export async function recomputeStraightLined(db: DbOrTx, surveyId: number): Promise<number> {
  await db.execute(sql`set local jit = off`); // see analyticRows
  const changed = await queryRows<{ id: number }>(
    db,
    sql`
    with cfg as (select question_id from score_configs where survey_id = ${surveyId}),
    nums as (
      select r.id, count(d.value_number) c, min(d.value_number) lo, max(d.value_number) hi
      from survey_responses r
      left join response_details d on d.response_id = r.id and d.value_number is not null and (
        case when exists (select 1 from cfg) then d.question_id in (select question_id from cfg) else d.grid_column_id is not null end)
      where r.survey_id = ${surveyId}
      group by r.id
    )
    update survey_responses r set straight_lined = ${straightLinedWhen(sql`n.c`, sql`n.lo`, sql`n.hi`)}
    from nums n where n.id = r.id and r.straight_lined is distinct from ${straightLinedWhen(sql`n.c`, sql`n.lo`, sql`n.hi`)}
    returning r.id`,
  );
  return changed.length;
}
