import type { TActionResult, TLessonSlot, TMyRegistration, TMyRound, TSeat } from '@app/shared/registration';
import { withRegistrations } from '@app/shared/registration-rules';
import { formatDateTime } from '@app/shared/format';
import { gridOf } from '@/areas/timetables/setup.service';
import type { Db } from '@/db/client';
import type { SQL } from '@/db/sql';
import { writeBatched, type BatchedWrite } from '@/lib/write';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { AppError, badRequest, conflict, notFound } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { REGISTRATION_READERS } from './access';
import { refusalOf } from './core/rules';
import { promoteWaitlist } from './core/seats';
import {
  clashReadFor,
  deleteAndFreeSql,
  lockOffersSql,
  lockOfferSql,
  HOT,
  lockStudentSql,
  NEW_REGISTRATION,
  seatsOf,
  swapSql,
  takeSeatAndRegisterSql,
  type LockedRound,
  type OfferForRequest,
  type OfferWithRegistration,
  withClash,
} from './core/seats.repository';
import { offersOfRound } from './core/offers.repository';
import { iso, roundState } from './core/state';
import {
  actionEndSql,
  actionStartSql,
  actionStateSql,
  classesOfStudent,
  groupsOfRound,
  lessonsOf,
  registrationsAndSeats,
  registrationsOf,
  roundById,
  roundsOfGrade,
  storeRegisteredSql,
  studentOf,
  type ActionStart,
  type ActionState,
  type StudentOnRows,
  type RoundRow,
  type StoredOutcome,
} from './me.repository';

/*
 * The student's own course registration (issue 14 "The student"): their rounds with offers, seats,
 * lessons and clashes; register, drop and swap, each one transaction under the (round, student) lock
 * (core/seats.repository.ts), answered again unchanged for a request id already answered.
 */

const NOT_YOUR_GRADE = 'Đợt đăng ký này không dành cho khối của bạn.';
const NOT_OFFERED = 'Lớp học phần này không có trong đợt đăng ký.';
const otherGrade = (o: { name: string; grade: number }) => `Lớp ${o.name} dành cho học sinh khối ${o.grade}.`;

function studentIdOf(actor: Actor): number {
  if (actor.studentId === null) throw new AppError('FORBIDDEN', 'Tài khoản này chưa gắn với hồ sơ học sinh.');
  return actor.studentId;
}

async function studentRecord(db: Db, studentId: number) {
  const s = await studentOf(db, studentId);
  if (!s) throw new AppError('FORBIDDEN', 'Tài khoản này chưa gắn với hồ sơ học sinh.');
  return s;
}

const gradeOf = async (db: Db, studentId: number) => (await studentRecord(db, studentId)).grade;

/** One round as its student sees it: offers with lessons and clashes, their registrations, their rule status. */
async function myRound(db: Db, round: RoundRow, studentId: number, grade: number, now: Date): Promise<TMyRound> {
  const [groups, allOffers, mine, classes] = await Promise.all([
    groupsOfRound(db, round.id),
    offersOfRound(db, round.id),
    registrationsOf(db, round.id, studentId),
    classesOfStudent(db, { roundId: round.id, moduleId: round.moduleId, studentId }),
  ]);
  // A round of several grades offers each student the classes of their own grade.
  const offers = allOffers.filter((o) => o.grade === grade);
  const offered = new Set(offers.map((o) => o.courseClassId));
  const others = classes.filter((c) => !offered.has(c.courseClassId));
  const lessons = await lessonsOf(db, round.moduleId, [...offered, ...others.map((c) => c.courseClassId)]);
  const lessonsBy = new Map<number, TLessonSlot[]>();
  for (const { courseClassId, ...l } of lessons) lessonsBy.set(courseClassId, [...(lessonsBy.get(courseClassId) ?? []), l]);
  const base: TMyRound = {
    id: round.id,
    moduleId: round.moduleId,
    name: round.name,
    opensAt: iso(round.opensAt),
    closesAt: iso(round.closesAt),
    grades: round.grades,
    maxClasses: round.maxClasses,
    noClash: round.noClash,
    waitlist: round.waitlist,
    state: roundState(round, now),
    closedAt: round.closedAt === null ? null : iso(round.closedAt),
    offerCount: round.offerCount,
    seats: round.seats,
    taken: round.taken,
    waiting: round.waiting,
    updatedAt: iso(round.updatedAt),
    groups,
    offers: offers.map((o) => ({ ...o, teachers: o.teachers ?? [], lessons: lessonsBy.get(o.courseClassId) ?? [], clashesWith: [] })),
    mine: [],
    others: others.map((c) => ({ ...c, lessons: lessonsBy.get(c.courseClassId) ?? [] })),
    rules: { met: true, problems: [] },
    now: now.toISOString(),
  };
  // The clashes and the rule status by the same code the page applies an action's answer with.
  return withRegistrations(base, mine.map(shownRegistration), []);
}

