import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPool, type Database } from '../db/client';

export const TEST_DATA_ROOT = fileURLToPath(new URL('../../../../.data-test', import.meta.url));
/** Migrated and empty. */
export const PGLITE_TEMPLATE_FILE = `${TEST_DATA_ROOT}/pglite-template.tar`;
/** Migrated and seeded with the demo school (what `createTestApp()` starts from). */
export const PGLITE_SEEDED_TEMPLATE_FILE = `${TEST_DATA_ROOT}/pglite-template-seeded.tar`;

/**
 * PostgreSQL template databases are named per test run (host and pid), so that two runs on one
 * server never drop each other's templates; global-setup passes the prefix to the test workers.
 */
export const PG_TEMPLATE_PREFIX = 'app_test_tpl_';
export const PG_TEMPLATE_ENV = 'TEST_PG_TEMPLATE';
export const hostTag = () => createHash('sha1').update(hostname()).digest('hex').slice(0, 6);
export function pgTemplateNames(base: string) {
  return { empty: `${base}_empty`, seeded: `${base}_seeded` };
}

/** TEST_DB=pg runs the database tests on the server named by TEST_DATABASE_URL. */
export function testDbKind(): 'pg' | 'pglite' {
  if (process.env.TEST_DB === 'pg') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    return 'pg';
  }
  return 'pglite';
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A migrated database of its own for one test file: empty, or (`seeded`) a copy of the template
 * that global-setup seeded once with the demo school, so no test file pays for seeding.
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<Database> {
  if (testDbKind() === 'pg') {
    const base = process.env[PG_TEMPLATE_ENV];
    if (!base) throw new Error(`${PG_TEMPLATE_ENV} is not set: run the tests through vitest (global-setup creates the templates)`);
    const template = pgTemplateNames(base)[opts.seeded ? 'seeded' : 'empty'];
    return serverDatabase({ template, name: `app_test_${process.pid}_${randomBytes(4).toString('hex')}` });
  }
  const blob = new Blob([readFileSync(opts.seeded ? PGLITE_SEEDED_TEMPLATE_FILE : PGLITE_TEMPLATE_FILE)]);
  return fromPglite(await PGlite.create({ loadDataDir: blob }));
}

/**
 * A database of its own on the server of TEST_DATABASE_URL, dropped when it is closed: a copy of
 * `template`, or (no template) empty and not even migrated, as a restore or a move-up target.
 */
export async function serverDatabase(opts: { name: string; template?: string }): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL!;
  const { name, template } = opts;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
      break;
    } catch (err) {
      // Two files copying the template at the same instant: wait and try again.
      if (attempt > 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 5 });
  // Dropping the database at the end terminates clients that are still closing; that is expected
  // and must not surface as an unhandled error of whichever test file runs next.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const database = fromPool(pool);
  const close = database.close;
  database.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return database;
}
