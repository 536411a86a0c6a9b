import { sql, type SQL } from 'drizzle-orm';

/**
 * Free text of an open survey reaches staff other than ADMIN only in steps of k (issue 11), like its
 * figures (results/aggregates.repository.ts `respCte`): per part of an active survey (its survey,
 * course class, grade and campus), in submission order, only the first ⌊n/k⌋·k responses are released.
 * A response past them is "held back": a new text never appears alone beside one new name on the done
 * list; k of them appear at once. A closed survey holds nothing back; k ≤ 1 neither (ADMIN).
 *
 * `responseId` is the SQL naming the `survey_responses.id` in scope (e.g. sql`sr.id`). One scan of the
 * active surveys' responses, whatever the number of rows it is asked about.
 */
export function heldBack(responseId: SQL, k: number): SQL {
  if (k <= 1) return sql`false`;
  return sql`${responseId} in (select lr.id from (
      select r.id,
        row_number() over (partition by r.survey_id, r.course_class_id, r.student_grade, r.campus_id order by r.submitted_at, r.id) as rn,
        count(*) over (partition by r.survey_id, r.course_class_id, r.student_grade, r.campus_id) as cnt
      from survey_responses r join surveys ls on ls.id = r.survey_id and ls.status = 'active') lr
    where lr.rn > floor(lr.cnt / ${k}::float8) * ${k})`;
}
