import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniq } from '@/test/uniq';
import { eq } from 'drizzle-orm';
import { auditLogs } from '@/db/schema/audit';
import { users } from '@/db/schema/users';
import { readSheet } from '@/lib/xlsx';
import { bearer, createTestApp, type TestApp } from '@/test/app';

let t: TestApp;
let admin: string;
let csvc: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('quantri');
  csvc = await t.tokenFor('csvc');
});
afterAll(() => t.close());

interface Log {
  id: number;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

async function logs(query: string, token = admin) {
  const res = await t.app.inject({ url: `/api/v1/system-logs${query}`, headers: bearer(token) });
  return {
    status: res.statusCode,
    body: res.json() as { message?: string; data: { items: Log[]; total: number; page: number; limit: number } },
  };
}

describe('GET /system-logs', () => {
  it('is for the admin only', async () => {
    for (const who of ['giaovu', 'csvc', 'hieutruong', 'gv.anh']) {
      expect((await logs('', await t.tokenFor(who))).status, who).toBe(403);
      const ex = await t.app.inject({ url: '/api/v1/system-logs/export', headers: bearer(await t.tokenFor(who)) });
      expect(ex.statusCode, who).toBe(403);
    }
  });

  it('shows a write by another user with actor, before and after, newest first', async () => {
    const code = uniq('CS');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/campuses',
      headers: bearer(csvc),
      payload: { code, name: 'Cơ sở Nhật Ký' },
    });
    const id = made.json().data.id;
    await t.app.inject({ method: 'PUT', url: `/api/v1/campuses/${id}`, headers: bearer(csvc), payload: { code, name: 'Cơ sở Nhật Ký 2' } });

    const r = await logs(`?entity=campus&limit=100`);
    expect(r.status).toBe(200);
    const mine = r.body.data.items.filter((l) => l.entityId === String(id));
    expect(mine.map((l) => l.action)).toEqual(['update', 'create']);
    expect(mine[0]).toMatchObject({
      actorId: await t.userId('csvc'),
      actorName: 'Đặng Văn Hùng',
      actorEmail: expect.stringContaining('csvc@'),
    });
    expect(mine[0].before).toMatchObject({ name: 'Cơ sở Nhật Ký' });
    expect(mine[0].after).toMatchObject({ name: 'Cơ sở Nhật Ký 2' });
    expect(mine[1].before).toBeNull();
    const all = await logs('?limit=100');
    const times = all.body.data.items.map((l) => l.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const ids = all.body.data.items.map((l) => l.id);
    expect(all.body.data.total).toBeGreaterThanOrEqual(ids.length);
  });

  it('filters by entity, action and actor, and searches actor name, e-mail, entity and action', async () => {
    const entity = uniq('thu_nghiem_').toLowerCase();
    const csvcId = await t.userId('csvc');
    const adminId = await t.userId('quantri');
    await t.database.db.insert(auditLogs).values([
      { actorId: csvcId, action: 'create', entity, entityId: '1' },
      { actorId: csvcId, action: 'update', entity, entityId: '1' },
      { actorId: adminId, action: 'delete', entity, entityId: '1' },
    ]);
    expect((await logs(`?entity=${entity}`)).body.data.total).toBe(3);
    expect((await logs(`?entity=${entity}&action=update`)).body.data.items.map((l) => l.action)).toEqual(['update']);
    expect((await logs(`?entity=${entity}&actorId=${adminId}`)).body.data.items.map((l) => l.action)).toEqual(['delete']);
    expect((await logs(`?entity=${entity}&action=`)).body.data.total).toBe(3);
    const byName = await logs(`?search=${encodeURIComponent(`dang hung ${entity}`)}`);
    expect(byName.body.data.items.map((l) => l.action).sort()).toEqual(['create', 'update']);
    expect((await logs(`?search=quantri ${entity}`)).body.data.items.map((l) => l.action)).toEqual(['delete']);
    // An account whose stored search text is empty is still found by its name.
    const [bare] = await t.database.db
      .insert(users)
      .values({ email: `${entity}@x.vn`, displayName: 'Lý Thường Kiệt', searchText: '' })
      .returning();
    await t.database.db.insert(auditLogs).values({ actorId: bare.id, action: 'import', entity, entityId: '2' });
    expect((await logs(`?search=thuong kiet`)).body.data.items.map((l) => l.actorName)).toEqual(['Lý Thường Kiệt']);
    await t.database.db.delete(auditLogs).where(eq(auditLogs.actorId, bare.id));
    const paged = await logs(`?entity=${entity}&limit=2&page=2`);
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.body.data.items).toHaveLength(1);
    const sorted = await logs(`?entity=${entity}&sort=action&order=asc`);
    expect(sorted.body.data.items.map((l) => l.action)).toEqual(['create', 'delete', 'update']);
  });

