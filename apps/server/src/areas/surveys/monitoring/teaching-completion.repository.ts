import { sql, type SQL } from 'drizzle-orm';
import type { TCompletion, TSurveyCompletion, TTeacherCompletion, TCourseClassCompletion } from '@app/shared/survey-monitoring';
import { queryRows, type DbOrTx } from '@/db/client';
import { AGG_JSON, COMPLETION_COLS, completionBy, itemsCte, scopeWhere, surveyCols } from './survey-monitoring.repository';

/**
 * Completion seen from the teaching side (issue 12, the teachers' and heads' dashboards): the items of a
 * module's open subject surveys in the course classes some teachers teach — counts only, from the same
 * items as every monitoring figure (survey-monitoring.repository.ts).
 *
 * `tc` (course_class_id as id, teacher_id): the module's course classes taught by the teachers in
 * question. Only the subject surveys of those classes' subjects are read, so a teacher's call does not
 * build the whole school's items.
 */
function taughtCte(moduleId: number, teachers: SQL): SQL {
  return sql`tc as (select distinct ct.course_class_id as id, ct.teacher_id
      from course_class_teachers ct join course_classes cc on cc.id = ct.course_class_id
      where cc.module_id = ${moduleId} and ct.teacher_id in (${teachers}))`;
}

const taughtSurveys = (moduleId: number) =>
  sql`${scopeWhere({ moduleId })} and s.survey_type = 'SUBJECT_SPECIFIC'
    and exists (select 1 from course_classes c2 where c2.id in (select id from tc) and c2.subject_id = s.subject_id)`;
const inTaught = sql`i.course_class_id in (select id from tc)`;
const SURVEY_JOINS = sql`left join subjects sub on sub.id = s.subject_id left join modules m on m.id = s.module_id`;

type SurveyWithClasses = TSurveyCompletion & { courseClasses: TCourseClassCompletion[] };

/** The module's open subject surveys over one teacher's own course classes, each with its classes; soonest end first. */
export async function ownClassesCompletion(
  db: DbOrTx,
  o: { moduleId: number; teacherId: number; today: string },
): Promise<SurveyWithClasses[]> {
  return queryRows<SurveyWithClasses>(
    db,
    sql`with ${taughtCte(o.moduleId, sql`${o.teacherId}`)},
      ${itemsCte(taughtSurveys(o.moduleId))},
      ps as (${completionBy([[sql`i.survey_id`, 'survey_id']], inTaught)}),
      pc as (${completionBy(
        [
          [sql`i.survey_id`, 'survey_id'],
          [sql`i.course_class_id`, 'course_class_id'],
        ],
        inTaught,
      )})
      select ${surveyCols(o.today)}, ${COMPLETION_COLS('ps')},
        (select coalesce(json_agg(json_build_object('courseClassId', pc.course_class_id, 'courseClassName', cc.name, ${AGG_JSON('pc')})
                  order by cc.name, cc.id), '[]'::json)
           from pc join course_classes cc on cc.id = pc.course_class_id where pc.survey_id = s.id) as "courseClasses"
      from ps join surveys s on s.id = ps.survey_id ${SURVEY_JOINS}
      order by s.end_date nulls last, s.title, s.id`,
  );
}

export interface DepartmentFigures {
  overall: TCompletion;
  surveys: TSurveyCompletion[];
  teachers: TTeacherCompletion[];
}

/**
 * One department in a module: the items of the course classes its teachers (teachers.department_id)
 * teach — in all, per open subject survey (soonest end first) and per teacher (a co-taught class counts
 * for each of its teachers; lowest rate first, so who needs a reminder comes first).
 */
export async function departmentCompletion(
  db: DbOrTx,
  o: { moduleId: number; departmentId: number; today: string },
): Promise<DepartmentFigures> {
  const [row] = await queryRows<DepartmentFigures>(
    db,
    sql`with ${taughtCte(o.moduleId, sql`select t.id from teachers t where t.department_id = ${o.departmentId}`)},
      ${itemsCte(taughtSurveys(o.moduleId))},
      al as (${completionBy([], inTaught)}),
      ps as (${completionBy([[sql`i.survey_id`, 'survey_id']], inTaught)}),
      pt as (${completionBy([[sql`tc.teacher_id`, 'teacher_id']], sql`true`, sql`items i join tc on tc.id = i.course_class_id`)}),
      nc as (select tc.teacher_id, count(distinct i.course_class_id)::int as n from items i join tc on tc.id = i.course_class_id group by tc.teacher_id)
      select
        (select json_build_object(${AGG_JSON('al')}) from al) as overall,
        (select coalesce(json_agg(to_json(x) order by x."endDate" nulls last, x.title, x."surveyId"), '[]'::json)
           from (select ${surveyCols(o.today)}, ${COMPLETION_COLS('ps')} from ps join surveys s on s.id = ps.survey_id ${SURVEY_JOINS}) x) as surveys,
        (select coalesce(json_agg(json_build_object('teacherId', t.id, 'fullName', t.full_name, 'classCount', nc.n, ${AGG_JSON('pt')})
                  order by pt.rate nulls last, t.sort_key collate "C", t.id), '[]'::json)
           from pt join teachers t on t.id = pt.teacher_id join nc on nc.teacher_id = pt.teacher_id) as teachers`,
  );
  return row;
}

/** The departments a teacher heads, by name. */
export async function departmentsHeadedBy(db: DbOrTx, teacherId: number) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select d.id, d.name from department_heads h join departments d on d.id = h.department_id
        where h.teacher_id = ${teacherId} order by d.name, d.id`,
  );
}
