import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TCode, TTheme } from '@app/shared/theme-codes';
import { queryRows } from '@/db/client';
import { readSheet } from '@/lib/xlsx';
import { seedThemeCodes, THEME_SEED } from '@/seed/theme-codes';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { uniq } from '@/test/uniq';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const l of ['quantri', 'dbcl', 'hieutruong', 'gv.anh', 'hs.an', 'giaovu', 'totruong.ly']) tok[l] = await t.tokenFor(l);
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/theme-codes${url}`,
    headers: bearer(token),
    payload: payload as object | undefined,
  });
  return { status: res.statusCode, body: res.json(), res };
}
const newTheme = async (name = uniq('Chủ đề '), token = tok.dbcl) => {
  const r = await call('POST', '/themes', token, { name, description: 'Mô tả thử' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as TTheme;
};
const newCode = async (extra: Record<string, unknown> = {}) => {
  const r = await call('POST', '/codes', tok.dbcl, { name: uniq('Mã '), keywords: ['từ khóa'], ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as TCode;
};
const audits = (entity: string, id: number | string) =>
  queryRows<{ action: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`select action, before, after from audit_logs where entity = ${entity} and entity_id = ${String(id)} order by id`,
  );

describe('themes', () => {
  it('are written by ADMIN and QUALITY_ASSURANCE, read by the principal too, refused to everyone else', async () => {
    const body = { name: uniq('Chủ đề '), description: '' };
    for (const who of ['hieutruong', 'gv.anh', 'hs.an', 'giaovu', 'totruong.ly']) {
      expect((await call('POST', '/themes', tok[who], body)).status, who).toBe(403);
    }
    const made = await call('POST', '/themes', tok.dbcl, body);
    expect(made.body).toMatchObject({ message: 'Đã tạo chủ đề.', data: { name: body.name, description: null, codeCount: 0 } });
    const id = made.body.data.id;
    for (const who of ['gv.anh', 'hs.an', 'hieutruong']) {
      expect((await call('PUT', `/themes/${id}`, tok[who], body)).status, who).toBe(403);
      expect((await call('DELETE', `/themes/${id}`, tok[who])).status, who).toBe(403);
    }
    for (const who of ['quantri', 'dbcl', 'hieutruong']) expect((await call('GET', `/themes/${id}`, tok[who])).status, who).toBe(200);
    for (const who of ['gv.anh', 'hs.an', 'giaovu']) {
      expect((await call('GET', '/themes', tok[who])).status, who).toBe(403);
      expect((await call('GET', `/themes/${id}/codes`, tok[who])).status, who).toBe(403);
    }
    const edited = await call('PUT', `/themes/${id}`, tok.quantri, { name: `${body.name} mới`, description: 'Có mô tả' });
    expect(edited.body).toMatchObject({ message: 'Đã cập nhật chủ đề.', data: { name: `${body.name} mới`, description: 'Có mô tả' } });
    expect((await audits('theme', id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('pages, sorts and searches without diacritics', async () => {
    const tag = uniq('Nhóm');
    for (const n of ['Âm nhạc', 'Bóng đá', 'Cờ vua']) await newTheme(`${tag} ${n}`);
    const p1 = await call('GET', `/themes?search=${encodeURIComponent(tag)}&limit=2&sort=name`, tok.hieutruong);
    expect(p1.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(p1.body.data.items.map((x: TTheme) => x.name)).toEqual([`${tag} Âm nhạc`, `${tag} Bóng đá`]);
    const p2 = await call('GET', `/themes?search=${encodeURIComponent(tag)}&limit=2&page=2&sort=name`, tok.hieutruong);
    expect(p2.body.data.items.map((x: TTheme) => x.name)).toEqual([`${tag} Cờ vua`]);
    const folded = await call('GET', `/themes?search=${encodeURIComponent(`${tag.toLowerCase()} bong da`)}`, tok.dbcl);
    expect(folded.body.data.items.map((x: TTheme) => x.name)).toEqual([`${tag} Bóng đá`]);
    const desc = await call('GET', `/themes?search=${encodeURIComponent(tag)}&sort=name&order=desc`, tok.dbcl);
    expect(desc.body.data.items[0].name).toBe(`${tag} Cờ vua`);
    expect((await call('GET', '/themes?limit=500', tok.dbcl)).status).toBe(400);
  });

  it('refuses a duplicate name in any case and an empty one, changing nothing', async () => {
    const th = await newTheme();
    const dup = await call('POST', '/themes', tok.dbcl, { name: th.name.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Chủ đề "${th.name.toUpperCase()}" đã tồn tại.`);
    const blank = await call('POST', '/themes', tok.dbcl, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Tên chủ đề là bắt buộc.');
    expect((await call('GET', '/themes/999999', tok.dbcl)).body.message).toBe('Không tìm thấy chủ đề.');
  });

  it('deletes a theme with its assignments, keeping the codes, audited', async () => {
    const th = await newTheme();
    const c = await newCode({ themeIds: [th.id] });
    expect((await call('GET', `/themes/${th.id}`, tok.dbcl)).body.data.codeCount).toBe(1);
    const del = await call('DELETE', `/themes/${th.id}`, tok.dbcl);
    expect(del.body).toMatchObject({ message: 'Đã xóa chủ đề.', data: { id: th.id } });
    expect((await call('GET', `/themes/${th.id}`, tok.dbcl)).status).toBe(404);
    expect((await call('GET', `/codes/${c.id}`, tok.dbcl)).body.data.themes).toEqual([]);
    const log = await audits('theme', th.id);
    expect(log.at(-1)).toMatchObject({ action: 'delete', before: { name: th.name, codeIds: [c.id] } });
  });

  it('exports the list as xlsx', async () => {
    const th = await newTheme();
    const res = await t.app.inject({
      url: `/api/v1/theme-codes/themes/export?search=${encodeURIComponent(th.name)}`,
      headers: bearer(tok.hieutruong),
    });
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(res.rawPayload, 'x.xlsx');
    expect(sheet.rows.map((r) => r.values['Tên chủ đề'])).toEqual([th.name]);
    expect((await t.app.inject({ url: '/api/v1/theme-codes/themes/export', headers: bearer(tok['gv.anh']) })).statusCode).toBe(403);
  });
});

