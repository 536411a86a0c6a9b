import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR, queryRows, type Database, type Db, type DbOrTx } from './client';

/**
 * Backup and restore of a whole school, the same on both drivers (PGlite and a PostgreSQL server).
 *
 * The file is gzip'd JSON lines (README, "Sao lưu, khôi phục và chuyển lên máy chủ PostgreSQL"):
 *   1. a header object: format, version, createdAt, source driver, schemaVersion (the last migration
 *      applied), the migrations, every table of the public schema with its columns, every sequence
 *      with its value;
 *   2. per table `["table",{name}]`, then one line per row (the row's `to_jsonb` text, always an
 *      object, so it never looks like a marker), then `["tableEnd",{name,rowCount,checksum}]`;
 *   3. per uploaded file `["file",{name}]`, `["chunk","<base64>"]`…, `["fileEnd",{name,size,sha256}]`;
 *   4. `["end",{tables,files}]`: a file without it was cut short and is refused.
 * Tables and sequences come from the catalog, so a table added by a later migration is included
 * without touching this file.
 */

export const BACKUP_FORMAT = 'thpt-chuyen-backup';
export const BACKUP_VERSION = 1;

/** A refusal: the message is Vietnamese, then English, and nothing was changed. */
export class BackupError extends Error {}

export const refuse = (vi: string, en: string) => new BackupError(`${vi}\n${en}`);

export interface TableSummary {
  name: string;
  rowCount: number;
  checksum: string;
}
export interface FileSummary {
  name: string;
  size: number;
  sha256: string;
}
export interface SequenceState {
  name: string;
  table: string | null;
  column: string | null;
  lastValue: string | null;
}
export interface Migration {
  hash: string;
  createdAt: number;
}
export interface BackupHeader {
  format: string;
  version: number;
  createdAt: string;
  source: Database['kind'];
  schemaVersion: { tag: string | null; createdAt: number };
  migrations: Migration[];
  tables: Array<{ name: string; columns: string[] }>;
  sequences: SequenceState[];
}
export interface BackupSummary {
  file: string;
  bytes: number;
  ms: number;
  schemaVersion: string | null;
  tables: TableSummary[];
  files: FileSummary[];
}

// ---------------------------------------------------------------------------------------------
// Checksums: one per table, independent of row order (a PostgreSQL server and PGlite may order
// text keys differently), over each row's `to_jsonb` text read with the same session settings.

/** The settings the text of a row depends on; set in every transaction that reads or writes rows. */
export async function fixTextForms(db: DbOrTx) {
  await db.execute(sql`set local timezone to 'UTC'`);
  await db.execute(sql`set local intervalstyle to 'postgres'`);
  await db.execute(sql`set local extra_float_digits to 1`);
}

export class TableHash {
  rowCount = 0;
  private sum = 0n;
  add(line: string) {
    this.rowCount++;
    this.sum = (this.sum + BigInt(`0x${createHash('sha256').update(line).digest('hex').slice(0, 32)}`)) & ((1n << 128n) - 1n);
  }
  get checksum() {
    return this.sum.toString(16).padStart(32, '0');
  }
}

export const ident = (name: string) => sql.identifier(name);
export const tableRef = (name: string) => sql`public.${ident(name)}`;

/** Reads a table's rows as text in pages through a cursor, so a large table is never held at once. */
export async function* tableRows(tx: DbOrTx, table: string): AsyncGenerator<string> {
  await tx.execute(sql`declare backup_rows no scroll cursor for select to_jsonb(t)::text as j from ${tableRef(table)} t`);
  for (;;) {
    const rows = await queryRows<{ j: string }>(tx, sql`fetch forward 500 from backup_rows`);
    for (const r of rows) yield r.j;
    if (rows.length < 500) break;
  }
  await tx.execute(sql`close backup_rows`);
}

export async function listTables(db: DbOrTx) {
  return queryRows<{ name: string; columns: string[] }>(
    db,
    sql`select c.relname as name,
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                order by a.attnum) as columns
        from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
}

export async function checksumsOf(tx: DbOrTx, tables: string[]): Promise<TableSummary[]> {
  const out: TableSummary[] = [];
  for (const name of tables) {
    const h = new TableHash();
    for await (const line of tableRows(tx, name)) h.add(line);
    out.push({ name, rowCount: h.rowCount, checksum: h.checksum });
  }
  return out;
}

/** Row count and checksum of every table, from one consistent snapshot. */
export async function tableChecksums(db: Db): Promise<TableSummary[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    await fixTextForms(tx);
    return checksumsOf(
      tx,
      (await listTables(tx)).map((t) => t.name),
    );
  });
}

/** The tables whose count or checksum differ between two summaries (empty when they agree). */
export function differences(a: TableSummary[], b: TableSummary[]): string[] {
  const other = new Map(b.map((t) => [t.name, t]));
  const names = new Set([...a.map((t) => t.name), ...b.map((t) => t.name)]);
  const out: string[] = [];
  for (const name of [...names].sort()) {
    const x = a.find((t) => t.name === name);
    const y = other.get(name);
    if (!x || !y || x.rowCount !== y.rowCount || x.checksum !== y.checksum) {
      out.push(`${name}: ${x ? `${x.rowCount} (${x.checksum})` : '-'} ≠ ${y ? `${y.rowCount} (${y.checksum})` : '-'}`);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Migrations: the drizzle bookkeeping table says which schema version a database is at.

export async function appliedMigrations(db: DbOrTx): Promise<Migration[]> {
  const [{ present }] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present) return [];
  const rows = await queryRows<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

export const codeMigrations = () => readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });

export function migrationTag(createdAt: number): string | null {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.find((e) => e.when === createdAt)?.tag ?? null;
}
