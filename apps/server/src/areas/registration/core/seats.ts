import type { Db } from '@/db/client';
import { writeBatched } from '@/lib/write';
import { systemActor } from '@/plugins/actor';
import type { EventBus } from '@/plugins/events';
import { refusalOf } from './rules';
import {
  HOT,
  lockStudentSql,
  PROMOTED,
  promoteSql,
  roundAndOfferSql,
  waitingWhileFree,
  type LockedRound,
  type OfferForRequest,
  clashReadFor,
  withClash,
} from './seats.repository';

/** The system log's "who" of a promotion from the waitlist. */
const WAITLIST_JOB = 'registration-waitlist';

type Step = 'stop' | 'skip' | { studentId: number; userId: number | null; free: boolean };

/**
 * Gives a class's free seats to its waitlist, in arrival order (registrations.id): while a seat is
 * free, the first waiting student whose rules still allow the class (maximum, group, clash, checked
 * again now) becomes registered, each in a transaction of its own that takes the locks in the same
 * order as a student's action (core/seats.repository.ts), and is told by `registration.promoted`.
 * A student the rules refuse stays waiting and is passed over. Call it after the commit that freed
 * the seat (a drop, a swap, an administrator's removal, a capacity raised); safe to run twice at once.
 * Answers the students promoted, in order.
 */
export async function promoteWaitlist(db: Db, events: EventBus, roundId: number, courseClassId: number): Promise<number[]> {
  let after = 0;
  const promoted: number[] = [];
  for (let batch = await waitingWhileFree(db, roundId, courseClassId, after); batch.length;) {
    for (const candidate of batch) {
      after = candidate.id;
      const step = await promoteOne(db, roundId, courseClassId, candidate);
      if (step === 'stop') return promoted;
      if (step === 'skip') continue;
      promoted.push(step.studentId);
      events.emit('registration.promoted', { roundId, courseClassId, studentId: step.studentId, userId: step.userId });
      if (!step.free) return promoted;
    }
    batch = await waitingWhileFree(db, roundId, courseClassId, after);
  }
  return promoted;
}

/**
 * One candidate, in two round trips: with the BEGIN, the student's locks and the first read (the
 * round, their registration for the class and its rule data); with the COMMIT, the seat, the status
 * and the audit entry in one statement (`promoteSql`: nothing without a seat).
 */
async function promoteOne(db: Db, roundId: number, courseClassId: number, candidate: { id: number; studentId: number }): Promise<Step> {
  const { studentId } = candidate;
  const clash = clashReadFor(roundId);
  const first = [lockStudentSql(roundId, studentId), roundAndOfferSql({ roundId, studentId, courseClassId, clash })];
  const { value, rows } = await writeBatched(
    db,
    systemActor(WAITLIST_JOB),
    first,
    async (w, [, [start]]): Promise<{ value: 'stop' | 'skip' | null; last: [] | [ReturnType<typeof promoteSql>] }> => {
      const { offer: read, ...round } = (start ?? { offer: null }) as LockedRound & { offer: OfferForRequest | null };
      if (!start || round.closedAt !== null || !read) return { value: 'stop', last: [] };
      if (read.regId !== candidate.id || read.regStatus !== 'waitlisted') return { value: 'skip', last: [] };
      const offer = await withClash(w.ctx.tx, round, clash, { studentId, without: [] }, read);
      if (refusalOf(round, offer)) return { value: 'skip', last: [] };
      await w.log({
        action: 'promote',
        entity: 'registration',
        entityId: candidate.id,
        before: { status: 'waitlisted' },
        after: { roundId, courseClassId, studentId, status: 'registered' },
      });
      return { value: null, last: [promoteSql({ id: candidate.id, roundId, courseClassId, studentId }, w.auditInsert(PROMOTED))] };
    },
    HOT,
  );
  if (value) return value;
  const [done] = rows[0] as { promoted: boolean; free: boolean; userId: number | null }[];
  return done.promoted ? { studentId, userId: done.userId, free: done.free } : 'stop';
}
