import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { runImport } from '../areas/school/imports/imports.service';
import type { ImportKind } from '../areas/school/core/import-kind';
import { AppError } from '../plugins/errors';
import type { Actor } from '@/plugins/actor';
import { foldSql, searchColumns, searchWhere } from '@/db/sql';
import { searchText } from './list';
import { refuseIfUsed, write } from './write';
import { createSessionTokens } from './tokens';
import { readSheet, xlsxBuffer } from './xlsx';

let database: Database;
const actor: Actor = { userId: null, roles: [], teacherId: null, studentId: null, requestId: 'test-req', ip: '127.0.0.1' };

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table lib_people (id serial primary key, code text unique not null, name text not null, search_text text not null default '')`,
  );
  for (const [code, name] of [
    ['HS1', 'Nguyễn Đức Anh'],
    ['HS2', 'Trần Thị Bích'],
    ['HS3', 'Lê Văn Đạt'],
  ]) {
    await database.db.execute(sql`insert into lib_people (code, name, search_text) values (${code}, ${name}, ${searchText(code, name)})`);
  }
});
afterAll(() => database.close());

const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name).sort();

describe('search', () => {
  it('matches stored search text with or without accents, every word', async () => {
    const find = (s: string) =>
      queryRows<{ name: string }>(database.db, sql`select name from lib_people where ${searchWhere(sql`search_text`, s) ?? sql`true`}`);
    expect(names(await find('duc anh'))).toEqual(['Nguyễn Đức Anh']);
    expect(names(await find('ĐỨC'))).toEqual(['Nguyễn Đức Anh']);
    expect(names(await find('đạt lê'))).toEqual(['Lê Văn Đạt']);
    expect(names(await find('hs'))).toHaveLength(3);
    expect(await find('50%_')).toHaveLength(0);
    expect(names(await find('  '))).toHaveLength(3);
  });

  it('folds plain columns in SQL the same way as in JavaScript', async () => {
    const [row] = await queryRows<{ f: string }>(database.db, sql`select ${foldSql(sql`${'Nguyễn Đức Anh ỰỸ'}::text`)} as f`);
    expect(row.f).toBe('nguyen duc anh uy');
    const hits = await queryRows<{ name: string }>(
      database.db,
      sql`select name from lib_people where ${searchColumns([sql`code`, sql`name`], 'bich tran')!}`,
    );
    expect(names(hits)).toEqual(['Trần Thị Bích']);
  });
});

describe('write and refuseIfUsed', () => {
  it('writes the change and its audit entry together, or neither', async () => {
    await write(database.db, actor, async (ctx) => {
      await ctx.tx.execute(sql`insert into lib_people (code, name) values ('HS9', 'Phạm Hùng')`);
      await ctx.log({ action: 'create', entity: 'lib_people', entityId: 'HS9', after: { name: 'Phạm Hùng' } });
    });
    await expect(
      write(database.db, actor, async (ctx) => {
        await ctx.log({ action: 'create', entity: 'lib_people', entityId: 'HS1' });
        await ctx.tx.execute(sql`insert into lib_people (code, name) values ('HS1', 'trùng mã')`);
      }),
    ).rejects.toThrow();
    const logs = await queryRows<{ entity_id: string; request_id: string }>(
      database.db,
      sql`select entity_id, request_id from audit_logs where entity = 'lib_people'`,
    );
    expect(logs).toEqual([{ entity_id: 'HS9', request_id: 'test-req' }]);
  });

  it('names what still uses a row', async () => {
    await expect(
      refuseIfUsed(database.db, 'môn này', [
        { label: 'lớp học phần', count: sql`select count(*) from lib_people` },
        { label: 'giáo viên', count: sql`select 0` },
      ]),
    ).rejects.toMatchObject({ status: 409, message: 'Không thể xóa môn này vì đang được sử dụng bởi 4 lớp học phần.' });
    await expect(refuseIfUsed(database.db, 'môn này', [{ label: 'x', count: sql`select 0` }])).resolves.toBeUndefined();
  });
});

describe('xlsx and the import framework', () => {
  const kind: ImportKind<{ code: string; name: string }> = {
    kind: 'students',
    title: 'Thử',
    columns: [
      { key: 'code', header: 'Mã', required: true },
      { key: 'name', header: 'Họ và tên', required: true },
    ],
    row: z.object({ code: z.string().min(1, 'Thiếu mã.'), name: z.string().min(2, 'Tên quá ngắn.') }),
    async check(db, rows) {
      const existing = new Set((await queryRows<{ code: string }>(db, sql`select code from lib_people`)).map((r) => r.code));
      return rows.map((r) => ({ action: existing.has(r.code ?? '') ? ('update' as const) : ('create' as const), issues: [] }));
    },
    async apply(ctx, rows) {
      let created = 0;
      let updated = 0;
      for (const r of rows) {
        const res = await queryRows<{ inserted: boolean }>(
          ctx.tx,
          sql`insert into lib_people (code, name) values (${r.code}, ${r.name}) on conflict (code) do update set name = excluded.name returning (xmax = 0) as inserted`,
        );
        if (res[0].inserted) created++;
        else updated++;
      }
      return { created, updated };
    },
  };
  const limits = { maxUnpackedBytes: 20 * 1024 * 1024, maxRows: 1_000 };
  const sheet = (rows: string[][], headers = ['Mã *', 'Họ và tên']) =>
    xlsxBuffer({ sheet: 'Thử', columns: headers.map((h, i) => ({ header: h, value: (r: string[]) => r[i] })), rows });
  const count = async () => (await queryRows<{ n: number }>(database.db, sql`select cast(count(*) as integer) as n from lib_people`))[0].n;

  it('reads xlsx and csv by header', async () => {
    const x = await readSheet(
      await sheet([
        ['A1', 'Ánh'],
        ['', ''],
        ['A2', 'Bảo'],
      ]),
      'a.xlsx',
    );
    expect(x.headers).toEqual(['Mã *', 'Họ và tên']);
    expect(x.rows).toEqual([
      { row: 2, values: { 'Mã *': 'A1', 'Họ và tên': 'Ánh' } },
      { row: 4, values: { 'Mã *': 'A2', 'Họ và tên': 'Bảo' } },
    ]);
    const c = await readSheet(Buffer.from('\uFEFFMã,Họ và tên\nC1,Cường\n'), 'a.csv');
    expect(c.rows).toEqual([{ row: 2, values: { Mã: 'C1', 'Họ và tên': 'Cường' } }]);
    await expect(readSheet(Buffer.from([0x50, 0x4b, 1, 2, 3]), 'a.xlsx')).rejects.toBeInstanceOf(AppError);
  });

  it('previews row by row, refuses a file with a bad row, and commits a good one all at once', async () => {
    const before = await count();
    const bad = await sheet([
      ['N1', 'Nguyễn Mới'],
      ['N2', 'X'],
      ['HS1', 'Nguyễn Đức Anh (sửa)'],
    ]);
    const preview = await runImport({ db: database.db, kind, file: bad, filename: 'f.xlsx', dryRun: true, actor, limits });
    expect(preview).toMatchObject({ total: 3, valid: 2, invalid: 1 });
    expect(preview.rows.map((r) => r.action)).toEqual(['create', 'error', 'update']);
    expect(preview.rows[1].issues).toEqual([{ column: 'Họ và tên', message: 'Tên quá ngắn.' }]);
    await expect(runImport({ db: database.db, kind, file: bad, filename: 'f.xlsx', dryRun: false, actor, limits })).rejects.toMatchObject({
      code: 'IMPORT_INVALID',
    });
    expect(await count()).toBe(before);

    const good = await sheet([
      ['N1', 'Nguyễn Mới'],
      ['N2', 'Xuân'],
      ['HS1', 'Nguyễn Đức Anh (sửa)'],
    ]);
    const done = await runImport({ db: database.db, kind, file: good, filename: 'f.xlsx', dryRun: false, actor, limits });
    expect(done).toMatchObject({ created: 2, updated: 1, invalid: 0 });
    expect(await count()).toBe(before + 2);
  });

  it('names missing required columns', async () => {
    const file = await sheet([['x']], ['Họ và tên']);
    await expect(runImport({ db: database.db, kind, file, filename: 'f.xlsx', dryRun: true, actor, limits })).rejects.toMatchObject({
      message: expect.stringContaining('Thiếu cột bắt buộc: Mã'),
    });
  });
});

describe('session tokens (lib/tokens.ts: HS256 checked with node:crypto)', () => {
  const secret = new TextEncoder().encode('a-session-secret-long-enough-0123456789');
  const tokens = createSessionTokens(secret, '1h');
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('reads its own tokens and refuses altered, unsigned, expired or foreign ones', async () => {
    const token = await tokens.sign(42, 3);
    expect(await tokens.verify(token)).toEqual({ userId: 42, version: 3, sessionId: null });
    expect(await tokens.verify(await tokens.sign(42, 3, 'abc_DEF-1'))).toEqual({ userId: 42, version: 3, sessionId: 'abc_DEF-1' });
    expect(tokens.ttlSeconds).toBe(3600);
    const [head, body, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    expect(await tokens.verify(`${head}.${b64({ ...claims, sub: '1' })}.${sig}`)).toBeNull(); // another user
    expect(await tokens.verify(`${b64({ alg: 'none' })}.${body}.`)).toBeNull();
    expect(await tokens.verify(`${head}.${body}.${sig.slice(0, -2)}`)).toBeNull();
    expect(await tokens.verify(`${head}.${body}`)).toBeNull();
    expect(await createSessionTokens(secret, '-1s').verify(await createSessionTokens(secret, '-1s').sign(42))).toBeNull();
    expect(await tokens.verify(await createSessionTokens(new TextEncoder().encode('x'.repeat(40)), '1h').sign(42))).toBeNull();
  });

  it('remembers a valid token but not past its expiry, and checks any other text whole', async () => {
    const short = createSessionTokens(secret, '2s');
    const token = await short.sign(42, 1);
    expect(await short.verify(token)).toEqual({ userId: 42, version: 1, sessionId: null });
    expect(await short.verify(token)).toEqual({ userId: 42, version: 1, sessionId: null }); // remembered
    const [head, body, sig] = token.split('.');
    expect(await short.verify(`${head}.${body}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 3000 });
    try {
      expect(await short.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
