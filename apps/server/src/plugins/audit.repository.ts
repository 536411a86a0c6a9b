import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';
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

const jsonb = (v: unknown) => (v === null ? null : JSON.stringify(v));

/**
 * A few entries (at most 100) written in the same statement as `also`, another write or a read of the
 * same transaction (`with audit as (insert …) <also>`), answering `also`'s rows: one round trip less on
 * a hot path. `prepare` when the caller's text is fixed (db/client.ts `queryRows`): the statement's text
 * depends on the number of entries.
 */
export async function insertAuditsWith<T = unknown>(db: DbOrTx, entries: AuditEntry[], also: SQL, opts?: { prepare: true }): Promise<T[]> {
  if (entries.length > 100) throw new Error('insertAuditsWith: at most 100 entries');
  if (!entries.length) return queryRows<T>(db, also, opts);
  const rows = entries
    .map(toRow)
    .map(
      (r) =>
        sql`(${r.actorId}::int, ${r.action}::text, ${r.entity}::text, ${r.entityId}::text, ${jsonb(r.before)}::jsonb, ${jsonb(r.after)}::jsonb, ${r.requestId}::text, ${r.ip}::text)`,
    );
  return queryRows<T>(
    db,
    sql`with audit as (insert into ${auditLogs} (actor_id, action, entity, entity_id, before, after, request_id, ip) values ${sql.join(rows, sql`, `)})
        ${also}`,
    opts,
  );
}
