import { is, SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema/audit';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  /** SQL only in `auditInsertSql` (a column of the caller's statement: the row it writes). */
  entityId?: string | number | null | SQL;
  before?: unknown;
  /** SQL only in `auditInsertSql` (a json built from the row the caller's statement writes). */
  after?: unknown;
  requestId?: string | null;
  ip?: string | null;
}

const toValues = (e: AuditEntry) => ({
  actorId: e.actorId,
  action: e.action,
  entity: e.entity,
  entityId: e.entityId == null ? null : String(e.entityId),
  before: e.before ?? null,
  after: e.after ?? null,
  requestId: e.requestId ?? null,
  ip: e.ip ?? null,
});

const toRow = (e: AuditEntry) => {
  if ([e.entityId, e.before, e.after].some((v) => is(v, SQL))) throw new Error('audit: an SQL value is for auditInsertSql only');
  return toValues(e);
};

/** Writes go through the same transaction as the change they describe, so both land or neither. */
export async function insertAudit(db: DbOrTx, e: AuditEntry) {
  await db.insert(auditLogs).values(toRow(e));
}

/** Many entries at once (imports), in chunks that stay under the driver's parameter limit. */
export async function insertAudits(db: DbOrTx, entries: AuditEntry[]) {
  for (let i = 0; i < entries.length; i += 500) await db.insert(auditLogs).values(entries.slice(i, i + 500).map(toRow));
}

const jsonb = (v: unknown) => (v === null ? null : JSON.stringify(v));

/** A value of an entry in a statement: a parameter, or the caller's SQL. */
const valueSql = (v: unknown, param: (v: unknown) => unknown, cast: SQL) => (is(v, SQL) ? sql`(${v})${cast}` : sql`${param(v)}${cast}`);

/**
 * The INSERT of a few entries (at most 100) for a statement of the caller (`with audit as (…)`): one
 * round trip less on a hot path. Without `from`, the entries' values; with `from` (a CTE of the same
 * statement: the row it writes), each entry once per row of `from`, its `entityId` and `after` may then
 * be SQL over that row (`reg.id`): no row, no entry.
 */
export function auditInsertSql(entries: AuditEntry[], from?: SQL): SQL {
  if (entries.length > 100) throw new Error('auditInsertSql: at most 100 entries');
  if (!entries.length) throw new Error('auditInsertSql: no entry');
  const rows = entries.map((e) => {
    const r = toValues({ ...e, entityId: null });
    return sql`${r.actorId}::int, ${r.action}::text, ${r.entity}::text, ${valueSql(e.entityId ?? null, (v) => (v === null ? null : String(v)), sql`::text`)},
      ${valueSql(r.before, jsonb, sql`::jsonb`)}, ${valueSql(r.after, jsonb, sql`::jsonb`)}, ${r.requestId}::text, ${r.ip}::text`;
  });
  const values = from
    ? sql.join(
        rows.map((r) => sql`select ${r} from ${from}`),
        sql` union all `,
      )
    : sql`values ${sql.join(
        rows.map((r) => sql`(${r})`),
        sql`, `,
      )}`;
  return sql`insert into ${auditLogs} (actor_id, action, entity, entity_id, before, after, request_id, ip) ${values}`;
}

/** The statement `also` with entries written in it (`with audit as (insert …) <also>`), answering `also`'s rows. */
export const auditWithSql = (entries: AuditEntry[], also: SQL): SQL => sql`with audit as (${auditInsertSql(entries)}) ${also}`;
