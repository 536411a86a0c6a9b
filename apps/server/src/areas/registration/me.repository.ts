import { sql, type SQL } from 'drizzle-orm';
import type { TRegistration, TSeat } from '@app/shared/registration';
import { queryRows, type DbOrTx } from '@/db/client';
import { registrationRequests } from '@/db/schema/registration';
import { studentClasses, timetableOfModule } from './core/rules.repository';
import {
  HOT,
  NEW_REGISTRATION,
  roundAndOfferSql,
  seatsSql,
  type LockedRound,
  type OfferForRequest,
  type OfferWithRegistration,
} from './core/seats.repository';

/* The SQL of the student's own registration (me.service.ts). */

export async function studentOf(db: DbOrTx, studentId: number) {
  const [row] = await queryRows<{ id: number; grade: number; campusId: number }>(
    db,
    sql`select id, grade, campus_id as "campusId" from students where id = ${studentId}`,
  );
  return row ?? null;
}

export interface RoundRow {
  id: number;
  moduleId: number;
  name: string;
  opensAt: Date | string;
  closesAt: Date | string;
  grades: number[];
  maxClasses: number | null;
  noClash: boolean;
  waitlist: boolean;
  closedAt: Date | string | null;
  updatedAt: Date | string;
  offerCount: number;
  seats: number;
  taken: number;
  waiting: number;
}

function roundRows(db: DbOrTx, where: SQL) {
  return queryRows<RoundRow>(
    db,
    sql`select r.id, r.module_id as "moduleId", r.name, r.opens_at as "opensAt", r.closes_at as "closesAt", r.grades,
               r.max_classes as "maxClasses", r.no_clash as "noClash", r.waitlist, r.closed_at as "closedAt", r.updated_at as "updatedAt",
               coalesce(o.n, 0) as "offerCount", coalesce(o.seats, 0) as seats, coalesce(o.taken, 0) as taken,
               (select count(*)::int from registrations w where w.round_id = r.id and w.status = 'waitlisted') as waiting
        from registration_rounds r
        left join lateral (select count(*)::int as n, sum(capacity)::int as seats, sum(taken)::int as taken
                           from registration_offers where round_id = r.id) o on true
        where ${where}
        order by r.opens_at, r.id`,
  );
}

/** The rounds of a grade whose module is not over yet, soonest first. */
export const roundsOfGrade = (db: DbOrTx, grade: number) =>
  roundRows(db, sql`${grade} = any(r.grades) and (select m.end_date from modules m where m.id = r.module_id) >= current_date`);

export async function roundById(db: DbOrTx, roundId: number): Promise<RoundRow | null> {
  const [row] = await roundRows(db, sql`r.id = ${roundId}`);
  return row ?? null;
}

export const groupsOfRound = (db: DbOrTx, roundId: number) =>
  queryRows<{ id: number; name: string; choose: number }>(
    db,
    sql`select id, name, choose from registration_groups where round_id = ${roundId} order by id`,
  );

export interface LessonRow {
  courseClassId: number;
  day: number;
  period: number;
  length: number;
  roomCode: string | null;
}

/** The placed lessons of some course classes in their module's published timetable (core/rules.repository.ts). */
export const lessonsOf = (db: DbOrTx, moduleId: number, courseClassIds: number[]) =>
  courseClassIds.length === 0
    ? Promise.resolve([] as LessonRow[])
    : queryRows<LessonRow>(
        db,
        sql`select l.course_class_id as "courseClassId", l.day, l.period, l.length, r.code as "roomCode"
            from lessons l left join classrooms r on r.id = l.classroom_id
            where l.timetable_id = ${timetableOfModule(moduleId)} and l.day is not null
              and l.course_class_id = any(${`{${courseClassIds.join(',')}}`}::int[])
            order by l.day, l.period, l.id`,
      );

/** The classes a student has in the round's module: registered in the round or enrolled. */
export const classesOfStudent = (db: DbOrTx, o: { roundId: number; moduleId: number; studentId: number }) =>
  queryRows<{ courseClassId: number; code: string; name: string }>(
    db,
    sql`select cc.id as "courseClassId", cc.code, cc.name from course_classes cc
        where cc.id in ${studentClasses({ ...o, exclude: [] })} order by cc.id`,
  );

type RegistrationRow = Omit<TRegistration, 'createdAt'> & { createdAt: Date | string };

/** Who a student is on their registrations (the same on every one). */
export type StudentOnRows = Pick<TRegistration, 'studentCode' | 'studentName' | 'homeroomClassName'>;
/** A registration row of an action's answer: without who the student is, which its first read gave (`ActionStart`). */
export type ActionRegistrationRow = Omit<RegistrationRow, keyof StudentOnRows>;

/** The student's registrations of a round with their waitlist places; `who`: with the student's code, name and homeroom class. */
const registrationsSql = (roundId: number, studentId: number, who: boolean) =>
  sql`select r.id, r.round_id as "roundId", r.student_id as "studentId",
             ${who ? sql`s.student_code as "studentCode", s.full_name as "studentName", h.name as "homeroomClassName",` : sql``}
             r.course_class_id as "courseClassId", r.status, r.created_at as "createdAt",
             case when r.status = 'waitlisted' then
               (select count(*)::int from registrations w where w.round_id = r.round_id and w.course_class_id = r.course_class_id
                  and w.status = 'waitlisted' and w.id <= r.id) end as position
      from registrations r
      ${who ? sql`join students s on s.id = r.student_id left join homeroom_classes h on h.id = s.homeroom_class_id` : sql``}
      where r.round_id = ${roundId} and r.student_id = ${studentId}`;

