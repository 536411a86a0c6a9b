import { sql } from 'drizzle-orm';
import type { TDeclarationStatus, TDeclarationTotals } from '@app/shared/declarations';
import { queryRows, type DbOrTx } from '@/db/client';

/*
 * What pay reads of declarations (issue 16): for the semesters of a run, every teacher who declared or
 * taught a course class there, with their declaration of each semester (any state; pay uses the locked
 * ones and names the others as blocking).
 */

export interface PaySourceRow {
  teacherId: number;
  staffCode: string;
  fullName: string;
  position: string;
  departmentId: number | null;
  departmentName: string | null;
  semesterId: number;
  /** Null: no declaration for that semester. */
  declarationId: number | null;
  status: TDeclarationStatus | null;
  version: number | null;
  totals: TDeclarationTotals | null;
  lockedAt: string | null;
  /** False: the semester has no declaration period. */
  hasPeriod: boolean;
}

/** One row per (teacher, semester) of the teachers concerned by `semesterIds`, in staff-code order. */
export async function paySourceRows(db: DbOrTx, semesterIds: number[]): Promise<PaySourceRow[]> {
  const semesters = `{${semesterIds.join(',')}}`;
  return queryRows<PaySourceRow>(
    db,
    sql`with concerned as (
          select d.teacher_id from declarations d join declaration_periods p on p.id = d.period_id
           where p.semester_id = any(${semesters}::int[])
          union
          select ct.teacher_id from course_class_teachers ct join course_classes c on c.id = ct.course_class_id
            join modules m on m.id = c.module_id where m.semester_id = any(${semesters}::int[])
        )
        select t.id as "teacherId", t.staff_code as "staffCode", t.full_name as "fullName", t.position,
               t.department_id as "departmentId", dep.name as "departmentName", s.id as "semesterId",
               d.id as "declarationId", d.status, d.version, d.totals, d.locked_at as "lockedAt", (p.id is not null) as "hasPeriod"
          from teachers t
          join concerned c on c.teacher_id = t.id
          cross join unnest(${semesters}::int[]) as s(id)
          left join declaration_periods p on p.semester_id = s.id
          left join declarations d on d.period_id = p.id and d.teacher_id = t.id
          left join departments dep on dep.id = t.department_id
         order by t.staff_code, s.id`,
  );
}
