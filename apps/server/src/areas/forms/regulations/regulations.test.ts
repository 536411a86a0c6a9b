import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { multipart } from '@/test/multipart';
import { auditOf, count } from '@/test/school';
import { caller, one, type Method } from '@/test/timetables';
import { uniq } from '@/test/uniq';

let t: TestApp;
let call: ReturnType<typeof caller>;
const published: Array<{ regulationId: number; requiresAck: boolean }> = [];

/** The smallest file that starts like a PDF and ends like one. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  t.app.events.on('regulation.published', (p) => void published.push(p));
});
afterAll(() => t.close());

const input = (over: object = {}) => ({
  title: uniq('Nội quy thử'),
  category: 'Nội quy',
  contentKind: 'html',
  bodyHtml: '<p>Học sinh đi học đúng giờ.</p>',
  effectiveFrom: '2026-09-05',
  requiresAck: true,
  ...over,
});

async function makeDoc(over: object = {}, publish = true) {
  const created = await call('POST', '/regulations', 'quantri', input(over));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  if (!publish) return created.body.data as { id: number; version: number };
  const pub = await call('POST', `/regulations/${created.body.data.id}/publish`, 'quantri', { version: created.body.data.version });
  expect(pub.status, JSON.stringify(pub.body)).toBe(200);
  return pub.body.data as { id: number; version: number };
}

async function uploadPdf(id: number, version: number, content: Buffer, filename = 'quy-che.pdf') {
  const body = multipart({ filename, content, contentType: 'application/pdf' });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/regulations/${id}/pdf?version=${version}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(await t.tokenFor('quantri')) },
  });
}

/** hs.an's homeroom class, and a class gvcn.hoa does not lead. */
const classOf = (local: string) =>
  one<{ id: number }>(
    t,
    sql`select s.homeroom_class_id as id from users u join students s on s.id = u.student_id where u.email like ${`${local}@%`}`,
  );
const hoaClass = () =>
  one<{ id: number }>(
    t,
    sql`select hc.id from homeroom_classes hc join teachers te on te.id = hc.homeroom_teacher_id join users u on u.id = te.user_id
        join academic_years y on y.id = hc.academic_year_id and y.is_current where u.email like 'gvcn.hoa@%' limit 1`,
  );

