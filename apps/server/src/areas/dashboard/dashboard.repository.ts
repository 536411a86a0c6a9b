import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { SCHOOL_TZ as TZ } from '@app/shared/format';
import { queryRows, type Db } from '@/db/client';
import { auditLogs } from '@/db/schema/audit';

/** The user's sign-ins before now, newest first: the one that started this session, then the previous. */
export async function lastLogins(db: Db, userId: number, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ at: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, userId), eq(auditLogs.action, 'login'), lt(auditLogs.createdAt, sql`now()`)))
    .orderBy(desc(auditLogs.createdAt))
    .limit(limit);
  return rows.map((r) => r.at);
}

/** Today's sign-ins and other audited changes (the school's day). */
export async function activityToday(db: Db) {
  const [r] = await queryRows<{ logins: number; writes: number }>(
    db,
    sql`
    select count(*) filter (where action = 'login')::int as logins,
           count(*) filter (where action <> 'login')::int as writes
    from audit_logs where created_at >= date_trunc('day', now() at time zone ${TZ}) at time zone ${TZ}`,
  );
  return { logins: Number(r.logins), writes: Number(r.writes) };
}

/** A teacher's course classes in the module and the distinct students enrolled in them. */
export async function ownTeaching(db: Db, teacherId: number, moduleId: number) {
  const [r] = await queryRows<{ classes: number; students: number }>(
    db,
    sql`select count(distinct c.id)::int as classes, count(distinct e.student_id)::int as students
    from course_class_teachers x join course_classes c on c.id = x.course_class_id
      left join course_class_students e on e.course_class_id = c.id
    where x.teacher_id = ${teacherId} and c.module_id = ${moduleId}`,
  );
  return { classes: Number(r.classes), students: Number(r.students) };
}

/** The teacher's homeroom class of the current school year, with its active students. */
export async function ownHomeroom(db: Db, teacherId: number) {
  const [r] = await queryRows<{ name: string; students: number }>(
    db,
    sql`select h.name, (select count(*)::int from students s where s.homeroom_class_id = h.id and s.status = 'active') as students
    from homeroom_classes h join academic_years y on y.id = h.academic_year_id
    where h.homeroom_teacher_id = ${teacherId} and y.is_current
    order by h.name, h.id limit 1`,
  );
  return r ? { name: r.name, students: Number(r.students) } : null;
}

/** The departments a teacher heads: their names, teachers, and course classes of their subjects in the module. */
export async function headedDepartments(db: Db, teacherId: number, moduleId: number | null) {
  const headed = sql`(select department_id from department_heads where teacher_id = ${teacherId})`;
  const [r] = await queryRows<{ names: string | null; teachers: number; classes: number }>(
    db,
    sql`select (select string_agg(d.name, ', ' order by d.name) from departments d where d.id in ${headed}) as names,
      (select count(*)::int from teachers t where t.department_id in ${headed}) as teachers,
      (select count(*)::int from course_classes c join subjects s on s.id = c.subject_id
       where c.module_id = ${moduleId ?? 0} and s.department_id in ${headed}) as classes`,
  );
  return r.names ? { names: r.names, teachers: Number(r.teachers), classes: Number(r.classes) } : null;
}
