import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPool, type Database } from '../db/client';

export const TEST_DATA_ROOT = fileURLToPath(new URL('../../../../.data-test', import.meta.url));
export const PGLITE_TEMPLATE_FILE = `${TEST_DATA_ROOT}/pglite-template.tar`;
export const PG_TEMPLATE_DB = 'app_test_template';

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

/** A migrated, empty database of its own for one test file. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind() === 'pg') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `app_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
        break;
      } catch (err) {
        // Two files copying the template at the same instant: wait and try again.
        if (attempt > 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const database = fromPool(new pg.Pool({ connectionString: withDatabase(url, name), max: 5 }));
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
  const blob = new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]);
  return fromPglite(await PGlite.create({ loadDataDir: blob }));
}
