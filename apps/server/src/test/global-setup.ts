import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPool } from '../db/client';
import { seedDemo } from '../seed/demo';
import {
  hostTag,
  PG_TEMPLATE_ENV,
  PG_TEMPLATE_PREFIX,
  pgTemplateNames,
  PGLITE_SEEDED_TEMPLATE_FILE,
  PGLITE_TEMPLATE_FILE,
  TEST_DATA_ROOT,
  testDbKind,
  withDatabase,
} from './db';

/**
 * Builds two templates per run, migrated once and seeded once: an empty one and one with the demo
 * school. Each test file then starts from a copy (a fresh PGlite data dir takes seconds to create
 * and the demo seed about a second; a copy well under one).
 */
export default async function setup() {
  mkdirSync(TEST_DATA_ROOT, { recursive: true });
  if (testDbKind() === 'pg') return setupPostgres(process.env.TEST_DATABASE_URL!);

  const client = await PGlite.create();
  const db = fromPglite(client);
  await db.migrate();
  await writeAtomically(PGLITE_TEMPLATE_FILE, await client.dumpDataDir('none'));
  await seedDemo(db.db);
  await writeAtomically(PGLITE_SEEDED_TEMPLATE_FILE, await client.dumpDataDir('none'));
  await db.close();
}

/** Other runs may be reading the file right now: they see the old one or the new one, never half. */
async function writeAtomically(path: string, blob: Blob) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, path);
}

async function setupPostgres(url: string) {
  const base = `${PG_TEMPLATE_PREFIX}${hostTag()}_${process.pid}`;
  const names = pgTemplateNames(base);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await dropStaleTemplates(admin);
  await admin.query(`drop database if exists ${names.empty} with (force)`);
  await admin.query(`drop database if exists ${names.seeded} with (force)`);
  await admin.query(`create database ${names.empty}`);
  const empty = fromPool(new pg.Pool({ connectionString: withDatabase(url, names.empty), max: 1 }));
  await empty.migrate();
  await empty.close();
  await admin.query(`create database ${names.seeded} template ${names.empty}`);
  const seeded = fromPool(new pg.Pool({ connectionString: withDatabase(url, names.seeded), max: 1 }));
  await seedDemo(seeded.db);
  await seeded.close();
  await admin.end();
  // Test workers start after this and inherit the environment.
  process.env[PG_TEMPLATE_ENV] = base;

  return async () => {
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${names.seeded} with (force)`);
    await a.query(`drop database if exists ${names.empty} with (force)`);
    await a.end();
  };
}

/** Templates left by runs on this host that were killed before their teardown. */
async function dropStaleTemplates(admin: pg.Client) {
  const prefix = `${PG_TEMPLATE_PREFIX}${hostTag()}_`;
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${prefix}%`]);
  for (const { datname } of rows) {
    const pid = Number(datname.slice(prefix.length).split('_')[0]);
    if (!Number.isInteger(pid) || isAlive(pid)) continue;
    await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
