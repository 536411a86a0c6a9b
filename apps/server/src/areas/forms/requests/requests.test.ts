import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClassAbsences, TFormKind, TStudentFormDetail } from '@app/shared/forms';
import type { AppEvents } from '@/plugins/events';
import { createTestApp, bearer, type TestApp } from '@/test/app';
import { auditOf } from '@/test/school';
import { caller, one } from '@/test/timetables';
import { describeFormForNotice } from './requests.service';

/*
 * Student forms end to end on the demo school: hs.an is in 10 Toán (homeroom teacher gv.toan), hs.chau
 * in 11 Hóa (gvcn.hoa). Roles and scope of every route, the workflow with escalation to the principal,
 * idempotent submission, stale decisions, absences against 45 with the warning from 30.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
let leave: TFormKind;
let confirm: TFormKind;
const submitted: Array<AppEvents['form.submitted']> = [];
const decided: Array<AppEvents['form.decided']> = [];

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  t.app.events.on('form.submitted', (p) => void submitted.push(p));
  t.app.events.on('form.decided', (p) => void decided.push(p));
  const kinds = (await call('GET', '/forms/kinds', 'hs.an')).body.data as TFormKind[];
  leave = kinds.find((k) => k.code === 'NGHI_HOC')!;
  confirm = kinds.find((k) => k.code === 'XAC_NHAN_HS')!;
});
afterAll(() => t.close());

const range = (from: string, to: string, fromSession = 'morning', toSession = 'afternoon') => ({ from, fromSession, to, toSession });
const save = (who: string, body: object) => call('POST', '/forms/mine', who, body);
const submitLeave = async (who: string, from: string, to: string, key = randomUUID()) => {
  const r = await save(who, { kindId: leave.id, clientKey: key, submit: true, values: { period: range(from, to), reason: 'Em bị ốm.' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as TStudentFormDetail;
};
const decide = (who: string, f: { id: number; version: number }, action: string, comment?: string) =>
  call('POST', `/forms/requests/${f.id}/decide`, who, { action, version: f.version, comment });
const userOf = (local: string) => t.userId(local);

describe('roles and scope of every route', () => {
  let form: TStudentFormDetail;
  beforeAll(async () => {
    form = await submitLeave('hs.an', '2027-01-04', '2027-01-04');
  });

  it.each([
    ['quantri', 200],
    ['hieutruong', 200],
    ['gv.toan', 200],
    ['gvcn.hoa', 200],
    ['giaovu', 403],
    ['gv.anh', 403],
    ['ketoan', 403],
    ['hs.an', 403],
  ])('the school list: %s → %i', async (who, status) => {
    expect((await call('GET', '/forms/requests', who)).status).toBe(status);
  });

  it.each([
    ['quantri', 200],
    ['hieutruong', 200],
    ['gv.toan', 403],
    ['giaovu', 403],
    ['hs.an', 403],
  ])('the export: %s → %i', async (who, status) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/forms/requests/export', headers: bearer(await t.tokenFor(who)) });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.headers['content-disposition']).toContain('filename="don-cua-hoc-sinh.xlsx"');
  });

  it.each([
    ['hs.an', 200],
    ['gv.toan', 200],
    ['hieutruong', 200],
    ['quantri', 200],
    ['gvcn.hoa', 403],
    ['hs.chau', 403],
    ['giaovu', 403],
    ['gv.anh', 403],
  ])('one form of 10 Toán: %s → %i', async (who, status) => {
    const r = await call('GET', `/forms/requests/${form.id}`, who);
    expect(r.status).toBe(status);
    if (status === 403 && who === 'gvcn.hoa') expect(r.body.message).toBe('Bạn chỉ xem và duyệt được đơn của học sinh lớp mình chủ nhiệm.');
  });

  it.each(['quantri', 'giaovu', 'gv.toan', 'hieutruong'])('only students save, withdraw, delete and upload: %s → 403', async (who) => {
    expect((await save(who, { kindId: leave.id, clientKey: randomUUID(), submit: false, values: {} })).status).toBe(403);
    expect((await call('GET', '/forms/mine', who)).status).toBe(403);
    expect((await call('POST', `/forms/requests/${form.id}/withdraw`, who, { version: form.version })).status).toBe(403);
    expect((await call('DELETE', `/forms/requests/${form.id}`, who)).status).toBe(403);
  });

  it.each(['quantri', 'giaovu', 'gv.anh', 'hs.an'])('deciding is refused to %s (403)', async (who) => {
    expect((await decide(who, form, 'approve')).status).toBe(403);
  });

  it('refuses another class’s homeroom teacher and the principal a form not escalated (403)', async () => {
    expect((await decide('gvcn.hoa', form, 'approve')).status).toBe(403);
    const r = await decide('hieutruong', form, 'approve');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Đơn này chờ giáo viên chủ nhiệm của lớp duyệt.');
  });

  it('keeps a homeroom teacher’s list to their classes, and a draft to its student', async () => {
    const hoa = await call('GET', '/forms/requests?limit=100', 'gvcn.hoa');
    expect(hoa.body.data.items.every((f: { className: string }) => f.className === '11 Hóa')).toBe(true);
    expect((await call('GET', `/forms/requests?classId=${form.homeroomClassId}`, 'gvcn.hoa')).status).toBe(403);
    const draft = await save('hs.an', { kindId: confirm.id, clientKey: randomUUID(), submit: false, values: { purpose: 'Nháp' } });
    expect((await call('GET', `/forms/requests/${draft.body.data.id}`, 'gv.toan')).status).toBe(404);
    expect((await call('GET', `/forms/requests/${draft.body.data.id}`, 'hs.chau')).status).toBe(404);
  });

  it.each([
    ['gv.toan', 200],
    ['hieutruong', 200],
    ['quantri', 200],
    ['gvcn.hoa', 403],
    ['giaovu', 403],
    ['hs.an', 403],
  ])('the absences of 10 Toán: %s → %i', async (who, status) => {
    expect((await call('GET', `/forms/classes/${form.homeroomClassId}/absences`, who)).status).toBe(status);
  });

  it.each([
    ['hs.an', 200],
    ['quantri', 200],
    ['gvcn.hoa', 200],
  ])('kinds are read by every role: %s → %i; written by admin only', async (who, status) => {
    expect((await call('GET', '/forms/kinds', who)).status).toBe(status);
    if (who !== 'quantri') {
      expect((await call('POST', '/forms/kinds', who, {})).status).toBe(403);
      expect((await call('PUT', `/forms/kinds/${leave.id}`, who, {})).status).toBe(403);
      expect((await call('DELETE', `/forms/kinds/${leave.id}`, who)).status).toBe(403);
    }
  });
});

describe('the workflow', () => {
  it('submits a leave to the homeroom teacher, who approves it; the student is told (audited)', async () => {
    const before = submitted.length;
    const f = await submitLeave('hs.an', '2027-01-11', '2027-01-12');
    expect(f).toMatchObject({ status: 'submitted', className: '10 Toán', absenceSessions: 4, firstDay: '2027-01-11', escalates: false });
    expect(submitted.slice(before)).toEqual([{ formId: f.id, escalated: false, userIds: [await userOf('gv.toan')] }]);
    const r = await decide('gv.toan', f, 'approve', 'Đồng ý.');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'approved', decidedByName: expect.any(String), decisionComment: 'Đồng ý.' });
    expect(decided.at(-1)).toEqual({ formId: f.id, status: 'approved', userIds: [await userOf('hs.an')] });
    expect((await auditOf(t.database.db, 'student_form', f.id)).map((a) => a.action)).toEqual([
      'create',
      'submit_student_form',
      'approve_student_form',
    ]);
    expect(r.body.data.history.map((h: { action: string }) => h.action)).toEqual(['create', 'submit', 'approve']);
    expect(await describeFormForNotice({ db: t.database.db }, f.id)).toMatchObject({
      kindName: 'Đơn xin nghỉ học',
      className: '10 Toán',
      status: 'approved',
      link: `/student/forms?form=${f.id}`,
    });
  });

  it('escalates a leave of more than 3 school days to the principal after the homeroom teacher', async () => {
    const f = await submitLeave('hs.an', '2027-01-18', '2027-01-21');
    expect(f.escalates).toBe(true);
    const r = await decide('gv.toan', f, 'approve');
    expect(r.body.data.status).toBe('escalated');
    expect(r.body.message).toBe('Đã duyệt và chuyển Hiệu trưởng quyết định.');
    expect(submitted.at(-1)).toEqual({ formId: f.id, escalated: true, userIds: [await userOf('hieutruong')] });
    expect((await decide('gv.toan', r.body.data, 'approve')).status).toBe(403);
    const waiting = await call('GET', '/forms/requests?status=escalated&limit=100', 'hieutruong');
    expect(waiting.body.data.items.map((x: { id: number }) => x.id)).toContain(f.id);
    const done = await decide('hieutruong', r.body.data, 'approve', 'Đồng ý.');
    expect(done.body.data).toMatchObject({ status: 'approved', homeroomApprovedByName: expect.any(String), absenceSessions: 8 });
    expect(decided.at(-1)).toMatchObject({ formId: f.id, status: 'approved' });
  });

  it('returns a form with a comment; the student edits and submits it again; withdraws another', async () => {
    const key = randomUUID();
    const f = await submitLeave('hs.an', '2027-02-01', '2027-02-01', key);
    expect((await decide('gv.toan', f, 'return')).status).toBe(400);
    const back = await decide('gv.toan', f, 'return', 'Em ghi rõ lý do.');
    expect(back.body.data).toMatchObject({ status: 'returned', decisionComment: 'Em ghi rõ lý do.' });
    const again = await save('hs.an', {
      kindId: leave.id,
      clientKey: key,
      submit: true,
      version: back.body.data.version,
      values: { period: range('2027-02-01', '2027-02-01'), reason: 'Em đi khám mắt ở bệnh viện tỉnh.' },
    });
    expect(again.body.data).toMatchObject({ id: f.id, status: 'submitted', decisionComment: null });
    const gone = await call('POST', `/forms/requests/${f.id}/withdraw`, 'hs.an', { version: again.body.data.version });
    expect(gone.body.data.status).toBe('withdrawn');
    expect((await decide('gv.toan', gone.body.data, 'approve')).status).toBe(409);
  });

  it('lands a retried submission once (client key), and refuses a stale decision with 409', async () => {
    const key = randomUUID();
    const a = await submitLeave('hs.an', '2027-02-08', '2027-02-08', key);
    const b = await submitLeave('hs.an', '2027-02-08', '2027-02-08', key);
    expect(b.id).toBe(a.id);
    const n = await one<{ n: number }>(t, sql`select cast(count(*) as integer) as n from student_forms where client_key = ${key}`);
    expect(n.n).toBe(1);
    expect((await decide('gv.toan', a, 'approve')).status).toBe(200);
    const second = await decide('gv.toan', a, 'reject', 'Không đồng ý.');
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Đơn vừa được người khác xử lý hoặc thay đổi. Hãy tải lại để xem trạng thái mới nhất.');
  });

  it('refuses leave sharing a half-day with one waiting or approved, takes the other half of a day, and takes it once the first is withdrawn', async () => {
    const first = await submitLeave('hs.binh', '2027-03-01', '2027-03-02');
    const overlapping = () =>
      save('hs.binh', {
        kindId: leave.id,
        clientKey: randomUUID(),
        submit: true,
        values: { period: range('2027-03-02', '2027-03-03', 'afternoon'), reason: 'Em về quê.' },
      });
    const refused = await overlapping();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Bạn đã có đơn "${leave.name}" từ 01/03/2027 đến hết 02/03/2027 (4 buổi), đang ở trạng thái "Chờ GVCN duyệt": trùng thời gian với đơn này.`,
    );
    const count = () =>
      one<{ n: number }>(t, sql`select cast(count(*) as integer) as n from student_forms where values->'period'->>'from' = '2027-03-02'`);
    expect((await count()).n).toBe(0);
    // The morning and the afternoon of one day are two sessions: each may be asked for on its own.
    await submitLeave('hs.binh', '2027-03-05', '2027-03-05');
    const morning = await save('hs.binh', {
      kindId: leave.id,
      clientKey: randomUUID(),
      submit: true,
      values: { period: range('2027-03-08', '2027-03-08', 'morning', 'morning'), reason: 'Em đi khám.' },
    });
    expect(morning.status).toBe(200);
    const afternoon = await save('hs.binh', {
      kindId: leave.id,
      clientKey: randomUUID(),
      submit: true,
      values: { period: range('2027-03-08', '2027-03-08', 'afternoon', 'afternoon'), reason: 'Em đi khám tiếp.' },
    });
    expect(afternoon.status, JSON.stringify(afternoon.body)).toBe(200);
    // Two tabs sending overlapping leave at once: one lands.
    const both = await Promise.all(
      ['Tab một', 'Tab hai'].map((reason) =>
        save('hs.binh', {
          kindId: leave.id,
          clientKey: randomUUID(),
          submit: true,
          values: { period: range('2027-03-15', '2027-03-16'), reason },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    // Withdrawn, the first leaves its days free.
    expect((await call('POST', `/forms/requests/${first.id}/withdraw`, 'hs.binh', { version: first.version })).status).toBe(200);
    expect((await overlapping()).status).toBe(200);
  });

  it('counts neither the school’s holidays nor Sundays as sessions of leave, nor as its days for the principal', async () => {
    // The demo's first semester has 01/01/2027 (a Friday) off: Tuesday 29/12 to Friday 01/01 is 3 school days.
    const f = await submitLeave('hs.an', '2026-12-29', '2027-01-01');
    expect(f).toMatchObject({ absenceSessions: 6, escalates: false, holidays: ['2027-01-01'] });
    // Monday to Thursday is 4: it goes on to the principal once approved.
    expect(await submitLeave('hs.an', '2027-04-05', '2027-04-08')).toMatchObject({ absenceSessions: 8, escalates: true });
    // Saturday to Monday: the Sunday between is no session.
    expect(await submitLeave('hs.an', '2027-04-10', '2027-04-12')).toMatchObject({ absenceSessions: 4, escalates: false });
  });

  it('validates with the shared messages and keeps the draft on a refusal', async () => {
    const key = randomUUID();
    const r = await save('hs.an', {
      kindId: leave.id,
      clientKey: key,
      submit: true,
      values: { period: range('2027-03-02', '2027-03-01') },
    });
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toEqual({ period: 'Ngày kết thúc phải từ ngày bắt đầu trở đi.', reason: 'Vui lòng điền thông tin này.' });
    // The refused submission rolled back: nothing was stored; a draft save keeps whatever was typed.
    const draft = await save('hs.an', { kindId: leave.id, clientKey: key, submit: false, values: { reason: 'Đang viết' } });
    expect(draft.body.data).toMatchObject({ status: 'draft', values: { reason: 'Đang viết' } });
    const mine = (await call('GET', '/forms/mine', 'hs.an')).body.data as Array<{ id: number }>;
    expect(mine.map((m) => m.id)).toContain(draft.body.data.id);
    expect((await call('DELETE', `/forms/requests/${draft.body.data.id}`, 'hs.an')).status).toBe(200);
  });

  it('takes a PDF attachment up to 5 MB and refuses other files', async () => {
    const med = (await call('GET', '/forms/kinds', 'hs.an')).body.data.find((k: TFormKind) => k.code === 'MIEN_THE_DUC') as TFormKind;
    const draft = await save('hs.an', { kindId: med.id, clientKey: randomUUID(), submit: false, values: {} });
    const upload = async (body: Buffer, name: string) => {
      const boundary = '----x';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/forms/requests/${draft.body.data.id}/files?field=medical`,
        headers: { ...bearer(await t.tokenFor('hs.an')), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    expect((await upload(Buffer.from('MZ not a pdf'), 'a.exe')).statusCode).toBe(400);
    const ok = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'giay-kham.pdf');
    expect(ok.statusCode, ok.body).toBe(200);
    const file = ok.json().data;
    const sent = await save('hs.an', {
      kindId: med.id,
      clientKey: draft.body.data.clientKey,
      submit: true,
      values: {
        period: range('2027-03-01', '2027-03-27'),
        reason: 'Bong gân.',
        medical: { fileId: file.id, name: file.fileName, size: file.size, mimeType: file.mimeType },
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.absenceSessions).toBe(0);
    const down = await t.app.inject({
      method: 'GET',
      url: `/api/v1/forms/requests/${draft.body.data.id}/files/${file.id}`,
      headers: bearer(await t.tokenFor('gv.toan')),
    });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
  });
});

describe('what a student cannot make the school believe', () => {
  it('keeps an attachment as uploaded: the name, size and type a submission claims are replaced by the stored file’s', async () => {
    const med = (await call('GET', '/forms/kinds', 'hs.an')).body.data.find((k: TFormKind) => k.code === 'MIEN_THE_DUC') as TFormKind;
    const draft = await save('hs.an', { kindId: med.id, clientKey: randomUUID(), submit: false, values: {} });
    const boundary = '----y';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="giay-kham.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/requests/${draft.body.data.id}/files?field=medical`,
      headers: { ...bearer(await t.tokenFor('hs.an')), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json().data;
    const lie = { fileId: file.id, name: 'Giấy khám của bệnh viện Bạch Mai.pdf', size: 1, mimeType: 'image/png' };
    for (const submit of [false, true]) {
      const r = await save('hs.an', {
        kindId: med.id,
        clientKey: draft.body.data.clientKey,
        submit,
        values: { period: range('2027-03-01', '2027-03-02'), reason: 'Bong gân.', medical: lie },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.values.medical).toEqual({ fileId: file.id, name: 'giay-kham.pdf', size: file.size, mimeType: 'application/pdf' });
    }
  });

  it.each([
    [
      'a date range’s day a megabyte long',
      { period: { from: '2027-03-01'.repeat(100_000), fromSession: 'morning', to: '2027-03-02', toSession: 'afternoon' } },
    ],
    ['a file value’s name a megabyte long', { reason: { fileId: 1, name: 'x'.repeat(1_000_000), size: 1, mimeType: 'application/pdf' } }],
    ['a text longer than any field takes', { reason: 'x'.repeat(5000) }],
  ])('refuses a draft with %s (400 in Vietnamese, nothing stored)', async (_name, values) => {
    const key = randomUUID();
    const r = await save('hs.an', { kindId: leave.id, clientKey: key, submit: false, values });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/[ạảãàáâậầấẩẫăắằặẳẵđơưệếề]/);
    expect((await one<{ n: number }>(t, sql`select count(*)::int as n from student_forms where client_key = ${key}`)).n).toBe(0);
  });

  it('keeps a student to 30 drafts at once: the 31st is refused until one is sent or deleted', async () => {
    const studentId = (await one<{ id: number }>(t, sql`select student_id as id from users where email like 'hs.binh@%'`)).id;
    const have = (
      await one<{ n: number }>(t, sql`select count(*)::int as n from student_forms where student_id = ${studentId} and status = 'draft'`)
    ).n;
    const draft = () => save('hs.binh', { kindId: confirm.id, clientKey: randomUUID(), submit: false, values: { purpose: 'Nháp' } });
    const made: number[] = [];
    for (let i = have; i < 30; i++) {
      const r = await draft();
      expect(r.status).toBe(200);
      made.push(r.body.data.id);
    }
    const refused = await draft();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Bạn đang có 30 đơn nháp chưa gửi. Hãy gửi hoặc xóa bớt đơn nháp trước khi tạo đơn mới.');
    expect((await call('DELETE', `/forms/requests/${made[0]}`, 'hs.binh')).status).toBe(200);
    expect((await draft()).status).toBe(200);
  });

  it('keeps one file per attachment besides the saved one: uploading again and again does not pile files up', async () => {
    const med = (await call('GET', '/forms/kinds', 'hs.an')).body.data.find((k: TFormKind) => k.code === 'MIEN_THE_DUC') as TFormKind;
    const draft = (await save('hs.an', { kindId: med.id, clientKey: randomUUID(), submit: false, values: {} })).body.data;
    const boundary = '----z';
    const upload = async () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/forms/requests/${draft.id}/files?field=medical`,
        headers: { ...bearer(await t.tokenFor('hs.an')), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          Buffer.from('%PDF-1.4\n%%EOF\n'),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const files = async () =>
      (await one<{ n: number }>(t, sql`select count(*)::int as n from student_form_files where form_id = ${draft.id}`)).n;
    const first = (await upload()).json().data;
    const saved = await save('hs.an', {
      kindId: med.id,
      clientKey: draft.clientKey,
      submit: false,
      values: { medical: { fileId: first.id, name: 'a.pdf', size: first.size, mimeType: first.mimeType } },
    });
    expect(saved.status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await upload()).statusCode).toBe(200);
    // The saved one and the newest: the page points at the newest, the draft at the saved one until it is saved again.
    expect(await files()).toBe(2);
    const kept = await one<{ n: number }>(t, sql`select count(*)::int as n from student_form_files where id = ${first.id}`);
    expect(kept.n).toBe(1);
  });
});

describe('absences against 45 half-day sessions', () => {
  it('lists 11 Hóa most first, the demo classmate past 30 warned; counts only approved leave', async () => {
    const cls = await one<{ id: number }>(
      t,
      sql`select homeroom_class_id as id from students where id = (select student_id from users where email like 'hs.chau@%')`,
    );
    const read = async () => (await call('GET', `/forms/classes/${cls.id}/absences`, 'gvcn.hoa')).body.data as TClassAbsences;
    const a = await read();
    expect(a).toMatchObject({ limit: 45, warning: 30, className: '11 Hóa' });
    expect(a.students[0]).toMatchObject({ sessions: 34, level: 'warning', forms: 3 });
    expect(a.students.map((s) => s.sessions)).toEqual([...a.students.map((s) => s.sessions)].sort((x, y) => y - x));
    const chau = a.students.find((s) => s.sessions === 0)!;
    expect(chau.level).toBe('ok');

    // The warned student takes 6 more school days (12 sessions): past 45.
    const top = a.students[0];
    const userId = await one<{ id: number }>(t, sql`select id from users where student_id = ${top.studentId}`);
    const email = await one<{ email: string }>(t, sql`select email from users where id = ${userId.id}`);
    const f = await submitLeave(email.email, '2027-03-08', '2027-03-13');
    const mid = await decide('gvcn.hoa', f, 'approve');
    expect((await read()).students[0].sessions).toBe(34); // escalated: not approved yet
    await decide('hieutruong', mid.body.data, 'approve');
    expect((await read()).students[0]).toMatchObject({ studentId: top.studentId, sessions: 46, level: 'over' });
  });
});
