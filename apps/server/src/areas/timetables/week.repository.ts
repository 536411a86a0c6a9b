import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { TFreeRoom, TWeekEntry, TWeekViewKind } from '@app/shared/timetables';
import { queryRows, type DbOrTx } from '@/db/client';
import { modules } from '@/db/schema/academic';
import { timetables } from '@/db/schema/timetables';
import type { TimetableRow } from './versions.repository';

/** The modules whose dates hold a day (a school term may have overlapping ones: the latest start first). */
export async function modulesOn(db: DbOrTx, date: string) {
  return queryRows<{ id: number; name: string; startDate: string; endDate: string }>(
    db,
    sql`select id, name, start_date::text as "startDate", end_date::text as "endDate" from modules
        where start_date <= ${date}::date and end_date >= ${date}::date order by start_date desc, id desc`,
  );
}

/** The published version in force on a day: of the day's module, the latest effective date on or before it. */
export async function versionInForce(db: DbOrTx, date: string): Promise<TimetableRow | null> {
  const [row] = await db
    .select({ t: timetables })
    .from(timetables)
    .innerJoin(modules, eq(modules.id, timetables.moduleId))
    .where(
      and(
        eq(timetables.status, 'published'),
        lte(modules.startDate, date),
        gte(modules.endDate, date),
        lte(timetables.effectiveFrom, date),
      ),
    )
    .orderBy(desc(modules.startDate), desc(timetables.effectiveFrom), desc(timetables.id))
    .limit(1);
  return row?.t ?? null;
}

/** Which course classes' lessons a view shows (set-based: one sub-select per view). */
export function viewFilter(view: TWeekViewKind, id: number): SQL {
  switch (view) {
    case 'student':
      return sql`cc.id in (select course_class_id from course_class_students where student_id = ${id})`;
    case 'teacher':
      return sql`cc.id in (select course_class_id from course_class_teachers where teacher_id = ${id})`;
    case 'department':
      return sql`cc.id in (select ct.course_class_id from course_class_teachers ct join teachers t on t.id = ct.teacher_id where t.department_id = ${id})`;
    case 'room':
      return sql`l.classroom_id = ${id}`;
    case 'campus':
      return sql`coalesce(r.campus_id, cc.campus_id) = ${id}`;
    case 'homeroom':
      return sql`cc.id in (select cs.course_class_id from course_class_students cs join students st on st.id = cs.student_id where st.homeroom_class_id = ${id})`;
    case 'course_class':
      return sql`cc.id = ${id}`;
    case 'school':
      return sql`true`;
  }
}

/** The placed lessons of a version a view shows, with subject, teachers, room and campus, in one query. */
export async function lessonEntries(db: DbOrTx, timetableId: number, filter: SQL): Promise<TWeekEntry[]> {
  const rows = await queryRows<{
    lessonId: number;
    day: number;
    period: number;
    length: number;
    ccId: number;
    ccCode: string;
    ccName: string;
    subjectName: string;
    teachers: Array<{ id: number; name: string }> | null;
    roomId: number | null;
    roomCode: string | null;
    roomName: string | null;
    campusName: string | null;
  }>(
    db,
    sql`select l.id as "lessonId", l.day, l.period, l.length, cc.id as "ccId", cc.code as "ccCode", cc.name as "ccName",
               s.name as "subjectName", r.id as "roomId", r.code as "roomCode", r.name as "roomName", camp.name as "campusName",
               (select json_agg(json_build_object('id', t.id, 'name', t.full_name) order by t.sort_key, t.id)
                  from course_class_teachers ct join teachers t on t.id = ct.teacher_id where ct.course_class_id = cc.id) as teachers
        from lessons l
        join course_classes cc on cc.id = l.course_class_id
        join subjects s on s.id = cc.subject_id
        left join classrooms r on r.id = l.classroom_id
        left join campuses camp on camp.id = coalesce(r.campus_id, cc.campus_id)
        where l.timetable_id = ${timetableId} and l.day is not null and ${filter}
        order by l.day, l.period, cc.code, l.id`,
  );
  return rows.map((r) => ({
    kind: 'lesson' as const,
    day: r.day,
    period: r.period,
    length: r.length,
    lessonId: r.lessonId,
    fixedKind: null,
    courseClass: { id: r.ccId, code: r.ccCode, name: r.ccName },
    subjectName: r.subjectName,
    teachers: r.teachers ?? [],
    room: r.roomId === null ? null : { id: r.roomId, code: r.roomCode ?? '', name: r.roomName ?? '' },
    campusName: r.campusName,
    homeroomClassName: null,
  }));
}

export interface HomeroomRef {
  id: number;
  name: string;
  campusId: number;
  campusName: string;
  teacherId: number | null;
  teacherName: string | null;
}

/** Homeroom classes of the current academic year, by a condition on `h`. */
/** The current year's homeroom classes chosen by one of: its id, or its homeroom teacher. */
export type HomeroomPick = { id: number } | { teacherId: number };

