import type { Db } from '@/db/client';
import { tryAdvisoryLock } from '@/db/advisory-lock';

/** Names held in this process, per database (tests run many apps, each on its own database, in one process). */
const heldHere = new WeakMap<Db, Set<string>>();

export type Exclusive<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `fn` unless a job of the same `name` is running anywhere on this database: in this process, or in
 * another worker (a PostgreSQL advisory lock, on a connection of its own, held while `fn` runs). Answers
 * `{ ran: false }` at once when it is busy; the caller decides whether to try again later. A crash frees
 * the lock with its session, so the next runner takes over. On PGlite (one process) only this process's
 * own runs are excluded. Work that must happen once per school, not once per worker (auto-calculate, the
 * auto-review sweep, auto-publish, reminders), goes through here: docs/architecture.md, "Background work".
 */
export async function runExclusive<T>(db: Db, name: string, fn: () => Promise<T>): Promise<Exclusive<T>> {
  let held = heldHere.get(db);
  if (!held) heldHere.set(db, (held = new Set()));
  if (held.has(name)) return { ran: false };
  held.add(name);
  try {
    const release = await tryAdvisoryLock(db, name);
    if (!release) return { ran: false };
    try {
      return { ran: true, value: await fn() };
    } finally {
      await release();
    }
  } finally {
    held.delete(name);
  }
}
