import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { DEMO_STAFF, DEMO_STUDENTS } from '../../seed/demo';

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
    expect(stat('Tài khoản đang hoạt động')).toBe(DEMO_STAFF.length + DEMO_STUDENTS.length);
    const teachers = [...DEMO_STAFF].filter((p) => p.roles.includes('TEACHER')).length;
    expect(stat('Giáo viên')).toBe(teachers);
    expect(stat('Học sinh')).toBe(DEMO_STUDENTS.length);
    expect(stat('Lượt đăng nhập hôm nay')).toBeGreaterThanOrEqual(DEMO_STAFF.length + 2);
  });

  it('shows the previous sign-in after a second one', async () => {
    await t.tokenFor('gv.anh');
    const token = await t.tokenFor('gv.anh');
    const d = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(token) })).json().data;
    expect(d.stats.at(-1).value).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
  });
});
