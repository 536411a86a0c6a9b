import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { insertAudit, type AuditEntry } from './audit.repository';

type Change = Omit<AuditEntry, 'actorId' | 'requestId' | 'ip'> & { actorId?: number | null };

/** Records a write made while serving `req`: the actor, request id and address come from it. */
export function audit(db: DbOrTx, req: FastifyRequest, change: Change) {
  return insertAudit(db, {
    ...change,
    actorId: change.actorId !== undefined ? change.actorId : (req.user?.id ?? null),
    requestId: req.id,
    ip: req.ip,
  });
}
