import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema/audit';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  ip?: string | null;
}

const toRow = (e: AuditEntry) => ({
  actorId: e.actorId,
  action: e.action,
  entity: e.entity,
  entityId: e.entityId == null ? null : String(e.entityId),
  before: e.before ?? null,
  after: e.after ?? null,
  requestId: e.requestId ?? null,
  ip: e.ip ?? null,
});

/** Writes go through the same transaction as the change they describe, so both land or neither. */
export async function insertAudit(db: DbOrTx, e: AuditEntry) {
  await db.insert(auditLogs).values(toRow(e));
}

/** Many entries at once (imports), in chunks that stay under the driver's parameter limit. */
export async function insertAudits(db: DbOrTx, entries: AuditEntry[]) {
  for (let i = 0; i < entries.length; i += 500) await db.insert(auditLogs).values(entries.slice(i, i + 500).map(toRow));
}
