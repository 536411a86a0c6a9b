import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniq } from '@/test/uniq';
import { eq } from 'drizzle-orm';
import { auditLogs } from '@/db/schema/audit';
import { campuses, teachers } from '@/db/schema/school';
import { users } from '@/db/schema/users';
import { readSheet } from '@/lib/xlsx';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { actorOfRow } from './system-logs.service';

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
  actor: { kind: string; id: number | null; name: string; email: string | null; role: string | null };
  action: string;
  entity: string;
  entityId: string | null;
  entityName: string | null;
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
  it('is for the admin only: every route answers 403 to other roles and 401 without a session', async () => {
    const [entry] = (await logs('?limit=1')).body.data.items;
    const urls = ['', '/export', '/entities', `/${entry.id}`].map((u) => `/api/v1/system-logs${u}`);
    for (const who of ['giaovu', 'csvc', 'hieutruong', 'gv.anh', 'hs.an']) {
      const token = await t.tokenFor(who);
      for (const url of urls) expect((await t.app.inject({ url, headers: bearer(token) })).statusCode, `${who} ${url}`).toBe(403);
    }
    for (const url of urls) expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    for (const url of urls) expect((await t.app.inject({ url, headers: bearer(admin) })).statusCode, url).toBe(200);
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
    expect(mine[0].actor).toEqual({
      kind: 'user',
      id: await t.userId('csvc'),
      name: 'Đặng Văn Hùng',
      email: expect.stringContaining('csvc@'),
      role: 'FACILITY_MANAGER',
    });
    // The campus is named as it is now, on its older entries too.
    expect(mine.map((l) => l.entityName)).toEqual(['Cơ sở Nhật Ký 2', 'Cơ sở Nhật Ký 2']);
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
    expect((await logs(`?search=thuong kiet`)).body.data.items.map((l) => l.actor.name)).toEqual(['Lý Thường Kiệt']);
    await t.database.db.delete(auditLogs).where(eq(auditLogs.actorId, bare.id));
    const paged = await logs(`?entity=${entity}&limit=2&page=2`);
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.body.data.items).toHaveLength(1);
    const sorted = await logs(`?entity=${entity}&sort=action&order=asc`);
    // By label: Cập nhật < Tạo mới < Xóa.
    expect(sorted.body.data.items.map((l) => l.action)).toEqual(['update', 'create', 'delete']);
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

  it('exports the filtered log as xlsx, in words: labels, names, the change as lines, the raw data beside', async () => {
    const entity = uniq('xuat_').toLowerCase();
    const campusId = (await t.database.db.select({ id: campuses.id, name: campuses.name }).from(campuses).limit(1))[0];
    await t.database.db.insert(auditLogs).values([
      {
        actorId: await t.userId('quantri'),
        action: 'update',
        entity,
        entityId: '7',
        before: { name: 'Cũ', campusId: campusId.id, active: true },
        after: { name: 'Mới', campusId: campusId.id, active: false },
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
      'Vai trò': 'Quản trị viên',
      'Hành động': 'Cập nhật',
      'Đối tượng': entity,
      'Nội dung thay đổi': 'Tên: Cũ → Mới\nĐang hoạt động: Có → Không',
      'Dữ liệu gốc trước': JSON.stringify({ name: 'Cũ', active: true, campusId: campusId.id }),
    });

    const signIns = await t.app.inject({ url: `/api/v1/system-logs/export?action=login&limit=1`, headers: bearer(admin) });
    const [first] = (await readSheet(signIns.rawPayload, 'x.xlsx')).rows;
    expect(first.values).toMatchObject({
      'Hành động': 'Đăng nhập',
      'Đối tượng': 'Tài khoản',
      'Nội dung thay đổi': 'Cách đăng nhập: Tài khoản thử',
    });
  });
});

