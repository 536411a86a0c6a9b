import type { TRole } from '@app/shared/roles';

/**
 * Who is acting: built once per request by the auth plugin (`req.actor`), or by a background job
 * with `systemActor`. Services and the audit writer take an Actor, never a Fastify request, so the
 * same code runs for a person's call and for work with no request (notifications, generators, pay runs).
 */
export interface Actor {
  /** The signed-in user; null for the system. */
  userId: number | null;
  /** Every role the user holds now (primary first); the system holds none. */
  roles: readonly TRole[];
  /** The user's teacher record, when they are a teacher. */
  teacherId: number | null;
  /** The user's student record, when they are a student. */
  studentId: number | null;
  /** The request id (`x-request-id`), or the job's name and run. */
  requestId: string;
  /** The caller's address; null for the system. */
  ip: string | null;
}

/** The actor of background work: audited without a person ("system"). */
export function systemActor(job: string): Actor {
  return { userId: null, roles: [], teacherId: null, studentId: null, requestId: `system:${job}`, ip: null };
}

export function hasAnyRole(actor: Pick<Actor, 'roles'>, roles: readonly TRole[]): boolean {
  return actor.roles.some((r) => roles.includes(r));
}

/** The user behind a person's action; the system actor has none (a path that needs a person was given the system). */
export function userIdOf(actor: Actor): number {
  if (actor.userId === null) throw new Error('this action needs a signed-in user, not the system');
  return actor.userId;
}