/** A student's registrations in a round, each waitlisted one with its 1-based place in its class's queue. */
export const registrationsOf = (db: DbOrTx, roundId: number, studentId: number) =>
  queryRows<RegistrationRow>(db, sql`${registrationsSql(roundId, studentId, true)} order by r.id`);

/**
 * The columns of an action's answer: the student's registrations (as `registrationsOf`, without who the
 * student is: PostgreSQL sets up the joins that read it at every execution, and the action's first read
 * has it already) and the seats of the classes it touched (as `seatsOf`; the page polls the others).
 */
function actionStateCols(roundId: number, studentId: number, courseClassIds: number[]) {
  return sql`(select coalesce(json_agg(m order by m.id), '[]') from (${registrationsSql(roundId, studentId, false)}) m) as mine,
             (select coalesce(json_agg(x order by x."courseClassId"), '[]')
                from (${seatsSql(roundId)} and o.course_class_id = any(${`{${courseClassIds.join(',')}}`}::int[])) x) as seats`;
}

export interface ActionState {
  mine: ActionRegistrationRow[];
  seats: TSeat[];
}

/** An action's answer read on its own, in one statement (after the commit, or as the last of a batch). */
export const actionStateSql = (roundId: number, studentId: number, courseClassIds: number[]) =>
  sql`select ${actionStateCols(roundId, studentId, courseClassIds)}`;

export async function registrationsAndSeats(db: DbOrTx, roundId: number, studentId: number, courseClassIds: number[]) {
  const [row] = await queryRows<ActionState>(db, actionStateSql(roundId, studentId, courseClassIds), HOT);
  return row;
}

/**
 * The end of an action, in the statement that writes its audit entry (me.service.ts): the answer kept
 * under the request id, if any, and the action's answer read with the transaction's own changes.
 */
export function actionEndSql(v: { studentId: number; requestId?: string; roundId: number; outcome: StoredOutcome; touched: number[] }) {
  const state = actionStateCols(v.roundId, v.studentId, v.touched);
  if (!v.requestId) return sql`select ${state}`;
  return sql`insert into ${registrationRequests} (student_id, request_id, round_id, outcome)
      values (${v.studentId}::int, ${v.requestId}::text, ${v.roundId}::int, ${JSON.stringify(v.outcome)}::jsonb)
      returning ${state}`;
}

/**
 * The answer kept under the request id for a registration a statement writes (`takeSeatAndRegisterSql`,
 * `swapSql`, from their NEW_REGISTRATION: no row, nothing kept): `outcome`, else the registration's status.
 */
export const storeRegisteredSql = (v: {
  studentId: number;
  requestId: string;
  roundId: number;
  courseClassId: number;
  outcome?: StoredOutcome;
}) =>
  sql`insert into ${registrationRequests} (student_id, request_id, round_id, outcome)
      select ${v.studentId}::int, ${v.requestId}::text, ${v.roundId}::int,
             ${v.outcome ? sql`${JSON.stringify(v.outcome)}::jsonb` : sql`jsonb_build_object('outcome', r.status, 'courseClassId', ${v.courseClassId}::int)`}
      from ${NEW_REGISTRATION.row} r`;

export interface StoredOutcome {
  outcome: 'registered' | 'waitlisted' | 'dropped' | 'swapped';
  courseClassId: number;
  /** A swap's class A. */
  fromCourseClassId?: number;
}

/** What an action starts from: the round, the student (grade, code, name, homeroom class), the answer already given to the request id, the offer. */
export type ActionStart = LockedRound & {
  /** The student's grade and who they are on their registrations; null: no such student. */
  student: (StudentOnRows & { grade: number }) | null;
  stored: { roundId: number; outcome: StoredOutcome } | null;
  /** With `offerId`: the offer (core/seats.repository.ts `offerForRequestSql`), null when not offered. */
  offer: OfferForRequest | null;
  /** With `fromId` (a swap's class A): its offer and the student's registration, null when not offered. */
  from: OfferWithRegistration | null;
};

/**
 * The start of a student's action, after their advisory locks (core/seats.repository.ts): the round,
 * the student (grade, and who they are on their registrations), the outcome already answered to the request id and (`offerId`) the offer of that
 * class with the student's registration and rule data, in one statement (no row: no such round).
 * `clash`: as `roundAndOfferSql`'s.
 */
export function actionStartSql(v: {
  roundId: number;
  studentId: number;
  requestId: string | null;
  offerId?: number;
  fromId?: number;
  clash: boolean;
}) {
  return roundAndOfferSql(
    { roundId: v.roundId, studentId: v.studentId, courseClassId: v.offerId, fromCourseClassId: v.fromId, clash: v.clash },
    sql`(select json_build_object('grade', s.grade, 'studentCode', s.student_code, 'studentName', s.full_name, 'homeroomClassName', h.name)
          from students s left join homeroom_classes h on h.id = s.homeroom_class_id where s.id = ${v.studentId}) as student,
        (select json_build_object('roundId', q.round_id, 'outcome', q.outcome) from registration_requests q
          where q.student_id = ${v.studentId} and q.request_id = ${v.requestId ?? ''}) as stored`,
  );
}
