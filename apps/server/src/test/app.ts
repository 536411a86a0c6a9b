import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { findUserByEmail } from '../areas/school/users/users.repository';
import { demoEmail } from '../seed/demo';
import { createTestDatabase } from './db';

export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  /** A session token for a demo account, by the local part of its e-mail (e.g. "quantri"). */
  tokenFor(local: string): Promise<string>;
  userId(local: string): Promise<number>;
  close(): Promise<void>;
}

/** The configuration every test app runs with; env overrides. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: TEST_SECRET,
    AUTH_DEV_LOGIN: 'true',
    AUTH_RATE_LIMIT: '10000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'app-test-')),
    WEB_DIST: join(tmpdir(), 'no-web-dist'),
    // The demo school's texts are stored undecided: a sweep at start would decide them under every test file.
    AUTO_REVIEW_SWEEP_SECONDS: '0',
    // Likewise the notifications' sweep (surveys open in the demo school): its tests run it by hand.
    NOTIFICATION_SWEEP_MINUTES: '0',
    ...env,
  });
}

/** Another app on a database that already serves one: a restart after a crash, a second process. Ready. */
export async function appOn(database: Database, env: Record<string, string> = {}) {
  const app = await buildApp({ config: testConfig(env), database, logger: false });
  await app.ready();
  return app;
}

/**
 * Builds the app on a fresh database of its own: a copy of the demo school seeded once per run by
 * global-setup, or (`{seed: false}`) a migrated, empty one. env overrides per test file.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { seed?: boolean } = {}): Promise<TestApp> {
  const database = await createTestDatabase({ seeded: opts.seed !== false });
  const app = await buildApp({ config: testConfig(env), database, logger: false });
  await app.ready();
  const userId = async (local: string) => {
    const u = await findUserByEmail(database.db, local.includes('@') ? local : demoEmail(local));
    if (!u) throw new Error(`no demo user ${local}`);
    return u.id;
  };
  return {
    app,
    database,
    userId,
    async tokenFor(local) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/dev-login',
        payload: { email: local.includes('@') ? local : demoEmail(local) },
      });
      if (res.statusCode !== 200) throw new Error(`dev-login ${local}: ${res.statusCode} ${res.body}`);
      return res.json().data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
