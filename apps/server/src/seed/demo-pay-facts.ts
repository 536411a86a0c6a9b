import { sql } from 'drizzle-orm';
import type { TPosition } from '@app/shared/workload';
import type { Tx } from '../db/client';
import { queryRows } from '../db/client';

/**
 * What the demo's pay seed needs to know of each teacher (demo-pay.ts, demo-pay-declarations.ts), read
 * with a few plain queries and put together here: correlated subqueries per teacher cost PGlite seconds.
 */

/** A stable number of a string (FNV-1a), the demo's dice: the same staff code always draws the same. */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export interface TeacherFacts {
  id: number;
  staffCode: string;
  fullName: string;
  position: TPosition;
  departmentId: number | null;
  departmentCode: string | null;
  userId: number | null;
  /** The department they head (its name), if any. */
  headOf: string | null;
  /** The user of their department's head (the first by staff code): who approved their declarations. */
  headUserId: number | null;
  deputy: boolean;
  /** Their homeroom class this year, if any. */
  homeroom: string | null;
  /** Their course classes this year, by name ("Toán – lớp 10 Toán"); `gifted`: of a chuyên subject or of one gifted homeroom class. */
  classes: Array<{ name: string; specialised: boolean; gifted: boolean }>;
  /** Teaches a course class of the current semester. */
  teachesNow: boolean;
}

/** Every teacher in staff-code order, with their duties and classes of the year `currentYearId`. */
export async function teacherFacts(tx: Tx, currentYearId: number): Promise<TeacherFacts[]> {
  // One after the other: a transaction's client runs one query at a time.
  const teachers = await queryRows<
    Pick<TeacherFacts, 'id' | 'staffCode' | 'fullName' | 'position' | 'departmentId' | 'departmentCode' | 'userId'>
  >(
    tx,
    sql`select t.id, t.staff_code as "staffCode", t.full_name as "fullName", t.position, t.department_id as "departmentId",
               d.code as "departmentCode", t.user_id as "userId"
          from teachers t left join departments d on d.id = t.department_id order by t.staff_code`,
  );
  const heads = await queryRows<{ departmentId: number; name: string; teacherId: number; userId: number | null }>(
    tx,
    sql`select dh.department_id as "departmentId", d.name, dh.teacher_id as "teacherId", t.user_id as "userId"
          from department_heads dh join departments d on d.id = dh.department_id join teachers t on t.id = dh.teacher_id
         order by t.staff_code`,
  );
  const deputies = await queryRows<{ teacherId: number }>(
    tx,
    sql`select teacher_id as "teacherId" from teacher_duties where code = 'DEPUTY_HEAD' and academic_year_id = ${currentYearId}`,
  );
  const homerooms = await queryRows<{ teacherId: number; name: string }>(
    tx,
    sql`select homeroom_teacher_id as "teacherId", name from homeroom_classes
         where academic_year_id = ${currentYearId} and homeroom_teacher_id is not null order by name`,
  );
  const classes = await queryRows<{ teacherId: number; id: number; name: string; specialised: boolean; current: boolean }>(
    tx,
    sql`select ct.teacher_id as "teacherId", c.id, c.name, s.kind = 'specialised' as specialised, se.is_current as current
          from course_class_teachers ct join course_classes c on c.id = ct.course_class_id join subjects s on s.id = c.subject_id
          join modules m on m.id = c.module_id join semesters se on se.id = m.semester_id
         where se.academic_year_id = ${currentYearId} order by c.name, c.id`,
  );
  const mixes = await queryRows<{ id: number; homerooms: number }>(
    tx,
    sql`select e.course_class_id as id, count(distinct st.homeroom_class_id)::int as homerooms
          from course_class_students e join students st on st.id = e.student_id group by e.course_class_id`,
  );
  const homeroomsOf = new Map(mixes.map((m) => [m.id, m.homerooms]));
  return teachers.map((t) => {
    const own = classes.filter((c) => c.teacherId === t.id);
    const names = new Map<string, { name: string; specialised: boolean; gifted: boolean }>();
    for (const c of own) {
      // An elective offered again in HK2 is the same class to teach: "(tự chọn HK2)" reads as "(tự chọn)".
      const name = c.name.replace(' HK2)', ')');
      const gifted = c.specialised || homeroomsOf.get(c.id) === 1;
      const seen = names.get(name);
      names.set(name, { name, specialised: c.specialised, gifted: gifted || (seen?.gifted ?? false) });
    }
    const head = heads.find((h) => h.teacherId === t.id);
    return {
      ...t,
      headOf: head?.name ?? null,
      headUserId: heads.find((h) => h.departmentId === t.departmentId)?.userId ?? null,
      deputy: deputies.some((d) => d.teacherId === t.id),
      homeroom: homerooms.find((h) => h.teacherId === t.id)?.name ?? null,
      classes: [...names.values()],
      teachesNow: own.some((c) => c.current),
    };
  });
}
