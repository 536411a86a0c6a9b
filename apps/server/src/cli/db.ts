import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { moveSchool, writeBackup } from '../db/backup';
import { BackupError, type TableSummary } from '../db/backup-format';
import { restoreBackup } from '../db/restore';
import { openDatabase, type Database } from '../db/client';

/**
 * The database commands (README, "Sao lưu, khôi phục và chuyển lên máy chủ PostgreSQL"):
 *   npm run backup -- [file]      the whole school (DATABASE_URL, else the embedded one in DATA_DIR) to a file
 *   npm run restore -- <file>     into an empty database (DATABASE_URL, else DATA_DIR)
 *   npm run move-to-server        the embedded school of DATA_DIR into the empty DATABASE_URL, verified
 */

const USAGE = `Cách dùng / usage:
  npm run backup -- [tệp.jsonl.gz]
  npm run restore -- <tệp.jsonl.gz>
  npm run move-to-server [-- tệp.jsonl.gz]`;

class UsageError extends Error {}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const uploadsDirOf = (config: AppConfig) => join(config.dataDir, 'uploads');
const pgdataOf = (config: AppConfig) => join(config.dataDir, 'pgdata');
/** The server's address without its password, for messages. */
const shown = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

const rows = (tables: TableSummary[]) => tables.reduce((n, t) => n + t.rowCount, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * PGlite is one process's database: a second process opening the same folder would damage it.
 * An open folder holds postmaster.pid (PGlite removes it when it closes).
 */
function assertEmbeddedClosed(config: AppConfig) {
  const pid = join(pgdataOf(config), 'postmaster.pid');
  if (existsSync(pid)) {
    throw new BackupError(
      `Cơ sở dữ liệu nhúng ở ${pgdataOf(config)} đang mở (máy chủ đang chạy?): hãy dừng máy chủ rồi chạy lại lệnh. ` +
        `Nếu máy chủ đã tắt đột ngột, hãy chạy npm start rồi dừng bằng Ctrl+C một lần.\n` +
        `The embedded database in ${pgdataOf(config)} is open (is the server running?): stop the server and run the command again. ` +
        `If the server stopped abruptly, run npm start and stop it with Ctrl+C once.`,
    );
  }
}

function assertEmbeddedExists(config: AppConfig) {
  if (!existsSync(join(pgdataOf(config), 'PG_VERSION'))) {
    throw new BackupError(
      `Không có cơ sở dữ liệu nhúng ở ${pgdataOf(config)} (DATA_DIR=${config.dataDir}).\nNo embedded database in ${pgdataOf(config)} (DATA_DIR=${config.dataDir}).`,
    );
  }
}

async function withDatabase<T>(database: Database, fn: (d: Database) => Promise<T>) {
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function backup(config: AppConfig, file: string | undefined) {
  // By default beside the data (DATA_DIR is git-ignored: a copy of the school never lands in a commit).
  const target = resolve(file ?? join(config.dataDir, 'backups', `sao-luu-${stamp()}.jsonl.gz`));
  if (!config.databaseUrl) {
    assertEmbeddedExists(config);
    assertEmbeddedClosed(config);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const s = await withDatabase(database, (d) => writeBackup(d, { file: target, uploadsDir: uploadsDirOf(config) }));
  console.log(
    `Đã sao lưu ${config.databaseUrl ? shown(config.databaseUrl) : config.dataDir} vào ${s.file}: ${kb(s.bytes)}, ` +
      `${s.tables.length} bảng, ${rows(s.tables)} dòng, ${s.files.length} tệp tải lên, lược đồ ${s.schemaVersion ?? '?'}, ${seconds(s.ms)}.`,
  );
}

async function restore(config: AppConfig, file: string | undefined) {
  if (!file) throw new UsageError('Thiếu tên tệp sao lưu / the backup file is missing.');
  if (!config.databaseUrl) assertEmbeddedClosed(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const s = await withDatabase(database, (d) => restoreBackup(d, { file: resolve(file), uploadsDir: uploadsDirOf(config) }));
  console.log(
    `Đã khôi phục ${resolve(file)} vào ${config.databaseUrl ? shown(config.databaseUrl) : config.dataDir}: ${s.tables.length} bảng, ` +
      `${rows(s.tables)} dòng (số dòng và mã kiểm tra từng bảng đều khớp), ${s.files.length} tệp tải lên vào ${uploadsDirOf(config)}, ` +
      `${seconds(s.ms)}. Khởi động: npm start.`,
  );
}

async function moveToServer(config: AppConfig, file: string | undefined) {
  if (!config.databaseUrl) {
    throw new BackupError(
      'Hãy đặt DATABASE_URL=postgres://… trỏ tới một cơ sở dữ liệu trống trên máy chủ PostgreSQL.\nSet DATABASE_URL=postgres://… to an empty database on the PostgreSQL server.',
    );
  }
  assertEmbeddedExists(config);
  assertEmbeddedClosed(config);
  const copy = resolve(file ?? join(config.dataDir, 'backups', `chuyen-may-chu-${stamp()}.jsonl.gz`));
  const source = await openDatabase({ dataDir: config.dataDir });
  const moved = await withDatabase(source, async (src) => {
    const target = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    return withDatabase(target, (dst) => moveSchool(src, dst, { file: copy, uploadsDir: uploadsDirOf(config) }));
  });
  console.log(
    [
      `Đã chuyển trường từ ${config.dataDir} lên ${shown(config.databaseUrl)}: ${moved.tables.length} bảng, ${rows(moved.tables)} dòng; ` +
        `số dòng và mã kiểm tra từng bảng trên máy chủ khớp bản sao lưu (${seconds(moved.backup.ms + moved.restored.ms)}).`,
      `Bản sao lưu giữ lại: ${copy} (${kb(moved.backup.bytes)}).`,
      `Từ nay hãy khởi động với DATABASE_URL đã đặt (DATABASE_URL=… npm start), giữ nguyên DATA_DIR=${config.dataDir}: ` +
        `tệp tải lên (${uploadsDirOf(config)}) vẫn ở đó. Cơ sở dữ liệu nhúng cũ không bị xoá và không còn được dùng.`,
    ].join('\n'),
  );
}

const COMMANDS: Record<string, (config: AppConfig, file: string | undefined) => Promise<void>> = {
  backup,
  restore,
  'move-to-server': moveToServer,
};

async function main(argv: string[]) {
  const [command, file, ...extra] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run || extra.length) throw new UsageError(USAGE);
  await run(loadConfig(), file);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof ConfigError || err instanceof UsageError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
