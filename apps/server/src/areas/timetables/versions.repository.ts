import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TLesson } from '@app/shared/timetables';
import { queryRows, type DbOrTx } from '@/db/client';
import { modules } from '@/db/schema/academic';
import { classrooms, courseClasses, courseClassStudents, students } from '@/db/schema/school';
import { lessons, timetables } from '@/db/schema/timetables';

export type TimetableRow = typeof timetables.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

export async function findModule(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: modules.id, name: modules.name, startDate: modules.startDate, endDate: modules.endDate })
    .from(modules)
    .where(eq(modules.id, id));
  return row ?? null;
}

export async function findTimetable(db: DbOrTx, id: number): Promise<TimetableRow | null> {
  const [row] = await db.select().from(timetables).where(eq(timetables.id, id));
  return row ?? null;
}

/** The version row, locked: edits, generator results and publishing of one version run one at a time. */
export async function lockTimetable(db: DbOrTx, id: number): Promise<TimetableRow | null> {
  const [row] = await db.select().from(timetables).where(eq(timetables.id, id)).for('update');
  return row ?? null;
}

export async function moduleTimetables(db: DbOrTx, moduleId: number): Promise<TimetableRow[]> {
  return db.select().from(timetables).where(eq(timetables.moduleId, moduleId)).orderBy(desc(timetables.id));
}

/** Lesson and unplaced counts per version. */
export async function lessonCounts(db: DbOrTx, ids: number[]): Promise<Map<number, { total: number; unplaced: number }>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: number; total: number; unplaced: number }>(
    db,
    sql`select timetable_id as id, count(*)::int as total, count(*) filter (where day is null)::int as unplaced
        from ${lessons} where timetable_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) group by timetable_id`,
  );
  return new Map(rows.map((r) => [r.id, { total: r.total, unplaced: r.unplaced }]));
}

/** The version of the module that a new draft copies: the one in force today, else the latest published. */
export async function publishedToCopy(db: DbOrTx, moduleId: number): Promise<TimetableRow | null> {
  const [row] = await db
    .select()
    .from(timetables)
    .where(and(eq(timetables.moduleId, moduleId), eq(timetables.status, 'published')))
    .orderBy(sql`${timetables.effectiveFrom} <= current_date desc`, desc(timetables.effectiveFrom), desc(timetables.id))
    .limit(1);
  return row ?? null;
}

export async function insertTimetable(
  db: DbOrTx,
  v: { moduleId: number; name: string; basedOnId: number | null; createdBy: number | null },
): Promise<TimetableRow> {
  const [row] = await db
    .insert(timetables)
    .values({ ...v, status: 'draft' })
    .returning();
  return row;
}

export async function copyLessons(db: DbOrTx, fromId: number, toId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${lessons} (timetable_id, course_class_id, day, period, length, classroom_id, locked)
        select ${toId}, course_class_id, day, period, length, classroom_id, locked from ${lessons}
        where timetable_id = ${fromId} order by id returning id`,
  );
  return rows.length;
}

/** The module's course classes and their fixed rooms. */
export async function moduleClasses(db: DbOrTx, moduleId: number) {
  return db
    .select({ id: courseClasses.id, classroomId: courseClasses.classroomId })
    .from(courseClasses)
    .where(eq(courseClasses.moduleId, moduleId))
    .orderBy(asc(courseClasses.id));
}

export async function insertLessons(
  db: DbOrTx,
  timetableId: number,
  rows: Array<{ courseClassId: number; length: number; classroomId: number | null }>,
): Promise<number> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(lessons).values(rows.slice(i, i + 1000).map((r) => ({ ...r, timetableId })));
  }
  return rows.length;
}

const lessonColumns = {
  id: lessons.id,
  courseClassId: lessons.courseClassId,
  day: lessons.day,
  period: lessons.period,
  length: lessons.length,
  classroomId: lessons.classroomId,
  locked: lessons.locked,
  version: lessons.version,
};

export async function timetableLessons(db: DbOrTx, timetableId: number): Promise<TLesson[]> {
  const rows = await db.select(lessonColumns).from(lessons).where(eq(lessons.timetableId, timetableId)).orderBy(asc(lessons.id));
  return rows as TLesson[];
}

export async function findLesson(db: DbOrTx, timetableId: number, id: number): Promise<TLesson | null> {
  const [row] = await db
    .select(lessonColumns)
    .from(lessons)
    .where(and(eq(lessons.id, id), eq(lessons.timetableId, timetableId)));
  return (row as TLesson | undefined) ?? null;
}

/**
 * Optimistic concurrency: the update lands only if the row still has the version the editor saw, and
 * bumps it. Null when it did not (stale, or not a lesson of this version).
 */
export async function updateLessonIfVersion(
  db: DbOrTx,
  timetableId: number,
  id: number,
  version: number,
  set: Partial<Pick<LessonRow, 'day' | 'period' | 'classroomId' | 'locked'>>,
): Promise<TLesson | null> {
  const [row] = await db
    .update(lessons)
    .set({ ...set, version: sql`${lessons.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(lessons.id, id), eq(lessons.timetableId, timetableId), eq(lessons.version, version)))
    .returning(lessonColumns);
  return (row as TLesson | undefined) ?? null;
}