export async function homerooms(db: DbOrTx, pick: HomeroomPick): Promise<HomeroomRef[]> {
  const where = 'id' in pick ? sql`h.id = ${pick.id}` : sql`h.homeroom_teacher_id = ${pick.teacherId}`;
  return queryRows<HomeroomRef>(
    db,
    sql`select h.id, h.name, h.campus_id as "campusId", c.name as "campusName", h.homeroom_teacher_id as "teacherId", t.full_name as "teacherName"
        from homeroom_classes h join campuses c on c.id = h.campus_id
        join academic_years y on y.id = h.academic_year_id
        left join teachers t on t.id = h.homeroom_teacher_id
        where y.is_current and ${where} order by h.name`,
  );
}

/** Who or what a view shows: its title and the campus whose grid frames it. */
export async function subjectOf(
  db: DbOrTx,
  view: TWeekViewKind,
  id: number,
): Promise<{ name: string; campusId: number | null; departmentId?: number | null; homeroomClassId?: number | null } | null> {
  const q = (s: SQL) =>
    queryRows<{ name: string; campusId: number | null; departmentId?: number | null; homeroomClassId?: number | null }>(db, s);
  let rows;
  switch (view) {
    case 'student':
      rows = await q(
        sql`select st.full_name as name, coalesce(h.campus_id, st.campus_id) as "campusId", st.homeroom_class_id as "homeroomClassId"
            from students st left join homeroom_classes h on h.id = st.homeroom_class_id where st.id = ${id}`,
      );
      break;
    case 'teacher':
      rows = await q(
        sql`select t.full_name as name, t.department_id as "departmentId",
                   (select cc.campus_id from course_class_teachers ct join course_classes cc on cc.id = ct.course_class_id
                    where ct.teacher_id = t.id group by cc.campus_id order by count(*) desc, cc.campus_id limit 1) as "campusId"
            from teachers t where t.id = ${id}`,
      );
      break;
    case 'department':
      rows = await q(sql`select d.name, null::int as "campusId" from departments d where d.id = ${id}`);
      break;
    case 'room':
      rows = await q(sql`select r.code || ' – ' || r.name as name, r.campus_id as "campusId" from classrooms r where r.id = ${id}`);
      break;
    case 'campus':
      rows = await q(sql`select c.name, c.id as "campusId" from campuses c where c.id = ${id}`);
      break;
    case 'homeroom':
      rows = await q(sql`select h.name, h.campus_id as "campusId" from homeroom_classes h where h.id = ${id}`);
      break;
    case 'course_class':
      rows = await q(
        sql`select cc.code || ' – ' || cc.name as name, cc.campus_id as "campusId" from course_classes cc where cc.id = ${id}`,
      );
      break;
    case 'school':
      rows = [{ name: 'Toàn trường', campusId: null }];
      break;
  }
  return rows[0] ?? null;
}

export async function firstCampusId(db: DbOrTx): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from campuses order by id limit 1`);
  return rows[0]?.id ?? null;
}

/** Homeroom classes a teacher leads, and course classes they teach (a week's scope). */
export async function teacherReach(db: DbOrTx, teacherId: number | null) {
  if (teacherId === null) return { homeroomClassIds: [], taughtCourseClassIds: [] };
  const rows = await queryRows<{ kind: string; id: number }>(
    db,
    sql`select 'h' as kind, id from homeroom_classes where homeroom_teacher_id = ${teacherId}
        union all select 'c', course_class_id from course_class_teachers where teacher_id = ${teacherId}`,
  );
  return {
    homeroomClassIds: rows.filter((r) => r.kind === 'h').map((r) => r.id),
    taughtCourseClassIds: rows.filter((r) => r.kind === 'c').map((r) => r.id),
  };
}

/** Rooms with no lesson of the version overlapping the periods asked (all rooms when no version is in force). */
export async function freeRooms(
  db: DbOrTx,
  q: { timetableId: number | null; campusId?: number; day: number; period: number; length: number; capacity: number; kind?: string },
): Promise<TFreeRoom[]> {
  const last = q.period + q.length - 1;
  return queryRows<TFreeRoom>(
    db,
    sql`select r.id, r.code, r.name, r.campus_id as "campusId", c.name as "campusName", r.capacity, r.kind
        from classrooms r join campuses c on c.id = r.campus_id
        where r.capacity >= ${q.capacity}
          ${q.campusId ? sql`and r.campus_id = ${q.campusId}` : sql``}
          ${q.kind ? sql`and r.kind = ${q.kind}` : sql``}
          and not exists (
            select 1 from lessons l where l.timetable_id = ${q.timetableId ?? 0} and l.classroom_id = r.id and l.day = ${q.day}
              and l.period <= ${last} and l.period + l.length - 1 >= ${q.period})
        order by c.id, r.capacity, r.code`,
  );
}
