import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RETRY_MS = 1000;

/** A channel listened to on a PostgreSQL client of its own (`listen`). */
export interface Listener {
  /** The client while it listens, else null (lost, or not connected yet): a NOTIFY or a query may go through it. */
  current(): pg.Client | null;
  /** Stops listening and ends the client, and one being connected. */
  close(): Promise<void>;
}

/** Ends a client, waiting a second at most for the server's goodbye (a stalled link never gives it), then drops its socket. */
export async function endSoon(c: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = c.end().catch(() => {});
  const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), 1000)));
  if ((await Promise.race([ended, late])) === 'late')
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  clearTimeout(timer);
}

/**
 * LISTENs on `channel` on a client of its own (not a pool connection: it is held for good), connected
 * again after a loss and retried every second while it cannot connect: the cross-process event bus
 * (plugins/cluster-bus.ts) and the route guard's caller cache (plugins/auth-cache.ts). `onMessage` gets
 * each notification's payload; `onUp(afterLoss)` runs once it listens, `afterLoss` true when an
 * earlier client was lost or an attempt failed (what was told meanwhile was missed); `onDown` when the
 * client listening is lost. Resolves once the first attempt has ended, listening or not. `what` names
 * the user in the log, with `unheard` saying what a failed attempt means for it.
 */
export async function listen(opts: {
  options: pg.ClientConfig;
  channel: string;
  /** The client's application_name (pg_stat_activity). */
  name: string;
  what: string;
  unheard: string;
  log: FastifyBaseLogger;
  onMessage(payload: string): void;
  onUp?(afterLoss: boolean): void;
  onDown?(): void;
}): Promise<Listener> {
  const { channel, log } = opts;
  let client: pg.Client | null = null;
  /** The client being connected, if any: ended by `close` too. */
  let pending: pg.Client | null = null;
  let closed = false;
  let lost = false;
  let connecting: Promise<void> | null = null;

  const connect = async () => {
    const c = new pg.Client({ ...opts.options, application_name: opts.name });
    c.on('error', (err) => {
      log.warn({ err }, `${opts.what}: connection lost`);
      drop(c);
    });
    c.on('end', () => drop(c));
    c.on('notification', (n) => {
      if (n.channel === channel) opts.onMessage(n.payload ?? '');
    });
    pending = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      void endSoon(c);
      throw err;
    } finally {
      pending = null;
    }
    if (closed) return void (await endSoon(c));
    client = c;
    opts.onUp?.(lost);
    lost = false;
  };
  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    lost = true;
    opts.onDown?.();
    void endSoon(c);
    start();
  };
  const start = () => {
    if (closed || connecting) return;
    connecting = connect()
      .catch((err) => {
        log.warn({ err }, `${opts.what}: cannot listen, ${opts.unheard}`);
        lost = true;
        setTimeout(start, RETRY_MS).unref();
      })
      .finally(() => {
        connecting = null;
      });
  };
  start();
  await connecting;

  return {
    current: () => client,
    async close() {
      closed = true;
      const c = client;
      client = null;
      // A connection being made ends as well (its connect fails, or it sees `closed`): nothing waits on it.
      await Promise.all([c, pending].map((x) => x && endSoon(x)));
    },
  };
}