export async function classroomExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.id, id));
  return !!row;
}

/** Another published version of the module from the same day: the new one replaces it (archived). */
export async function archiveSameDay(db: DbOrTx, moduleId: number, effectiveFrom: string, exceptId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${timetables} set status = 'archived', updated_at = now()
        where module_id = ${moduleId} and status = 'published' and effective_from = ${effectiveFrom} and id <> ${exceptId}
        returning id`,
  );
  return rows.map((r) => r.id);
}

export async function markPublished(db: DbOrTx, id: number, effectiveFrom: string, by: number | null): Promise<void> {
  await db
    .update(timetables)
    .set({ status: 'published', effectiveFrom, publishedAt: sql`now()`, publishedBy: by, updatedAt: sql`now()` })
    .where(eq(timetables.id, id));
}

export async function touchTimetable(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(timetables)
    .set({ updatedAt: sql`now()` })
    .where(eq(timetables.id, id));
}

/**
 * The people a version concerns: the users of the teachers of its course classes, of their enrolled
 * students, and of the homeroom teachers of those students' classes.
 */
export async function affectedUserIds(db: DbOrTx, timetableId: number): Promise<{ moduleId: number; userIds: number[] }> {
  const rows = await queryRows<{ moduleId: number; userIds: number[] | null }>(
    db,
    sql`with cc as (
          select distinct l.course_class_id as id from lessons l where l.timetable_id = ${timetableId}
        ), people as (
          select t.user_id from course_class_teachers ct join teachers t on t.id = ct.teacher_id where ct.course_class_id in (select id from cc)
          union
          select u.id from course_class_students cs join users u on u.student_id = cs.student_id where cs.course_class_id in (select id from cc)
          union
          select t.user_id from course_class_students cs join students s on s.id = cs.student_id
            join homeroom_classes h on h.id = s.homeroom_class_id join teachers t on t.id = h.homeroom_teacher_id
          where cs.course_class_id in (select id from cc)
        )
        select (select module_id from timetables where id = ${timetableId}) as "moduleId",
               (select array_agg(user_id order by user_id) from people where user_id is not null) as "userIds"`,
  );
  return { moduleId: rows[0]?.moduleId ?? 0, userIds: rows[0]?.userIds ?? [] };
}

/** Lesson versions as they are now (the generator writes only lessons nobody changed meanwhile). */
export async function lessonVersions(db: DbOrTx, timetableId: number): Promise<Map<number, number>> {
  const rows = await db.select({ id: lessons.id, version: lessons.version }).from(lessons).where(eq(lessons.timetableId, timetableId));
  return new Map(rows.map((r) => [r.id, r.version]));
}

/** Writes a generator's placements in one statement, skipping lessons whose version moved on. */
export async function applyPlacements(
  db: DbOrTx,
  timetableId: number,
  placements: Array<{ id: number; version: number; day: number | null; period: number | null; roomId: number | null }>,
): Promise<number> {
  if (!placements.length) return 0;
  const values = sql.join(
    placements.map((p) => sql`(${p.id}::int, ${p.version}::int, ${p.day}::int, ${p.period}::int, ${p.roomId}::int)`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${lessons} l set day = v.day, period = v.period, classroom_id = v.room, version = l.version + 1, updated_at = now()
        from (values ${values}) as v(id, version, day, period, room)
        where l.id = v.id and l.timetable_id = ${timetableId} and l.version = v.version and not l.locked
          and (l.day is distinct from v.day or l.period is distinct from v.period or l.classroom_id is distinct from v.room)
        returning l.id`,
  );
  return rows.length;
}

/** Per homeroom class: the course classes of the version's module holding at least one of its students. */
export async function homeroomCourseClasses(
  db: DbOrTx,
  timetableId: number,
): Promise<Array<{ homeroomClassId: number; courseClassIds: number[] }>> {
  const rows = await db
    .selectDistinct({ homeroomClassId: students.homeroomClassId, courseClassId: courseClassStudents.courseClassId })
    .from(courseClassStudents)
    .innerJoin(students, eq(students.id, courseClassStudents.studentId))
    .innerJoin(courseClasses, eq(courseClasses.id, courseClassStudents.courseClassId))
    .innerJoin(timetables, eq(timetables.moduleId, courseClasses.moduleId))
    .where(and(eq(timetables.id, timetableId), isNotNull(students.homeroomClassId)))
    .orderBy(students.homeroomClassId, courseClassStudents.courseClassId);
  const out: Array<{ homeroomClassId: number; courseClassIds: number[] }> = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last?.homeroomClassId === r.homeroomClassId) last.courseClassIds.push(r.courseClassId);
    else out.push({ homeroomClassId: r.homeroomClassId!, courseClassIds: [r.courseClassId] });
  }
  return out;
}