describe('codes', () => {
  it('keep keywords as a list, one per spelling with or without diacritics, and their themes', async () => {
    const a = await newTheme();
    const b = await newTheme();
    const name = uniq('Nói nhanh ');
    const made = await call('POST', '/codes', tok.dbcl, {
      name,
      description: '',
      keywords: ['  nói   nhanh ', 'noi nhanh', 'NÓI NHANH', 'giảng nhanh'],
      themeIds: [a.id, b.id, a.id],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ name, description: null, keywords: ['nói nhanh', 'giảng nhanh'], tagCount: 0 });
    expect(made.body.data.themes.map((x: { id: number }) => x.id).sort()).toEqual([a.id, b.id].sort());
    const id = made.body.data.id;
    const ofTheme = await call('GET', `/themes/${a.id}/codes`, tok.hieutruong);
    expect(ofTheme.body.data.map((x: TCode) => x.id)).toEqual([id]);
    const themesOf = await call('GET', `/codes/${id}/themes`, tok.hieutruong);
    expect(themesOf.body.data.map((x: TTheme) => x.id).sort()).toEqual([a.id, b.id].sort());

    // themeIds replaces the set; leaving it out keeps it.
    const moved = await call('PUT', `/codes/${id}`, tok.dbcl, { name, keywords: ['nói nhanh'], themeIds: [b.id] });
    expect(moved.body.data.themes.map((x: { id: number }) => x.id)).toEqual([b.id]);
    const kept = await call('PUT', `/codes/${id}`, tok.quantri, { name, keywords: ['nói nhanh', 'đọc nhanh'] });
    expect(kept.body.data).toMatchObject({ keywords: ['nói nhanh', 'đọc nhanh'], themes: [{ id: b.id }] });
    const assignments = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_logs where entity = 'theme_code' and entity_id like ${`%:${id}`} order by id`,
    );
    expect(assignments.map((x) => x.action)).toEqual(['create', 'create', 'delete']);
  });

  it('refuses bad keywords, unknown themes and duplicate names with Vietnamese messages, changing nothing', async () => {
    const name = uniq('Mã ');
    const cases: Array<[unknown, string]> = [
      [{ name, keywords: ['!!!'] }, 'Từ khóa phải có chữ hoặc số.'],
      [{ name, keywords: [''] }, 'Từ khóa không được để trống.'],
      [{ name, keywords: ['x'.repeat(101)] }, 'Từ khóa tối đa 100 ký tự.'],
      [{ name, keywords: Array.from({ length: 51 }, (_, i) => `từ ${i}`) }, 'Tối đa 50 từ khóa.'],
      [{ name: '', keywords: [] }, 'Tên mã là bắt buộc.'],
    ];
    for (const [body, message] of cases) {
      const r = await call('POST', '/codes', tok.dbcl, body);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const unknown = await call('POST', '/codes', tok.dbcl, { name, keywords: [], themeIds: [999999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Chủ đề đã chọn không tồn tại.');
    expect((await call('GET', `/codes?search=${encodeURIComponent(name)}`, tok.dbcl)).body.data.total).toBe(0);
    const c = await newCode();
    const dup = await call('POST', '/codes', tok.dbcl, { name: c.name.toLowerCase(), keywords: [] });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Mã "${c.name.toLowerCase()}" đã tồn tại.`);
  });

  it('lists with paging, theme filter and search in names and keywords', async () => {
    const th = await newTheme();
    const tag = uniq('kw');
    const one = await newCode({ keywords: [`${tag} máy chiếu`], themeIds: [th.id] });
    const two = await newCode({ keywords: [`${tag} phòng nóng`], themeIds: [th.id] });
    await newCode({ keywords: [`${tag} khác`] });
    const byTheme = await call('GET', `/codes?themeId=${th.id}&limit=1`, tok.hieutruong);
    expect(byTheme.body.data.total).toBe(2);
    expect(byTheme.body.data.items).toHaveLength(1);
    const search = await call('GET', `/codes?search=${encodeURIComponent(`${tag} may chieu`)}`, tok.dbcl);
    expect(search.body.data.items.map((x: TCode) => x.id)).toEqual([one.id]);
    const all = await call('GET', `/codes?search=${tag}&limit=100`, tok.dbcl);
    expect(all.body.data.total).toBe(3);
    expect((await call('GET', `/codes/${two.id}`, tok.hieutruong)).body.data.keywords).toEqual([`${tag} phòng nóng`]);
    for (const who of ['gv.anh', 'hs.an']) expect((await call('GET', '/codes', tok[who])).status).toBe(403);
    const res = await t.app.inject({ url: `/api/v1/theme-codes/codes/export?themeId=${th.id}`, headers: bearer(tok.dbcl) });
    const rows = (await readSheet(res.rawPayload, 'x.xlsx')).rows;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.values['Tên mã'] === one.name)?.values['Từ khóa']).toBe(`${tag} máy chiếu`);
  });

  it('deletes a code with its assignments and tags, refused to other roles', async () => {
    const th = await newTheme();
    const c = await newCode({ themeIds: [th.id] });
    for (const who of ['hieutruong', 'gv.anh']) expect((await call('DELETE', `/codes/${c.id}`, tok[who])).status).toBe(403);
    const del = await call('DELETE', `/codes/${c.id}`, tok.quantri);
    expect(del.body).toMatchObject({ message: 'Đã xóa mã.', data: { id: c.id } });
    expect((await call('GET', `/themes/${th.id}/codes`, tok.dbcl)).body.data).toEqual([]);
    expect((await audits('code', c.id)).at(-1)).toMatchObject({ action: 'delete', before: { name: c.name, themeIds: [th.id], tags: 0 } });
    expect((await call('DELETE', `/codes/${c.id}`, tok.quantri)).status).toBe(404);
  });
});

