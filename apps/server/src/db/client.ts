import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SQL, sql, StringChunk, Table } from 'drizzle-orm';
import { secureDataDir, tightenTree } from './data-dir';

/** One type for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository accepts the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export function fromPool(pool: pg.Pool): Database {
  const db = drizzlePg(pool);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

/** How long the server waits on PostgreSQL (config.ts: DB_*_TIMEOUT_MS); 0 means no bound. */
export interface DbTimeouts {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleTxTimeoutMs: number;
}

/**
 * Without `timeouts` (tools: backup, restore, move, bench) only the connection wait is bounded: a
 * backup's long statements must not be cancelled. The server passes config.db (main.ts).
 */
const TOOL_DB_TIMEOUTS: DbTimeouts = { connectTimeoutMs: 5_000, statementTimeoutMs: 0, idleTxTimeoutMs: 0 };

/**
 * The pool's settings: a connection (or a free client of the pool) is awaited at most connectTimeoutMs;
 * the server cancels a statement after statementTimeoutMs and ends a session idle inside a transaction
 * after idleTxTimeoutMs; and since a server that stopped answering (a stalled link) cancels nothing,
 * the client gives a query up itself a little later (query_timeout) and the pool drops that connection.
 */
function poolConfig(connectionString: string, t: DbTimeouts = TOOL_DB_TIMEOUTS, max = 10): pg.PoolConfig {
  return {
    connectionString,
    max,
    connectionTimeoutMillis: t.connectTimeoutMs || undefined,
    statement_timeout: t.statementTimeoutMs || undefined,
    query_timeout: t.statementTimeoutMs ? t.statementTimeoutMs + Math.max(t.connectTimeoutMs, 1_000) : undefined,
    idle_in_transaction_session_timeout: t.idleTxTimeoutMs || undefined,
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; timeouts?: DbTimeouts }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool(poolConfig(opts.databaseUrl, opts.timeouts));
    pool.on('error', () => {
      /* idle client errors are reported by the next query */
    });
    // A connection the server ends while it is checked out (idle-in-transaction timeout, a restart)
    // fails its query; without a listener the client's 'error' event would end the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    return fromPool(pool);
  }
  // PGlite writes its initial files and its relcache files with modes of its own (0666, 0644),
  // whatever the umask: they are made owner-only once it has started and again once it is closed.
  const pgdata = `${opts.dataDir.replace(/\/$/, '')}/pgdata`;
  secureDataDir(opts.dataDir);
  const client = await PGlite.create(pgdata);
  await client.query('select 1');
  tightenTree(pgdata);
  const database = fromPglite(client);
  return {
    ...database,
    async close() {
      await database.close();
      tightenTree(pgdata);
    },
  };
}

/** What drizzle keeps on a database or transaction object (internal there): how `execute` builds and runs a query. */
interface DrizzleInternals {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(q: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: false): DrizzlePrepared;
    client: unknown;
  };
}

/** What a prepared drizzle query keeps (internal there): the pg query config it runs, with drizzle's type parsers. */
interface DrizzlePrepared {
  execute(): Promise<{ rows: unknown[] }>;
  rawQueryConfig?: { name?: string; text: string; types: unknown };
}

/** A table's name as drizzle writes it in SQL (quoted, with its schema), once per table. */
const tableNames = new WeakMap<Table, string>();

/**
 * `d.dialect.sqlToQuery(q)` for the hot paths, the same text and parameters made by a walk of the chunks
 * such statements hold (literal text, nested SQL, plain values, tables): drizzle's own walk was an eighth
 * of the server's CPU in the registration rush (bench/registration.ts). Anything else (columns, named
 * parameters bound by name, inlined parameters, arrays, objects) is left to drizzle, for the whole statement.
 */
export function sqlToQueryFast(d: { dialect: DrizzleInternals['dialect'] }, q: SQL): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  let text = '';
  const walk = (chunks: unknown[]): boolean => {
    for (const c of chunks) {
      if (c instanceof StringChunk) text += c.value.join('');
      else if (c instanceof SQL) {
        if ((c as unknown as { shouldInlineParams: boolean }).shouldInlineParams || !walk(c.queryChunks)) return false;
      } else if (c === null || typeof c === 'number' || typeof c === 'string' || typeof c === 'boolean' || c instanceof Date) {
        params.push(c);
        text += `$${params.length}`;
      } else if (c instanceof Table) {
        let name = tableNames.get(c);
        if (name === undefined) tableNames.set(c, (name = d.dialect.sqlToQuery(sql`${c}`).sql));
        text += name;
      } else if (c !== undefined) return false;
    }
    return true;
  };
  return walk([q]) ? { sql: text, params } : d.dialect.sqlToQuery(q);
}

/** Statement names by text: the hash of a statement's text is computed once per text. */
const statementNames = new Map<string, string>();
/**
 * At most this many texts are prepared (each connection keeps every one): past it, a text runs unnamed.
 * The callers' fixed texts are a few dozen; this bounds a caller whose text wrongly varies.
 */
