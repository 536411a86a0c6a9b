import { mkdtempSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@/plugins/errors';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase, queryRows, type Database } from '@/db/client';
import { TEST_SECRET } from '@/test/app';
import { createTestDatabase, testDbKind, withDatabase } from '@/test/db';

/**
 * A TCP proxy in front of the PostgreSQL server that can be told to stall: it stops passing bytes
 * either way (held, not lost), as a link does when a switch or a VM hangs, and passes them on when
 * the stall ends.
 */
function stallingProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let stalled = false;
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (d) => to.write(d));
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
      if (stalled) from.pause();
    }
  });
  return {
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return (server.address() as AddressInfo).port;
    },
    stall() {
      stalled = true;
      for (const s of sockets) s.pause();
    },
    resume() {
      stalled = false;
      for (const s of sockets) s.resume();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TIMEOUTS = { connectTimeoutMs: 800, statementTimeoutMs: 1_000, idleTxTimeoutMs: 500 };

describe.skipIf(testDbKind() !== 'pg')(
  'bounded waits on a PostgreSQL server (PostgreSQL only: PGlite runs in-process, with no link to stall)',
  () => {
    let owner: Database;
    let database: Database;
    let proxy: ReturnType<typeof stallingProxy>;
    let proxiedUrl: string;
    let app: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      // A database of this file's own (the empty template), reached through the proxy.
      owner = await createTestDatabase();
      const [{ name }] = await queryRows<{ name: string }>(owner.db, sql`select current_database() as name`);
      const server = new URL(process.env.TEST_DATABASE_URL!);
      proxy = stallingProxy({ host: server.hostname, port: Number(server.port || 5432) });
      const port = await proxy.listen();
      const via = new URL(withDatabase(process.env.TEST_DATABASE_URL!, name));
      via.hostname = '127.0.0.1';
      via.port = String(port);
      proxiedUrl = via.toString();
      database = await openDatabase({ databaseUrl: proxiedUrl, dataDir: 'unused', timeouts: TIMEOUTS });
      const config = loadConfig({
        NODE_ENV: 'test',
        AUTH_SECRET: TEST_SECRET,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'app-test-')),
        WEB_DIST: join(tmpdir(), 'no-web-dist'),
        // No sweeps at start (as every other test app): one racing the stalls below left a pool client
        // checked out in some runs, and database.close() waited for it past the hook's time.
        AUTO_REVIEW_SWEEP_SECONDS: '0',
        NOTIFICATION_SWEEP_MINUTES: '0',
      });
      app = await buildApp({ config, database, logger: false });
      // A route that runs a statement longer than the statement timeout, as a heavy report would.
      app.get('/api/test-slow', { config: { public: true } }, async () => {
        await database.db.execute(sql`select pg_sleep(5)`);
        return { done: true };
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await proxy?.close();
      await owner?.close();
    });

    it('answers health 503 { db: "down" } within 2 s during a 3-second stall of the link, and 200 again after it', async () => {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

      proxy.stall();
      const stallEnds = Date.now() + 3_000;
      const started = Date.now();
      const during = await app.inject({ url: '/api/health' });
      const took = Date.now() - started;
      expect(during.statusCode).toBe(503);
      expect(during.json()).toEqual({ status: 'error', db: 'down' });
      expect(took).toBeLessThan(2_000);

      await sleep(stallEnds - Date.now());
      proxy.resume();
      const t0 = Date.now();
      const after = await app.inject({ url: '/api/health' });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: 'ok', db: 'ok' });
      expect(Date.now() - t0).toBeLessThan(2_000);
    });

    it('cancels a statement that runs past DB_STATEMENT_TIMEOUT_MS: a 503 in Vietnamese, not a hang', async () => {
      const [{ timeout }] = await queryRows<{ timeout: string }>(database.db, sql`select current_setting('statement_timeout') as timeout`);
      expect(timeout).toBe('1s');
      const t0 = Date.now();
      const res = await app.inject({ url: '/api/test-slow' });
      expect(Date.now() - t0).toBeLessThan(3_000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, code: 'DB_TIMEOUT', message: ERROR_CODES.DB_TIMEOUT.message });
    });

    it('ends a transaction left idle longer than DB_IDLE_TX_TIMEOUT_MS', async () => {
      const [{ timeout }] = await queryRows<{ timeout: string }>(
        database.db,
        sql`select current_setting('idle_in_transaction_session_timeout') as timeout`,
      );
      expect(timeout).toBe('500ms');
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await sleep(1_000);
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toThrow();
      // The pool drops that connection and goes on.
      expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    });

    it('gives up connecting after DB_CONNECT_TIMEOUT_MS when the server does not answer', async () => {
      const fresh = await openDatabase({ databaseUrl: proxiedUrl, dataDir: 'unused', timeouts: TIMEOUTS });
      proxy.stall();
      try {
        const t0 = Date.now();
        await expect(fresh.db.execute(sql`select 1`)).rejects.toThrow();
        expect(Date.now() - t0).toBeLessThan(2_000);
      } finally {
        proxy.resume();
        await fresh.close();
      }
    });
  },
);