type RegistrationRow = Awaited<ReturnType<typeof registrationsOf>>[number];
const shownRegistration = (r: RegistrationRow) => ({ ...r, createdAt: iso(r.createdAt) });

/** GET /registration/me: the rounds of the student's grade whose module is not over. */
export async function myRegistration(db: Db, actor: Actor): Promise<TMyRegistration> {
  const studentId = studentIdOf(actor);
  const { grade, campusId } = await studentRecord(db, studentId);
  const now = new Date();
  const [rounds, grid] = await Promise.all([roundsOfGrade(db, grade), gridOf(db, campusId)]);
  return { rounds: await Promise.all(rounds.map((r) => myRound(db, r, studentId, grade, now))), periods: grid.periods };
}

/** GET /registration/rounds/{id}/seats: the readers any round, a student only a round of their grade. */
export async function roundSeats(db: Db, actor: Actor, roundId: number): Promise<TSeat[]> {
  const round = await roundById(db, roundId);
  if (!round) throw notFound('Không tìm thấy đợt đăng ký.');
  if (!hasAnyRole(actor, REGISTRATION_READERS)) {
    const grade = await gradeOf(db, studentIdOf(actor));
    if (!round.grades.includes(grade)) throw new AppError('FORBIDDEN', NOT_YOUR_GRADE);
  }
  return seatsOf(db, roundId);
}

function assertOpen(round: LockedRound) {
  const state = roundState(round);
  if (state === 'upcoming') throw conflict(`Đợt đăng ký chưa mở, mở lúc ${formatDateTime(round.opensAt)}.`);
  if (state !== 'open') throw conflict('Đợt đăng ký đã đóng.');
}

/** What an action leaves: its outcome (kept under the request id) and the classes whose waitlist may now get a seat. */
interface Done {
  stored: StoredOutcome;
  /** Classes whose seats may now go to their waitlist (after the commit). */
  promote: number[];
}

/**
 * What an action does under the locks: the statements that make the change (run with the COMMIT; the
 * last one answers the action's state, ActionState), and how their rows make its outcome — which may
 * refuse after the commit when the statements changed nothing (a full class).
 */
interface Change {
  statements: SQL[];
  done(rows: unknown[][]): Done;
}

/** What an action checks and prepares under the locks: `offer` is the class `act` was asked to read (null: not offered or not asked). */
type ActionFn = (
  w: BatchedWrite,
  round: LockedRound,
  studentId: number,
  grade: number,
  offer: OfferForRequest | null,
  from: OfferWithRegistration | null,
) => Promise<Change>;

/**
 * One student action in one transaction and, for a registration or a drop, two round trips: with the
 * BEGIN, the round's shared lock and the (round, student) lock, then the first read (the round, the
 * grade, the answer already given to the request id, the offer of `offerId`: a statement of its own,
 * so it sees what a previous action committed); with the COMMIT, the change (the offer row locked
 * first, held only while that batch runs), its audit entry, the stored answer and the answer's read
 * (`fn`'s statements). A request id already answered gives its
 * stored outcome and changes nothing; else the round must be of the student's grade and open. After
 * the commit, the waitlists of the classes concerned get their free seats; the answer is the
 * student's registrations and the seats of the classes touched, which the page applies to the round it holds.
 */
