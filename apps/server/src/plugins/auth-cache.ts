import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '@/db/client';
import { listen } from '@/db/listener';
import type { Caller } from './auth.repository';

/** The channel the database tells a change of a caller on (migration 0010: a trigger on users, roles, sessions, teachers). */
export const AUTH_CHANGED = 'auth_changed';
/** How long a caller is kept at most, should a change ever go untold: the triggers tell every one. */
export const CALLER_CACHE_MS = 30_000;
/** Callers kept at most (a rush's students, twice over); past it the oldest go. */
const MAX_ENTRIES = 20_000;

/**
 * The route guard's callers kept in this process, for the routes that ask for it (`cachedCaller`:
 * the registration rush's, where every student of a grade acts at once and the caller's query was a
 * seventh of the work). A caller is forgotten when the database tells a change of that user on
 * AUTH_CHANGED (at the change's commit: a deactivation, a role, a signed-out device, in any process of
 * the school), and after CALLER_CACHE_MS in any case. Nothing is served from it while its listening
 * connection is down (it is emptied then, and refilled once reconnected). A caller read while a change
 * was told is answered but not kept: it may predate the change.
 *
 * On PostgreSQL only (a client of its own that LISTENs); on PGlite, one process, the guard reads
 * every call: `connectCallerCache` answers null.
 */
export interface CallerCache {
  /** The caller of (user, session): kept, or loaded by `load` (and kept, when nothing changed meanwhile). */
  lookup(userId: number, sessionId: string | null, load: () => Promise<Caller | null>): Promise<Caller | null>;
  /** The session's last-seen was just moved on: the kept caller no longer says it is stale. */
  touched(userId: number, sessionId: string): void;
  /** Resolves once every change committed before the call has been heard (a query on the listening connection). */
  heard(): Promise<void>;
  close(): Promise<void>;
}

const keyOf = (sessionId: string | null) => sessionId ?? '';

export async function connectCallerCache(opts: { db: Db; log: FastifyBaseLogger }): Promise<CallerCache | null> {
  const pool = (opts.db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  /** By user, then by session ('' for a token without one). */
  const byUser = new Map<number, Map<string, { caller: Caller; at: number }>>();
  let size = 0;
  /** Moves on at every change heard and every loss: a load that saw it move keeps nothing. */
  let generation = 0;

  const forgetAll = () => {
    byUser.clear();
    size = 0;
    generation++;
  };
  const forget = (userId: number) => {
    size -= byUser.get(userId)?.size ?? 0;
    byUser.delete(userId);
    generation++;
  };
  const listener = await listen({
    options: pool.options,
    channel: AUTH_CHANGED,
    name: 'auth-cache',
    what: 'caller cache',
    unheard: 'callers are read at every call meanwhile',
    log: opts.log,
    onMessage(payload) {
      const id = Number(payload);
      if (payload === '*' || !Number.isInteger(id)) forgetAll();
      else forget(id);
    },
    // Whatever changed while nobody listened is unknown: start empty, and keep nothing while down.
    onUp: forgetAll,
    onDown: forgetAll,
  });
  const listening = () => listener.current() !== null;

  return {
    async lookup(userId, sessionId, load) {
      if (!listening()) return load();
      const kept = byUser.get(userId)?.get(keyOf(sessionId));
      if (kept && Date.now() - kept.at < CALLER_CACHE_MS) return kept.caller;
      const seen = generation;
      const at = Date.now();
      const caller = await load();
      if (caller && listening() && generation === seen) {
        let sessions = byUser.get(userId);
        if (!sessions) byUser.set(userId, (sessions = new Map()));
        if (!sessions.has(keyOf(sessionId))) size++;
        sessions.set(keyOf(sessionId), { caller, at });
        if (size > MAX_ENTRIES) {
          // The user kept longest ago first (a Map keeps insertion order).
          const oldest = byUser.keys().next().value;
          if (oldest !== undefined) forget(oldest);
        }
      }
      return caller;
    },
    touched(userId, sessionId) {
      const kept = byUser.get(userId)?.get(sessionId);
      if (kept?.caller.session) kept.caller = { ...kept.caller, session: { ...kept.caller.session, stale: false } };
    },
    async heard() {
      await listener.current()?.query('select 1');
    },
    async close() {
      await listener.close();
      forgetAll();
    },
  };
}
