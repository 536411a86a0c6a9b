import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TT05_2025_RULES } from '@app/shared/workload';
import { createTestApp, type TestApp } from '@/test/app';
import { auditOf, count } from '@/test/school';
import { caller } from '@/test/timetables';
import { seedWorkloadRules } from '@/seed/workload-rules';

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const input = (over: object = {}) => ({ ...TT05_2025_RULES, name: 'Quy định 2030', effectiveFrom: '2030-01-01', ...over });

describe('workload rule sets', { timeout: 30_000 }, () => {
  it('stores TT 05/2025 on the first start, once, and lists it as the version in force', async () => {
    const r = await call('GET', '/teaching/rule-sets', 'giaovu');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.items).toHaveLength(1);
    const [tt05] = r.body.data.items;
    expect(tt05).toMatchObject({ name: TT05_2025_RULES.name, effectiveFrom: '2025-04-22', inForce: true, rules: TT05_2025_RULES });
    expect(r.body.data.inForceId).toBe(tt05.id);
    // A second start adds nothing.
    expect(await seedWorkloadRules(t.database.db)).toBe(false);
    expect(await count(t.database.db, sql`select count(*) from workload_rule_sets`)).toBe(1);
  });

  it.each([
    ['quantri', 200],
    ['giaovu', 200],
    ['hieutruong', 200],
    ['totruong.ly', 200],
    ['ketoan', 200],
    ['gv.van', 200],
    ['khaibao.sinh', 200],
    ['dbcl', 403],
    ['csvc', 403],
    ['hs.an', 403],
  ])('GET as %s → %i', async (who, status) => {
    expect((await call('GET', '/teaching/rule-sets', who)).status).toBe(status);
  });

  it.each(['hieutruong', 'totruong.ly', 'ketoan', 'gv.van', 'khaibao.sinh'])('refuses %s writing (403)', async (who) => {
    expect((await call('POST', '/teaching/rule-sets', who, input())).status).toBe(403);
    const [{ id }] = (await call('GET', '/teaching/rule-sets', 'quantri')).body.data.items;
    expect((await call('PUT', `/teaching/rule-sets/${id}`, who, input())).status).toBe(403);
    expect((await call('DELETE', `/teaching/rule-sets/${id}`, who)).status).toBe(403);
  });

  let future: { id: number };
  it('creates a version from a date (audited), refuses a second one the same day and bad values in Vietnamese', async () => {
    const r = await call('POST', '/teaching/rule-sets', 'giaovu', input());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    future = r.body.data;
    expect(r.body.data).toMatchObject({ name: 'Quy định 2030', effectiveFrom: '2030-01-01', inForce: false });
    expect((await auditOf(t.database.db, 'workload_rule_set', future.id)).map((e) => e.action)).toEqual(['create']);

    const same = await call('POST', '/teaching/rule-sets', 'quantri', input({ name: 'Khác' }));
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('Đã có bộ quy định định mức có hiệu lực từ ngày 01/01/2030. Hãy sửa bộ đó hoặc chọn ngày khác.');

    const bad = await call(
      'POST',
      '/teaching/rule-sets',
      'quantri',
      input({ effectiveFrom: '2031-01-01', teachingWeeks: 0, activityKinds: [{ code: 'X', name: 'X', factor: '3', maxFactor: '2' }] }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Số tuần thực dạy phải từ 1 trở lên.');
    expect(JSON.stringify(bad.body)).toContain('Hệ số quy đổi không được vượt quá 2.');
  });

  it('edits a version (before and after audited)', async () => {
    const r = await call(
      'PUT',
      `/teaching/rule-sets/${future.id}`,
      'quantri',
      input({ norms: { TEACHER: 16, PRINCIPAL: 2, VICE_PRINCIPAL: 4 } }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.rules.norms.TEACHER).toBe(16);
    const log = await auditOf(t.database.db, 'workload_rule_set', future.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[1].before).toMatchObject({ rules: { norms: { TEACHER: 17 } } });
    expect(log[1].after).toMatchObject({ rules: { norms: { TEACHER: 16 } } });
  });

  it('refuses deleting the version in force (409, why in Vietnamese), deletes a future one', async () => {
    const list = (await call('GET', '/teaching/rule-sets', 'quantri')).body.data;
    const refused = await call('DELETE', `/teaching/rule-sets/${list.inForceId}`, 'quantri');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Không thể xóa bộ quy định "Thông tư 05\/2025\/TT-BGDĐT" vì đang có hiệu lực \(từ ngày 22\/04\/2025\)/,
    );
    const gone = await call('DELETE', `/teaching/rule-sets/${future.id}`, 'giaovu');
    expect(gone.status).toBe(200);
    expect((await auditOf(t.database.db, 'workload_rule_set', future.id)).map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect((await call('GET', '/teaching/rule-sets', 'quantri')).body.data.items).toHaveLength(1);
  });
});
