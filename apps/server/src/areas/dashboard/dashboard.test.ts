import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { DEMO_STAFF, DEMO_STUDENTS } from '@/seed/demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /dashboard', () => {
  it('answers each primary role with its own greeting and figures from the database', async () => {
    for (const p of [...DEMO_STAFF, DEMO_STUDENTS[0]]) {
      const res = await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(await t.tokenFor(p.local)) });
      expect(res.statusCode, p.local).toBe(200);
      const d = res.json().data;
      expect(d.role).toBe(p.roles[0]);
      expect(d.greeting).toContain(p.name);
      expect(d.stats.at(-1)).toEqual({ label: 'Lần đăng nhập trước', value: 'Lần đầu đăng nhập' });
    }
  });

  it('counts what is in the database for the admin', async () => {
    const token = await t.tokenFor('quantri');
    const d = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(token) })).json().data;
    const stat = (label: string) => d.stats.find((s: { label: string }) => s.label === label)?.value;
    const n = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t.database.db, q))[0].n);
    const withRole = (role: string) =>
      n(sql`select count(*)::int as n from user_roles r join users u on u.id = r.user_id where u.active and r.role = ${role}`);
    // The demo school has hundreds of accounts; the figures must be the database's own.
    expect(stat('Tài khoản đang hoạt động')).toBe(await n(sql`select count(*)::int as n from users where active`));
    expect(stat('Tài khoản đang hoạt động')).toBeGreaterThan(DEMO_STAFF.length + DEMO_STUDENTS.length);
    expect(stat('Giáo viên')).toBe(await withRole('TEACHER'));
    expect(stat('Học sinh')).toBe(await withRole('STUDENT'));
    expect(stat('Học sinh')).toBe(await n(sql`select count(*)::int as n from students`));
    expect(stat('Lượt đăng nhập hôm nay')).toBeGreaterThanOrEqual(DEMO_STAFF.length + 2);
  });

  it('shows the previous sign-in after a second one', async () => {
    await t.tokenFor('gv.anh');
    const token = await t.tokenFor('gv.anh');
    const d = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(token) })).json().data;
    expect(d.stats.at(-1).value).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
  });
});