describe('assigning codes to themes', () => {
  it('assigns and unassigns, once, audited, only by writers', async () => {
    const th = await newTheme();
    const c = await newCode();
    const body = { themeId: th.id, codeId: c.id };
    for (const who of ['hieutruong', 'gv.anh', 'hs.an']) expect((await call('POST', '/theme-codes', tok[who], body)).status, who).toBe(403);
    const a = await call('POST', '/theme-codes', tok.dbcl, body);
    expect(a.body).toMatchObject({
      message: 'Đã gắn mã vào chủ đề.',
      data: { themeId: th.id, themeName: th.name, codeId: c.id, codeName: c.name },
    });
    const again = await call('POST', '/theme-codes', tok.dbcl, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Mã đã thuộc chủ đề này.');
    expect((await call('POST', '/theme-codes', tok.dbcl, { themeId: 999999, codeId: c.id })).body.message).toBe(
      'Chủ đề đã chọn không tồn tại.',
    );
    expect((await call('POST', '/theme-codes', tok.dbcl, { themeId: th.id, codeId: 999999 })).body.message).toBe(
      'Mã đã chọn không tồn tại.',
    );
    expect((await call('GET', `/codes/${c.id}/themes`, tok.hieutruong)).body.data.map((x: TTheme) => x.id)).toEqual([th.id]);

    for (const who of ['hieutruong', 'gv.anh']) expect((await call('DELETE', `/themes/${th.id}/codes/${c.id}`, tok[who])).status).toBe(403);
    const un = await call('DELETE', `/themes/${th.id}/codes/${c.id}`, tok.quantri);
    expect(un.body).toMatchObject({ message: 'Đã gỡ mã khỏi chủ đề.', data: { themeId: th.id, codeId: c.id } });
    const gone = await call('DELETE', `/themes/${th.id}/codes/${c.id}`, tok.quantri);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Mã không thuộc chủ đề này.');
    expect((await audits('theme_code', `${th.id}:${c.id}`)).map((x) => x.action)).toEqual(['create', 'delete']);
  });
});

describe('the starting set', () => {
  it('is seeded once with six themes of 3–6 codes each, and not again', async () => {
    const themes = await call('GET', '/themes?limit=100', tok.dbcl);
    for (const seed of THEME_SEED) {
      const th = themes.body.data.items.find((x: TTheme) => x.name === seed.name);
      expect(th, seed.name).toBeDefined();
      expect(th.codeCount).toBe(seed.codes.length);
      expect(seed.codes.length).toBeGreaterThanOrEqual(3);
      expect(seed.codes.length).toBeLessThanOrEqual(6);
      for (const c of seed.codes) expect(c.keywords.length, c.name).toBeGreaterThanOrEqual(4);
    }
    expect(THEME_SEED).toHaveLength(6);
    const before = await queryRows<{ n: number }>(t.database.db, sql`select cast(count(*) as integer) as n from codes`);
    expect(await seedThemeCodes(t.database.db)).toBe(false);
    const after = await queryRows<{ n: number }>(t.database.db, sql`select cast(count(*) as integer) as n from codes`);
    expect(after[0].n).toBe(before[0].n);
  });
});
