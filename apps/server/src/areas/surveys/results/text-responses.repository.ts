import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { approvedTextOnly } from '../core/approved-text.repository';
import { analyticRows, intArray, respCte, type Slice } from './aggregates.repository';

/** The reviewed text of an answer: the text of a text question, the "Khác" text of a choice question. */
const textOf = (textIds: number[]): SQL =>
  sql`coalesce(case when d.question_id = any(${intArray(textIds)}) then d.answer_text else d.other_value end, '')`;

/** Per question of `qids`: how many non-empty texts the slice holds and how their review stands. */
export async function textCounts(db: DbOrTx, slice: Slice, textIds: number[], qids: number[]) {
  return analyticRows<{ questionId: number; answered: number; approved: number; pending: number; rejected: number }>(
    db,
    sql`
      with ${respCte(slice)}
      select d.question_id as "questionId", count(*)::int answered,
        count(*) filter (where rv.status = 'approved')::int approved,
        count(*) filter (where rv.status is null or rv.status = 'pending')::int pending,
        count(*) filter (where rv.status = 'rejected')::int rejected
      from resp r join response_details d on d.response_id = r.id left join response_reviews rv on rv.response_detail_id = d.id
      where d.question_id = any(${intArray(qids)}) and ${textOf(textIds)} <> ''
      group by 1`,
  );
}

/** One page (per question, newest first) of the slice's APPROVED non-empty texts of `qids`. */
export async function approvedTexts(db: DbOrTx, slice: Slice, textIds: number[], qids: number[], page: { offset: number; limit: number }) {
  return analyticRows<{
    questionId: number;
    text: string;
    courseClassId: number | null;
    courseClassName: string | null;
    submittedAt: string;
  }>(
    db,
    sql`
      with ${respCte(slice)}
      select x."questionId", x.text, x."courseClassId", x."courseClassName", x."submittedAt" from (
        select d.question_id as "questionId", ${textOf(textIds)} as text, r.course_class_id as "courseClassId", cc.name as "courseClassName",
          sr.submitted_at as "submittedAt",
          row_number() over (partition by d.question_id order by sr.submitted_at desc, d.id desc) rn
        from resp r join survey_responses sr on sr.id = r.id
        join response_details d on d.response_id = r.id
        left join course_classes cc on cc.id = r.course_class_id
        where d.question_id = any(${intArray(qids)}) and ${textOf(textIds)} <> '' and ${approvedTextOnly(sql`d.id`)}
      ) x where x.rn > ${page.offset} and x.rn <= ${page.offset + page.limit}
      order by x."questionId", x.rn`,
  );
}
