import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';

/** A course class a teacher teaches in a module, with its periods per week (its own, else the subject × grade plan). */
export interface TaughtClassRow {
  teacherId: number;
  courseClassId: number;
  code: string;
  name: string;
  moduleId: number;
  periodsPerWeek: number;
}

/** The course classes some teachers (null: all) teach in some modules, with their periods per week. */
export const taughtClasses = (db: DbOrTx, moduleIds: number[], teacherIds: number[] | null) =>
  queryRows<TaughtClassRow>(
    db,
    sql`select ct.teacher_id as "teacherId", cc.id as "courseClassId", cc.code, cc.name, cc.module_id as "moduleId",
               coalesce(cc.periods_per_week, p.periods_per_week, 0)::int as "periodsPerWeek"
        from course_class_teachers ct
        join course_classes cc on cc.id = ct.course_class_id
        left join subject_period_plans p on p.subject_id = cc.subject_id and p.grade = cc.grade
        where cc.module_id = any(${`{${moduleIds.join(',')}}`}::int[])
          ${teacherIds === null ? sql`` : sql`and ct.teacher_id = any(${`{${teacherIds.join(',')}}`}::int[])`}
        order by ct.teacher_id, cc.code, cc.id`,
  );
