import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import type { Actor } from './actor';
import { insertAudit, type AuditEntry } from './audit.repository';

type Change = Omit<AuditEntry, 'actorId' | 'requestId' | 'ip'> & { actorId?: number | null };

/**
 * Who the audit log names. TRANSITIONAL: a Fastify request is still accepted while services move to
 * taking an Actor (issue 10); the request form goes once none is left.
 */
export type Who = Actor | FastifyRequest;

export function actorFrom(who: Who): Actor {
  if (!('routeOptions' in who)) return who;
  return (
    who.actor ?? { userId: who.user?.id ?? null, roles: [], teacherId: null, studentId: null, requestId: who.id, ip: who.ip }
  );
}

/** Records a write by `who`: the actor, request id and address come from it. */
export function audit(db: DbOrTx, who: Who, change: Change) {
  const actor = actorFrom(who);
  return insertAudit(db, {
    ...change,
    actorId: change.actorId !== undefined ? change.actorId : actor.userId,
    requestId: actor.requestId,
    ip: actor.ip,
  });
}
