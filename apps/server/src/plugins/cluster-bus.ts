import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { createClient } from 'redis';
import type { Db } from '@/db/client';
import { listen } from '@/db/listener';
import type { BusTransport } from './events';

/** The PostgreSQL channel (per database) and the Redis channel's suffix events travel on. */
const CHANNEL = 'app_events';

/**
 * The transport between the processes of one school (WEB_CONCURRENCY workers, or servers on several
 * hosts): Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY on a client of its own
 * (not a pool connection). On PGlite there is one process and nothing to connect: null.
 */
export async function connectClusterBus(opts: {
  db: Db;
  redisUrl: string | null;
  redisPrefix: string;
  log: FastifyBaseLogger;
}): Promise<BusTransport | null> {
  if (opts.redisUrl) {
    const t = await redisTransport(opts.redisUrl, `${opts.redisPrefix}${CHANNEL}`, opts.log);
    if (t) return t;
    opts.log.warn('REDIS_URL is set but Redis cannot be reached: events cross processes through PostgreSQL');
  }
  const pool = (opts.db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  return pgTransport(pool.options, opts.log);
}

async function redisTransport(url: string, channel: string, log: FastifyBaseLogger): Promise<BusTransport | null> {
  const pub = createClient({
    url,
    socket: { connectTimeout: 2000, reconnectStrategy: (n) => Math.min(n * 200, 2000) },
  });
  const sub = pub.duplicate();
  const onError = (err: unknown) => log.warn({ err }, 'cluster bus (Redis) error');
  pub.on('error', onError);
  sub.on('error', onError);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    onError(err);
    await Promise.all([pub.destroy(), sub.destroy()].map((p) => Promise.resolve(p).catch(() => {})));
    return null;
  }
  let closed = false;
  return {
    publish(message) {
      if (!closed) pub.publish(channel, message).catch(onError);
    },
    subscribe(onMessage, onGap) {
      // node-redis resubscribes after a reconnect; what was published meanwhile is lost.
      let first = true;
      sub.on('ready', () => {
        if (!first) onGap();
        first = false;
      });
      sub.subscribe(channel, onMessage).catch(onError);
    },
    async close() {
      closed = true;
      await Promise.all([pub.close(), sub.close()]).catch(() => Promise.all([pub.destroy(), sub.destroy()]));
    },
  };
}

/**
 * LISTEN on a client of its own, reconnected after a loss (which is reported as a gap); NOTIFY through
 * the same client, so publishing never waits for a pool connection.
 */
async function pgTransport(options: pg.PoolConfig, log: FastifyBaseLogger): Promise<BusTransport> {
  let handlers: { onMessage: (m: string) => void; onGap: () => void } | null = null;
  const listener = await listen({
    options,
    channel: CHANNEL,
    name: 'cluster-bus',
    what: 'cluster bus (PostgreSQL)',
    unheard: 'retrying',
    log,
    onMessage(payload) {
      if (payload) handlers?.onMessage(payload);
    },
    onUp(afterLoss) {
      if (afterLoss) handlers?.onGap();
    },
  });

  let outbox: string[] = [];
  let sending = false;
  const flush = async () => {
    sending = true;
    for (let client = listener.current(); outbox.length && client; client = listener.current()) {
      const batch = outbox;
      outbox = [];
      await client
        .query('select pg_notify($1, m) from unnest($2::text[]) as m', [CHANNEL, batch])
        .catch((err) => log.warn({ err }, 'cluster bus notify failed'));
    }
    outbox = [];
    sending = false;
  };

  return {
    publish(message) {
      // One NOTIFY statement at a time on the client; what is published meanwhile goes in the next, together.
      // Lost while the link is down: the other side hears a gap when it reconnects, or times out its cache.
      outbox.push(message);
      if (!sending) void flush();
    },
    subscribe(onMessage, onGap) {
      handlers = { onMessage, onGap };
    },
    close: () => listener.close(),
  };
}