describe('regulations: who may call what', () => {
  let doc: { id: number };
  let draft: { id: number };
  let classId: number;
  beforeAll(async () => {
    doc = await makeDoc();
    draft = await makeDoc({}, false);
    classId = (await hoaClass()).id;
  });

  const cases: Array<{ method: Method; url: () => string; allowed: string[]; refused: string[]; body?: () => unknown }> = [
    { method: 'GET', url: () => '/regulations', allowed: ['quantri'], refused: ['hs.an', 'hieutruong', 'dbcl', 'gvcn.hoa', 'gv.van'] },
    { method: 'GET', url: () => `/regulations/${draft.id}`, allowed: ['quantri'], refused: ['hs.an', 'hieutruong', 'gvcn.hoa'] },
    {
      method: 'POST',
      url: () => '/regulations',
      body: () => input(),
      allowed: ['quantri'],
      refused: ['hs.an', 'hieutruong', 'dbcl', 'gvcn.hoa', 'giaovu'],
    },
    {
      method: 'GET',
      url: () => '/regulations/published',
      allowed: ['quantri', 'hs.an', 'hieutruong', 'dbcl', 'gvcn.hoa'],
      refused: ['gv.van', 'ketoan', 'csvc'],
    },
    {
      method: 'GET',
      url: () => `/regulations/published/${doc.id}`,
      allowed: ['hs.an', 'hieutruong', 'dbcl', 'gvcn.hoa', 'quantri'],
      refused: ['gv.van', 'ketoan'],
    },
    { method: 'GET', url: () => '/regulations/categories', allowed: ['hs.an', 'quantri', 'gvcn.hoa'], refused: ['ketoan'] },
    {
      method: 'GET',
      url: () => `/regulations/${doc.id}/report`,
      allowed: ['quantri', 'hieutruong', 'dbcl', 'gvcn.hoa'],
      refused: ['hs.an', 'gv.van', 'giaovu'],
    },
    {
      method: 'GET',
      url: () => `/regulations/${doc.id}/report/classes/${classId}`,
      allowed: ['quantri', 'hieutruong', 'dbcl', 'gvcn.hoa'],
      refused: ['hs.an', 'gv.van'],
    },
    { method: 'GET', url: () => '/regulations/homeroom', allowed: ['gvcn.hoa'], refused: ['hs.an', 'quantri', 'gv.van'] },
    { method: 'POST', url: () => `/regulations/${doc.id}/acknowledge`, allowed: ['hs.an'], refused: ['quantri', 'gvcn.hoa', 'hieutruong'] },
    {
      method: 'POST',
      url: () => `/regulations/${draft.id}/archive`,
      body: () => ({ version: 1 }),
      allowed: [],
      refused: ['hs.an', 'hieutruong', 'gvcn.hoa'],
    },
  ];

  it.each(cases.map((c) => [`${c.method} ${c.url.toString().slice(6, 60)}`, c] as const))('%s', async (_name, c) => {
    for (const who of c.allowed) {
      const res = await call(c.method, c.url(), who, c.body?.());
      expect(res.status, `${who} ${c.method} ${c.url()}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    for (const who of c.refused) {
      const res = await call(c.method, c.url(), who, c.body?.());
      expect(res.status, `${who} ${c.method} ${c.url()}`).toBe(403);
      expect(res.body.message).toMatch(/[ạảãàáâậầấẩẫăắằặẳẵ]/);
    }
  });

  it('shows students only published documents: a draft is not found in their list, detail or PDF', async () => {
    const list = await call('GET', `/regulations/published?limit=100`, 'hs.an');
    const ids = list.body.data.items.map((x: { id: number }) => x.id);
    expect(ids).toContain(doc.id);
    expect(ids).not.toContain(draft.id);
    expect((await call('GET', `/regulations/published/${draft.id}`, 'hs.an')).status).toBe(404);
    const noAuth = await t.app.inject({ method: 'GET', url: `/api/v1/regulations/${doc.id}/pdf` });
    expect(noAuth.statusCode).toBe(401);
  });

  it.each([
    ['report', () => `/regulations/${draft.id}/report`],
    ['class drill-down', () => `/regulations/${draft.id}/report/classes/${classId}`],
    ['XLSX', () => `/regulations/${draft.id}/report/export`],
  ] as const)("keeps a draft's %s (its title, its students) to admin: other report readers are answered not found", async (_n, url) => {
    const get = async (who: string) => t.app.inject({ method: 'GET', url: `/api/v1${url()}`, headers: bearer(await t.tokenFor(who)) });
    expect((await get('quantri')).statusCode).toBe(200);
    for (const who of ['hieutruong', 'dbcl', 'gvcn.hoa']) {
      const res = await get(who);
      expect(res.statusCode, who).toBe(404);
      expect(res.body).not.toContain('Nội quy thử');
    }
  });
});

describe('regulations: content, workflow and acknowledgements', () => {
  it('sanitizes rich text like survey HTML, on the way in and on the way out', async () => {
    const d = await makeDoc({
      bodyHtml: '<p onclick="x()">Đúng giờ<script>alert(1)</script><img src="https://evil.test/p.gif"><a href="javascript:x">l</a></p>',
    });
    const read = await call('GET', `/regulations/published/${d.id}`, 'hs.an');
    expect(read.body.data.bodyHtml).toBe('<p>Đúng giờ<a>l</a></p>');
    // Even a text written into the table by hand leaves sanitized.
    await t.database.db.execute(sql`update regulations set body_html = '<p>A<script>x</script></p>' where id = ${d.id}`);
    expect((await call('GET', `/regulations/published/${d.id}`, 'hs.an')).body.data.bodyHtml).toBe('<p>A</p>');
    expect((await call('GET', `/regulations/${d.id}`, 'quantri')).body.data.bodyHtml).toBe('<p>A</p>');
  });

  it('publishes once, emits regulation.published with ids only, archives; refuses a stale version and an empty document', async () => {
    const empty = await makeDoc({ bodyHtml: '<p> </p>' }, false);
    const refused = await call('POST', `/regulations/${empty.id}/publish`, 'quantri', { version: empty.version });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('chưa có nội dung');

    const d = await makeDoc({ requiresAck: false }, false);
    const stale = await call('PUT', `/regulations/${d.id}`, 'quantri', input({ version: d.version + 1 }));
    expect(stale.status).toBe(409);
    const pub = await call('POST', `/regulations/${d.id}/publish`, 'quantri', { version: d.version });
    expect(pub.body.data).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    expect(published).toContainEqual({ regulationId: d.id, requiresAck: false });
    expect((await call('POST', `/regulations/${d.id}/publish`, 'quantri', { version: pub.body.data.version })).status).toBe(409);
    expect((await call('DELETE', `/regulations/${d.id}`, 'quantri')).status).toBe(409);
    const arch = await call('POST', `/regulations/${d.id}/archive`, 'quantri', { version: pub.body.data.version });
    expect(arch.body.data.status).toBe('archived');
    expect((await call('GET', `/regulations/published/${d.id}`, 'hs.an')).status).toBe(404);
    expect((await auditOf(t.database.db, 'regulation', d.id)).map((e) => e.action)).toEqual([
      'create',
      'publish_regulation',
      'archive_regulation',
    ]);
  });

  it('stores a PDF recognised by its first bytes (≤ 10 MB), serves it inline to readers, a draft one to admin only', async () => {
    const d = await makeDoc({ contentKind: 'pdf', bodyHtml: '' }, false);
    const fake = await uploadPdf(d.id, d.version, Buffer.from('<html>not a pdf</html>'), 'gia.pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Tệp phải là PDF.');
    const big = await uploadPdf(d.id, d.version, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Tệp PDF tối đa 10 MB.');

    const ok = await uploadPdf(d.id, d.version, PDF, 'Quy chế thi.pdf');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ contentKind: 'pdf', pdfName: 'Quy chế thi.pdf', pdfSize: PDF.length, bodyHtml: null });

    const asStudent = await t.app.inject({
      method: 'GET',
      url: `/api/v1/regulations/${d.id}/pdf`,
      headers: bearer(await t.tokenFor('hs.an')),
    });
    expect(asStudent.statusCode).toBe(404);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/v1/regulations/${d.id}/pdf`,
      headers: bearer(await t.tokenFor('quantri')),
    });
    expect(asAdmin.statusCode).toBe(200);

    await call('POST', `/regulations/${d.id}/publish`, 'quantri', { version: ok.json().data.version });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/regulations/${d.id}/pdf`, headers: bearer(await t.tokenFor('hs.an')) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^inline; filename="Quy che thi.pdf"; filename\*=UTF-8''Quy%20ch%E1%BA%BF%20thi\.pdf$/,
    );
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/regulations/${d.id}/pdf`,
      headers: bearer(await t.tokenFor('ketoan')),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('records an acknowledgement once: a repeat answers the same moment and writes nothing', async () => {
    const d = await makeDoc();
    const first = await call('POST', `/regulations/${d.id}/acknowledge`, 'hs.an');
    expect(first.status).toBe(200);
    expect(first.body.data.acknowledgedAt).toEqual(expect.any(String));
    const again = await call('POST', `/regulations/${d.id}/acknowledge`, 'hs.an');
    expect(again.body.data.acknowledgedAt).toBe(first.body.data.acknowledgedAt);
    expect(await count(t.database.db, sql`select count(*) from regulation_acknowledgements where regulation_id = ${d.id}`)).toBe(1);
    expect(
      await count(
        t.database.db,
        sql`select count(*) from audit_logs where entity = 'regulation_acknowledgement' and entity_id like ${`${d.id}:%`}`,
      ),
    ).toBe(1);
    // Not asked for: refused in Vietnamese.
    const plain = await makeDoc({ requiresAck: false });
    const no = await call('POST', `/regulations/${plain.id}/acknowledge`, 'hs.an');
    expect(no.status).toBe(400);
    expect(no.body.message).toBe('Văn bản này không yêu cầu học sinh xác nhận.');
    // The student's list marks it, and `pending` leaves it out.
    const pending = await call('GET', `/regulations/published?pending=true&limit=100`, 'hs.an');
    expect(pending.body.data.items.map((x: { id: number }) => x.id)).not.toContain(d.id);
  });

  it('counts who has not acknowledged per homeroom class, drills down, exports, and scopes a homeroom teacher to their class', async () => {
    const d = await makeDoc();
    await call('POST', `/regulations/${d.id}/acknowledge`, 'hs.an');
    const anClass = (await classOf('hs.an')).id;
    const report = await call('GET', `/regulations/${d.id}/report`, 'hieutruong');
    expect(report.status).toBe(200);
    const row = report.body.data.classes.find((c: { classId: number }) => c.classId === anClass);
    const expected = await count(
      t.database.db,
      sql`select count(*) from students where homeroom_class_id = ${anClass} and status = 'active'`,
    );
    expect(row).toMatchObject({ studentCount: expected, acknowledged: 1, missing: expected - 1 });
    expect(report.body.data.totals.acknowledged).toBe(1);

    const students = await call('GET', `/regulations/${d.id}/report/classes/${anClass}`, 'dbcl');
    expect(students.body.data).toHaveLength(expected);
    expect(students.body.data.filter((s: { acknowledgedAt: string | null }) => s.acknowledgedAt)).toHaveLength(1);
    // Not acknowledged first.
    expect(students.body.data[0].acknowledgedAt).toBeNull();

    const hoa = (await hoaClass()).id;
    const mine = await call('GET', `/regulations/${d.id}/report`, 'gvcn.hoa');
    expect(mine.body.data.classes.map((c: { classId: number }) => c.classId)).toEqual([hoa]);
    const other = await call('GET', `/regulations/${d.id}/report/classes/${anClass}`, 'gvcn.hoa');
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Bạn chỉ xem được tình hình xác nhận của lớp mình chủ nhiệm.');
    const status = await call('GET', '/regulations/homeroom', 'gvcn.hoa');
    expect(status.body.data.find((x: { id: number }) => x.id === d.id).classes.map((c: { classId: number }) => c.classId)).toEqual([hoa]);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/regulations/${d.id}/report/export`,
      headers: bearer(await t.tokenFor('gvcn.hoa')),
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const hoaName = (await one<{ name: string }>(t, sql`select name from homeroom_classes where id = ${hoa}`)).name;
    const hoaMissing = await count(
      t.database.db,
      sql`select count(*) from students where homeroom_class_id = ${hoa} and status = 'active'`,
    );
    expect(ws.rowCount - 1).toBe(hoaMissing);
    expect(ws.getRow(2).getCell(1).value).toBe(hoaName);
  });

  it('keeps acknowledgements when a published document is edited, clears them (audited) when the change asks for it', async () => {
    const d = await makeDoc();
    await call('POST', `/regulations/${d.id}/acknowledge`, 'hs.an');
    const kept = await call('PUT', `/regulations/${d.id}`, 'quantri', input({ title: 'Sửa chính tả', version: d.version }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.ackCount).toBe(1);
    const cleared = await call('PUT', `/regulations/${d.id}`, 'quantri', input({ version: kept.body.data.version, reacknowledge: true }));
    expect(cleared.body.data.ackCount).toBe(0);
    expect(cleared.body.message).toBe('Đã lưu văn bản; học sinh cần xác nhận lại.');
    const audit = await auditOf(t.database.db, 'regulation', d.id);
    expect(audit.map((e) => e.action)).toEqual(['create', 'publish_regulation', 'update', 'update', 'reset_acknowledgements']);
    expect(audit.at(-1)!.before).toEqual({ ackCount: 1 });
    const again = await call('GET', `/regulations/published/${d.id}`, 'hs.an');
    expect(again.body.data.acknowledgedAt).toBeNull();
  });
});

describe('the demo school', () => {
  it('has published regulations, one a PDF that is served whole, the school rules acknowledged by part of the students', async () => {
    const list = await call('GET', '/regulations/published?limit=100', 'hs.an');
    const titles = list.body.data.items.map((x: { title: string }) => x.title);
    expect(titles).toEqual(expect.arrayContaining(['Nội quy học sinh năm học 2025–2026', 'Hướng dẫn phòng cháy, chữa cháy và thoát nạn']));
    const pdfDoc = list.body.data.items.find((x: { title: string }) => x.title === 'Hướng dẫn phòng cháy, chữa cháy và thoát nạn');
    expect(pdfDoc.contentKind).toBe('pdf');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/regulations/${pdfDoc.id}/pdf`,
      headers: bearer(await t.tokenFor('hs.an')),
    });
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    // The cross-reference table points at the objects it names.
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offset = Number(/0000000000 65535 f \n(\d{10}) 00000 n/.exec(text)![1]);
    expect(text.slice(offset, offset + 7)).toBe('1 0 obj');

    const rules = list.body.data.items.find((x: { title: string }) => x.title === 'Nội quy học sinh năm học 2025–2026');
    const report = await call('GET', `/regulations/${rules.id}/report`, 'quantri');
    const { acknowledged, missing } = report.body.data.totals;
    expect(acknowledged).toBeGreaterThan(missing);
    expect(missing).toBeGreaterThan(0);
  });
});