async function act(
  db: Db,
  events: EventBus,
  actor: Actor,
  roundId: number,
  requestId: string | undefined,
  fn: ActionFn,
  offers: { offerId?: number; fromId?: number } = {},
): Promise<TActionResult> {
  const studentId = studentIdOf(actor);
  const touchedBy = (o: StoredOutcome) => [o.courseClassId, ...(o.fromCourseClassId ? [o.fromCourseClassId] : [])];
  /** Who the student is on the answer's registrations, from the first read (the answer's read leaves it out). */
  const known: { who: StudentOnRows | null } = { who: null };
  const clash = clashReadFor(roundId);
  const first = [
    lockStudentSql(roundId, studentId),
    actionStartSql({ roundId, studentId, requestId: requestId ?? null, clash, ...offers }),
  ];
  const { value, rows } = await writeBatched(
    db,
    actor,
    first,
    async (w, [, [start]]): Promise<{ value: Done | Change; last: SQL[] }> => {
      if (!start) throw notFound('Không tìm thấy đợt đăng ký.');
      const { student, stored, offer: read, from, ...round } = start as ActionStart;
      known.who = student;
      if (stored && stored.roundId !== roundId) throw conflict('Mã yêu cầu này đã được dùng cho một đợt đăng ký khác.');
      if (stored) return { value: { stored: stored.outcome, promote: touchedBy(stored.outcome) }, last: [] };
      if (student === null || !round.grades.includes(student.grade)) throw new AppError('FORBIDDEN', NOT_YOUR_GRADE);
      const { grade } = student;
      assertOpen(round);
      const without = offers.fromId === undefined ? [] : [offers.fromId];
      const offer = await withClash(w.ctx.tx, round, clash, { studentId, without }, read);
      const change = await fn(w, round, studentId, grade, offer, from);
      return { value: change, last: change.statements };
    },
    HOT,
  );
  // A replayed answer is read now; a new one was read by its own transaction (the seats as it left them).
  const done = 'statements' in value ? value.done(rows) : value;
  const touched = touchedBy(done.stored);
  let { mine, seats } =
    'statements' in value ? (rows.at(-1)?.[0] as ActionState) : await registrationsAndSeats(db, roundId, studentId, touched);
  // The classes whose waitlist may get a seat now: promoted after the commit.
  const due = done.promote.filter((id) => seats.some((s) => s.courseClassId === id && s.taken < s.capacity && s.waiting > 0));
  let reread = false;
  for (const courseClassId of due) {
    const promoted = await promoteWaitlist(db, events, roundId, courseClassId);
    // Others promoted: the class's seats as the promotions left them (the student's rows are theirs, unchanged);
    // the student among them (a seat freed while their request queued): read again.
    if (promoted.includes(studentId)) reread = true;
    else if (promoted.length)
      seats = seats.map((s) =>
        s.courseClassId === courseClassId ? { ...s, taken: s.taken + promoted.length, waiting: s.waiting - promoted.length } : s,
      );
  }
  if (reread) ({ mine, seats } = await registrationsAndSeats(db, roundId, studentId, touched));
  const reg = mine.find((r) => r.courseClassId === done.stored.courseClassId);
  // No student, no registrations (they go with the student): `who` is there whenever a row is.
  const { who } = known;
  const shown = who ? mine.map((r) => shownRegistration({ ...r, ...who })) : [];
  return { outcome: done.stored.outcome, position: reg?.position ?? null, roundId, mine: shown, seats };
}

/** The end of an action that changed the registrations already: the stored answer and the answer's read, its audit entries with them. */
function ending(
  w: BatchedWrite,
  v: { studentId: number; requestId?: string; roundId: number; stored: StoredOutcome },
  promote: number[],
  before: SQL[] = [],
): Change {
  const touched = [v.stored.courseClassId, ...(v.stored.fromCourseClassId ? [v.stored.fromCourseClassId] : [])];
  return {
    statements: [...before, w.withAudit(actionEndSql({ ...v, outcome: v.stored, touched }))],
    done: () => ({ stored: v.stored, promote }),
  };
}

const snapshot = (round: LockedRound, studentId: number, courseClassId: number, status: string) => ({
  roundId: round.id,
  courseClassId,
  studentId,
  status,
});

/** POST /registration/me/rounds/{id}/register: a seat if one is free, else the waitlist (when kept). */
export function register(db: Db, events: EventBus, actor: Actor, roundId: number, input: { courseClassId: number; requestId?: string }) {
  const { courseClassId, requestId } = input;
  const action: ActionFn = async (w, round, studentId, grade, offer) => {
    if (!offer) throw badRequest(NOT_OFFERED);
    if (offer.grade !== grade) throw badRequest(otherGrade(offer));
    if (offer.regStatus)
      throw conflict(
        offer.regStatus === 'registered' ? `Bạn đã đăng ký lớp ${offer.name}.` : `Bạn đã ở trong danh sách chờ của lớp ${offer.name}.`,
      );
    const refusal = refusalOf(round, offer);
    if (refusal) throw conflict(refusal);
    // The seat, the registration, its audit entry and the stored answer in one statement (the entry's
    // id and status are the new row's: none when the class is full), then the answer's read.
    await w.log({
      action: 'register',
      entity: 'registration',
      entityId: NEW_REGISTRATION.id,
      after: NEW_REGISTRATION.snapshot({ roundId, studentId, courseClassId }),
    });
    const also = {
      audit: w.auditInsert(NEW_REGISTRATION.row),
      stored: requestId ? storeRegisteredSql({ studentId, requestId, roundId, courseClassId }) : null,
    };
    return {
      statements: [
        lockOfferSql(roundId, courseClassId),
        takeSeatAndRegisterSql({ roundId, studentId, courseClassId, waitlist: round.waitlist }, also),
        actionStateSql(roundId, studentId, [courseClassId]),
      ],
      done: ([, [reg]]) => {
        if (!reg) throw conflict(`Lớp ${offer.name} đã đủ chỗ.`);
        const { status } = reg as { status: 'registered' | 'waitlisted' };
        // A seat freed while this request queued goes to the first waiting, maybe this one.
        return { stored: { outcome: status, courseClassId }, promote: status === 'waitlisted' ? [courseClassId] : [] };
      },
    };
  };
  return act(db, events, actor, roundId, requestId, action, { offerId: courseClassId });
}

