import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TImportResult } from '@app/shared/school';
import { bearer, type TestApp } from '@/test/app';
import { multipart, readXlsx, xlsxFile } from '@/test/multipart';
import { addTeachers, auditOf, startSchoolApp, type School } from '@/test/school';
import { caller } from '@/test/timetables';

let t: TestApp;
let s: School;
let call: ReturnType<typeof caller>;
let a: { id: number; staffCode: string };
let b: { id: number; staffCode: string };

beforeAll(async () => {
  ({ t, s } = await startSchoolApp());
  call = caller(t);
  await t.database.db.execute(sql`delete from teacher_coefficients`);
  [a, b] = await addTeachers(t.database.db, [
    { fullName: `Phạm Thị Nhập ${s.tag}`, departmentId: s.deptA.id },
    { fullName: `Đỗ Văn Tệp ${s.tag}`, departmentId: s.deptB.id },
  ]);
});
afterAll(() => t.close());

const HEADERS = [
  'Mã giáo viên',
  'Ngày hiệu lực',
  'Hạng',
  'Bậc',
  'Hệ số PC chức vụ',
  'PC ưu đãi (%)',
  'PC thâm niên (%)',
  'Ngày bắt đầu công tác',
  'Hệ số PC khác',
  'Ghi chú',
];

async function post(who: string, file: Buffer, query: string) {
  const body = multipart({ filename: 'he-so.xlsx', content: file });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/imports/teacher-coefficients?${query}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(await t.tokenFor(who)) },
  });
}

describe('teacher coefficients import', { timeout: 60_000 }, () => {
  it('gives the accountant the template (its columns, the rank drop-down); others are refused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/imports/templates/teacher-coefficients',
      headers: bearer(await t.tokenFor('ketoan')),
    });
    expect(res.statusCode).toBe(200);
    expect((await readXlsx(res.rawPayload))[0]).toEqual([
      'Mã giáo viên *',
      'Ngày hiệu lực *',
      'Hạng *',
      'Bậc *',
      'Hệ số PC chức vụ',
      'PC ưu đãi (%) *',
      'PC thâm niên (%)',
      'Ngày bắt đầu công tác',
      'Hệ số PC khác',
      'Ghi chú',
    ]);
    for (const who of ['quantri', 'hieutruong', 'giaovu', 'gv.van']) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/v1/imports/templates/teacher-coefficients',
        headers: bearer(await t.tokenFor(who)),
      });
      expect(refused.statusCode, who).toBe(403);
      expect((await post(who, await xlsxFile(HEADERS, []), 'dryRun=true')).statusCode, who).toBe(403);
    }
    // The accountant imports nothing else.
    const teachers = await t.app.inject({
      method: 'GET',
      url: '/api/v1/imports/templates/teachers',
      headers: bearer(await t.tokenFor('ketoan')),
    });
    expect(teachers.statusCode).toBe(403);
  });

  it('checks every row in a dry run, then creates and updates versions through the service (audited)', async () => {
    const existing = await call('POST', '/pay/coefficients', 'ketoan', {
      teacherId: a.id,
      effectiveFrom: '2025-01-01',
      rank: 'II',
      step: 2,
      preferentialPercent: '30',
    });
    expect(existing.status, JSON.stringify(existing.body)).toBe(200);
    const rows: Array<Array<string | null>> = [
      [a.staffCode, '01/01/2025', 'II', '3', '', '30', '10', '', '', 'Nâng bậc'],
      [b.staffCode.toLowerCase(), '01/09/2025', 'i', '2', '0,2', '70', '', '15/08/2012', '0.1', null],
      ['KHONGCO', '01/09/2025', 'III', '12', '', '-5', '', '', '', null],
      [b.staffCode, '31/02/2025', 'II', '1', '', '30', '', '', '', null],
    ];
    const sheet = await xlsxFile(HEADERS, rows);
    const dry = await post('ketoan', sheet, 'dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = dry.json().data as TImportResult;
    expect(preview).toMatchObject({ valid: 2, invalid: 2 });
    expect(preview.rows.map((r) => r.action)).toEqual(['update', 'create', 'error', 'error']);
    const messages = (i: number) => preview.rows[i].issues.map((x) => x.message);
    expect(messages(2)).toEqual(
      expect.arrayContaining([
        'Không tìm thấy giáo viên có mã "KHONGCO".',
        'Hạng III chỉ có bậc 1 đến bậc 9.',
        expect.stringContaining('Phụ cấp ưu đãi (%) phải là số không âm'),
      ]),
    );
    expect(messages(3)).toEqual(['Ngày hiệu lực không hợp lệ (dùng dd/mm/yyyy).']);
    expect((await call('GET', `/pay/coefficients/teachers/${b.id}`, 'ketoan')).body.data).toEqual([]);

    // Every row refused while some are bad; the valid ones on demand, for the preview seen.
    expect((await post('ketoan', sheet, 'dryRun=false')).statusCode).toBe(400);
    const run = await post('ketoan', sheet, `validOnly=true&fingerprint=${preview.fingerprint}`);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ created: 1, updated: 1 });

    const aVersions = (await call('GET', `/pay/coefficients/teachers/${a.id}`, 'ketoan')).body.data;
    expect(aVersions).toHaveLength(1);
    expect(aVersions[0]).toMatchObject({ step: 3, coefficient: '4.68', seniorityPercent: '10', note: 'Nâng bậc' });
    const [bVersion] = (await call('GET', `/pay/coefficients/teachers/${b.id}`, 'ketoan')).body.data;
    expect(bVersion).toMatchObject({
      effectiveFrom: '2025-09-01',
      rank: 'I',
      step: 2,
      coefficient: '4.74',
      leadershipCoefficient: '0.2',
      preferentialPercent: '70',
      seniorityPercent: null,
      serviceStartDate: '2012-08-15',
      otherCoefficient: '0.1',
    });
    const log = await auditOf(t.database.db, 'teacher_coefficient', existing.body.data.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[1].before).toMatchObject({ step: 2 });
    expect(log[1].after).toMatchObject({ step: 3 });
    expect((await auditOf(t.database.db, 'teacher_coefficient', bVersion.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('takes back its own export', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/pay/coefficients/export', headers: bearer(await t.tokenFor('ketoan')) });
    const dry = await post('ketoan', file.rawPayload, 'dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = dry.json().data as TImportResult;
    expect(preview.invalid).toBe(0);
    expect(preview.rows.every((r) => r.action === 'update')).toBe(true);
    expect(preview.rows.map((r) => r.values['Mã giáo viên'])).toEqual(expect.arrayContaining([a.staffCode, b.staffCode]));
  });
});
