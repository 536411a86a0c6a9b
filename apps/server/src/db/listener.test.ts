import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '@/test/db';
import { listen } from './listener';

/*
 * The LISTEN client the event bus and the caller cache share (db/listener.ts): what it hears, a lost
 * connection told and made again, a server it cannot reach, and its end. PostgreSQL only.
 */

const warned: string[] = [];
const log = { warn: (_: unknown, msg: string) => void warned.push(msg) } as unknown as FastifyBaseLogger;
const until = async (ok: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 250; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never: ${what}`);
};

describe.runIf(testDbKind() === 'pg')('a channel listened to on a client of its own', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const tag = `${process.pid}_${Date.now()}`;
  const channel = `listener_test_${tag}`;
  const name = `listener-test-${tag}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(() => admin.end());
  const backends = async () =>
    Number((await admin.query('select count(*) from pg_stat_activity where application_name = $1', [name])).rows[0].count);

  it('hears its channel, is told of a loss, listens again, and ends', async () => {
    const heard: string[] = [];
    const events: string[] = [];
    const l = await listen({
      options: { connectionString: url },
      channel,
      name,
      what: 'test listener',
      unheard: 'nothing heard meanwhile',
      log,
      onMessage: (p) => void heard.push(p),
      onUp: (afterLoss) => void events.push(afterLoss ? 'up after a loss' : 'up'),
      onDown: () => void events.push('down'),
    });
    expect(l.current()).not.toBeNull();
    expect(events).toEqual(['up']);
    await admin.query('select pg_notify($1, $2), pg_notify($3, $4)', [channel, 'one', `${channel}_other`, 'not ours']);
    await until(() => heard.length === 1, 'the first message');
    expect(heard).toEqual(['one']);

    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
    await until(() => events.length === 3, 'down, then up again');
    expect(events).toEqual(['up', 'down', 'up after a loss']);
    expect(warned.some((w) => w.startsWith('test listener: connection lost'))).toBe(true);
    await admin.query('select pg_notify($1, $2)', [channel, 'two']);
    await until(() => heard.length === 2, 'a message after the loss');
    expect(heard).toEqual(['one', 'two']);

    await l.close();
    expect(l.current()).toBeNull();
    await until(async () => (await backends()) === 0, 'its connection ended');
    expect(events).toHaveLength(3); // closing is not a loss: nothing made again
  });

  it('resolves without a client when the server cannot be reached, and stops trying once closed', async () => {
    const up: boolean[] = [];
    const l = await listen({
      options: { host: '127.0.0.1', port: 1, user: 'nobody', database: 'none', connectionTimeoutMillis: 500 },
      channel,
      name,
      what: 'unreachable listener',
      unheard: 'nothing heard meanwhile',
      log,
      onMessage: () => {},
      onUp: (afterLoss) => void up.push(afterLoss),
    });
    expect(l.current()).toBeNull();
    expect(warned).toContain('unreachable listener: cannot listen, nothing heard meanwhile');
    await l.close();
    const before = warned.length;
    await new Promise((r) => setTimeout(r, 1200)); // past a retry
    expect(warned).toHaveLength(before);
    expect(up).toEqual([]);
  });
});
