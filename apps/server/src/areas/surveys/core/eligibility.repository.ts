import { sql, type SQL } from 'drizzle-orm';

/**
 * Who must answer which survey — the one rule, shared by the student's own list
 * (`GET /surveys/students/{id}`) and monitoring (issue 5), so the two can never disagree.
 *
 * One row `(survey_id, student_id, course_class_id)` per thing to answer, with the student's `grade`,
 * `campus_id` and `homeroom_class_id` as they are now (monitoring groups by them): a GENERAL survey once per
 * active student whose grade it allows (course class null); a SUBJECT_SPECIFIC survey once per course
 * class of its subject in its module that such a student is enrolled in. Templates never.
 *
 * `surveys` filters the surveys (alias `s`), `students` the students (alias `st`). Dates and status
 * are the caller's business: the student's list wants "open today", monitoring wants any status.
 */
export function eligibleItemsSql(opts: { surveys: SQL; students?: SQL }): SQL {
  const st = opts.students ?? sql`true`;
  return sql`select s.id as survey_id, st.id as student_id, null::int as course_class_id, st.grade, st.campus_id, st.homeroom_class_id
      from surveys s
      join students st on st.status = 'active' and st.grade = any(s.allowed_grades) and ${st}
      where s.survey_type = 'GENERAL' and not s.is_template and ${opts.surveys}
    union all
    select s.id, st.id, cc.id, st.grade, st.campus_id, st.homeroom_class_id
      from surveys s
      join course_classes cc on cc.subject_id = s.subject_id and cc.module_id = s.module_id
      join course_class_students e on e.course_class_id = cc.id
      join students st on st.id = e.student_id and st.status = 'active' and st.grade = any(s.allowed_grades) and ${st}
      where s.survey_type = 'SUBJECT_SPECIFIC' and not s.is_template and ${opts.surveys}`;
}
