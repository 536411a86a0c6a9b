import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { bearer, createTestApp, TEST_SECRET, type TestApp } from '../test/app';
import { PGLITE_TEMPLATE_FILE, serverDatabase, testDbKind } from '../test/db';
import { multipart } from '../test/multipart';
import { uniq } from '../test/uniq';
import { demoEmail } from '../seed/demo';
import { moveSchool, writeBackup } from './backup';
import { BackupError, differences, tableChecksums, type BackupSummary } from './backup-format';
import { restoreBackup } from './restore';
import { fromPglite, queryRows, type Database } from './client';
import { sql } from 'drizzle-orm';

const work = mkdtempSync(join(tmpdir(), 'backup-test-'));
const srcDir = join(work, 'school');
// A cover of a few chunks (the file holds uploads in 48 KB pieces), random so a mix-up shows.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(150_000)]);

let src: TestApp;
let file: string;
let backup: BackupSummary;
let coverName: string;

const emptyPglite = async () => fromPglite(await PGlite.create());
/** Migrated and empty (faster than migrating; also an accepted target): the test template when this run made it. */
const migratedPglite = async () =>
  testDbKind() === 'pglite'
    ? fromPglite(await PGlite.create({ loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]) }))
    : emptyPglite();

/** A database of its own on the PostgreSQL server, dropped by the returned close(). */
const emptyServerDatabase = () => serverDatabase({ name: `test_restore_${randomBytes(5).toString('hex')}` });

const publicTables = async (database: Database) =>
  (
    await queryRows<{ name: string }>(
      database.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((r) => r.name);

beforeAll(async () => {
  src = await createTestApp({ DATA_DIR: srcDir });
  const admin = await src.tokenFor('quantri');
  const body = multipart({ filename: 'bia.png', content: PNG, contentType: 'image/png' });
  const up = await src.app.inject({
    method: 'POST',
    url: '/api/v1/surveys/uploads/cover',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin) },
  });
  expect(up.statusCode, up.body).toBe(200);
  coverName = (up.json().data.url as string).replace('/uploads/', '');
  const campus = await src.app.inject({
    method: 'POST',
    url: '/api/v1/campuses',
    headers: bearer(admin),
    payload: { code: uniq('CS'), name: 'Cơ sở sao lưu', address: 'Huế' },
  });
  expect(campus.statusCode, campus.body).toBeLessThan(300);
  file = join(work, 'school.jsonl.gz');
  backup = await writeBackup(src.database, { file, uploadsDir: join(srcDir, 'uploads') });
  console.log(`demo school backup: ${backup.bytes} bytes, ${backup.ms} ms, ${backup.tables.reduce((n, t) => n + t.rowCount, 0)} rows`);
}, 120_000);

afterAll(async () => {
  await src?.close();
  rmSync(work, { recursive: true, force: true });
});

async function startOn(database: Database, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: TEST_SECRET,
    AUTH_DEV_LOGIN: 'true',
    DATA_DIR: dataDir,
    WEB_DIST: join(tmpdir(), 'no-web-dist'),
  });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/** Restored: the same rows and files as the source; the app starts on it and a new row gets a new id. */
async function expectSameSchool(target: Database, dataDir: string) {
  expect(differences(backup.tables, await tableChecksums(target.db))).toEqual([]);
  expect(Buffer.compare(readFileSync(join(dataDir, 'uploads', coverName)), PNG)).toBe(0);
  const app = await startOn(target, dataDir);
  try {
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: demoEmail('quantri') } });
    expect(login.statusCode, login.body).toBe(200);
    const admin = bearer(login.json().data.token as string);
    const [{ max }] = await queryRows<{ max: number }>(target.db, sql`select max(id)::int as max from campuses`);
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/campuses',
      headers: admin,
      payload: { code: uniq('CS'), name: 'Cơ sở sau khôi phục', address: '' },
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    expect(made.json().data.id).toBeGreaterThan(max);
    const cover = await app.inject({ method: 'GET', url: `/uploads/${coverName}` });
    expect(cover.statusCode).toBe(200);
    expect(Buffer.compare(cover.rawPayload, PNG)).toBe(0);
  } finally {
    await app.close();
  }
}

describe('backup', () => {
  it('holds every table of the public schema with its row count and checksum, and the uploads', async () => {
    expect(backup.tables.map((t) => t.name)).toEqual(await publicTables(src.database));
    const rows = new Map(backup.tables.map((t) => [t.name, t.rowCount]));
    for (const t of ['users', 'students', 'survey_responses', 'response_details', 'audit_logs', 'campuses']) {
      expect(rows.get(t), t).toBeGreaterThan(0);
    }
    expect(backup.schemaVersion).toMatch(/^\d{4}_/);
    expect(backup.files).toEqual([expect.objectContaining({ name: coverName, size: PNG.length })]);
    // The checksums written while streaming are those of the database read afterwards.
    expect(differences(backup.tables, await tableChecksums(src.database.db))).toEqual([]);
    const header = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n')[0]);
    expect(header.migrations.length).toBeGreaterThan(0);
    expect(header.sequences.map((s: { name: string }) => s.name)).toContain('audit_logs_id_seq');
  });

  it('refuses to overwrite an existing file', async () => {
    await expect(writeBackup(src.database, { file, uploadsDir: join(srcDir, 'uploads') })).rejects.toThrow(/đã có/);
  });
});

