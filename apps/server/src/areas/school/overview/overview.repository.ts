import { sql, type SQL } from 'drizzle-orm';
import {
  QUEUE_LISTED,
  type TKindCount,
  type TQueueCourseClass,
  type TQueueHomeroomClass,
  type TQueueStudent,
  type TTeachingLoad,
} from '@app/shared/school-overview';
import { queryRows, type DbOrTx } from '@/db/client';

/** The offices' overview figures (issue 12): read-only SQL over the school's tables. */

export interface Queue<T> {
  count: number;
  items: T[];
}

const enrolled = sql`(select count(*)::int from course_class_students e where e.course_class_id = cc.id)`;

/**
 * The module's published timetable in force today (school time), else its latest published one: where
 * a course class without a fixed room gets its rooms, lesson by lesson.
 */
const timetableInForce = (moduleId: SQL | number) =>
  sql`(select t.id from timetables t where t.module_id = ${moduleId} and t.status = 'published'
       order by (t.effective_from <= (now() at time zone 'Asia/Ho_Chi_Minh')::date) desc, t.effective_from desc, t.id desc limit 1)`;
const lessonsOf = sql`lessons l where l.timetable_id = ${timetableInForce(sql`cc.module_id`)} and l.course_class_id = cc.id`;

/** What makes a course class of the module need someone's attention. */
export type ClassProblem = 'withoutTeacher' | 'withoutStudents' | 'overCapacity' | 'withoutRoom';
const PROBLEM: Record<ClassProblem, SQL> = {
  withoutTeacher: sql`not exists (select 1 from course_class_teachers x where x.course_class_id = cc.id)`,
  withoutStudents: sql`not exists (select 1 from course_class_students e where e.course_class_id = cc.id)`,
  overCapacity: sql`${enrolled} > cc.capacity`,
  // No fixed room, and the timetable in force gives it none (not in it, or a lesson there has no room).
  withoutRoom: sql`cc.classroom_id is null
    and (not exists (select 1 from ${lessonsOf}) or exists (select 1 from ${lessonsOf} and l.classroom_id is null))`,
};

/** The module's course classes with one problem: how many, and the first QUEUE_LISTED by code. */
export async function classesWith(db: DbOrTx, moduleId: number, problem: ClassProblem): Promise<Queue<TQueueCourseClass>> {
  const rows = await queryRows<TQueueCourseClass & { total: number }>(
    db,
    sql`select cc.id, cc.code, cc.name, s.name as "subjectName", cc.grade, ca.name as "campusName", cc.capacity,
      ${enrolled} as "enrolledCount",
      coalesce((select array_agg(t.full_name order by t.sort_key collate "C", t.id)
                from course_class_teachers x join teachers t on t.id = x.teacher_id where x.course_class_id = cc.id), '{}') as "teacherNames",
      count(*) over ()::int as total
    from course_classes cc join subjects s on s.id = cc.subject_id join campuses ca on ca.id = cc.campus_id
    where cc.module_id = ${moduleId} and ${PROBLEM[problem]}
    order by cc.code, cc.id
    limit ${QUEUE_LISTED}`,
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    items: rows.map(({ total: _t, ...r }) => ({ ...r, enrolledCount: Number(r.enrolledCount), teacherNames: [...r.teacherNames] })),
  };
}

export async function countCourseClasses(db: DbOrTx, moduleId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from course_classes where module_id = ${moduleId}`);
  return Number(r.n);
}

export async function currentYear(db: DbOrTx): Promise<{ id: number; name: string } | null> {
  const [r] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from academic_years where is_current limit 1`);
  return r ?? null;
}

