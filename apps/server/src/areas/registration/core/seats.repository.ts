import { sql, type SQL } from 'drizzle-orm';
import type { TSeat } from '@app/shared/registration';
import { queryRows, type DbOrTx } from '@/db/client';
import { refusalData, refusalParts, type RefusalData } from './rules.repository';

/** The statements of the rush (a student's action, a promotion): parsed and planned once per connection (db/client.ts). */
export const HOT = { prepare: true } as const;

/*
 * Seats and the locks every change of a student's registrations takes, always in this order:
 *  1. the round's advisory lock shared and the (round, student) advisory lock (`lockStudent`, one
 *     statement of its own), then the round row read (`roundAndOfferSql`: an action's or a promotion's first read);
 *  2. the offer rows, by course class id (`lockOffersSql` before a swap's seat, `lockOfferSql` before a registration's,
 *     or the one row a conditional update touches).
 * A student's action, a waitlist promotion and an administrator's change of one student's
 * registrations all follow it, so none of them can deadlock another; closing or editing a round takes
 * the round's advisory lock exclusive (`lockRoundExclusive`, then the row FOR UPDATE) and so waits for
 * the actions under way, and they for it. An advisory lock, not the row FOR SHARE: an action's reads
 * lock no row of the round (its inserts still take the foreign keys' KEY SHARE lock on the round's row,
 * which a close never waits on: it waits on the advisory lock first, until those actions have ended).
 */

/** The advisory locks' keys: a round's (registration's own space, then the round), and a (round, student)'s. */
const roundKey = (roundId: number) => sql`hashtext('registration-round'), ${roundId}::int`;
const studentKey = (roundId: number, studentId: number) => sql`hashtext(${`registration:${roundId}`}), ${studentId}::int`;

export interface LockedRound {
  id: number;
  moduleId: number;
  grades: number[];
  opensAt: Date | string;
  closesAt: Date | string;
  closedAt: Date | string | null;
  maxClasses: number | null;
  noClash: boolean;
  waitlist: boolean;
}

/**
 * The round's advisory lock shared and the (round, student) lock, a statement of its own: the next
 * statement's snapshot then sees whatever the student's previous action, or a close of the round,
 * committed (a statement that waited for a lock inside itself would read with the snapshot it took
 * before waiting). Follow it with the round's read.
 *
 * The same statement sets `plan_cache_mode` to `force_generic_plan` for the rest of the transaction:
 * the action's and the promotion's statements, all prepared (`HOT`), then run with the plan made once
 * per connection (the audit insert of a promotion, unnamed, is planned generically too: a plain insert). Left to
 * choose, PostgreSQL kept re-planning the action's last statement (audit entry, stored answer and the
 * answer's read) at every call, 0.35 ms of planning and a slower plan (bench/registration.ts: 467 →
 * 563 actions/s). And it turns sequential scans off for the transaction's planning: a plan is made
 * once per connection and kept, and at the round's opening the tables the rush reads grow from nothing
 * (the stored answers: a generic plan made while the table was empty, or analyzed empty, scanned it
 * whole at every action for the rest of the rush, 4,675 scans of up to 6,000 rows in the bench); every
 * statement of the rush reads by an index. `set_config(…, true)` ends with the transaction: other work
 * keeps the defaults.
 */
export async function lockStudent(tx: DbOrTx, roundId: number, studentId: number): Promise<void> {
  await queryRows(tx, lockStudentSql(roundId, studentId), HOT);
}

/** `lockStudent`'s statement, for a batch (db/client.ts `queryBatch`: the next statement still reads with a snapshot of its own). */
export const lockStudentSql = (roundId: number, studentId: number) =>
  sql`select set_config('plan_cache_mode', 'force_generic_plan', true), set_config('enable_seqscan', 'off', true),
             pg_advisory_xact_lock_shared(${roundKey(roundId)}), pg_advisory_xact_lock(${studentKey(roundId, studentId)})`;

