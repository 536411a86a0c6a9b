import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PAY_SETTINGS } from '@app/shared/pay';
import { TT05_2025_RULES } from '@app/shared/workload';
import { createTestApp, type TestApp } from '@/test/app';
import { auditOf } from '@/test/school';
import { caller } from '@/test/timetables';

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  // The demo school may carry settings; these tests start from none.
  await t.database.db.execute(sql`delete from pay_settings`);
});
afterAll(() => t.close());

const input = (over: object = {}) => ({ ...DEFAULT_PAY_SETTINGS, ...over });

describe('pay settings', { timeout: 30_000 }, () => {
  it.each([
    ['ketoan', 200],
    ['hieutruong', 200],
    ['quantri', 200],
    ['giaovu', 403],
    ['totruong.ly', 403],
    ['gv.van', 403],
    ['hs.an', 403],
  ])('GET as %s → %i', async (who, status) => {
    expect((await call('GET', '/pay/settings', who)).status).toBe(status);
  });

  it.each(['hieutruong', 'quantri', 'giaovu', 'gv.van', 'hs.an'])('refuses %s writing (403)', async (who) => {
    expect((await call('POST', '/pay/settings', who, input({ effectiveFrom: '2090-01-01' }))).status).toBe(403);
    expect((await call('PUT', '/pay/settings/1', who, input())).status).toBe(403);
    expect((await call('DELETE', '/pay/settings/1', who)).status).toBe(403);
  });

  it('lists none yet, with the workload rule set in force as the link', async () => {
    const r = await call('GET', '/pay/settings', 'ketoan');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ items: [], inForceId: null });
    expect(r.body.data.ruleSet).toMatchObject({
      name: TT05_2025_RULES.name,
      effectiveFrom: TT05_2025_RULES.effectiveFrom,
      teachingWeeks: TT05_2025_RULES.teachingWeeks,
      norms: TT05_2025_RULES.norms,
      overtimeCapPerYear: TT05_2025_RULES.overtimeCapPerYear,
    });
    expect(r.body.data.ruleSet.id).toEqual(expect.any(Number));
  });

  let current: { id: number };
  let future: { id: number };
  it('creates versions (audited); the latest effective by today is in force; the same day twice is a 409', async () => {
    const a = await call('POST', '/pay/settings', 'ketoan', input());
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    current = a.body.data;
    expect(a.body.data).toMatchObject({ effectiveFrom: '2024-07-01', baseSalary: 2_340_000, overtimeRatePercent: 150, inForce: true });
    const b = await call('POST', '/pay/settings', 'ketoan', input({ effectiveFrom: '2099-01-01', baseSalary: 3_000_000 }));
    expect(b.status).toBe(200);
    future = b.body.data;
    expect(b.body.data.inForce).toBe(false);

    const list = (await call('GET', '/pay/settings', 'hieutruong')).body.data;
    expect(list.items.map((s: { effectiveFrom: string }) => s.effectiveFrom)).toEqual(['2099-01-01', '2024-07-01']);
    expect(list.inForceId).toBe(current.id);

    expect((await auditOf(t.database.db, 'pay_settings', current.id)).map((e) => [e.action, e.after])).toEqual([
      ['create', expect.objectContaining({ baseSalary: 2_340_000, effectiveFrom: '2024-07-01' })],
    ]);

    const same = await call('POST', '/pay/settings', 'ketoan', input({ baseSalary: 2_000_000 }));
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('Đã có cấu hình lương có hiệu lực từ ngày 01/07/2024. Hãy sửa cấu hình đó hoặc chọn ngày khác.');
    const moved = await call('PUT', `/pay/settings/${future.id}`, 'ketoan', input());
    expect(moved.status).toBe(409);
  });

  it('refuses bad values in Vietnamese (400)', async () => {
    const bad = await call(
      'POST',
      '/pay/settings',
      'ketoan',
      input({ effectiveFrom: '2030-02-30', baseSalary: -5, overtimeRatePercent: 50 }),
    );
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    expect(text).toContain('Ngày hiệu lực phải là ngày hợp lệ.');
    expect(text).toContain('Lương cơ sở phải lớn hơn 0.');
    expect(text).toContain('Tỷ lệ trả lương dạy thêm giờ tối thiểu 100%.');
    const noDate = await call('POST', '/pay/settings', 'ketoan', input({ effectiveFrom: '01/09/2030' }));
    expect(JSON.stringify(noDate.body)).toContain('Ngày hiệu lực phải là ngày hợp lệ (YYYY-MM-DD).');
  });

  it('edits a version (before and after audited)', async () => {
    const r = await call(
      'PUT',
      `/pay/settings/${future.id}`,
      'ketoan',
      input({
        effectiveFrom: '2099-01-01',
        baseSalary: 3_100_000,
        countedAllowances: { ...DEFAULT_PAY_SETTINGS.countedAllowances, other: false },
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ baseSalary: 3_100_000, countedAllowances: { other: false } });
    const log = await auditOf(t.database.db, 'pay_settings', future.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[1].before).toMatchObject({ baseSalary: 3_000_000 });
    expect(log[1].after).toMatchObject({ baseSalary: 3_100_000, countedAllowances: { other: false } });
  });

  it('refuses deleting the version in force (409), deletes another (audited), 404 for an unknown one', async () => {
    const refused = await call('DELETE', `/pay/settings/${current.id}`, 'ketoan');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Không thể xóa cấu hình lương có hiệu lực từ ngày 01\/07\/2024 vì đang được áp dụng/);
    expect((await call('DELETE', `/pay/settings/${future.id}`, 'ketoan')).status).toBe(200);
    expect((await auditOf(t.database.db, 'pay_settings', future.id)).map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect((await call('DELETE', `/pay/settings/${future.id}`, 'ketoan')).status).toBe(404);
    expect((await call('GET', '/pay/settings', 'ketoan')).body.data.items).toHaveLength(1);
  });
});
