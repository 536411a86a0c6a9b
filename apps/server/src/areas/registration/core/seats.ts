import type { Db } from '@/db/client';
import { write } from '@/lib/write';
import { systemActor } from '@/plugins/actor';
import type { EventBus } from '@/plugins/events';
import { refusalFor } from './rules';
import {
  hasFreeSeat,
  lockRegistration,
  lockStudentInRound,
  offerOf,
  setRegistered,
  takeSeat,
  userOfStudent,
  waitingAfter,
} from './seats.repository';

/** The system log's "who" of a promotion from the waitlist. */
const WAITLIST_JOB = 'registration-waitlist';

type Step = 'stop' | 'skip' | { studentId: number; userId: number | null };

/**
 * Gives a class's free seats to its waitlist, in arrival order (registrations.id): while a seat is
 * free, the first waiting student whose rules still allow the class (maximum, group, clash, checked
 * again now) becomes registered, each in a transaction of its own that takes the locks in the same
 * order as a student's action (core/seats.repository.ts), and is told by `registration.promoted`.
 * A student the rules refuse stays waiting and is passed over. Call it after the commit that freed
 * the seat (a drop, a swap, an administrator's removal, a capacity raised); safe to run twice at once.
 * Answers how many were promoted.
 */
export async function promoteWaitlist(db: Db, events: EventBus, roundId: number, courseClassId: number): Promise<number> {
  const actor = systemActor(WAITLIST_JOB);
  let after = 0;
  let promoted = 0;
  while (await hasFreeSeat(db, roundId, courseClassId)) {
    const batch = await waitingAfter(db, roundId, courseClassId, after);
    if (!batch.length) break;
    for (const candidate of batch) {
      after = candidate.id;
      const step = await write(db, actor, async (ctx): Promise<Step> => {
        const round = await lockStudentInRound(ctx.tx, roundId, candidate.studentId);
        if (!round || round.closedAt !== null) return 'stop';
        const reg = await lockRegistration(ctx.tx, roundId, candidate.studentId, courseClassId);
        if (!reg || reg.id !== candidate.id || reg.status !== 'waitlisted') return 'skip';
        const offer = await offerOf(ctx.tx, roundId, courseClassId);
        if (!offer) return 'stop';
        if (await refusalFor(ctx.tx, { round, studentId: candidate.studentId, courseClassId, groupId: offer.groupId })) return 'skip';
        if (!(await takeSeat(ctx.tx, roundId, courseClassId, true))) return 'stop';
        await setRegistered(ctx.tx, reg.id);
        await ctx.log({
          action: 'promote',
          entity: 'registration',
          entityId: reg.id,
          before: { status: 'waitlisted' },
          after: { roundId, courseClassId, studentId: candidate.studentId, status: 'registered' },
        });
        return { studentId: candidate.studentId, userId: await userOfStudent(ctx.tx, candidate.studentId) };
      });
      if (step === 'stop') return promoted;
      if (step === 'skip') continue;
      promoted++;
      events.emit('registration.promoted', { roundId, courseClassId, studentId: step.studentId, userId: step.userId });
      if (!(await hasFreeSeat(db, roundId, courseClassId))) return promoted;
    }
  }
  return promoted;
}
