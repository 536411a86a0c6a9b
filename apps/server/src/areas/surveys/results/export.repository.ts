import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { approvedTextOrNull } from '../core/approved-text.repository';
import { analyticRows, intArray, respCte, type Slice } from './aggregates.repository';

/** Shown in place of a free-text answer that the caller may not read yet (pending or rejected). */
export const TEXT_NOT_APPROVED = '(ý kiến chưa được duyệt)';

export type ExportRow = {
  id: number;
  submittedAt: string | Date;
  courseClassId: number | null;
  teacherIds: number[];
  campusId: number;
  homeroomClassId: number | null;
  courseClassName: string | null;
  teachers: string | null;
  grade: number;
  campusName: string;
  homeroomClassName: string | null;
  straightLined: boolean;
  studentCode: string | null;
  studentName: string | null;
  answers: Record<string, string | number | null>;
};

/**
 * One row per response of the survey (answers grouped per response into one jsonb, not a JS pivot);
 * free texts only when `allTexts` (the reviewers) or approved; the student only `withIdentity`;
 * with `step` (an open survey read by staff other than ADMIN), only the responses its stepped figures
 * keep (aggregates.repository.ts `respCte`), so the rows change only when k more arrived.
 */
export async function exportRows(
  db: DbOrTx,
  o: {
    surveyId: number;
    filtered: boolean;
    minResponses: number;
    questionIds: number[];
    allTexts: boolean;
    withIdentity: boolean;
    step: Slice['step'];
  },
): Promise<ExportRow[]> {
  const { allTexts, withIdentity } = o;
  const shown = (col: SQL) => (allTexts ? col : approvedTextOrNull(col, sql`d.id`));
  return analyticRows<ExportRow>(
    db,
    sql`
    with ${respCte({ surveyIds: [o.surveyId], filtered: o.filtered, minResponses: o.minResponses, step: o.step })},
    ans as (
      select d.response_id, jsonb_object_agg(d.question_id::text, case
          when d.grid_column_id is not null then to_jsonb(d.answer_text)
          when d.value_number is not null then to_jsonb(d.value_number)
          when d.answer_options is not null then to_jsonb(concat_ws('; ', (select string_agg(o, '; ') from jsonb_array_elements_text(d.answer_options) o), ${shown(sql`d.other_value`)}))
          else to_jsonb(coalesce(${shown(sql`d.answer_text`)}, ${TEXT_NOT_APPROVED}::text)) end) as answers
      from resp r join response_details d on d.response_id = r.id
      where d.question_id = any(${intArray(o.questionIds)})
      group by d.response_id),
    tn as (
      select x.teacher_ids, string_agg(te.full_name, ', ' order by te.sort_key) as names
      from (select distinct teacher_ids from resp) x cross join unnest(x.teacher_ids) t(tid) join teachers te on te.id = t.tid
      group by x.teacher_ids)
    select r.id, sr.submitted_at as "submittedAt", cc.name as "courseClassName", tn.names as teachers,
      sr.course_class_id as "courseClassId", sr.teacher_ids as "teacherIds", sr.campus_id as "campusId",
      sr.homeroom_class_id as "homeroomClassId",
      sr.student_grade as grade, ca.name as "campusName", hc.name as "homeroomClassName", sr.straight_lined as "straightLined",
      ${withIdentity ? sql`st.student_code` : sql`null::text`} as "studentCode", ${withIdentity ? sql`st.full_name` : sql`null::text`} as "studentName",
      coalesce(ans.answers, '{}'::jsonb) as answers
    from resp r join survey_responses sr on sr.id = r.id
    join students st on st.id = sr.student_id
    join campuses ca on ca.id = sr.campus_id
    left join ans on ans.response_id = r.id
    left join tn on tn.teacher_ids = r.teacher_ids
    left join course_classes cc on cc.id = sr.course_class_id
    left join homeroom_classes hc on hc.id = sr.homeroom_class_id
    order by sr.submitted_at, r.id`,
  );
}