/** POST /registration/me/rounds/{id}/drop: frees the seat (then the waitlist's first gets it), or leaves the waitlist. */
export function drop(db: Db, events: EventBus, actor: Actor, roundId: number, input: { courseClassId: number; requestId?: string }) {
  const { courseClassId, requestId } = input;
  const action: ActionFn = async (w, round, studentId, _grade, offer) => {
    if (!offer?.regId || !offer.regStatus) throw badRequest('Bạn chưa đăng ký lớp học phần này.');
    if (offer.compulsory) throw badRequest('Lớp bắt buộc không thể hủy.');
    await w.ctx.log({
      action: 'drop',
      entity: 'registration',
      entityId: offer.regId,
      before: snapshot(round, studentId, courseClassId, offer.regStatus),
    });
    const stored: StoredOutcome = { outcome: 'dropped', courseClassId };
    return ending(w, { studentId, requestId, roundId, stored }, offer.regStatus === 'registered' ? [courseClassId] : [], [
      deleteAndFreeSql({ id: offer.regId, roundId, courseClassId }),
    ]);
  };
  return act(db, events, actor, roundId, requestId, action, { offerId: courseClassId });
}

/**
 * POST /registration/me/rounds/{id}/swap: from A (registered) to B in one step. B's seat is taken by the
 * conditional update and B must pass the rules as if A were gone; else nothing changes and A is kept.
 */
export function swap(
  db: Db,
  events: EventBus,
  actor: Actor,
  roundId: number,
  input: { fromCourseClassId: number; toCourseClassId: number; requestId?: string },
) {
  const { fromCourseClassId: from, toCourseClassId: to, requestId } = input;
  const action: ActionFn = async (w, round, studentId, grade, b, a) => {
    if (!a?.regId || a.regStatus !== 'registered') throw badRequest('Bạn chưa đăng ký lớp muốn đổi.');
    if (!b) throw badRequest(NOT_OFFERED);
    if (b.grade !== grade) throw badRequest(otherGrade(b));
    if (a.compulsory) throw badRequest('Lớp bắt buộc không thể hủy.');
    if (b.regStatus)
      throw conflict(
        b.regStatus === 'registered'
          ? `Bạn đã đăng ký lớp ${b.name}.`
          : `Bạn đang ở danh sách chờ của lớp ${b.name}. Hãy rời danh sách chờ trước khi đổi.`,
      );
    // B judged as if A were gone (the first read's rule data, `from`).
    const refusal = refusalOf(round, b);
    if (refusal) throw conflict(refusal);
    // Both offers locked in class order, then B's seat, B's registration, A gone, the audit entry and
    // the stored answer in one statement (none of it when B is full), then the answer's read.
    await w.log({
      action: 'swap_class',
      entity: 'registration',
      entityId: NEW_REGISTRATION.id,
      before: snapshot(round, studentId, from, 'registered'),
      after: snapshot(round, studentId, to, 'registered'),
    });
    const stored: StoredOutcome = { outcome: 'swapped', courseClassId: to, fromCourseClassId: from };
    const also = {
      audit: w.auditInsert(NEW_REGISTRATION.row),
      stored: requestId ? storeRegisteredSql({ studentId, requestId, roundId, courseClassId: to, outcome: stored }) : null,
    };
    return {
      statements: [
        lockOffersSql(roundId, [from, to]),
        swapSql({ roundId, studentId, courseClassId: to, from: { regId: a.regId, courseClassId: from } }, also),
        actionStateSql(roundId, studentId, [to, from]),
      ],
      done: ([, [reg]]) => {
        if (!reg) throw conflict(`Lớp ${b.name} đã đủ chỗ. Bạn vẫn giữ lớp ${a.name}.`);
        return { stored, promote: [from] };
      },
    };
  };
  return act(db, events, actor, roundId, requestId, action, { offerId: to, fromId: from });
}
