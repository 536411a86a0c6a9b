import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFormKind } from '@app/shared/forms';
import { createTestApp, type TestApp } from '@/test/app';
import { auditOf } from '@/test/school';
import { caller } from '@/test/timetables';
import { uniq } from '@/test/uniq';

/* Form kinds: the four seeded ones, admin's create / edit (stale version 409) / delete (refused while used), students see the active ones. */

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const input = (over: object = {}) => ({
  code: uniq('K'),
  name: 'Đơn xin đi muộn',
  description: 'Xin phép đến lớp muộn.',
  fields: [
    { key: 'day', label: 'Ngày', type: 'date', required: true },
    { key: 'reason', label: 'Lý do', type: 'longText', required: true },
  ],
  template: 'Em {{hoTen}} xin đi muộn ngày {{day}}: {{reason}}',
  ...over,
});

describe('the school’s holidays', () => {
  it('are read by every signed-in role, in date order, and by nobody without a token', async () => {
    for (const who of ['hs.an', 'gv.toan', 'quantri']) {
      const r = await call('GET', '/forms/holidays', who);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual(expect.arrayContaining(['2026-01-01', '2027-01-01']));
      expect(r.body.data).toEqual([...(r.body.data as string[])].sort());
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forms/holidays' })).statusCode).toBe(401);
  });
});

describe('form kinds', () => {
  it('seeds the four kinds with their fields, escalation and absence', async () => {
    const kinds = (await call('GET', '/forms/kinds', 'quantri')).body.data as TFormKind[];
    expect(kinds.slice(0, 4).map((k) => k.name)).toEqual([
      'Đơn xin nghỉ học',
      'Đơn xin xác nhận học sinh',
      'Đơn xin chuyển lớp',
      'Đơn xin miễn học thể dục',
    ]);
    expect(kinds[0]).toMatchObject({ countsAbsence: true, escalation: { field: 'period', minDays: 4 } });
    expect(kinds[0].fields.map((f) => f.type)).toEqual(['dateRange', 'longText', 'attachment']);
    expect(kinds[3].fields.find((f) => f.key === 'medical')).toMatchObject({ type: 'attachment', required: true });
  });

  it('creates, edits at the version read (a stale one 409), hides an inactive kind from students, audits', async () => {
    const made = await call('POST', '/forms/kinds', 'quantri', input());
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const k = made.body.data as TFormKind;
    const edit = await call('PUT', `/forms/kinds/${k.id}`, 'quantri', { ...input({ code: k.code, active: false }), version: k.version });
    expect(edit.body.data).toMatchObject({ active: false, version: k.version + 1 });
    const stale = await call('PUT', `/forms/kinds/${k.id}`, 'quantri', { ...input({ code: k.code }), version: k.version });
    expect(stale.status).toBe(409);
    const seen = (await call('GET', '/forms/kinds', 'hs.an')).body.data as TFormKind[];
    expect(seen.map((x) => x.id)).not.toContain(k.id);
    expect((await auditOf(t.database.db, 'form_kind', k.id)).map((a) => a.action)).toEqual(['create', 'update']);
    expect((await call('DELETE', `/forms/kinds/${k.id}`, 'quantri')).status).toBe(200);
  });

  it('refuses a bad kind in Vietnamese, a taken code, and deleting a kind in use', async () => {
    const bad = await call('POST', '/forms/kinds', 'quantri', input({ template: '{{missing}}' }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Mẫu in dùng {{missing}} nhưng loại đơn không có trường này.');
    expect((await call('POST', '/forms/kinds', 'quantri', input({ code: 'NGHI_HOC' }))).status).toBe(409);
    const leave = ((await call('GET', '/forms/kinds', 'quantri')).body.data as TFormKind[]).find((k) => k.code === 'NGHI_HOC')!;
    const used = await call('DELETE', `/forms/kinds/${leave.id}`, 'quantri');
    expect(used.status).toBe(409);
    expect(used.body.message).toContain('đơn của học sinh');
  });
});