/** The round's advisory lock exclusive, until the transaction ends: waits for every student action under way, and holds off the next. */
export async function lockRoundExclusive(tx: DbOrTx, roundId: number): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(${roundKey(roundId)})`);
}

/** The columns of a LockedRound, from `registration_rounds r`. */
export const ROUND_COLS = sql`r.id, r.module_id as "moduleId", r.grades, r.opens_at as "opensAt", r.closes_at as "closesAt",
  r.closed_at as "closedAt", r.max_classes as "maxClasses", r.no_clash as "noClash", r.waitlist`;

export interface OfferRow {
  courseClassId: number;
  name: string;
  capacity: number;
  taken: number;
  compulsory: boolean;
  groupId: number | null;
  /** The course class's grade: a round of several grades offers each student their own grade's classes. */
  grade: number;
}

const OFFER_COLS = sql`o.course_class_id as "courseClassId", cc.name, o.capacity, o.taken, o.compulsory, o.group_id as "groupId", cc.grade`;

/** An offer with the student's registration for it, if any, and what `refusalOf` judges for it. */
export type OfferForRequest = OfferRow & RefusalData & { regId: number | null; regStatus: 'registered' | 'waitlisted' | null };

/**
 * An offer with the student's registration for it, if any, and what `refusalOf` judges for it (no row
 * when the class is not offered), for a round given by numbers or by the columns of a statement that
 * reads it (`r.module_id`, `r.no_clash`: the action's first read, me.repository.ts `actionStart`).
 * Not locked: what it reads of the student is theirs, under their (round, student) advisory lock, which
 * the caller holds, and the rest does not change during a round; the seat is taken later, the offer row
 * locked first by `lockOfferSql`.
 */
export function offerForRequestSql(v: {
  roundId: number;
  moduleId: number | SQL;
  noClash: boolean | SQL;
  studentId: number;
  courseClassId: number;
  /** Classes to count as gone (a swap's class A). */
  without?: number[];
}) {
  const refusal = refusalParts({ ...v, without: v.without ?? [], groupId: sql`o.group_id` });
  return sql`select ${OFFER_COLS}, reg.id as "regId", reg.status as "regStatus", ${refusal.columns}
        from registration_offers o join course_classes cc on cc.id = o.course_class_id
        left join registrations reg on reg.round_id = o.round_id and reg.course_class_id = o.course_class_id and reg.student_id = ${v.studentId}
        left join registration_groups g on g.id = o.group_id
        ${refusal.join}
        where o.round_id = ${v.roundId} and o.course_class_id = ${v.courseClassId}`;
}

/** An offer with the student's registration for it, if any (no rule data: a swap's class A). */
export type OfferWithRegistration = OfferRow & { regId: number | null; regStatus: 'registered' | 'waitlisted' | null };

/**
 * Whether each round forbids timetable clashes, as this process last read it: the shape of the round's
 * next first read (`roundAndOfferSql`'s `clash`). PostgreSQL sets up every subquery of a prepared
 * statement at each execution, the clash's (two joins of lessons, the timetable's choice, the
 * student's classes) too when the round's `no_clash` is false and it never runs: a round without the
 * rule is read without it (bench/registration.ts: ~0.07 ms of PostgreSQL's CPU an action). A hint
 * only: unknown rounds are read with it, and a round read without it that has the rule now (edited
 * before any registration, after this process read it) gets its clash read on its own (`withClash`).
 */
const clashRules = new Map<number, boolean>();

/** Whether the next first read of a round reads the clash (`roundAndOfferSql`'s `clash`): unless the round was last seen without the rule. */
export const clashReadFor = (roundId: number) => clashRules.get(roundId) ?? true;

/**
 * After a first read made with `read` (`clashReadFor`): remembers the round's rule, and answers the
 * offer with its clash, read now on its own when the round has the rule but the first read left it
 * out. `without`: as `roundAndOfferSql`'s `fromCourseClassId` (a swap's class A).
 */
export async function withClash<T extends OfferForRequest | null>(
  tx: DbOrTx,
  round: LockedRound,
  read: boolean,
  v: { studentId: number; without: number[] },
  offer: T,
): Promise<T> {
  if (clashRules.size >= 1000) clashRules.clear(); // rounds are few; a bound all the same
  clashRules.set(round.id, round.noClash);
  if (read || !round.noClash || !offer) return offer;
  const d = await refusalData(tx, {
    roundId: round.id,
    moduleId: round.moduleId,
    noClash: true,
    studentId: v.studentId,
    courseClassId: offer.courseClassId,
    groupId: offer.groupId,
    without: v.without,
  });
  return { ...offer, clash: d.clash };
}

/**
 * The round (ROUND_COLS) and, with `courseClassId`, the offer of that class with the student's
 * registration and rule data (`offerForRequestSql`, as json `offer`: null when not offered); with
 * `fromCourseClassId` (a swap), that class's offer with the student's registration (json `from`), the
 * rules of `courseClassId` then judged as if it were gone; and `also`'s columns, in one statement (no
 * row: no such round). A student's action and a promotion start with it, after the student's locks.
 * `clash` false (`clashReadFor`): the offer's clash is left out (null), to be read by `withClash` if the round has the rule.
 */
export function roundAndOfferSql(
  v: { roundId: number; studentId: number; courseClassId?: number; fromCourseClassId?: number; clash?: boolean },
  also?: SQL,
) {
  const without = v.fromCourseClassId === undefined ? [] : [v.fromCourseClassId];
  const offer =
    v.courseClassId === undefined
      ? { col: sql`null::json`, join: sql`` }
      : {
          col: sql`to_json(x)`,
          join: sql`left join lateral (${offerForRequestSql({
            roundId: v.roundId,
            moduleId: sql`r.module_id`,
            noClash: v.clash === false ? false : sql`r.no_clash`,
            studentId: v.studentId,
            courseClassId: v.courseClassId,
            without,
          })}) x on true`,
        };
  const from =
    v.fromCourseClassId === undefined
      ? sql`null::json`
      : sql`(select to_json(y) from (select ${OFFER_COLS}, reg.id as "regId", reg.status as "regStatus"
           from registration_offers o join course_classes cc on cc.id = o.course_class_id
           left join registrations reg on reg.round_id = o.round_id and reg.course_class_id = o.course_class_id and reg.student_id = ${v.studentId}
           where o.round_id = r.id and o.course_class_id = ${v.fromCourseClassId}) y)`;
  return sql`select ${ROUND_COLS}, ${offer.col} as offer, ${from} as "from" ${also ? sql`, ${also}` : sql``}
        from registration_rounds r ${offer.join}
        where r.id = ${v.roundId}`;
}

/**
 * Locks an offer row before its seat is taken, a statement of its own (in the batch of the seat's
 * statement: the row is held only while the batch runs). It is what keeps the waitlist in arrival
 * order: whoever joins the waitlist holds the row until they commit, so the next statement of anyone
 * taking a seat in the class (run after they got the lock, with a fresh snapshot) sees them waiting.
 */
export const lockOfferSql = (roundId: number, courseClassId: number) =>
  sql`select 1 from registration_offers where round_id = ${roundId} and course_class_id = ${courseClassId} for update`;

/** Locks some offer rows of a round in course class order (a swap's two, before B's seat), a statement of its own as `lockOfferSql`. */
export const lockOffersSql = (roundId: number, courseClassIds: number[]) =>
  sql`select 1 from registration_offers where round_id = ${roundId} and course_class_id = any(${`{${[...courseClassIds].sort((a, b) => a - b).join(',')}}`}::int[])
      order by course_class_id for update`;

/**
 * Takes a seat with one conditional statement: answers the offer's new `taken`, or null when it is
 * full. `jumpQueue` false (a student's own request): refused too while others wait for the class, so a
 * seat freed a moment ago goes to the first waiting student (the promotion), not to a newcomer.
 */
export async function takeSeat(
  tx: DbOrTx,
  roundId: number,
  courseClassId: number,
  jumpQueue: boolean,
): Promise<{ taken: number; capacity: number } | null> {
  const [row] = await queryRows<{ taken: number; capacity: number }>(
    tx,
    sql`update registration_offers set taken = taken + 1
        where round_id = ${roundId} and course_class_id = ${courseClassId} and taken < capacity
          ${
            jumpQueue
              ? sql``
              : sql`and not exists (select 1 from registrations w where w.round_id = ${roundId}
                      and w.course_class_id = ${courseClassId} and w.status = 'waitlisted')`
          }
        returning taken, capacity`,
    HOT,
  );
  return row ?? null;
}

/**
 * The seat a newcomer takes, as the CTE `seat` (one row when taken): `takeSeat`'s conditional update,
 * refused too while others wait for the class.
 */
const newcomerSeat = (v: { roundId: number; courseClassId: number }) =>
  sql`seat as (
          update registration_offers set taken = taken + 1
          where round_id = ${v.roundId} and course_class_id = ${v.courseClassId} and taken < capacity
            and not exists (select 1 from registrations w where w.round_id = ${v.roundId}
                              and w.course_class_id = ${v.courseClassId} and w.status = 'waitlisted')
          returning 1)`;

/** What a change's statement writes with its registration (`also`): its audit entry and the stored answer, as CTEs. */
const alsoWritten = (also: { audit?: SQL | null; stored?: SQL | null }) =>
  sql`${also.audit ? sql`, audit as (${also.audit})` : sql``}
        ${also.stored ? sql`, stored as (${also.stored})` : sql``}`;

/**
 * A student's request for a class in one statement, the offer row locked beforehand (`lockOfferSql`):
 * the seat by the conditional update of `takeSeat` (a newcomer does not jump the waitlist), and the
 * registration — 'registered' with the seat, else 'waitlisted' when `waitlist`, else nothing —
 * answering the registration's id and status (no row: full). `also`:
 * what the same statement writes with the registration, from `NEW_REGISTRATION` (its id and status; no
 * row when full, so nothing written then): its audit entry and the request's stored answer (INSERTs).
 */
export function takeSeatAndRegisterSql(
  v: { roundId: number; studentId: number; courseClassId: number; waitlist: boolean },
  also: { audit?: SQL | null; stored?: SQL | null } = {},
) {
  return sql`with ${newcomerSeat(v)},
        reg as (
          insert into registrations (round_id, student_id, course_class_id, status)
          select ${v.roundId}, ${v.studentId}, ${v.courseClassId},
                 case when exists (select 1 from seat) then 'registered' else 'waitlisted' end
          where exists (select 1 from seat) or ${v.waitlist}
          returning id, status)
        ${alsoWritten(also)}
        select id, status from reg`;
}

/** The registration `takeSeatAndRegisterSql` writes, for what its `also` writes: the row, its id, its audit snapshot. */
export const NEW_REGISTRATION = {
  row: sql`reg`,
  id: sql`reg.id`,
  /** As the service's audit snapshot of a registration (roundId, courseClassId, studentId, status). */
  snapshot: (v: { roundId: number; studentId: number; courseClassId: number }) =>
    sql`jsonb_build_object('roundId', ${v.roundId}::int, 'courseClassId', ${v.courseClassId}::int, 'studentId', ${v.studentId}::int, 'status', reg.status)`,
};

/**
 * A swap in one statement, the two offer rows locked beforehand (`lockOffersSql`): B's seat by the
 * conditional update (a newcomer does not jump B's waitlist), B's registration only with it, and only
 * then A's registration deleted and its seat freed; `also` as `takeSeatAndRegisterSql`'s, from
 * NEW_REGISTRATION (B's). Answers B's registration (no row: B full, nothing changed, A kept).
 */
export function swapSql(
  v: { roundId: number; studentId: number; courseClassId: number; from: { regId: number; courseClassId: number } },
  also: { audit?: SQL | null; stored?: SQL | null } = {},
) {
  return sql`with ${newcomerSeat(v)},
        reg as (
          insert into registrations (round_id, student_id, course_class_id, status)
          select ${v.roundId}, ${v.studentId}, ${v.courseClassId}, 'registered' where exists (select 1 from seat)
          returning id, status),
        gone as (delete from registrations where id = ${v.from.regId} and exists (select 1 from reg) returning status),
        freed as (
          update registration_offers set taken = taken - 1
          where round_id = ${v.roundId} and course_class_id = ${v.from.courseClassId} and taken > 0
            and exists (select 1 from gone where status = 'registered')
          returning 1)
        ${alsoWritten(also)}
        select id, status from reg`;
}

/** Deletes a registration and, when it held a seat, frees the seat, in one statement. */
export async function deleteAndFree(tx: DbOrTx, v: { id: number; roundId: number; courseClassId: number }): Promise<void> {
  await queryRows(tx, deleteAndFreeSql(v), HOT);
}

/** `deleteAndFree`'s statement, for a batch. */
export const deleteAndFreeSql = (v: { id: number; roundId: number; courseClassId: number }) =>
  sql`with gone as (delete from registrations where id = ${v.id} returning status)
      update registration_offers set taken = taken - 1
      where round_id = ${v.roundId} and course_class_id = ${v.courseClassId} and taken > 0
        and exists (select 1 from gone where status = 'registered')`;

/**
 * The waitlisted requests of a class after `afterId`, in arrival order (registrations.id), while the
 * class has a free seat (committed data: none when it is full): the promotion's candidates.
 */
export const waitingWhileFree = (db: DbOrTx, roundId: number, courseClassId: number, afterId: number, limit = 20) =>
  queryRows<{ id: number; studentId: number }>(
    db,
    sql`select w.id, w.student_id as "studentId" from registrations w
        where w.round_id = ${roundId} and w.course_class_id = ${courseClassId} and w.status = 'waitlisted' and w.id > ${afterId}
          and exists (select 1 from registration_offers o where o.round_id = ${roundId} and o.course_class_id = ${courseClassId}
                        and o.taken < o.capacity)
        order by w.id limit ${limit}`,
    HOT,
  );

/**
 * A promotion in one statement: a seat taken by the conditional update (the waitlist's own: it jumps
 * no one), the registration `id` made 'registered' only with it, and `audit` (an INSERT from `promoted`,
 * the row promoted: none without a seat). Answers whether it was promoted, whether a seat is still
 * free, and the student's user account (who is told; null without one).
 */
export const promoteSql = (v: { id: number; roundId: number; courseClassId: number; studentId: number }, audit: SQL | null) =>
  sql`with seat as (
        update registration_offers set taken = taken + 1
        where round_id = ${v.roundId} and course_class_id = ${v.courseClassId} and taken < capacity
        returning taken, capacity),
      promoted as (
        update registrations set status = 'registered' where id = ${v.id} and exists (select 1 from seat) returning id)
      ${audit ? sql`, audit as (${audit})` : sql``}
      select exists (select 1 from promoted) as promoted, coalesce((select taken < capacity from seat), false) as free,
             (select u.id from users u where u.student_id = ${v.studentId} order by u.id limit 1) as "userId"`;

/** The row `promoteSql` promotes, for its audit entry. */
export const PROMOTED = sql`promoted`;

/** The seats of every offer of a round, with the waitlist's length. */
export const seatsSql = (roundId: number) =>
  sql`select o.course_class_id as "courseClassId", o.capacity, o.taken,
             (select count(*)::int from registrations w where w.round_id = o.round_id and w.course_class_id = o.course_class_id
                and w.status = 'waitlisted') as waiting
      from registration_offers o where o.round_id = ${roundId}`;

/** Seats of every offer of a round, with the waitlist's length (polled live). */
export const seatsOf = (db: DbOrTx, roundId: number) => queryRows<TSeat>(db, sql`${seatsSql(roundId)} order by o.course_class_id`);
