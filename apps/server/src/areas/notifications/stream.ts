import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import type { EventBus } from '@/plugins/events';
import { streamState, streamsStillAllowed } from './notifications.service';

/*
 * The live stream of the bell (issue 17): Server-Sent Events, one open response per signed-in tab.
 * Each process pushes to the users connected to IT: on its own `notification.created` (`events.on`)
 * and on the other processes' (`events.onRemote`, relayed per user set, never merged across users);
 * after a gap in the link between processes it pushes to everyone connected, since events may be lost.
 * A push is the user's current count and newest notification, read afresh, so a repeat is harmless.
 */

export interface StreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /**
   * A stream ends after this long and the browser opens a new one, authenticated again: a signed-out
   * or deactivated user stops receiving within this time.
   */
  maxMs: number;
}

export const STREAM_DEFAULTS: StreamOptions = { heartbeatMs: 20_000, maxMs: 5 * 60_000 };

export function createStreamHub(deps: {
  db: Db;
  events: EventBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
  options?: Partial<StreamOptions>;
}) {
  const options = { ...STREAM_DEFAULTS, ...deps.options };
  const open = new Map<number, Set<ServerResponse>>();
  /** Each stream's session (null: a token from before sessions), checked at every heartbeat. */
  const sessions = new Map<ServerResponse, { userId: number; sessionId: string | null }>();

  const send = (res: ServerResponse, chunk: string) => {
    if (!res.writableEnded && !res.destroyed) res.write(chunk);
  };

  async function push(userIds: Iterable<number>) {
    for (const userId of new Set(userIds)) {
      const conns = open.get(userId);
      if (!conns?.size) continue;
      try {
        const state = await streamState(deps.db, userId);
        const chunk = `event: notification\ndata: ${JSON.stringify(state)}\n\n`;
        for (const res of conns) send(res, chunk);
      } catch (err) {
        deps.log.warn({ err }, 'notification push failed');
      }
    }
  }

  const offs = [
    deps.events.on('notification.created', ({ userIds }) => push(userIds)),
    deps.events.onRemote('notification.created', ({ userIds }) => push(userIds)),
    deps.events.onRemoteGap(() => void push(open.keys())),
  ];
  // Each heartbeat also asks, in one query for every stream open here, whether each may go on: a device
  // signed out (or every device), or a user deactivated, stops receiving within one heartbeat rather than
  // at the stream's end.
  const heartbeat = setInterval(() => {
    for (const conns of open.values()) for (const res of conns) send(res, ': ping\n\n');
    if (!sessions.size) return;
    const streams = [...sessions];
    streamsStillAllowed(
      deps.db,
      streams.map(([, s]) => s),
    ).then(
      (ok) => streams.forEach(([res], i) => void (ok[i] || res.end())),
      (err: unknown) => deps.log.warn({ err }, 'notification stream check failed'),
    );
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    /** Takes over a hijacked response: the stream's headers, the current state at once, then pushes. */
    attach(userId: number, req: IncomingMessage, res: ServerResponse, requestId: string, sessionId: string | null = null) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': requestId,
      });
      res.write('retry: 3000\n\n');
      let conns = open.get(userId);
      if (!conns) open.set(userId, (conns = new Set()));
      conns.add(res);
      sessions.set(res, { userId, sessionId });
      const end = setTimeout(() => res.end(), options.maxMs);
      end.unref();
      const drop = () => {
        clearTimeout(end);
        conns.delete(res);
        sessions.delete(res);
        if (!conns.size) open.delete(userId);
      };
      req.on('close', drop);
      res.on('close', drop);
      void push([userId]);
    },
    /** How many streams a user has open here (tests). */
    connected: (userId: number) => open.get(userId)?.size ?? 0,
    close() {
      clearInterval(heartbeat);
      for (const off of offs) off();
      for (const conns of open.values()) for (const res of conns) res.end();
      open.clear();
      sessions.clear();
    },
  };
}
