import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
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
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: false,
    ): { execute(): Promise<{ rows: unknown[] }> };
  };
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
    const built = d.dialect.sqlToQuery(q);
    const res = await d.session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
    return res.rows as T[];
  }
  const res = (await db.execute(q)) as unknown as { rows: T[] };
  return res.rows;
}
