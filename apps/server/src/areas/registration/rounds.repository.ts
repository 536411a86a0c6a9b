import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZLessonSlot } from '@app/shared/registration';
import { queryRows, type DbOrTx } from '@/db/client';
import { searchWhere } from '@/db/sql';
import { modules } from '@/db/schema/academic';
import { registrationGroups, registrationOffers, registrationRounds, registrations } from '@/db/schema/registration';
import { courseClasses } from '@/db/schema/school';
import { timetableOfModule } from './core/rules.repository';
import { lockRoundExclusive } from './core/seats.repository';

/** The SQL of the administrator's side of course registration (issue 14): rounds, offers, closing. */

type TLessonSlot = z.infer<typeof ZLessonSlot>;

export type RoundRow = typeof registrationRounds.$inferSelect;
export type OfferRow = typeof registrationOffers.$inferSelect;
export type GroupRow = typeof registrationGroups.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;

const ids = (list: number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );

export async function findModule(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: modules.id, name: modules.name, startDate: modules.startDate, endDate: modules.endDate })
    .from(modules)
    .where(eq(modules.id, id));
  return row ?? null;
}

/** The module row locked: rounds of one module are created and edited one at a time (the overlap check). */
export async function lockModule(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from modules where id = ${id} for update`);
  return rows.length > 0;
}

export async function findRound(db: DbOrTx, id: number): Promise<RoundRow | null> {
  const [row] = await db.select().from(registrationRounds).where(eq(registrationRounds.id, id));
  return row ?? null;
}

/**
 * The round locked for a change (edit, close, reopen, an administrator's add or remove): its advisory
 * lock exclusive (the students' actions under way finish first, core/seats.repository.ts), then the row.
 */
export async function lockRound(db: DbOrTx, id: number): Promise<RoundRow | null> {
  await lockRoundExclusive(db, id);
  const [row] = await db.select().from(registrationRounds).where(eq(registrationRounds.id, id)).for('update');
  return row ?? null;
}

export async function listRoundRows(db: DbOrTx, moduleId?: number): Promise<RoundRow[]> {
  return db
    .select()
    .from(registrationRounds)
    .where(moduleId === undefined ? undefined : eq(registrationRounds.moduleId, moduleId))
    .orderBy(sql`${registrationRounds.opensAt} desc`, sql`${registrationRounds.id} desc`);
}

export interface RoundFigures {
  offerCount: number;
  seats: number;
  taken: number;
  waiting: number;
}

/** Per round: offers, seats, seats taken and the length of every waitlist together. */
export async function roundFigures(db: DbOrTx, roundIds: number[]): Promise<Map<number, RoundFigures>> {
  if (!roundIds.length) return new Map();
  const rows = await queryRows<RoundFigures & { id: number }>(
    db,
    sql`select o.round_id as id, count(*)::int as "offerCount", coalesce(sum(o.capacity), 0)::int as seats,
               coalesce(sum(o.taken), 0)::int as taken,
               (select count(*)::int from registrations r where r.round_id = o.round_id and r.status = 'waitlisted') as waiting
        from registration_offers o where o.round_id in (${ids(roundIds)}) group by o.round_id`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Other rounds of the module whose window meets [opensAt, closesAt) and that share a grade. */
export async function overlappingRounds(
  db: DbOrTx,
  r: { moduleId: number; opensAt: Date; closesAt: Date; grades: number[]; exceptId?: number },
): Promise<Array<{ id: number; name: string; grades: number[] }>> {
  return queryRows(
    db,
    sql`select id, name, grades from registration_rounds
        where module_id = ${r.moduleId} and id <> ${r.exceptId ?? 0}
          and opens_at < ${r.closesAt.toISOString()}::timestamptz and closes_at > ${r.opensAt.toISOString()}::timestamptz
          and grades && ${`{${r.grades.join(',')}}`}::int[]
        order by opens_at, id`,
  );
}

export async function courseClassesByIds(db: DbOrTx, list: number[]) {
  if (!list.length) return [];
  return db
    .select({
      id: courseClasses.id,
      code: courseClasses.code,
      moduleId: courseClasses.moduleId,
      grade: courseClasses.grade,
      campusId: courseClasses.campusId,
      capacity: courseClasses.capacity,
    })
    .from(courseClasses)
    .where(inArray(courseClasses.id, list));
}

export async function insertRound(
  db: DbOrTx,
  v: Omit<typeof registrationRounds.$inferInsert, 'id' | 'closedAt' | 'createdAt' | 'updatedAt'>,
): Promise<RoundRow> {
  const [row] = await db.insert(registrationRounds).values(v).returning();
  return row;
}

export async function updateRound(db: DbOrTx, id: number, set: Partial<typeof registrationRounds.$inferInsert>): Promise<RoundRow> {
  const [row] = await db
    .update(registrationRounds)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(registrationRounds.id, id))
    .returning();
  return row;
}

export async function deleteRound(db: DbOrTx, id: number): Promise<void> {
  await db.delete(registrationRounds).where(eq(registrationRounds.id, id));
}

export async function insertGroup(db: DbOrTx, v: { roundId: number; name: string; choose: number }): Promise<GroupRow> {
  const [row] = await db.insert(registrationGroups).values(v).returning();
  return row;
}

export async function insertOffers(db: DbOrTx, rows: Array<typeof registrationOffers.$inferInsert>): Promise<void> {
  if (rows.length) await db.insert(registrationOffers).values(rows);
}

/** Removes the round's offers, groups and registrations (an edit before any student registered rebuilds them). */
export async function clearRound(db: DbOrTx, roundId: number): Promise<void> {
  await db.delete(registrations).where(eq(registrations.roundId, roundId));
  await db.delete(registrationOffers).where(eq(registrationOffers.roundId, roundId));
  await db.delete(registrationGroups).where(eq(registrationGroups.roundId, roundId));
}

export async function roundGroups(db: DbOrTx, roundId: number): Promise<GroupRow[]> {
  return db.select().from(registrationGroups).where(eq(registrationGroups.roundId, roundId)).orderBy(asc(registrationGroups.id));
}

export async function roundOfferRows(db: DbOrTx, roundId: number): Promise<OfferRow[]> {
  return db.select().from(registrationOffers).where(eq(registrationOffers.roundId, roundId)).orderBy(asc(registrationOffers.courseClassId));
}

/**
 * Compulsory offer: every active student of the round's grades gets a 'registered' row (via 'admin',
 * reason "Lớp bắt buộc"; the rules in core/rules.ts ask every student of the round for every compulsory
 * class). Its `taken` counts them, and its capacity is raised to at least that number: a compulsory
 * class holds everyone it must, so the CHECK taken <= capacity still holds. Answers how many were registered.
 */
export async function registerCompulsory(db: DbOrTx, roundId: number, courseClassId: number, grades: number[]): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into registrations (round_id, student_id, course_class_id, status, via, reason)
        select ${roundId}, s.id, ${courseClassId}, 'registered', 'admin', ${COMPULSORY_REASON}
        from students s where s.status = 'active' and s.grade = any(${`{${grades.join(',')}}`}::int[])
        order by s.id
        on conflict do nothing returning id`,
  );
  await db.execute(
    sql`update registration_offers set capacity = greatest(capacity, taken + ${rows.length}), taken = taken + ${rows.length}
        where round_id = ${roundId} and course_class_id = ${courseClassId}`,
  );
  return rows.length;
}