/** Homeroom classes of the year: how many, and those without a homeroom teacher. */
export async function homeroomFigures(db: DbOrTx, yearId: number): Promise<{ total: number; withoutTeacher: Queue<TQueueHomeroomClass> }> {
  const [t] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from homeroom_classes where academic_year_id = ${yearId}`);
  const rows = await queryRows<TQueueHomeroomClass & { total: number }>(
    db,
    sql`select h.id, h.name, h.grade, ca.name as "campusName",
      (select count(*)::int from students st where st.homeroom_class_id = h.id and st.status = 'active') as "studentCount",
      count(*) over ()::int as total
    from homeroom_classes h join campuses ca on ca.id = h.campus_id
    where h.academic_year_id = ${yearId} and h.homeroom_teacher_id is null
    order by h.grade, h.name, h.id
    limit ${QUEUE_LISTED}`,
  );
  return {
    total: Number(t.n),
    withoutTeacher: {
      count: Number(rows[0]?.total ?? 0),
      items: rows.map(({ total: _t, ...r }) => ({ ...r, studentCount: Number(r.studentCount) })),
    },
  };
}

/**
 * Active students, and those with no homeroom class of the year (none at all, or one of another
 * year); with no current year, those with no class at all.
 */
export async function studentFigures(
  db: DbOrTx,
  yearId: number | null,
): Promise<{ active: number; withoutHomeroom: Queue<TQueueStudent> }> {
  const [t] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from students where status = 'active'`);
  const outside = yearId === null ? sql`st.homeroom_class_id is null` : sql`(h.id is null or h.academic_year_id <> ${yearId})`;
  const rows = await queryRows<TQueueStudent & { total: number }>(
    db,
    sql`select st.id, st.student_code as "studentCode", st.full_name as "fullName", st.grade, ca.name as "campusName",
      h.name as "homeroomClassName", count(*) over ()::int as total
    from students st join campuses ca on ca.id = st.campus_id left join homeroom_classes h on h.id = st.homeroom_class_id
    where st.status = 'active' and ${outside}
    order by st.grade, st.sort_key collate "C", st.id
    limit ${QUEUE_LISTED}`,
  );
  return { active: Number(t.n), withoutHomeroom: { count: Number(rows[0]?.total ?? 0), items: rows.map(({ total: _t, ...r }) => r) } };
}

// ---- Facilities ----

export interface CampusRooms {
  id: number;
  code: string;
  name: string;
  byKind: TKindCount[];
}

/** Every campus with its rooms counted per kind (kinds with no room left out). */
export async function campusRooms(db: DbOrTx): Promise<CampusRooms[]> {
  const rows = await queryRows<{ id: number; code: string; name: string; kind: TKindCount['kind'] | null; rooms: number; seats: number }>(
    db,
    sql`select c.id, c.code, c.name, r.kind, count(r.id)::int as rooms, coalesce(sum(r.capacity), 0)::int as seats
    from campuses c left join classrooms r on r.campus_id = c.id
    group by c.id, c.code, c.name, r.kind
    order by c.code, c.id, r.kind`,
  );
  const out = new Map<number, CampusRooms>();
  for (const r of rows) {
    const c = out.get(r.id) ?? { id: r.id, code: r.code, name: r.name, byKind: [] };
    if (r.kind) c.byKind.push({ kind: r.kind, rooms: Number(r.rooms), seats: Number(r.seats) });
    out.set(r.id, c);
  }
  return [...out.values()];
}

/** Rooms given to at least one course class of the module: as its fixed room, or to a lesson in the timetable in force. */
export async function roomsInUse(db: DbOrTx, moduleId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct room)::int as n from (
          select classroom_id as room from course_classes where module_id = ${moduleId} and classroom_id is not null
          union all
          select classroom_id from lessons where timetable_id = ${timetableInForce(moduleId)} and classroom_id is not null
        ) x`,
  );
  return Number(r.n);
}

// ---- Teaching load ----

/** Teachers per department, those with a course class in the module, and the department's classes there. */
export async function teachingLoad(db: DbOrTx, moduleId: number | null): Promise<Omit<TTeachingLoad, 'module'>> {
  const mod = moduleId ?? 0;
  const departments = await queryRows<TTeachingLoad['departments'][number]>(
    db,
    sql`select d.id as "departmentId", d.name as "departmentName",
      count(t.id)::int as teachers,
      count(t.id) filter (where exists (select 1 from course_class_teachers x join course_classes cc on cc.id = x.course_class_id
                                        where x.teacher_id = t.id and cc.module_id = ${mod}))::int as teaching,
      (select count(distinct x.course_class_id)::int from course_class_teachers x join course_classes cc on cc.id = x.course_class_id
         join teachers t2 on t2.id = x.teacher_id
       where cc.module_id = ${mod} and t2.department_id is not distinct from d.id) as "courseClasses"
    from teachers t left join departments d on d.id = t.department_id
    group by d.id, d.name
    order by d.name nulls last, d.id`,
  );
  const [totals] = await queryRows<{ teachers: number; teaching: number; courseClasses: number }>(
    db,
    sql`select (select count(*)::int from teachers) as teachers,
      (select count(distinct x.teacher_id)::int from course_class_teachers x join course_classes cc on cc.id = x.course_class_id
       where cc.module_id = ${mod}) as teaching,
      (select count(*)::int from course_classes where module_id = ${mod}) as "courseClasses"`,
  );
  return {
    teachers: Number(totals.teachers),
    teaching: Number(totals.teaching),
    courseClasses: Number(totals.courseClasses),
    departments: departments.map((d) => ({
      ...d,
      teachers: Number(d.teachers),
      teaching: Number(d.teaching),
      courseClasses: Number(d.courseClasses),
    })),
  };
}