// Whole-database restores of the demo school: seconds on a quiet machine, but well past 30 s on a loaded 2-core one.
describe('restore', { timeout: 120_000 }, () => {
  it('into an empty embedded database: same rows, same files, the app starts and inserts', async () => {
    const target = await emptyPglite();
    const dataDir = join(work, 'restored-pglite');
    try {
      const res = await restoreBackup(target, { file, uploadsDir: join(dataDir, 'uploads') });
      expect(differences(res.tables, backup.tables)).toEqual([]);
      await expectSameSchool(target, dataDir);
    } finally {
      await target.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('into an empty database on the PostgreSQL server', async () => {
    const target = await emptyServerDatabase();
    const dataDir = join(work, 'restored-pg');
    try {
      await restoreBackup(target, { file, uploadsDir: join(dataDir, 'uploads') });
      await expectSameSchool(target, dataDir);
    } finally {
      await target.close();
    }
  });

  it('refuses a database that holds rows, with a clear message, and changes nothing', async () => {
    const before = await tableChecksums(src.database.db);
    const uploads = join(srcDir, 'uploads');
    const filesBefore = readdirSync(uploads).sort();
    const err = await restoreBackup(src.database, { file, uploadsDir: uploads }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/Cơ sở dữ liệu đích không trống \(bảng \w+ có dữ liệu\)/);
    expect((err as Error).message).toMatch(/The target database is not empty/);
    expect(differences(before, await tableChecksums(src.database.db))).toEqual([]);
    expect(readdirSync(uploads).sort()).toEqual(filesBefore);
  });

  it('refuses a backup made by a newer version of the app before touching the database', async () => {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]);
    const future = header.schemaVersion.createdAt + 86_400_000;
    header.migrations.push({ hash: 'f'.repeat(64), createdAt: future });
    header.schemaVersion = { tag: '9999_future', createdAt: future };
    const newer = join(work, 'newer.jsonl.gz');
    writeFileSync(newer, gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')));
    const target = await emptyPglite();
    try {
      await expect(restoreBackup(target, { file: newer, uploadsDir: join(work, 'newer-uploads') })).rejects.toThrow(
        /phiên bản ứng dụng mới hơn[\s\S]*newer version of the app/,
      );
      expect(await publicTables(target)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('refuses a damaged or cut file and restores nothing of it', async () => {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const row = lines.findIndex((l, i) => i > 0 && l.startsWith('{"id"'));
    const damaged = join(work, 'damaged.jsonl.gz');
    writeFileSync(
      damaged,
      gzipSync([...lines.slice(0, row), lines[row].replace(/"id": (\d+)/, '"id": 9$1'), ...lines.slice(row + 1)].join('\n')),
    );
    const cut = join(work, 'cut.jsonl.gz');
    writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n')));
    for (const f of [damaged, cut]) {
      const target = await migratedPglite();
      const uploads = join(work, `bad-uploads-${randomBytes(3).toString('hex')}`);
      try {
        await expect(restoreBackup(target, { file: f, uploadsDir: uploads })).rejects.toThrow(
          /hỏng hoặc không đầy đủ[\s\S]*damaged or incomplete/,
        );
        for (const t of await tableChecksums(target.db)) expect(t.rowCount, t.name).toBe(0);
        expect(() => readdirSync(uploads)).toThrow();
      } finally {
        await target.close();
      }
    }
  });
});

describe('move to a server', { timeout: 120_000 }, () => {
  it('backs up, restores into the empty target, keeps the uploads where they are, and verifies every table', async () => {
    const target = process.env.TEST_DATABASE_URL ? await emptyServerDatabase() : await migratedPglite();
    try {
      const moved = await moveSchool(src.database, target, { file: join(work, 'move.jsonl.gz'), uploadsDir: join(srcDir, 'uploads') });
      expect(moved.tables.length).toBe(backup.tables.length);
      expect(differences(moved.tables, await tableChecksums(target.db))).toEqual([]);
      await expectSameSchool(target, srcDir);
      // Moving again into the now full target is refused before a copy is written.
      const again = join(work, 'move2.jsonl.gz');
      await expect(moveSchool(src.database, target, { file: again, uploadsDir: join(srcDir, 'uploads') })).rejects.toThrow(
        /không trống[\s\S]*not empty/,
      );
      expect(existsSync(again)).toBe(false);
    } finally {
      await target.close();
    }
  });
});
