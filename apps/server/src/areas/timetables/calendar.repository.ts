import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';
import { calendarFeeds } from '@/db/schema/timetables';

export async function findFeed(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** One link per person: a new one replaces (and so revokes) the old. */
export async function upsertFeed(db: DbOrTx, userId: number, tokenHash: string) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
    .returning();
  return row;
}

export async function deleteFeed(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

/** The active person behind a link's hash (null for an unknown link or a deactivated account). */
export async function feedOwner(db: DbOrTx, tokenHash: string): Promise<{ userId: number } | null> {
  const rows = await queryRows<{ userId: number }>(
    db,
    sql`select u.id as "userId" from calendar_feeds f join users u on u.id = f.user_id where f.token_hash = ${tokenHash} and u.active`,
  );
  return rows[0] ?? null;
}

/** `me`: the user, their student id and their teacher id. */
const me = (userId: number) =>
  sql`me as (
    select u.id, u.student_id, (select t.id from teachers t where t.user_id = u.id) as teacher_id from users u where u.id = ${userId}
  )`;
/** `vers`: the published versions of the modules not ended more than 180 days ago, with the next version's date. */
const publishedVersions = sql`vers as (
    select t.id, se.academic_year_id, m.start_date, m.end_date, t.effective_from,
           lead(t.effective_from) over (partition by t.module_id order by t.effective_from, t.id) as next_from
    from timetables t join modules m on m.id = t.module_id join semesters se on se.id = m.semester_id
    where t.status = 'published' and m.end_date >= current_date - 180
  )`;
/** The days a version `v` is in force: from its date (or the module's start) to the next version's or the module's end. */
const inForceDates = sql`greatest(v.effective_from, v.start_date)::text as "fromDate",
  least(coalesce(v.next_from - 1, v.end_date), v.end_date)::text as "untilDate"`;

export interface FeedLesson {
  lessonId: number;
  timetableId: number;
  day: number;
  period: number;
  length: number;
  /** The days the version is in force: from its effective date (or the module's start) to the next version's or the module's end. */
  fromDate: string;
  untilDate: string;
  campusId: number;
  courseClassName: string;
  subjectName: string;
  roomCode: string | null;
  roomName: string | null;
  campusName: string;
  teachers: string[] | null;
}

/**
 * A person's lessons (as a teacher of the course class or an enrolled student) in every published
 * version of the modules not ended more than 180 days ago, each with the dates it is in force.
 */
export async function feedLessons(db: DbOrTx, userId: number): Promise<FeedLesson[]> {
  return queryRows<FeedLesson>(
    db,
    sql`with ${me(userId)}, ${publishedVersions}, mine as (
          select cs.course_class_id as id from course_class_students cs, me where cs.student_id = me.student_id
          union select ct.course_class_id from course_class_teachers ct, me where ct.teacher_id = me.teacher_id
        )
        select l.id as "lessonId", l.timetable_id as "timetableId", l.day, l.period, l.length, ${inForceDates},
               coalesce(r.campus_id, cc.campus_id) as "campusId", cc.name as "courseClassName", s.name as "subjectName",
               r.code as "roomCode", r.name as "roomName", camp.name as "campusName",
               (select array_agg(t.full_name order by t.sort_key, t.id) from course_class_teachers ct join teachers t on t.id = ct.teacher_id
                where ct.course_class_id = cc.id) as teachers
        from lessons l
        join vers v on v.id = l.timetable_id
        join mine on mine.id = l.course_class_id
        join course_classes cc on cc.id = l.course_class_id
        join subjects s on s.id = cc.subject_id
        left join classrooms r on r.id = l.classroom_id
        join campuses camp on camp.id = coalesce(r.campus_id, cc.campus_id)
        where l.day is not null
        order by v.start_date, l.day, l.period, l.id`,
  );
}

export interface FeedFixedWindow {
  timetableId: number;
  homeroomClassId: number;
  homeroomClassName: string;
  campusId: number;
  campusName: string;
  fromDate: string;
  untilDate: string;
}

/**
 * The person's homeroom classes (a student's own, a homeroom teacher's) with the days each published
 * version of a module of the class's year is in force: when their fixed events (chào cờ, sinh hoạt
 * lớp) take place, for the same modules as feedLessons.
 */
export async function feedFixedWindows(db: DbOrTx, userId: number): Promise<FeedFixedWindow[]> {
  return queryRows<FeedFixedWindow>(
    db,
    sql`with ${me(userId)}, ${publishedVersions}, classes as (
          select h.id, h.name, h.campus_id, h.academic_year_id from homeroom_classes h, me
          where h.id = (select s.homeroom_class_id from students s where s.id = me.student_id) or h.homeroom_teacher_id = me.teacher_id
        )
        select v.id as "timetableId", c.id as "homeroomClassId", c.name as "homeroomClassName", c.campus_id as "campusId",
               camp.name as "campusName", ${inForceDates}
        from vers v join classes c on c.academic_year_id = v.academic_year_id join campuses camp on camp.id = c.campus_id
        order by v.start_date, c.id, v.id`,
  );
}
