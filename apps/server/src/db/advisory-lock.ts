import pg from 'pg';
import type { Db } from './client';

/** Releases a lock taken by `tryAdvisoryLock`. */
export type ReleaseLock = () => Promise<void>;

/**
 * A PostgreSQL session advisory lock on one pooled connection, held until released: null when another
 * session holds it. The lock dies with its session, so a process that crashes while holding it frees it
 * for the next runner. On PGlite (one process) there is no one else to exclude: always granted.
 */
export async function tryAdvisoryLock(db: Db, name: string): Promise<ReleaseLock | null> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return async () => {};
  const conn = await pool.connect();
  try {
    const r = await conn.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [name]);
    if (!r.rows[0]?.ok) {
      conn.release();
      return null;
    }
  } catch (err) {
    conn.release(err as Error);
    throw err;
  }
  return async () => {
    try {
      await conn.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
      conn.release();
    } catch (err) {
      // A connection that cannot unlock is destroyed, which ends its session and so the lock.
      conn.release(err as Error);
    }
  };
}
