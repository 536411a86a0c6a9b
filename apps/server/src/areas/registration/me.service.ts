import type { TActionResult, TMyRegistration, TMyRound, TSeat } from '@app/shared/registration';
import { formatDateTime } from '@app/shared/format';
import type { Db } from '@/db/client';
import { write, type WriteCtx } from '@/lib/write';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { AppError, badRequest, conflict, notFound } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { REGISTRATION_READERS } from './access';
import { clashLabel, refusalFor, studentRuleStatus } from './core/rules';
import { promoteWaitlist } from './core/seats';
import {
  deleteRegistration,
  freeSeat,
  insertRegistration,
  lockOffers,
  lockRegistration,
  lockStudentInRound,
  offerOf,
  seatsOf,
  takeSeat,
  type LockedRound,
} from './core/seats.repository';
import { offersOfRound } from './core/offers.repository';
import { iso, roundState } from './core/state';
import {
  classesOfStudent,
  groupsOfRound,
  lessonsOf,
  registrationsOf,
  roundById,
  roundsOfGrade,
  storedRequest,
  storeRequest,
  studentOf,
  type LessonRow,
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

async function gradeOf(db: Db, studentId: number): Promise<number> {
  const s = await studentOf(db, studentId);
  if (!s) throw new AppError('FORBIDDEN', 'Tài khoản này chưa gắn với hồ sơ học sinh.');
  return s.grade;
}

const overlaps = (a: LessonRow, b: LessonRow) => a.day === b.day && a.period < b.period + b.length && b.period < a.period + a.length;

/** One round as its student sees it: offers with lessons and clashes, their registrations, their rule status. */
async function myRound(db: Db, round: RoundRow, studentId: number, now: Date): Promise<TMyRound> {
  const [groups, allOffers, mine, classes, rules, grade] = await Promise.all([
    groupsOfRound(db, round.id),
    offersOfRound(db, round.id),
    registrationsOf(db, round.id, studentId),
    classesOfStudent(db, { roundId: round.id, moduleId: round.moduleId, studentId }),
    studentRuleStatus(db, round.id, studentId),
    gradeOf(db, studentId),
  ]);
  // A round of several grades offers each student the classes of their own grade.
  const offers = allOffers.filter((o) => o.grade === grade);
  const ids = [...new Set([...offers.map((o) => o.courseClassId), ...classes.map((c) => c.courseClassId)])];
  const lessons = await lessonsOf(db, round.moduleId, ids);
  const lessonsBy = new Map<number, LessonRow[]>();
  for (const l of lessons) lessonsBy.set(l.courseClassId, [...(lessonsBy.get(l.courseClassId) ?? []), l]);
  const clashesWith = (courseClassId: number): string[] => {
    const own = lessonsBy.get(courseClassId) ?? [];
    const out: string[] = [];
    for (const c of classes) {
      if (c.courseClassId === courseClassId) continue;
      const hit = own
        .flatMap((a) =>
          (lessonsBy.get(c.courseClassId) ?? [])
            .filter((b) => overlaps(a, b))
            .map((b) => ({ day: b.day, period: Math.max(a.period, b.period) })),
        )
        .sort((x, y) => x.day - y.day || x.period - y.period)[0];
      if (hit) out.push(clashLabel({ name: c.name, ...hit }));
    }
    return out;
  };
  return {
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
    offers: offers.map((o) => ({
      ...o,
      teachers: o.teachers ?? [],
      lessons: (lessonsBy.get(o.courseClassId) ?? []).map((l) => ({
        day: l.day,
        period: l.period,
        length: l.length,
        roomCode: l.roomCode,
      })),
      clashesWith: clashesWith(o.courseClassId),
    })),
    mine: mine.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    rules,
    now: now.toISOString(),
  };
}

/** GET /registration/me: the rounds of the student's grade whose module is not over. */
export async function myRegistration(db: Db, actor: Actor): Promise<TMyRegistration> {
  const studentId = studentIdOf(actor);
  const grade = await gradeOf(db, studentId);
  const now = new Date();
  const rounds = await roundsOfGrade(db, grade);
  return { rounds: await Promise.all(rounds.map((r) => myRound(db, r, studentId, now))) };
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

interface Done {
  stored: StoredOutcome;
  /** Classes whose seats may now go to their waitlist (after the commit). */
  promote: number[];
}

/**
 * One student action: under the (round, student) lock, a request id already answered gives its stored
 * outcome and changes nothing; else the round must be of the student's grade and open, `fn` changes the
 * registrations, and the outcome is stored with the request id in the same transaction. After the
 * commit, the waitlists of the classes concerned get their free seats; the answer is the refreshed round.
 */
async function act(
  db: Db,
  events: EventBus,
  actor: Actor,
  roundId: number,
  requestId: string | undefined,
  fn: (ctx: WriteCtx, round: LockedRound, studentId: number, grade: number) => Promise<Done>,
): Promise<TActionResult> {
  const studentId = studentIdOf(actor);
  const done = await write(db, actor, async (ctx): Promise<Done> => {
    const round = await lockStudentInRound(ctx.tx, roundId, studentId);
    if (!round) throw notFound('Không tìm thấy đợt đăng ký.');
    if (requestId) {
      const stored = await storedRequest(ctx.tx, studentId, requestId);
      if (stored && stored.roundId !== roundId) throw conflict('Mã yêu cầu này đã được dùng cho một đợt đăng ký khác.');
      if (stored)
        return {
          stored: stored.outcome,
          promote: [stored.outcome.courseClassId, ...(stored.outcome.fromCourseClassId ? [stored.outcome.fromCourseClassId] : [])],
        };
    }
    const student = await studentOf(ctx.tx, studentId);
    if (!student || !round.grades.includes(student.grade)) throw new AppError('FORBIDDEN', NOT_YOUR_GRADE);
    assertOpen(round);
    const out = await fn(ctx, round, studentId, student.grade);
    if (requestId) await storeRequest(ctx.tx, { studentId, requestId, roundId, outcome: out.stored });
    return out;
  });
  for (const courseClassId of done.promote) await promoteWaitlist(db, events, roundId, courseClassId);
  const row = await roundById(db, roundId);
  const round = await myRound(db, row!, studentId, new Date());
  const reg = round.mine.find((r) => r.courseClassId === done.stored.courseClassId);
  return { outcome: done.stored.outcome, position: reg?.position ?? null, round };
}

const snapshot = (round: LockedRound, studentId: number, courseClassId: number, status: string) => ({
  roundId: round.id,
  courseClassId,
  studentId,
  status,
});

/** POST /registration/me/rounds/{id}/register: a seat if one is free, else the waitlist (when kept). */
export function register(db: Db, events: EventBus, actor: Actor, roundId: number, input: { courseClassId: number; requestId?: string }) {
  return act(db, events, actor, roundId, input.requestId, async (ctx, round, studentId, grade) => {
    const { courseClassId } = input;
    const offer = await offerOf(ctx.tx, roundId, courseClassId);
    if (!offer) throw badRequest(NOT_OFFERED);
    if (offer.grade !== grade) throw badRequest(otherGrade(offer));
    const existing = await lockRegistration(ctx.tx, roundId, studentId, courseClassId);
    if (existing)
      throw conflict(
        existing.status === 'registered' ? `Bạn đã đăng ký lớp ${offer.name}.` : `Bạn đã ở trong danh sách chờ của lớp ${offer.name}.`,
      );
    const refusal = await refusalFor(ctx.tx, { round, studentId, courseClassId, groupId: offer.groupId });
    if (refusal) throw conflict(refusal);
    const seat = await takeSeat(ctx.tx, roundId, courseClassId, false);
    if (!seat && !round.waitlist) throw conflict(`Lớp ${offer.name} đã đủ chỗ.`);
    const status = seat ? 'registered' : 'waitlisted';
    const { id } = await insertRegistration(ctx.tx, { roundId, studentId, courseClassId, status });
    await ctx.log({ action: 'register', entity: 'registration', entityId: id, after: snapshot(round, studentId, courseClassId, status) });
    // A seat freed while this request queued goes to the first waiting, maybe this one.
    return { stored: { outcome: status, courseClassId }, promote: status === 'waitlisted' ? [courseClassId] : [] };
  });
}

/** POST /registration/me/rounds/{id}/drop: frees the seat (then the waitlist's first gets it), or leaves the waitlist. */
export function drop(db: Db, events: EventBus, actor: Actor, roundId: number, input: { courseClassId: number; requestId?: string }) {
  return act(db, events, actor, roundId, input.requestId, async (ctx, round, studentId) => {
    const { courseClassId } = input;
    const reg = await lockRegistration(ctx.tx, roundId, studentId, courseClassId);
    if (!reg) throw badRequest('Bạn chưa đăng ký lớp học phần này.');
    const offer = await offerOf(ctx.tx, roundId, courseClassId);
    if (offer?.compulsory) throw badRequest('Lớp bắt buộc không thể hủy.');
    await deleteRegistration(ctx.tx, reg.id);
    if (reg.status === 'registered') await freeSeat(ctx.tx, roundId, courseClassId);
    await ctx.log({
      action: 'drop',
      entity: 'registration',
      entityId: reg.id,
      before: snapshot(round, studentId, courseClassId, reg.status),
    });
    return { stored: { outcome: 'dropped', courseClassId }, promote: reg.status === 'registered' ? [courseClassId] : [] };
  });
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
  return act(db, events, actor, roundId, input.requestId, async (ctx, round, studentId, grade) => {
    const { fromCourseClassId: from, toCourseClassId: to } = input;
    const offers = await lockOffers(ctx.tx, roundId, [from, to]);
    const a = offers.find((o) => o.courseClassId === from);
    const b = offers.find((o) => o.courseClassId === to);
    const regA = await lockRegistration(ctx.tx, roundId, studentId, from);
    if (!a || !regA || regA.status !== 'registered') throw badRequest('Bạn chưa đăng ký lớp muốn đổi.');
    if (!b) throw badRequest(NOT_OFFERED);
    if (b.grade !== grade) throw badRequest(otherGrade(b));
    if (a.compulsory) throw badRequest('Lớp bắt buộc không thể hủy.');
    const regB = await lockRegistration(ctx.tx, roundId, studentId, to);
    if (regB)
      throw conflict(
        regB.status === 'registered'
          ? `Bạn đã đăng ký lớp ${b.name}.`
          : `Bạn đang ở danh sách chờ của lớp ${b.name}. Hãy rời danh sách chờ trước khi đổi.`,
      );
    const refusal = await refusalFor(ctx.tx, { round, studentId, courseClassId: to, groupId: b.groupId, without: [from] });
    if (refusal) throw conflict(refusal);
    if (!(await takeSeat(ctx.tx, roundId, to, false))) throw conflict(`Lớp ${b.name} đã đủ chỗ. Bạn vẫn giữ lớp ${a.name}.`);
    const { id } = await insertRegistration(ctx.tx, { roundId, studentId, courseClassId: to, status: 'registered' });
    await deleteRegistration(ctx.tx, regA.id);
    await freeSeat(ctx.tx, roundId, from);
    await ctx.log({
      action: 'swap_class',
      entity: 'registration',
      entityId: id,
      before: snapshot(round, studentId, from, 'registered'),
      after: snapshot(round, studentId, to, 'registered'),
    });
    return { stored: { outcome: 'swapped', courseClassId: to, fromCourseClassId: from }, promote: [from] };
  });
}