  it('reads from/to as whole days in the school time zone (UTC+7), inclusive', async () => {
    const entity = uniq('mui_gio_').toLowerCase();
    await t.database.db.insert(auditLogs).values([
      { action: 'a', entity, createdAt: new Date('2024-03-09T16:59:59Z') }, // 9 March 23:59:59 in Hà Nội
      { action: 'b', entity, createdAt: new Date('2024-03-09T17:00:00Z') }, // 10 March 00:00
      { action: 'c', entity, createdAt: new Date('2024-03-10T16:59:59Z') }, // 10 March 23:59:59
      { action: 'd', entity, createdAt: new Date('2024-03-10T17:00:00Z') }, // 11 March 00:00
    ]);
    const actions = async (q: string) =>
      (await logs(`?entity=${entity}&sort=createdAt&order=asc${q}`)).body.data.items.map((l) => l.action);
    expect(await actions('&from=2024-03-10&to=2024-03-10')).toEqual(['b', 'c']);
    expect(await actions('&from=2024-03-10')).toEqual(['b', 'c', 'd']);
    expect(await actions('&to=2024-03-09')).toEqual(['a']);
    expect(await actions('&from=2024-03-12')).toEqual([]);
    const bad = await logs('?from=2024-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Từ ngày phải là ngày hợp lệ.');
    expect((await logs('?to=10/03/2024')).body.message).toBe('Đến ngày phải là ngày hợp lệ (YYYY-MM-DD).');
  });

  it('lists the entity and action names for the filters', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/campuses',
      headers: bearer(csvc),
      payload: { code: uniq('CS'), name: 'Cơ sở Bộ lọc' },
    });
    const res = await t.app.inject({ url: '/api/v1/system-logs/entities', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data as { entities: string[]; actions: string[] };
    expect(d.entities).toContain('campus');
    expect(d.actions).toEqual(expect.arrayContaining(['create', 'login']));
    expect(d.entities).toEqual([...new Set(d.entities)]);
    expect((await t.app.inject({ url: '/api/v1/system-logs/entities', headers: bearer(csvc) })).statusCode).toBe(403);
  });

  it('exports the filtered log as xlsx', async () => {
    const entity = uniq('xuat_').toLowerCase();
    await t.database.db.insert(auditLogs).values([
      {
        actorId: await t.userId('quantri'),
        action: 'update',
        entity,
        entityId: '7',
        before: { name: 'Cũ' },
        after: { name: 'Mới' },
        createdAt: new Date('2024-05-01T03:04:05Z'),
      },
    ]);
    const res = await t.app.inject({ url: `/api/v1/system-logs/export?entity=${entity}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const sheet = await readSheet(res.rawPayload, 'x.xlsx');
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0].values).toMatchObject({
      'Thời gian': '01/05/2024 10:04:05',
      'Người thực hiện': 'Nguyễn Văn Quản',
      'Hành động': 'update',
      'Đối tượng': entity,
      Trước: '{"name":"Cũ"}',
      Sau: '{"name":"Mới"}',
    });
  });
});
