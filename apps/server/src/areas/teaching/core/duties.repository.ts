import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';
import { teacherDuties } from '@/db/schema/teaching';

/*
 * A teacher's duties in a school year, from where each is kept: homeroom (homeroom_classes of the
 * year), head of department (department_heads) and the others stored in teacher_duties.
 */

export interface DutyRow {
  teacherId: number;
  code: string;
  /** "Chủ nhiệm lớp 10A1", "Tổ trưởng Tổ Toán – Tin", or the stored duty's note. */
  detail: string | null;
  source: 'homeroom' | 'head' | 'stored';
  /** The stored duty's id (null for homeroom and head). */
  id: number | null;
  startsOn: string | null;
  endsOn: string | null;
}

/** The duties of some teachers (null: all) in a school year. */
export function dutiesOf(db: DbOrTx, academicYearId: number, teacherIds: number[] | null): Promise<DutyRow[]> {
  const only = (col: ReturnType<typeof sql.raw>) =>
    teacherIds === null ? sql`` : sql`and ${col} = any(${`{${teacherIds.join(',')}}`}::int[])`;
  return queryRows<DutyRow>(
    db,
    sql`select h.homeroom_teacher_id as "teacherId", 'HOMEROOM' as code, 'Chủ nhiệm lớp ' || h.name as detail, 'homeroom' as source,
               null::int as id, null::text as "startsOn", null::text as "endsOn"
          from homeroom_classes h
         where h.academic_year_id = ${academicYearId} and h.homeroom_teacher_id is not null ${only(sql.raw('h.homeroom_teacher_id'))}
        union all
        select dh.teacher_id, 'HEAD', 'Tổ trưởng ' || d.name, 'head', null, null, null
          from department_heads dh join departments d on d.id = dh.department_id
         where true ${only(sql.raw('dh.teacher_id'))}
        union all
        select td.teacher_id, td.code, td.note, 'stored', td.id, td.starts_on::text, td.ends_on::text
          from ${teacherDuties} td
         where td.academic_year_id = ${academicYearId} ${only(sql.raw('td.teacher_id'))}
        order by 1, 2`,
  );
}
