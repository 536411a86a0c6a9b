import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx, type Tx } from '../db/client';
import { audit } from '../modules/audit/audit';
import { insertAudits, type AuditEntry } from '../modules/audit/audit.repository';
import { conflict, notFound } from '../plugins/errors';

export type AuditAction = 'create' | 'update' | 'delete' | 'deactivate' | 'import' | string;

export interface WriteCtx {
  tx: Tx;
  req: FastifyRequest;
  /** Records one change in the audit log inside the same transaction. */
  log(change: { action: AuditAction; entity: string; entityId?: string | number | null; before?: unknown; after?: unknown }): Promise<void>;
}

/**
 * Every write runs here: one transaction holding the change and its audit entries, so both land
 * or neither does. Services take a WriteCtx so an import can run many writes in one transaction.
 */
export function write<T>(db: Db, req: FastifyRequest, fn: (ctx: WriteCtx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(writeCtx(tx, req)));
}

export function writeCtx(tx: Tx, req: FastifyRequest): WriteCtx {
  return { tx, req, log: (change) => audit(tx, req, change) };
}

/** 404 with the entity's Vietnamese name when a lookup found nothing. */
export function found<T>(row: T | undefined | null, what: string): T {
  if (row === undefined || row === null) throw notFound(`Không tìm thấy ${what}.`);
  return row;
}

export interface UsageCheck {
  /** What uses the row, counted: "lớp học phần", "phòng học". */
  label: string;
  /** A `select count(*)` for the rows that use it. */
  count: SQL;
}

/**
 * Refuses to delete something still in use, saying what uses it:
 * "Không thể xóa môn học này vì đang được sử dụng bởi 3 lớp học phần."
 */
export async function refuseIfUsed(db: DbOrTx, what: string, checks: UsageCheck[]): Promise<void> {
  const used: string[] = [];
  for (const c of checks) {
    const [row] = await queryRows<{ n: number }>(db, sql`select cast((${c.count}) as integer) as n`);
    const n = Number(row?.n ?? 0);
    if (n > 0) used.push(`${n} ${c.label}`);
  }
  if (used.length) {
    throw conflict(`Không thể xóa ${what} vì đang được sử dụng bởi ${used.join(', ')}.`, { usedBy: used });
  }
}

/**
 * A WriteCtx whose audit entries are kept and written together by `flush()` (same transaction):
 * an import of thousands of rows logs each change without one INSERT per row.
 */
export function batchedAudit(ctx: WriteCtx): { ctx: WriteCtx; flush(): Promise<void> } {
  const entries: AuditEntry[] = [];
  const who = { actorId: ctx.req.user?.id ?? null, requestId: ctx.req.id, ip: ctx.req.ip };
  return {
    ctx: { ...ctx, log: async (c) => void entries.push({ ...who, ...c }) },
    async flush() {
      await insertAudits(ctx.tx, entries.splice(0));
    },
  };
}
