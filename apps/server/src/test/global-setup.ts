import { mkdirSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPool } from '../db/client';
import { PG_TEMPLATE_DB, PGLITE_TEMPLATE_FILE, TEST_DATA_ROOT, testDbKind, withDatabase } from './db';

/**
 * Migrates one template database per run; each test file then starts from a copy of it
 * (a fresh PGlite data dir takes seconds to create, a copy well under one).
 */
export default async function setup() {
  mkdirSync(TEST_DATA_ROOT, { recursive: true });
  if (testDbKind() === 'pg') {
    const url = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const db = fromPool(new pg.Pool({ connectionString: withDatabase(url, PG_TEMPLATE_DB), max: 1 }));
    await db.migrate();
    await db.close();
    return;
  }
  const client = await PGlite.create();
  const db = fromPglite(client);
  await db.migrate();
  const blob = await client.dumpDataDir('none');
  writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await blob.arrayBuffer()));
  await db.close();
}
