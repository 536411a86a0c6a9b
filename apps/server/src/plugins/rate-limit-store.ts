import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import pg from 'pg';
import { createClient } from 'redis';
import type { Db } from '../db/client';
import { countHit, dropEndedCounters } from './rate-limit.repository';

/** A counter every process of the school shares: Redis, or PostgreSQL. */
interface SharedCounter {
  readonly kind: 'redis' | 'postgres';
  incr(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
  close(): Promise<void>;
}

// INCR, and on the window's first hit its expiry, in one step.
const REDIS_INCR = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

async function redisCounter(url: string, prefix: string, log: FastifyBaseLogger): Promise<SharedCounter | null> {
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: (n) => Math.min(n * 200, 2000) } });
  client.on('error', (err) => log.warn({ err }, 'rate limit (Redis) error'));
  try {
    await client.connect();
  } catch (err) {
    log.warn({ err }, 'rate limit: Redis cannot be reached');
    await Promise.resolve(client.destroy()).catch(() => {});
    return null;
  }
  return {
    kind: 'redis',
    async incr(key, windowMs) {
      const [n, ttl] = (await client.eval(REDIS_INCR, { keys: [`${prefix}rl:${key}`], arguments: [String(windowMs)] })) as [number, number];
      return { current: Number(n), ttl: Math.max(0, Number(ttl)) };
    },
    async close() {
      await client.close().catch(() => client.destroy());
    },
  };
}

function postgresCounter(db: Db): SharedCounter {
  let calls = 0;
  return {
    kind: 'postgres',
    async incr(key, windowMs) {
      const now = Date.now();
      // Ended windows are swept now and then, by whichever worker counts the hundredth hit.
      if (++calls % 100 === 0) await dropEndedCounters(db, now);
      const { n, resetMs } = await countHit(db, key, windowMs, now);
      return { current: n, ttl: Math.max(0, resetMs - now) };
    },
    async close() {},
  };
}

/**
 * The store of the sign-in rate limit (@fastify/rate-limit), shared by every process of the school so a
 * limit of 20 a minute is 20, not 20 per worker: Redis when REDIS_URL is set, else PostgreSQL (counters in
 * app_settings); on PGlite, one process, the plugin's own memory store (null). Keys are the route and a hash
 * of the address, so no address is stored.
 */
export async function sharedRateLimitStore(opts: {
  db: Db;
  redisUrl: string | null;
  redisPrefix: string;
  log: FastifyBaseLogger;
}): Promise<{ store: FastifyRateLimitStoreCtor; kind: SharedCounter['kind']; close(): Promise<void> } | null> {
  const isPostgres = (opts.db as unknown as { $client?: unknown }).$client instanceof pg.Pool;
  const counter =
    (opts.redisUrl ? await redisCounter(opts.redisUrl, opts.redisPrefix, opts.log) : null) ??
    (isPostgres ? postgresCounter(opts.db) : null);
  if (!counter) return null;

  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly route = '',
    ) {}
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      const hashed = createHash('sha256').update(String(key)).digest('base64url').slice(0, 22);
      counter!.incr(`${this.route}|${hashed}`, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const info = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new SharedStore({}, `${String(info.method ?? '')} ${String(info.url ?? '')}`);
    }
  }
  return {
    store: SharedStore as unknown as FastifyRateLimitStoreCtor,
    kind: counter.kind,
    close: () => counter.close(),
  };
}
