import type { DbOrTx } from '../db/client';
import type { Actor } from './actor';
import { insertAudit, type AuditEntry } from './audit.repository';

type Change = Omit<AuditEntry, 'actorId' | 'requestId' | 'ip'> & { actorId?: number | null };

/** Records a write by `actor`: the user, request id and address come from it. */
export function audit(db: DbOrTx, actor: Actor, change: Change) {
  return insertAudit(db, {
    ...change,
    actorId: change.actorId !== undefined ? change.actorId : actor.userId,
    requestId: actor.requestId,
    ip: actor.ip,
  });
}
