import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  checksumsOf,
  codeMigrations,
  differences,
  fixTextForms,
  ident,
  listTables,
  refuse,
  TableHash,
  tableRef,
  type BackupHeader,
  type FileSummary,
  type SequenceState,
  type TableSummary,
} from './backup-format';
import { MIGRATIONS_DIR, queryRows, type Database, type Db, type DbOrTx } from './client';

/** Restoring a backup (the file's layout: backup-format.ts) into an empty database of either kind. */
/** The file's lines, read and unzipped as a stream. */
async function* readLines(file: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  const src = createReadStream(file);
  const gunzip = createGunzip();
  src.on('error', (err) => gunzip.destroy(err));
  for await (const chunk of src.pipe(gunzip) as AsyncIterable<Buffer>) {
    const parts = (rest + decoder.write(chunk)).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

const corrupt = (what: string) =>
  refuse(
    `Tệp sao lưu hỏng hoặc không đầy đủ (${what}): không khôi phục gì.`,
    `The backup file is damaged or incomplete (${what}): nothing was restored.`,
  );

function marker(line: string): [string, unknown] {
  if (!line.startsWith('[')) throw corrupt('dòng không mong đợi / unexpected line');
  try {
    return JSON.parse(line) as [string, unknown];
  } catch {
    throw corrupt('JSON');
  }
}

const SAFE_NAME = /^[A-Za-z0-9._-]+$/;
function safeFileName(name: string): string {
  const parts = name.split('/');
  if (!parts.every((p) => SAFE_NAME.test(p) && p !== '.' && p !== '..')) throw corrupt(`tên tệp / file name ${JSON.stringify(name)}`);
  return parts.join(sep);
}

async function readHeader(file: string): Promise<{ header: BackupHeader; lines: AsyncGenerator<string> }> {
  if (!existsSync(file)) throw refuse(`Không thấy tệp ${file}.`, `File ${file} not found.`);
  const lines = readLines(file);
  let first: IteratorResult<string>;
  try {
    first = await lines.next();
  } catch {
    throw corrupt('gzip');
  }
  let header: BackupHeader | null;
  try {
    header = first.done ? null : (JSON.parse(first.value) as BackupHeader);
  } catch {
    header = null;
  }
  if (!header || header.format !== BACKUP_FORMAT) {
    throw refuse(`${file} không phải tệp sao lưu của ứng dụng này.`, `${file} is not a backup made by this application.`);
  }
  if (header.version !== BACKUP_VERSION) {
    throw refuse(
      `Tệp sao lưu dạng ${header.version}, phiên bản này chỉ đọc dạng ${BACKUP_VERSION}.`,
      `The backup is format version ${header.version}; this version of the app reads version ${BACKUP_VERSION}.`,
    );
  }
  return { header, lines };
}

/** Refuses a backup newer than this code, or one whose migrations this code does not know. */
function migrationsUpTo(header: BackupHeader) {
  const code = codeMigrations();
  const known = new Set(code.map((m) => m.folderMillis));
  const newest = code[code.length - 1]?.folderMillis ?? 0;
  for (const m of header.migrations) {
    if (m.createdAt > newest) {
      throw refuse(
        'Tệp sao lưu được tạo từ phiên bản ứng dụng mới hơn phiên bản này (lược đồ cơ sở dữ liệu mới hơn): hãy cập nhật ứng dụng rồi khôi phục.',
        'The backup was made by a newer version of the app (newer database schema): update the app, then restore.',
      );
    }
    if (!known.has(m.createdAt)) {
      throw refuse(
        'Tệp sao lưu có migration mà phiên bản này không biết.',
        'The backup has a migration this version of the app does not know.',
      );
    }
  }
  return code.filter((m) => m.folderMillis <= header.schemaVersion.createdAt);
}

/** Refuses a database holding any row (migration bookkeeping aside) or a newer schema. */
export async function assertEmpty(db: Db, schemaVersion: number) {
  const applied = await appliedMigrations(db);
  if (applied.some((m) => m.createdAt > schemaVersion)) {
    throw refuse(
      'Cơ sở dữ liệu đích có lược đồ mới hơn tệp sao lưu: hãy khôi phục vào một cơ sở dữ liệu trống mới tạo.',
      'The target database has a newer schema than the backup: restore into a newly created, empty database.',
    );
  }
  for (const t of await listTables(db)) {
    const [{ any }] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from ${tableRef(t.name)}) as any`);
    if (any) {
      throw refuse(
        `Cơ sở dữ liệu đích không trống (bảng ${t.name} có dữ liệu): chỉ khôi phục vào cơ sở dữ liệu trống. Không có gì bị thay đổi.`,
        `The target database is not empty (table ${t.name} has rows): restore only into an empty database. Nothing was changed.`,
      );
    }
  }
}

interface ForeignKey {
  tbl: string;
  name: string;
  deferrable: boolean;
  deferred: boolean;
}

/**
 * Rows go in as the file holds them (tables by name), so foreign keys are checked at the end:
 * each is made deferrable for this transaction and set back as it was. This needs no superuser
 * (unlike session_replication_role), only the ownership of the tables, on both drivers.
 */
async function deferForeignKeys(tx: DbOrTx): Promise<ForeignKey[]> {
  const keys = await queryRows<ForeignKey>(
    tx,
    sql`select format('%I', c.relname) as tbl, format('%I', k.conname) as name, k.condeferrable as deferrable, k.condeferred as deferred
        from pg_constraint k join pg_class c on c.oid = k.conrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  for (const k of keys) await tx.execute(sql.raw(`alter table public.${k.tbl} alter constraint ${k.name} deferrable initially deferred`));
  await tx.execute(sql`set constraints all deferred`);
  return keys;
}

async function checkForeignKeys(tx: DbOrTx, keys: ForeignKey[]) {
  await tx.execute(sql`set constraints all immediate`);
  for (const k of keys) {
    const mode = !k.deferrable ? 'not deferrable' : k.deferred ? 'deferrable initially deferred' : 'deferrable initially immediate';
    await tx.execute(sql.raw(`alter table public.${k.tbl} alter constraint ${k.name} ${mode}`));
  }
}

async function insertRows(tx: DbOrTx, table: { name: string; columns: string[] }, rows: string[]) {
  const cols = sql.join(
    table.columns.map((c) => ident(c)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${tableRef(table.name)} (${cols}) overriding system value
        select ${cols} from jsonb_populate_recordset(null::${tableRef(table.name)}, ${`[${rows.join(',')}]`}::jsonb)`,
  );
}

async function setSequences(tx: DbOrTx, sequences: SequenceState[]) {
  for (const s of sequences) {
    const max: SQL = s.table && s.column ? sql`(select max(${ident(s.column)})::bigint from ${tableRef(s.table)})` : sql`null::bigint`;
    // greatest() ignores nulls; a sequence never used and an empty table keep their start.
    await tx.execute(
      sql`select setval(${`public.${s.name}`}::regclass, v) from (select greatest(${s.lastValue}::bigint, ${max}) as v) x where v is not null`,
    );
  }
}

export interface RestoreSummary {
  ms: number;
  schemaVersion: string | null;
  tables: TableSummary[];
  files: FileSummary[];
}

/**
 * Restores a backup into an empty database of either kind: refuses (changing nothing) a database
 * holding rows, a newer schema, or a backup newer than this code; migrates to the backup's schema
 * version (the app's next start migrates on), loads every table in one transaction, checks the
 * foreign keys, sets every sequence, verifies each table's count and checksum against the file,
 * and only then commits and puts the uploaded files in place. `uploadsDir: null` skips the files
 * (moving a school whose uploads directory stays where it is).
 */
export async function restoreBackup(database: Database, opts: { file: string; uploadsDir: string | null }): Promise<RestoreSummary> {
  const started = Date.now();
  const { header, lines } = await readHeader(opts.file);
  const migrations = migrationsUpTo(header);
  await assertEmpty(database.db, header.schemaVersion.createdAt);
  // The driver's own migrator, limited to the backup's version (drizzle's migrate() takes a folder).
  await new PgDialect().migrate(migrations, database.db._.session as unknown as Parameters<PgDialect['migrate']>[1], {
    migrationsFolder: MIGRATIONS_DIR,
  });

  const staging = opts.uploadsDir ? `${opts.uploadsDir.replace(/[\\/]$/, '')}.restore-${randomBytes(4).toString('hex')}` : null;
  const files: FileSummary[] = [];
  let tables: TableSummary[] = [];
  try {
    await database.db.transaction(async (tx) => {
      await fixTextForms(tx);
      const target = new Map((await listTables(tx)).map((t) => [t.name, t]));
      for (const t of header.tables) {
        const here = target.get(t.name);
        if (!here || t.columns.some((c) => !here.columns.includes(c))) {
          throw refuse(`Bảng ${t.name} của tệp sao lưu không khớp lược đồ.`, `Table ${t.name} of the backup does not match the schema.`);
        }
      }
      const keys = await deferForeignKeys(tx);
      const fromFile: TableSummary[] = [];
      let ended: { tables: TableSummary[]; files: FileSummary[] } | null = null;
      let table: { name: string; columns: string[] } | null = null;
      let hash = new TableHash();
      let batch: string[] = [];
      let batchChars = 0;
      let file: { name: string; parts: Buffer[] } | null = null;
      const flush = async () => {
        if (table && batch.length) await insertRows(tx, table, batch);
        batch = [];
        batchChars = 0;
      };
      try {
        for await (const line of lines) {
          if (ended) throw corrupt('dữ liệu sau phần kết / data after the end');
          if (table && line.startsWith('{')) {
            hash.add(line);
            batch.push(line);
            batchChars += line.length;
            if (batch.length >= 1000 || batchChars >= 1 << 20) await flush();
            continue;
          }
          const [kind, body] = marker(line);
          if (kind === 'table' && !table && !file) {
            const name = (body as { name: string }).name;
            table = header.tables.find((t) => t.name === name) ?? null;
            if (!table) throw corrupt(`bảng ${name}`);
            hash = new TableHash();
          } else if (kind === 'tableEnd' && table) {
            await flush();
            const s = body as TableSummary;
            if (s.name !== table.name || s.rowCount !== hash.rowCount || s.checksum !== hash.checksum)
              throw corrupt(`bảng / table ${table.name}`);
            fromFile.push(s);
            table = null;
          } else if (kind === 'file' && !table && !file) {
            file = { name: (body as { name: string }).name, parts: [] };
            safeFileName(file.name);
          } else if (kind === 'chunk' && file) {
            file.parts.push(Buffer.from(body as string, 'base64'));
          } else if (kind === 'fileEnd' && file) {
            const data = Buffer.concat(file.parts);
            const s = body as FileSummary;
            const sha256 = createHash('sha256').update(data).digest('hex');
            if (s.name !== file.name || s.size !== data.length || s.sha256 !== sha256) throw corrupt(`tệp / file ${file.name}`);
            if (staging) {
              const path = join(staging, safeFileName(file.name));
              await mkdir(dirname(path), { recursive: true, mode: 0o700 });
              await writeFile(path, data, { mode: 0o600 });
            }
            files.push(s);
            file = null;
          } else if (kind === 'end' && !table && !file) {
            ended = body as { tables: TableSummary[]; files: FileSummary[] };
          } else {
            throw corrupt(`dấu ${kind}`);
          }
        }
      } catch (err) {
        if (err instanceof BackupError) throw err;
        throw corrupt(err instanceof Error ? err.message : String(err));
      }
      if (!ended) throw corrupt('thiếu phần kết / no end');
      if (differences(ended.tables, fromFile).length || ended.files.length !== files.length || fromFile.length !== header.tables.length) {
        throw corrupt('tổng kết / summary');
      }
      await checkForeignKeys(tx, keys);
      await setSequences(tx, header.sequences);
      // What the database now holds, read back: the same rows as the file, table by table.
      tables = await checksumsOf(
        tx,
        header.tables.map((t) => t.name),
      );
      const diff = differences(fromFile, tables);
      if (diff.length)
        throw refuse(`Dữ liệu khôi phục khác tệp sao lưu: ${diff.join('; ')}`, `Restored data differs from the backup: ${diff.join('; ')}`);
      if (staging && opts.uploadsDir) await assertNoConflicts(staging, opts.uploadsDir, files);
    });
    if (staging && opts.uploadsDir) await moveFiles(staging, opts.uploadsDir, files);
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
    await lines.return(undefined);
  }
  return { ms: Date.now() - started, schemaVersion: header.schemaVersion.tag, tables, files };
}

async function sha256Of(path: string): Promise<string | null> {
  try {
    return createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** An uploaded file of the same name but other content is never overwritten. */
async function assertNoConflicts(staging: string, uploadsDir: string, files: FileSummary[]) {
  for (const f of files) {
    const existing = await sha256Of(join(uploadsDir, safeFileName(f.name)));
    if (existing !== null && existing !== f.sha256) {
      throw refuse(
        `Thư mục tệp tải lên đã có ${f.name} với nội dung khác: không khôi phục gì.`,
        `The uploads directory already holds a different ${f.name}: nothing was restored.`,
      );
    }
  }
}

async function moveFiles(staging: string, uploadsDir: string, files: FileSummary[]) {
  await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
  for (const f of files) {
    const to = join(uploadsDir, safeFileName(f.name));
    if ((await sha256Of(to)) === f.sha256) continue;
    await mkdir(dirname(to), { recursive: true, mode: 0o700 });
    await rename(join(staging, safeFileName(f.name)), to);
  }
}

/**
 * Moves a school in one step (`npm run move-to-server`): backs up `source` to `file` (kept as a
 * copy), restores it into the empty `target` (the uploads directory stays where it is), then reads
 * every table of the target back and compares its row count and checksum with the backup's.
 */