export const COMPULSORY_REASON = 'Lớp bắt buộc';

/** Registrations of the round that are not the compulsory ones: students (or the administrator) chose them. */
export async function chosenRegistrationCount(db: DbOrTx, roundId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from registrations r
        join registration_offers o on o.round_id = r.round_id and o.course_class_id = r.course_class_id
        where r.round_id = ${roundId} and not (o.compulsory and r.via = 'admin' and r.reason = ${COMPULSORY_REASON})`,
  );
  return row?.n ?? 0;
}

/** The placed lessons of the course classes in the module's published timetable that registration reads (core's choice). */
export async function publishedLessons(db: DbOrTx, moduleId: number, courseClassIds: number[]): Promise<Map<number, TLessonSlot[]>> {
  const out = new Map<number, TLessonSlot[]>();
  if (!courseClassIds.length) return out;
  const rows = await queryRows<TLessonSlot & { courseClassId: number }>(
    db,
    sql`select l.course_class_id as "courseClassId", l.day, l.period, l.length, cr.code as "roomCode"
        from lessons l left join classrooms cr on cr.id = l.classroom_id
        where l.timetable_id = ${timetableOfModule(moduleId)} and l.day is not null and l.course_class_id in (${ids(courseClassIds)})
        order by l.day, l.period, l.id`,
  );
  for (const { courseClassId, ...slot } of rows) {
    const list = out.get(courseClassId) ?? [];
    list.push(slot);
    out.set(courseClassId, list);
  }
  return out;
}

export interface StudentInRound {
  studentId: number;
  studentCode: string;
  fullName: string;
  homeroomClassName: string | null;
  grade: number;
  userId: number | null;
  registered: number;
  waitlisted: number;
}

/** The active students of the round's grades (optionally a search on name or code), with their counts in it. */
export async function roundStudents(db: DbOrTx, round: RoundRow, search?: string): Promise<StudentInRound[]> {
  const where = searchWhere(sql`s.search_text`, search);
  return queryRows<StudentInRound>(
    db,
    sql`select s.id as "studentId", s.student_code as "studentCode", s.full_name as "fullName", h.name as "homeroomClassName",
               s.grade, (select min(u.id) from users u where u.student_id = s.id) as "userId",
               count(r.id) filter (where r.status = 'registered')::int as registered,
               count(r.id) filter (where r.status = 'waitlisted')::int as waitlisted
        from students s left join homeroom_classes h on h.id = s.homeroom_class_id
        left join registrations r on r.student_id = s.id and r.round_id = ${round.id}
        where s.status = 'active' and s.grade = any(${`{${round.grades.join(',')}}`}::int[]) ${where ? sql`and ${where}` : sql``}
        group by s.id, h.name order by s.sort_key, s.id`,
  );
}

export interface RegistrationShown {
  id: number;
  roundId: number;
  studentId: number;
  studentCode: string;
  studentName: string;
  homeroomClassName: string | null;
  courseClassId: number;
  status: 'registered' | 'waitlisted';
  position: number | null;
  createdAt: string;
  via: string;
  reason: string | null;
}

/** Registrations with the student and the place in the waitlist; by round and/or course class. */
export async function registrationsShown(
  db: DbOrTx,
  by: { roundId?: number; courseClassId?: number; studentId?: number },
): Promise<RegistrationShown[]> {
  const conds = [
    by.roundId !== undefined ? sql`r.round_id = ${by.roundId}` : undefined,
    by.courseClassId !== undefined ? sql`r.course_class_id = ${by.courseClassId}` : undefined,
    by.studentId !== undefined ? sql`r.student_id = ${by.studentId}` : undefined,
  ].filter((c) => c !== undefined);
  const rows = await queryRows<Omit<RegistrationShown, 'createdAt'> & { createdAt: string | Date }>(
    db,
    sql`select * from (
          select r.id, r.round_id as "roundId", r.student_id as "studentId", s.student_code as "studentCode",
                 s.full_name as "studentName", h.name as "homeroomClassName", r.course_class_id as "courseClassId", r.status,
                 case when r.status = 'waitlisted' then
                   (row_number() over (partition by r.round_id, r.course_class_id, r.status order by r.id))::int end as position,
                 r.created_at as "createdAt", r.via, r.reason, s.sort_key as "sortKey"
          from registrations r join students s on s.id = r.student_id left join homeroom_classes h on h.id = s.homeroom_class_id
          where ${sql.join(conds.length ? conds : [sql`true`], sql` and `)}
        ) x order by x."courseClassId", x.status, x.position nulls first, x."sortKey", x.id`,
  );
  return rows.map(({ createdAt, ...r }) => {
    delete (r as { sortKey?: unknown }).sortKey;
    return { ...r, createdAt: new Date(createdAt).toISOString() };
  });
}

export async function findRegistration(db: DbOrTx, roundId: number, studentId: number, courseClassId: number) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.roundId, roundId), eq(registrations.studentId, studentId), eq(registrations.courseClassId, courseClassId)))
    .for('update');
  return row ?? null;
}

export async function findOffer(db: DbOrTx, roundId: number, courseClassId: number): Promise<OfferRow | null> {
  const [row] = await db
    .select()
    .from(registrationOffers)
    .where(and(eq(registrationOffers.roundId, roundId), eq(registrationOffers.courseClassId, courseClassId)));
  return row ?? null;
}

/** The administrator's over-capacity add: one more seat and it is taken (the CHECK taken <= capacity holds). */
export async function takeExtraSeat(db: DbOrTx, roundId: number, courseClassId: number): Promise<number> {
  const [row] = await queryRows<{ capacity: number }>(
    db,
    sql`update registration_offers set capacity = greatest(capacity, taken + 1), taken = taken + 1
        where round_id = ${roundId} and course_class_id = ${courseClassId} returning capacity`,
  );
  return row.capacity;
}

export async function insertRegistration(db: DbOrTx, v: typeof registrations.$inferInsert): Promise<RegistrationRow> {
  const [row] = await db.insert(registrations).values(v).returning();
  return row;
}

export async function setRegistration(db: DbOrTx, id: number, set: Partial<typeof registrations.$inferInsert>): Promise<void> {
  await db.update(registrations).set(set).where(eq(registrations.id, id));
}

/** Enrols one student (closed round): true when the enrolment is new. */
export async function enrolOne(db: DbOrTx, courseClassId: number, studentId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into course_class_students (course_class_id, student_id) values (${courseClassId}, ${studentId})
        on conflict do nothing returning student_id as id`,
  );
  return rows.length > 0;
}

