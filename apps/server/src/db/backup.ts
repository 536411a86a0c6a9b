import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  differences,
  fixTextForms,
  listTables,
  migrationTag,
  refuse,
  TableHash,
  tableChecksums,
  tableRows,
  type BackupHeader,
  type BackupSummary,
  type FileSummary,
  type SequenceState,
  type TableSummary,
} from './backup-format';
import { queryRows, type Database, type DbOrTx } from './client';
import { assertEmpty, restoreBackup } from './restore';

/** Writing a backup (the file's layout: backup-format.ts), and moving a school in one step. */
async function listSequences(db: DbOrTx) {
  return queryRows<SequenceState>(
    db,
    sql`select format('%I', s.relname) as name, t.relname as "table", a.attname as "column", q.last_value::text as "lastValue"
        from pg_class s
        join pg_sequences q on q.schemaname = 'public' and q.sequencename = s.relname
        left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype in ('a', 'i')
          and d.refclassid = 'pg_class'::regclass
        left join pg_class t on t.oid = d.refobjid
        left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace
        order by s.relname`,
  );
}

async function* walkFiles(root: string, dir = root): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* walkFiles(root, path);
    else if (e.isFile()) yield relative(root, path).split(sep).join('/');
  }
}

const CHUNK = 48 * 1024;

/**
 * Writes the whole database and the uploads directory to `file` (gzip'd JSON lines), from one
 * REPEATABLE READ, read-only transaction: a consistent snapshot while the school keeps working.
 * The file is written beside its final name and renamed when complete; an existing file is refused.
 */
export async function writeBackup(database: Database, opts: { file: string; uploadsDir: string }): Promise<BackupSummary> {
  const started = Date.now();
  if (existsSync(opts.file))
    throw refuse(`Tệp ${opts.file} đã có: hãy chọn tên khác.`, `${opts.file} already exists: choose another name.`);
  await mkdir(dirname(opts.file), { recursive: true, mode: 0o700 });
  const tmp = `${opts.file}.${randomBytes(4).toString('hex')}.part`;
  const tables: TableSummary[] = [];
  const files: FileSummary[] = [];
  let schemaVersion: string | null = null;
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      await fixTextForms(tx);
      const migrations = await appliedMigrations(tx);
      if (!migrations.length) {
        throw refuse(
          'Cơ sở dữ liệu chưa có lược đồ (chưa chạy migration): không có gì để sao lưu.',
          'The database has no schema (never migrated): nothing to back up.',
        );
      }
      const last = migrations[migrations.length - 1];
      schemaVersion = migrationTag(last.createdAt);
      const tableList = await listTables(tx);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        source: database.kind,
        schemaVersion: { tag: schemaVersion, createdAt: last.createdAt },
        migrations,
        tables: tableList,
        sequences: await listSequences(tx),
      };
      async function* lines(): AsyncGenerator<string> {
        let buf = `${JSON.stringify(header)}\n`;
        const flush = () => {
          const out = buf;
          buf = '';
          return out;
        };
        for (const t of tableList) {
          buf += `${JSON.stringify(['table', { name: t.name }])}\n`;
          const h = new TableHash();
          for await (const row of tableRows(tx, t.name)) {
            h.add(row);
            buf += `${row}\n`;
            if (buf.length >= 64 * 1024) yield flush();
          }
          const summary = { name: t.name, rowCount: h.rowCount, checksum: h.checksum };
          tables.push(summary);
          buf += `${JSON.stringify(['tableEnd', summary])}\n`;
        }
        for await (const name of walkFiles(opts.uploadsDir)) {
          const data = await readFile(join(opts.uploadsDir, name));
          buf += `${JSON.stringify(['file', { name }])}\n`;
          for (let i = 0; i < data.length; i += CHUNK) {
            buf += `${JSON.stringify(['chunk', data.subarray(i, i + CHUNK).toString('base64')])}\n`;
            yield flush();
          }
          const f = { name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
          files.push(f);
          buf += `${JSON.stringify(['fileEnd', f])}\n`;
        }
        buf += `${JSON.stringify(['end', { tables, files }])}\n`;
        yield flush();
      }
      await pipeline(Readable.from(lines()), createGzip(), createWriteStream(tmp, { mode: 0o600 }));
    });
    await rename(tmp, opts.file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return { file: opts.file, bytes: (await stat(opts.file)).size, ms: Date.now() - started, schemaVersion, tables, files };
}

export async function moveSchool(source: Database, target: Database, opts: { file: string; uploadsDir: string }) {
  // Refused before a copy is written: the target must be empty and not ahead of the source.
  const applied = await appliedMigrations(source.db);
  await assertEmpty(target.db, applied[applied.length - 1]?.createdAt ?? 0);
  const backup = await writeBackup(source, opts);
  const restored = await restoreBackup(target, { file: opts.file, uploadsDir: null });
  const diff = differences(backup.tables, await tableChecksums(target.db));
  if (diff.length) {
    throw refuse(
      `Dữ liệu trên máy chủ khác bản sao lưu: ${diff.join('; ')}`,
      `The data on the server differs from the backup: ${diff.join('; ')}`,
    );
  }
  return { backup, restored, tables: backup.tables };
}