describe('who and what, named', () => {
  it('names the system, background jobs and accounts deleted since', async () => {
    const entity = uniq('ai_').toLowerCase();
    const [gone] = await t.database.db
      .insert(users)
      .values({ email: `${entity}@x.vn`, displayName: 'Người Đã Rời', searchText: '' })
      .returning();
    await t.database.db.insert(auditLogs).values([
      { action: 'a', entity, actorId: null, requestId: null },
      { action: 'b', entity, actorId: null, requestId: 'system:auto-review' },
      { action: 'c', entity, actorId: null, requestId: 'system:nightly-thing' },
      { action: 'd', entity, actorId: gone.id, requestId: '6f1c1a52-2b0e-4a44-9a39-0a5a0c3d1e11', ip: '10.0.0.9' },
    ]);
    const before = await logs(`?entity=${entity}&sort=action&order=asc`);
    expect(before.body.data.items.find((l) => l.action === 'd')!.actor).toEqual({
      kind: 'user',
      id: gone.id,
      name: 'Người Đã Rời',
      email: `${entity}@x.vn`,
      role: null,
    });
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    const r = await logs(`?entity=${entity}&sort=action&order=asc`);
    expect(r.body.data.items.map((l) => [l.action, l.actor.kind, l.actor.name])).toEqual([
      ['a', 'system', 'Hệ thống'],
      ['b', 'job', 'Tự động kiểm duyệt ý kiến'],
      ['c', 'job', 'Tác vụ tự động (nightly-thing)'],
      ['d', 'deleted', 'Tài khoản đã xóa'],
    ]);
    // The demo seed's entry is the system's.
    const seed = await logs('?entity=demo');
    expect(seed.body.data.items[0].actor).toMatchObject({ kind: 'system', name: 'Hệ thống' });
    // A job is found by its Vietnamese name.
    expect((await logs(`?entity=${entity}&search=kiem duyet`)).body.data.items.map((l) => l.action)).toEqual(['b']);
  });

  it('keeps the id of an account that has no row but is still linked', () => {
    const row = { actorId: 41, actorName: null, actorEmail: null, actorRole: null, requestId: 'x' };
    expect(actorOfRow(row)).toEqual({ kind: 'deleted', id: 41, name: 'Tài khoản đã xóa (#41)', email: null, role: null });
  });

  it('names the entity: the record as it is now, or as its last entry saw it once deleted; never a response', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/dev-login',
      payload: { email: 'gv.anh@demo.thptchuyen.edu.vn' },
    });
    expect(signIn.statusCode).toBe(200);
    const [login] = (await logs(`?action=login&actorId=${await t.userId('gv.anh')}&limit=1`)).body.data.items;
    expect(login).toMatchObject({ entity: 'user', entityName: login.actor.name, after: { via: 'dev' } });

    const code = uniq('CSX');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/campuses',
      headers: bearer(csvc),
      payload: { code, name: 'Cơ sở Sẽ Xóa' },
    });
    const id = made.json().data.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/campuses/${id}`, headers: bearer(csvc) })).statusCode).toBe(200);
    const mine = (await logs('?entity=campus&limit=100')).body.data.items.filter((l) => l.entityId === String(id));
    expect(mine.map((l) => [l.action, l.entityName])).toEqual([
      ['delete', 'Cơ sở Sẽ Xóa'],
      ['create', 'Cơ sở Sẽ Xóa'],
    ]);

    const entity = 'survey_response';
    await t.database.db.insert(auditLogs).values({ action: 'create', entity, entityId: '1', after: { name: 'không được hiện' } });
    const responses = (await logs(`?entity=${entity}`)).body.data.items;
    expect(responses.length).toBeGreaterThan(0);
    expect(responses.every((l) => l.entityName === null)).toBe(true);
  });

  it('one filter entry stands for several codes: entity=a,b matches both', async () => {
    const a = uniq('nhom_a_').toLowerCase();
    const b = uniq('nhom_b_').toLowerCase();
    await t.database.db.insert(auditLogs).values([
      { action: 'create', entity: a },
      { action: 'import', entity: b },
      { action: 'update', entity: b },
    ]);
    expect((await logs(`?entity=${a},${b}`)).body.data.total).toBe(3);
    expect((await logs(`?entity=${a},${b}&action=create,import`)).body.data.total).toBe(2);
    expect((await logs(`?entity=${encodeURIComponent(` ${b} , `)}`)).body.data.total).toBe(2);
    expect((await logs(`?entity=${'x,'.repeat(60)}`)).status).toBe(400);
  });

  it('sorts entity and action by their Vietnamese labels; searches the labels', async () => {
    const r = await logs('?sort=entity&order=asc&limit=100&entity=user,demo,response_review,theme_codes_seed');
    const labels = r.body.data.items.map((l) => l.entity);
    // Chủ đề… (theme_codes_seed) < Duyệt ý kiến (response_review) < Dữ liệu mẫu (demo: u before ư) < Tài khoản (user)
    const order = ['theme_codes_seed', 'response_review', 'demo', 'user'];
    expect([...new Set(labels)]).toEqual(order.filter((e) => labels.includes(e)));
    const found = await logs(`?search=${encodeURIComponent('đăng nhập')}&limit=100`);
    expect(found.body.data.total).toBeGreaterThan(0);
    expect(found.body.data.items.every((l) => l.action === 'login')).toBe(true);
  });
});

describe('GET /system-logs/{id}', () => {
  it('answers the entry with the names of the records it refers to', async () => {
    const [campus] = await t.database.db.select({ id: campuses.id, name: campuses.name }).from(campuses).limit(1);
    const [teacher] = await t.database.db
      .select({ id: teachers.id, fullName: teachers.fullName, staffCode: teachers.staffCode })
      .from(teachers)
      .limit(1);
    const [row] = await t.database.db
      .insert(auditLogs)
      .values({
        actorId: await t.userId('quantri'),
        action: 'update',
        entity: 'course_class',
        entityId: '999999',
        before: { campusId: campus.id, teacherIds: [teacher.id] },
        after: { campusId: campus.id, teacherIds: [teacher.id, 2_000_000_000] },
      })
      .returning({ id: auditLogs.id });
    const res = await t.app.inject({ url: `/api/v1/system-logs/${row.id}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ id: Number(row.id), entity: 'course_class', actor: { name: 'Nguyễn Văn Quản' } });
    expect(d.names).toEqual({
      campus: { [campus.id]: campus.name },
      teacher: { [teacher.id]: `${teacher.fullName} (${teacher.staffCode})` },
    });
    expect((await t.app.inject({ url: '/api/v1/system-logs/99999999999', headers: bearer(admin) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/system-logs/abc', headers: bearer(admin) })).statusCode).toBe(400);
  });
});