export const MAX_PREPARED_TEXTS = 500;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= MAX_PREPARED_TEXTS) return undefined;
    name = `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Raw SQL for aggregates: both drivers answer with `rows`, typed here once.
 *
 * `prepare`: for a statement of a fixed text on a hot path (the registration rush): on PostgreSQL it
 * runs as a named prepared statement (named by its text's hash), so each connection parses and plans it
 * once instead of at every call. Only for texts that do not vary with the input (lists as one array
 * parameter, `= any($1::int[])`, not `in ($1, $2, …)`): every text is kept by every connection, up to
 * MAX_PREPARED_TEXTS texts (then unnamed). PGlite ignores it.
 */
export async function queryRows<T>(db: DbOrTx, q: SQL, opts?: { prepare: true }): Promise<T[]> {
  if (opts?.prepare) {
    const d = db as unknown as DrizzleInternals;
    const built = sqlToQueryFast(d, q);
    const res = await d.session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
    return res.rows as T[];
  }
  const res = (await db.execute(q)) as unknown as { rows: T[] };
  return res.rows;
}

// ---------------------------------------------------------------- batches: several statements, one round trip

const requireCjs = createRequire(import.meta.url);
/** pg's own mapping of a parameter to its wire text (Dates, arrays, objects as JSON), as its queries bind them. */
const { prepareValue } = requireCjs('pg/lib/utils.js') as { prepareValue(v: unknown): unknown };

interface BatchStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/** pg's Query, as far as a batch uses it (lib/query.js: the rows of several results, as a multi-statement simple query's). */
interface PgQueryBase {
  callback?: (err: Error | null, res?: unknown) => void;
  handleError(err: Error, connection: unknown): void;
  handleReadyForQuery(connection: unknown): void;
}
type PgQueryCtor = new (config: { text: string; types?: unknown; callback: (err: Error | null, res?: unknown) => void }) => PgQueryBase;

/** What a batch writes to and reads from on pg's connection (lib/connection.js). */
interface PgConnection {
  stream: { cork?(): void; uncork?(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(m: { text: string; name: string }): void;
  bind(m: { portal: string; statement: string; values: unknown[]; binary: boolean }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string; rows: number }): void;
  sync(): void;
  on(event: 'parseComplete', fn: () => void): void;
  removeListener(event: 'parseComplete', fn: () => void): void;
}

/**
 * Several statements written at once, each Parse (when not yet parsed on the connection) / Bind /
 * Describe / Execute, and one Sync: the server runs them one after the other (each with a snapshot of
 * its own, as separate statements), stops at the first error and answers everything in one go. The
 * rows arrive as pg's multi-statement results (one per statement: each ends with its CommandComplete).
 */
class BatchQuery extends (pg.Query as unknown as PgQueryCtor) {
  private parsing: string[] = [];
  private connection: PgConnection | null = null;
  private readonly onParsed = () => {
    const name = this.parsing.shift();
    if (name && this.connection) {
      this.connection.parsedStatements[name] = this.connection.submittedNamedStatements[name];
      delete this.connection.submittedNamedStatements[name];
    }
  };

  constructor(
    private readonly statements: BatchStatement[],
    types: unknown,
    callback: (err: Error | null, res?: unknown) => void,
  ) {
    super({ text: statements.map((s) => s.text).join(';\n'), types, callback });
  }

  submit(connection: PgConnection): Error | null {
    let values: unknown[][];
    try {
      values = this.statements.map((s) => s.values.map((v) => prepareValue(v)));
    } catch (err) {
      return err as Error;
    }
    for (const s of this.statements) {
      const known = s.name ? (connection.parsedStatements[s.name] ?? connection.submittedNamedStatements[s.name]) : undefined;
      if (known !== undefined && known !== s.text)
        return new Error(`Prepared statements must be unique - '${s.name}' was used for a different statement`);
    }
    this.connection = connection;
    connection.on('parseComplete', this.onParsed);
    connection.stream.cork?.();
    try {
      this.statements.forEach((s, i) => {
        const name = s.name ?? '';
        // A name already parsed, or sent earlier (in this batch too), is bound as it is.
        if (!name || (connection.parsedStatements[name] ?? connection.submittedNamedStatements[name]) === undefined) {
          connection.parse({ text: s.text, name });
          this.parsing.push(name);
          if (name) connection.submittedNamedStatements[name] = s.text;
        }
        connection.bind({ portal: '', statement: name, values: values[i], binary: false });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  private done() {
    if (!this.connection) return;
    this.connection.removeListener('parseComplete', this.onParsed);
    // Statements whose Parse an error skipped were not made: the next batch parses them again.
    for (const name of this.parsing) if (name) delete this.connection.submittedNamedStatements[name];
    this.parsing = [];
    this.connection = null;
  }

  /**
   * The server's error ends the batch (it skips to the Sync: no statement after it is parsed). Any
   * other (the client's read timeout) leaves the batch running on the server: its statements' parses
   * are still counted until its ReadyForQuery, so the connection's names stay true.
   */
  handleError(err: Error, connection: unknown) {
    if (err instanceof pg.DatabaseError) this.done();
    super.handleError(err, connection);
  }

  handleReadyForQuery(connection: unknown) {
    this.done();
    super.handleReadyForQuery(connection);
  }

  /** A statement of no text (a comment only) answers EmptyQueryResponse, no CommandComplete: an empty result of its own. */
  handleEmptyQuery(connection: unknown) {
    (this as unknown as { handleCommandComplete(m: { text: string }, c: unknown): void }).handleCommandComplete(
      { text: 'EMPTY' },
      connection,
    );
  }
}

/** The pg connection or pool under a drizzle database or transaction; null on PGlite. */
function pgClientOf(db: DbOrTx): pg.ClientBase | pg.Pool | null {
  const client = (db as unknown as DrizzleInternals).session.client;
  return client instanceof pg.Client || client instanceof pg.Pool ? client : null;
}

/**
 * Runs `statements` one after the other and answers each one's rows; the first error is thrown and
 * the statements after it do not run. On PostgreSQL in one round trip (one Sync: outside a transaction
 * they commit or fail together); on PGlite one after the other. Each statement reads with a snapshot
 * of its own, so one that follows a lock wait sees what the lock's holder committed. `prepare`: as
 * `queryRows`, every statement a named prepared statement (fixed texts only).
 */
export async function queryBatch(db: DbOrTx, statements: SQL[], opts?: { prepare: true }): Promise<unknown[][]> {
  const client = pgClientOf(db);
  if (!client) {
    const out: unknown[][] = [];
    for (const q of statements) out.push(await queryRows(db, q));
    return out;
  }
  const d = db as unknown as DrizzleInternals;
  let types: unknown;
  const batch = statements.map((q): BatchStatement => {
    const built = sqlToQueryFast(d, q);
    types ??= d.session.prepareQuery(built, undefined, undefined, false).rawQueryConfig?.types;
    return { name: opts?.prepare ? statementName(built.sql) : undefined, text: built.sql, values: built.params };
  });
  if (!batch.length) return [];
  const run = (c: pg.ClientBase) =>
    new Promise<unknown[][]>((resolve, reject) => {
      const query = new BatchQuery(batch, types, (err, res) => {
        if (err) return reject(err);
        const results = (Array.isArray(res) ? res : [res]) as { rows: unknown[] }[];
        resolve(results.map((r) => r.rows));
      });
      void c.query(query as unknown as pg.QueryConfig);
    });
  if (!(client instanceof pg.Pool)) return run(client);
  const c = await client.connect();
  try {
    return await run(c);
  } finally {
    c.release();
  }
}

/** A drizzle database on one pool connection: the transaction of `batchTransaction`, made once per connection. */
const onConnection = new WeakMap<pg.PoolClient, Tx>();

/**
 * A transaction in as few round trips as its work allows: on PostgreSQL its BEGIN goes with `first`
 * (one batch), and `fn`, given their rows, answers the statements that end it, which go with the
 * COMMIT; whatever `fn` runs in between runs inside the transaction. `fn` throwing, or a statement
 * failing, rolls it back. PGlite runs the same statements in `db.transaction`. Answers `fn`'s value
 * and the rows of its last statements. On PostgreSQL `fn`'s `tx` is a database on the transaction's
 * connection, not drizzle's transaction: no nested `tx.transaction()` or `tx.rollback()`. A batch that
 * fails otherwise than by the server's error (a read timeout, a lost link) drops the connection; if
 * it was the last, whether it committed is unknown to the caller (a retry with a request id tells).
 */
export async function batchTransaction<T>(
  db: Db,
  first: SQL[],
  fn: (tx: Tx, rows: unknown[][]) => Promise<{ value: T; last: SQL[] }>,
  opts?: { prepare: true },
): Promise<{ value: T; rows: unknown[][] }> {
  const pool = pgClientOf(db);
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      const out = await fn(tx, await queryBatch(tx, first, opts));
      return { value: out.value, rows: await queryBatch(tx, out.last, opts) };
    });
  }
  const client = await pool.connect();
  let tx = onConnection.get(client);
  if (!tx) {
    tx = drizzlePg(client) as unknown as Tx;
    onConnection.set(client, tx);
  }
  let open = false;
  let broken: Error | undefined;
  /** A batch that failed otherwise than by the server's error (a read timeout, a lost link) leaves the connection unknown: the pool drops it. */
  const batch = (statements: SQL[]) =>
    queryBatch(tx, statements, opts).catch((err: Error) => {
      if (!(err instanceof pg.DatabaseError)) broken = err;
      throw err;
    });
  try {
    open = true;
    const rows = await batch([sql`begin`, ...first]);
    const out = await fn(tx, rows.slice(1));
    const last = await batch([...out.last, sql`commit`]);
    open = false;
    return { value: out.value, rows: last.slice(0, -1) };
  } catch (err) {
    if (open && !broken)
      await client.query('rollback').catch((e: Error) => {
        broken = e; // the connection is gone: the pool drops it
      });
    throw err;
  } finally {
    client.release(broken);
  }
}
