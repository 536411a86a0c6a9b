import { batchTransaction, type Db, type DbOrTx, type Tx } from '@/db/client';
import { countOf, type SQL } from '@/db/sql';
import { audit } from '@/plugins/audit';
import type { Actor } from '@/plugins/actor';
import { auditInsertSql, auditWithSql, insertAudits, type AuditEntry } from '@/plugins/audit.repository';
import { conflict, notFound } from '@/plugins/errors';

export type AuditAction = 'create' | 'update' | 'delete' | 'deactivate' | 'import' | string;

export interface WriteCtx {
  tx: Tx;
  /** Who writes: the audit entries name them. */
  actor: Actor;
  /** Records one change in the audit log inside the same transaction. */
  log(change: { action: AuditAction; entity: string; entityId?: string | number | null; before?: unknown; after?: unknown }): Promise<void>;
}

/**
 * Every write runs here: one transaction holding the change and its audit entries, so both land
 * or neither does. Services take a WriteCtx so an import can run many writes in one transaction.
 */
export function write<T>(db: Db, actor: Actor, fn: (ctx: WriteCtx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(writeCtx(tx, actor)));
}

export function writeCtx(tx: Tx, actor: Actor): WriteCtx {
  return { tx, actor, log: (change) => audit(tx, actor, change) };
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
    const n = await countOf(db, c.count);
    if (n > 0) used.push(`${n} ${c.label}`);
  }
  if (used.length) {
    throw conflict(`Không thể xóa ${what} vì đang được sử dụng bởi ${used.join(', ')}.`, { usedBy: used });
  }
}

/**
 * A WriteCtx whose audit entries are kept and written together (same transaction): `flush()` writes
 * them, an import of thousands of rows logs each change without one INSERT per row. On a hot path
 * (the registration rush) they go into a statement of the change itself, a round trip less:
 * `withAudit(also)` is `also` with the entries written in it, and `auditInsert(from)` the INSERT for
 * a CTE of the caller's statement, whose entries may take their id and values from the row it writes.
 */
export function batchedAudit(ctx: WriteCtx) {
  const entries: AuditEntry[] = [];
  const who = { actorId: ctx.actor.userId, requestId: ctx.actor.requestId, ip: ctx.actor.ip };
  /** Keeps an entry; its id may be SQL (a column of the row the statement of `auditInsert(from)` writes). */
  const log = async (c: Omit<Parameters<WriteCtx['log']>[0], 'entityId'> & { entityId?: AuditEntry['entityId'] }) =>
    void entries.push({ ...who, ...c });
  const logging: WriteCtx = { ...ctx, log };
  /** Writes the entries kept so far. */
  const flush = () => insertAudits(ctx.tx, entries.splice(0));
  /** The INSERT of the entries kept so far (null: none), for a CTE; `from`: see `auditInsertSql`. */
  const auditInsert = (from?: SQL) => (entries.length ? auditInsertSql(entries.splice(0), from) : null);
  /** `also` (a statement) with the entries kept so far written in it. */
  const withAudit = (also: SQL) => (entries.length ? auditWithSql(entries.splice(0), also) : also);
  return { ctx: logging, log, flush, auditInsert, withAudit };
}

export type BatchedWrite = ReturnType<typeof batchedAudit>;

/**
 * `write` in as few round trips as the change allows (db/client.ts `batchTransaction`), for a hot
 * path: `first` runs with the BEGIN, then `fn`, given their rows and a ctx whose audit entries are kept
 * (`batchedAudit`), answers the statements that end the change; they run with the COMMIT, and so do
 * the entries still kept then. Answers `fn`'s value and the rows of its last statements.
 */
export function writeBatched<T>(
  db: Db,
  actor: Actor,
  first: SQL[],
  fn: (w: BatchedWrite, rows: unknown[][]) => Promise<{ value: T; last: SQL[] }>,
  opts?: { prepare: true },
): Promise<{ value: T; rows: unknown[][] }> {
  let count = 0;
  return batchTransaction(
    db,
    first,
    async (tx, rows) => {
      const w = batchedAudit(writeCtx(tx, actor));
      const out = await fn(w, rows);
      count = out.last.length;
      const audit = w.auditInsert();
      return { value: out.value, last: audit ? [...out.last, audit] : out.last };
    },
    opts,
  ).then((r) => ({ value: r.value, rows: r.rows.slice(0, count) }));
}

/**
 * How one table is written by its service: look-ups, the checks an input must pass, and the
 * repository's row writes. `createRow` / `editRow` / `removeRow` run them in the usual order, in one
 * transaction with the audit entry, and answer the row as the API shows it.
 */
export interface RowWrites<Row extends { id: number }, Input, Shown> {
  /** The audit log's entity ("campus"). */
  entity: string;
  /** The Vietnamese name in messages ("cơ sở": "Không tìm thấy cơ sở.", "Không thể xóa cơ sở này …"). */
  noun: string;
  get: (db: DbOrTx, id: number) => Promise<Shown>;
  /** The bare row, locked for the update or delete and its audit "before". */
  lock: (tx: DbOrTx, id: number) => Promise<Row | null>;
  /** Throws when the input does not fit (codes taken, parents missing …); `exceptId` on edit. */
  check: (tx: DbOrTx, input: Input, exceptId?: number) => Promise<void>;
  /** Runs after the check, just before the insert or update (e.g. un-make the current row). */
  beforeWrite?: (ctx: WriteCtx, input: Input, id?: number) => Promise<void>;
  insert: (tx: DbOrTx, input: Input) => Promise<Row>;
  update: (tx: DbOrTx, id: number, input: Input) => Promise<Row>;
  remove: (tx: DbOrTx, id: number) => Promise<void>;
  /** What refuses the delete while it points at the row. */
  usage: (id: number) => UsageCheck[];
}

interface WriteOpts {
  db: Db;
  actor: Actor;
}

export async function createRow<R extends { id: number }, I, S>(w: RowWrites<R, I, S>, opts: WriteOpts & { input: I }): Promise<S> {
  const id = await write(opts.db, opts.actor, async (ctx) => {
    await w.check(ctx.tx, opts.input);
    await w.beforeWrite?.(ctx, opts.input);
    const row = await w.insert(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: w.entity, entityId: row.id, after: row });
    return row.id;
  });
  return w.get(opts.db, id);
}

export async function editRow<R extends { id: number }, I, S>(
  w: RowWrites<R, I, S>,
  opts: WriteOpts & { id: number; input: I },
): Promise<S> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await w.lock(ctx.tx, opts.id), w.noun);
    await w.check(ctx.tx, opts.input, opts.id);
    await w.beforeWrite?.(ctx, opts.input, opts.id);
    const after = await w.update(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: w.entity, entityId: opts.id, before, after });
  });
  return w.get(opts.db, opts.id);
}

/** Answers the row as it was, refusing while anything still uses it. */
export async function removeRow<R extends { id: number }, I, S>(w: RowWrites<R, I, S>, opts: WriteOpts & { id: number }): Promise<S> {
  return write(opts.db, opts.actor, async (ctx) => {
    const before = found(await w.lock(ctx.tx, opts.id), w.noun);
    const shown = await w.get(ctx.tx, opts.id);
    await refuseIfUsed(ctx.tx, `${w.noun} này`, w.usage(opts.id));
    await w.remove(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: w.entity, entityId: opts.id, before });
    return shown;
  });
}