export async function unenrolOne(db: DbOrTx, courseClassId: number, studentId: number): Promise<void> {
  await db.execute(sql`delete from course_class_students where course_class_id = ${courseClassId} and student_id = ${studentId}`);
}

/**
 * Closing, in the caller's transaction: every 'registered' row becomes an enrolment (those that existed
 * already are left as they are and counted apart; the new ones are marked `enrolled`), the waitlists are
 * dropped. Answers the counts.
 */
export async function enrolRegistered(
  db: DbOrTx,
  roundId: number,
): Promise<{ enrolled: number; alreadyEnrolled: number; waitlistDropped: number }> {
  const [registered] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from registrations where round_id = ${roundId} and status = 'registered'`,
  );
  const made = await queryRows<{ id: number }>(
    db,
    sql`with ins as (
          insert into course_class_students (course_class_id, student_id)
          select course_class_id, student_id from registrations where round_id = ${roundId} and status = 'registered'
          on conflict do nothing returning course_class_id, student_id
        )
        update registrations r set enrolled = true from ins
        where r.round_id = ${roundId} and r.course_class_id = ins.course_class_id and r.student_id = ins.student_id
        returning r.id`,
  );
  const dropped = await queryRows<{ id: number }>(
    db,
    sql`delete from registrations where round_id = ${roundId} and status = 'waitlisted' returning id`,
  );
  return { enrolled: made.length, alreadyEnrolled: registered.n - made.length, waitlistDropped: dropped.length };
}

/** Reopening: the enrolments the close made are taken back. Answers how many. */
export async function unenrolClosed(db: DbOrTx, roundId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with gone as (
          delete from course_class_students cs using registrations r
          where r.round_id = ${roundId} and r.enrolled and cs.course_class_id = r.course_class_id and cs.student_id = r.student_id
          returning cs.student_id
        )
        select student_id as id from gone`,
  );
  await db.execute(sql`update registrations set enrolled = false where round_id = ${roundId} and enrolled`);
  return rows.length;
}

/** Rounds past their closing moment and not closed yet (the automatic close). */
export async function dueRoundIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from registration_rounds where closed_at is null and closes_at <= now() order by closes_at, id`,
  );
  return rows.map((r) => r.id);
}

export async function teachesClass(db: DbOrTx, teacherId: number, courseClassId: number): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from course_class_teachers where teacher_id = ${teacherId} and course_class_id = ${courseClassId}`,
  );
  return rows.length > 0;
}

export async function courseClassExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: courseClasses.id }).from(courseClasses).where(eq(courseClasses.id, id));
  return !!row;
}

export async function findStudent(db: DbOrTx, id: number) {
  const rows = await queryRows<{ id: number; grade: number; status: string; studentCode: string; fullName: string }>(
    db,
    sql`select id, grade, status, student_code as "studentCode", full_name as "fullName" from students where id = ${id}`,
  );
  return rows[0] ?? null;
}
