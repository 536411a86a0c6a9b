import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';

/** A course class the teacher teaches in a module of the semester, with its periods counted from the published timetable. */
export interface ClassCountRow {
  courseClassId: number;
  code: string;
  name: string;
  moduleId: number;
  moduleCode: string;
  periodsPerWeek: number;
  /** The module's weeks (its days / 7, rounded up): for the plan when there is no published timetable. */
  moduleWeeks: number;
  /** Whether the module has a published timetable at all. */
  hasTimetable: boolean;
  /** Periods of the class's lessons on each day of the module, by the published version in force that day, holidays left out. */
  periods: number;
}

/**
 * The class periods of a teacher in a semester, counted lesson occurrence by lesson occurrence: every day
 * of each module (holidays left out), the module's published version in force on that day (the latest
 * effective on or before it, as timetables/week.repository.ts `versionInForce` picks it), and that
 * version's placed lessons of the class on that weekday (their length). One statement for all classes.
 */
export function classCounts(db: DbOrTx, q: { teacherId: number; semesterId: number; holidays: string[] }) {
  return queryRows<ClassCountRow>(
    db,
    sql`with cls as (
          select cc.id, cc.code, cc.name, cc.module_id, m.code as module_code, m.start_date, m.end_date,
                 coalesce(cc.periods_per_week, p.periods_per_week, 0)::int as ppw
            from course_class_teachers ct
            join course_classes cc on cc.id = ct.course_class_id
            join modules m on m.id = cc.module_id
            left join subject_period_plans p on p.subject_id = cc.subject_id and p.grade = cc.grade
           where ct.teacher_id = ${q.teacherId} and m.semester_id = ${q.semesterId}
        ),
        days as (
          select distinct c.module_id, g::date as day
            from cls c, generate_series(c.start_date::timestamp, c.end_date::timestamp, interval '1 day') g
           where not (g::date = any(${`{${q.holidays.join(',')}}`}::date[]))
        ),
        in_force as (
          select days.module_id, days.day,
                 (select t.id from timetables t
                   where t.module_id = days.module_id and t.status = 'published' and t.effective_from <= days.day
                   order by t.effective_from desc, t.id desc limit 1) as timetable_id
            from days
        )
        select c.id as "courseClassId", c.code, c.name, c.module_id as "moduleId", c.module_code as "moduleCode",
               c.ppw as "periodsPerWeek", ceil((c.end_date - c.start_date + 1) / 7.0)::int as "moduleWeeks",
               exists(select 1 from timetables t where t.module_id = c.module_id and t.status = 'published') as "hasTimetable",
               coalesce((select sum(l.length) from in_force i
                           join lessons l on l.timetable_id = i.timetable_id and l.course_class_id = c.id
                                         and l.day = extract(isodow from i.day)::int
                          where i.module_id = c.module_id), 0)::int as periods
          from cls c
         order by c.start_date, c.code, c.id`,
  );
}
