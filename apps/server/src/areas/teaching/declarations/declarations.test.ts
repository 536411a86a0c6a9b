import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TDeclarationDetail } from '@app/shared/declarations';
import { computeWorkload } from '@app/shared/workload-calc';
import type { AppEvents } from '@/plugins/events';
import { createTestApp, type TestApp } from '@/test/app';
import { makeDeclSchool, weekdaysBetween, type DeclSchool } from '@/test/declarations';
import { multipart } from '@/test/multipart';
import { auditOf } from '@/test/school';
import { caller, one } from '@/test/timetables';
import { rulesOn } from '../core/rule-sets';

let t: TestApp;
let call: ReturnType<typeof caller>;
let s: DeclSchool;
const reminded: Array<AppEvents['declaration.reminded']> = [];
const B = '/teaching/declarations';

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  s = await makeDeclSchool(t.database.db);
  t.app.events.on('declaration.reminded', (p) => void reminded.push(p));
});
afterAll(() => t.close());

const create = async (who: string, teacherId: number) => call('POST', B, who, { periodId: s.periodId, teacherId });
const detail = async (id: number, who = s.office.email) => (await call('GET', `${B}/${id}`, who)).body.data as TDeclarationDetail;
const step = (id: number, action: string, who: string, version: number, comment?: string) =>
  call('POST', `${B}/${id}/${action}`, who, { version, ...(comment ? { comment } : {}) });
/** The lines of a detail as the PUT takes them (ids kept). */
const inputs = (d: TDeclarationDetail) => d.lines.map(({ attachments: _a, forTeacherName: _f, ...l }) => l);

describe('prefill and totals', () => {
  let d: TDeclarationDetail;
  beforeAll(async () => {
    const res = await create(s.teacher.email, s.teacher.teacherId!);
    expect(res.status).toBe(200);
    d = res.body.data;
  });

  it('counts the published timetable lesson by lesson over the module, the holiday left out', () => {
    const mondays = weekdaysBetween(s.m.module.startDate, s.m.module.endDate, 1);
    const wednesdays = weekdaysBetween(s.m.module.startDate, s.m.module.endDate, 3);
    expect(mondays).toContain(s.holiday);
    const cls = d.lines.find((l) => l.courseClassId === s.courseClassId)!;
    expect(cls).toMatchObject({ kind: 'class', source: 'timetable' });
    expect(cls.periods).toBe(mondays.length - 1 + wednesdays.length * 2);
    expect(d.status).toBe('draft');
    expect(d.version).toBeGreaterThanOrEqual(1);
  });

  it('stores the totals computeWorkload gives with the rules in force at the semester start', async () => {
    const { rules } = await rulesOn(t.database.db, s.semesterStart);
    const expected = computeWorkload({
      rules,
      position: 'TEACHER',
      weeks: 18,
      lines: d.lines
        .filter((l) => l.kind !== 'duty')
        .map((l) => ({ kind: l.kind as 'class', label: l.label, periods: l.periods, activityCode: l.activityCode ?? undefined })),
      duties: d.lines.filter((l) => l.kind === 'duty').map((l) => ({ code: l.dutyCode!, label: l.label })),
    });
    expect(d.result.counted).toBe(expected.counted);
    expect(d.totals).toEqual({ counted: expected.counted, normBase: expected.normBase, overtime: expected.overtime });
    expect(d.totals!.normBase).toBe(17 * 18);
  });

  it('prefills periods/week × weeks when the module has no published timetable, and duties (the head)', async () => {
    const res = await create(s.office.email, s.head.teacherId!);
    expect(res.status).toBe(200);
    expect(res.body.data.lines.some((l: { kind: string; dutyCode: string }) => l.kind === 'duty' && l.dutyCode === 'HEAD')).toBe(true);
  });

  it('refuses a second declaration of the same teacher and period (409)', async () => {
    expect((await create(s.teacher.email, s.teacher.teacherId!)).status).toBe(409);
  });
});

describe('who may create and see', () => {
  it.each([
    ['a teacher for a colleague', 403, () => s.teacher.email, () => s.colleague.teacherId!],
    ['a head of another department', 403, () => s.headB.email, () => s.colleague.teacherId!],
    ['the clerk for a teacher of another department', 403, () => s.clerk.email, () => s.other.teacherId!],
    ['the clerk for a teacher of their department', 200, () => s.clerk.email, () => s.colleague.teacherId!],
    ['the teacher of another department for themself', 200, () => s.other.email, () => s.other.teacherId!],
  ])('%s → %i', async (_name, status, who, teacherId) => {
    expect((await create(who(), teacherId())).status).toBe(status);
  });

  it('scopes the list: a teacher sees their own, a head their department, the office all', async () => {
    const ids = async (who: string) =>
      ((await call('GET', `${B}?periodId=${s.periodId}&limit=100`, who)).body.data.items as Array<{ teacherId: number }>).map(
        (i) => i.teacherId,
      );
    expect(await ids(s.teacher.email)).toEqual([s.teacher.teacherId]);
    const head = await ids(s.head.email);
    expect(head).toEqual(expect.arrayContaining([s.teacher.teacherId, s.colleague.teacherId]));
    expect(head).not.toContain(s.other.teacherId);
    expect(await ids(s.headB.email)).toEqual([s.other.teacherId]);
    expect(await ids(s.office.email)).toEqual(expect.arrayContaining([s.teacher.teacherId, s.other.teacherId]));
    // mine=1 (a teacher's own results page): only the caller's own, even for a head whose scope holds the department.
    const mine = async (who: string) =>
      ((await call('GET', `${B}?mine=1&limit=100`, who)).body.data.items as Array<{ teacherId: number }>).map((i) => i.teacherId);
    expect(new Set(await mine(s.head.email))).toEqual(new Set(head.includes(s.head.teacherId!) ? [s.head.teacherId] : []));
    expect(await mine(s.teacher.email)).toEqual([s.teacher.teacherId]);
    expect(await mine(s.office.email)).toEqual([]);
  });

  it('lists the teachers in scope for a period, declared or not: the clerk their department, a teacher themself', async () => {
    const rows = async (who: string) =>
      (await call('GET', `${B}/periods/${s.periodId}/teachers`, who)).body.data as Array<{
        teacherId: number;
        declarationId: number | null;
        status: string | null;
      }>;
    const clerk = await rows(s.clerk.email);
    expect(clerk.map((r) => r.teacherId)).toEqual(expect.arrayContaining([s.teacher.teacherId, s.colleague.teacherId, s.clerk.teacherId]));
    expect(clerk.map((r) => r.teacherId)).not.toContain(s.other.teacherId);
    const mine = clerk.find((r) => r.teacherId === s.teacher.teacherId)!;
    const listed = (await call('GET', `${B}?periodId=${s.periodId}&limit=100`, s.office.email)).body.data.items as Array<{
      id: number;
      teacherId: number;
      status: string;
    }>;
    const theirs = listed.find((d) => d.teacherId === s.teacher.teacherId);
    expect(mine).toMatchObject({ declarationId: theirs?.id ?? null, status: theirs?.status ?? null });
    expect((await rows(s.other.email)).map((r) => r.teacherId)).toEqual([s.other.teacherId]);
    expect((await call('GET', `${B}/periods/999999/teachers`, s.office.email)).status).toBe(404);
  });

  it('exports the period as XLSX within the caller’s scope, the teachers without a declaration too', async () => {
    const sheet = async (who: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1${B}/periods/${s.periodId}/export`,
        headers: { authorization: `Bearer ${await t.tokenFor(who)}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      const rows = Array.from({ length: ws.rowCount - 1 }, (_, i) => (ws.getRow(i + 2).values as unknown[]).slice(1));
      return { header: (ws.getRow(1).values as unknown[]).slice(1), rows };
    };
    const office = await sheet(s.office.email);
    expect(office.header.slice(0, 4)).toEqual(['Mã giáo viên', 'Họ và tên', 'Tổ chuyên môn', 'Trạng thái']);
    const nameOf = async (id: number | null) => (await one<{ n: string }>(t, sql`select full_name as n from teachers where id = ${id}`)).n;
    expect(office.rows.map((r) => r[1])).toEqual(
      expect.arrayContaining([await nameOf(s.teacher.teacherId), await nameOf(s.other.teacherId)]),
    );
    const own = await sheet(s.teacher.email);
    expect(own.rows.map((r) => r[1])).toEqual([await nameOf(s.teacher.teacherId)]);
    expect(own.rows[0][3]).toMatch(/Chưa kê khai|Nháp|Đã nộp|Trả lại|duyệt|xác nhận|khóa/);
  });

  it('refuses to show a declaration outside the scope (403)', async () => {
    const other = await one<{ id: number }>(t, sql`select id from declarations where teacher_id = ${s.other.teacherId}`);
    expect((await call('GET', `${B}/${other.id}`, s.head.email)).status).toBe(403);
    expect((await call('GET', `${B}/${other.id}`, s.teacher.email)).status).toBe(403);
    expect((await call('GET', `${B}/${other.id}`, s.headB.email)).status).toBe(200);
    expect((await call('GET', `${B}/${other.id}`, s.principal.email)).status).toBe(200);
  });
});

describe('workflow', () => {
  let id: number;
  const version = async () => (await detail(id)).version;
  beforeAll(async () => {
    id = (await one<{ id: number }>(t, sql`select id from declarations where teacher_id = ${s.colleague.teacherId}`)).id;
  });

  // Each row: the step, who tries it, the answer; the rows run in order on one declaration.
  const rows: Array<[string, string, number, () => string, string?]> = [
    ['approve', 'the head before submission', 409, () => s.head.email],
    ['submit', 'another teacher', 403, () => s.teacher.email],
    ['submit', 'the head', 403, () => s.head.email],
    ['submit', 'the clerk of the department', 200, () => s.clerk.email],
    ['submit', 'the clerk again', 409, () => s.clerk.email],
    ['approve', 'the head of another department', 403, () => s.headB.email],
    ['approve', 'the office', 403, () => s.office.email],
    ['return', 'the head without a comment', 400, () => s.head.email],
    ['return', 'the head with a comment', 200, () => s.head.email, 'Thiếu tiết dạy thay ngày 12/10.'],
    ['confirm', 'the office before approval', 409, () => s.office.email],
    ['submit', 'the teacher themself', 200, () => s.colleague.email],
    ['approve', 'the head', 200, () => s.head.email],
    ['lock', 'the office before confirmation', 409, () => s.office.email],
    ['confirm', 'the head', 403, () => s.head.email],
    ['confirm', 'the office', 200, () => s.office.email],
    ['lock', 'the office', 200, () => s.office.email],
    ['unlock', 'the office without a reason', 400, () => s.office.email],
    ['unlock', 'the head', 403, () => s.head.email],
    ['unlock', 'the office with a reason', 200, () => s.office.email, 'Sai số tiết dạy thay.'],
    ['lock', 'the office again', 200, () => s.office.email],
  ];
  it.each(rows)('%s by %s → %i', async (action, _who, status, who, comment) => {
    const res = await step(id, action, who(), await version(), comment);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  it('keeps every state change in the history with from → to and the comments, and in the audit log', async () => {
    const d = await detail(id);
    expect(d.status).toBe('locked');
    const changes = d.history
      .filter((h) => h.fromStatus !== h.toStatus)
      .map((h) => `${h.action}:${h.fromStatus}>${h.toStatus}`)
      .reverse();
    expect(changes).toEqual([
      'submit:draft>submitted',
      'return:submitted>returned',
      'submit:returned>submitted',
      'approve:submitted>approved',
      'confirm:approved>confirmed',
      'lock:confirmed>locked',
      'unlock:locked>confirmed',
      'lock:confirmed>locked',
    ]);
    expect(d.history.find((h) => h.action === 'return')?.comment).toBe('Thiếu tiết dạy thay ngày 12/10.');
    expect(d.history.find((h) => h.action === 'unlock')?.comment).toBe('Sai số tiết dạy thay.');
    expect(d.lastComment).toBe('Thiếu tiết dạy thay ngày 12/10.');
    const audit = await auditOf(t.database.db, 'declaration', id);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['create', 'submit_declaration', 'return_declaration', 'unlock_declaration']),
    );
  });

  it('refuses edits of a locked declaration (409), even by its teacher', async () => {
    const d = await detail(id);
    const res = await call('PUT', `${B}/${id}/lines`, s.colleague.email, { version: d.version, lines: inputs(d) });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('khóa');
  });

  it('refuses a state change with a stale version (409)', async () => {
    const d = await detail(id);
    const res = await step(id, 'unlock', s.office.email, d.version - 1, 'Lý do');
    expect(res.status).toBe(409);
  });
});

describe('edits and history', () => {
  let id: number;
  beforeAll(async () => {
    id = (await one<{ id: number }>(t, sql`select id from declarations where teacher_id = ${s.teacher.teacherId}`)).id;
  });

  it('writes lines added, removed and changed before → after, recomputes the totals, and refuses a stale version', async () => {
    const d = await detail(id, s.teacher.email);
    expect(d.can).toMatchObject({ edit: true, submit: true, approve: false, lock: false });
    const [first, ...rest] = inputs(d);
    const lines = [
      { ...first, periods: first.periods + 2, note: 'Thêm 2 tiết bù' },
      ...rest,
      { kind: 'substitution', label: 'Dạy thay lớp 10A1', periods: 3, onDate: '2030-10-12', forTeacherId: s.colleague.teacherId },
      { kind: 'activity', label: 'Ôn thi HSG', periods: 4, activityCode: 'GIFTED' },
    ];
    const res = await call('PUT', `${B}/${id}/lines`, s.teacher.email, { version: d.version, lines });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body.data as TDeclarationDetail;
    expect(after.version).toBe(d.version + 1);
    expect(after.totals!.counted).toBe(d.totals!.counted + 2 + 3 + 8);
    expect(after.lines.find((l) => l.kind === 'substitution')?.forTeacherName).toContain('gv2');
    const edit = after.history.find((h) => h.action === 'edit')!;
    expect(edit.changes!.changed).toHaveLength(1);
    expect(edit.changes!.changed[0].before.periods).toBe(first.periods);
    expect(edit.changes!.changed[0].after.periods).toBe(first.periods + 2);
    expect(edit.changes!.added.map((l) => l.kind).sort()).toEqual(['activity', 'substitution']);

    // Remove the substitution: its before is kept.
    const again = await call('PUT', `${B}/${id}/lines`, s.teacher.email, {
      version: after.version,
      lines: inputs(after).filter((l) => l.kind !== 'substitution'),
    });
    expect(again.status).toBe(200);
    const removed = (again.body.data as TDeclarationDetail).history.find((h) => h.action === 'edit')!.changes!.removed;
    expect(removed).toEqual([expect.objectContaining({ kind: 'substitution', periods: 3, forTeacherId: s.colleague.teacherId })]);

    const stale = await call('PUT', `${B}/${id}/lines`, s.teacher.email, { version: after.version, lines: [] });
    expect(stale.status).toBe(409);
  });

  it('refuses an activity kind the rule set does not have (400) and a colleague editing (403)', async () => {
    const d = await detail(id, s.teacher.email);
    const bad = await call('PUT', `${B}/${id}/lines`, s.teacher.email, {
      version: d.version,
      lines: [{ kind: 'activity', label: 'X', periods: 1, activityCode: 'NOPE' }],
    });
    expect(bad.status).toBe(400);
    expect((await call('PUT', `${B}/${id}/lines`, s.other.email, { version: d.version, lines: [] })).status).toBe(403);
  });

  it('takes evidence files (PDF/image ≤ 5 MB), serves them in scope, refuses other types', async () => {
    const d = await detail(id, s.teacher.email);
    const line = d.lines[0];
    const pdf = Buffer.from('%PDF-1.4\n%minh chung\n');
    const body = multipart({ filename: 'giấy nghỉ ốm.pdf', content: pdf, contentType: 'application/pdf' });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1${B}/${id}/attachments?lineId=${line.id}`,
      headers: { ...body.headers, authorization: `Bearer ${await t.tokenFor(s.teacher.email)}` },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const att = up.json().data;
    expect(att).toMatchObject({ lineId: line.id, mimeType: 'application/pdf', size: pdf.length });
    const download = async (who: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1${B}/${id}/attachments/${att.id}`,
        headers: { authorization: `Bearer ${await t.tokenFor(who)}` },
      });
    const get = await download(s.head.email);
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toContain('application/pdf');
    expect(get.rawPayload.equals(pdf)).toBe(true);
    expect((await download(s.headB.email)).statusCode).toBe(403);
    const txt = multipart({ filename: 'a.txt', content: Buffer.from('hello'), contentType: 'text/plain' });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1${B}/${id}/attachments`,
      headers: { ...txt.headers, authorization: `Bearer ${await t.tokenFor(s.teacher.email)}` },
      payload: txt.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect((await detail(id, s.teacher.email)).history[0]).toMatchObject({ action: 'attach', comment: 'giấy nghỉ ốm.pdf' });
  });

  it('bulk approves the submitted ones unchanged since submission and skips the one the head changed', async () => {
    let d = await detail(id, s.teacher.email);
    expect((await step(id, 'submit', s.teacher.email, d.version)).status).toBe(200);
    const clerkOwn = (await one<{ id: number }>(t, sql`select id from declarations where teacher_id = ${s.head.teacherId}`)).id;
    const h = await detail(clerkOwn);
    expect((await step(clerkOwn, 'submit', s.head.email, h.version)).status).toBe(200);
    // The head corrects the teacher's declaration while reviewing it.
    d = await detail(id, s.head.email);
    expect(d.can.edit).toBe(true);
    expect((await call('PUT', `${B}/${id}/lines`, s.head.email, { version: d.version, lines: inputs(d).slice(0, 1) })).status).toBe(200);
    const other = (await one<{ id: number }>(t, sql`select id from declarations where teacher_id = ${s.other.teacherId}`)).id;
    const res = await call('POST', `${B}/bulk-approve`, s.head.email, { ids: [id, clerkOwn, other] });
    expect(res.status).toBe(200);
    expect(res.body.data.approved).toEqual([clerkOwn]);
    expect(res.body.data.skipped.map((x: { id: number }) => x.id).sort()).toEqual([id, other].sort());
    expect((await call('POST', `${B}/bulk-approve`, s.teacher.email, { ids: [id] })).status).toBe(403);
  });
});

describe('periods, reminder, history search', () => {
  it('lets the admin manage periods and academic affairs read them; others may not write', async () => {
    const list = await call('GET', `${B}/periods`, s.office.email);
    expect(list.status).toBe(200);
    const p = list.body.data.find((x: { id: number }) => x.id === s.periodId);
    expect(p.holidays).toEqual([s.holiday]);
    expect(p.counts.locked).toBeGreaterThanOrEqual(1);
    const body = {
      semesterId: s.semesterId,
      weeks: 18,
      opensAt: new Date().toISOString(),
      closesAt: new Date(Date.now() + 86400_000).toISOString(),
    };
    expect((await call('POST', `${B}/periods`, s.office.email, body)).status).toBe(403);
    expect((await call('POST', `${B}/periods`, 'quantri', body)).status).toBe(409);
    const put = await call('PUT', `${B}/periods/${s.periodId}`, 'quantri', { ...body, holidays: [s.holiday], reviewBy: '2031-01-10' });
    expect(put.status).toBe(200);
    expect(put.body.data.reviewBy).toBe('2031-01-10');
    expect((await call('DELETE', `${B}/periods/${s.periodId}`, 'quantri')).status).toBe(409);
  });

  it('reminds the teachers not submitted (event) for academic affairs only', async () => {
    expect((await call('POST', `${B}/periods/${s.periodId}/remind`, s.head.email)).status).toBe(403);
    const res = await call('POST', `${B}/periods/${s.periodId}/remind`, s.office.email);
    expect(res.status).toBe(200);
    const ev = reminded.at(-1)!;
    expect(ev.periodId).toBe(s.periodId);
    expect(ev.userIds).toContain(s.other.userId);
    expect(ev.userIds).not.toContain(s.colleague.userId);
    expect(res.body.data.reminded).toBe(ev.userIds.length);
  });

  it('searches the history for the admin and the principal with filters and paging', async () => {
    expect((await call('GET', `${B}/history`, s.office.email)).status).toBe(403);
    const res = await call('GET', `${B}/history?teacherId=${s.colleague.teacherId}&action=unlock`, s.principal.email);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.items[0]).toMatchObject({
      action: 'unlock',
      fromStatus: 'locked',
      toStatus: 'confirmed',
      comment: 'Sai số tiết dạy thay.',
    });
    const dept = await call('GET', `${B}/history?departmentId=${s.deptB}&limit=100`, 'quantri');
    expect(dept.body.data.items.every((h: { teacherId: number }) => h.teacherId === s.other.teacherId)).toBe(true);
    const edits = await call('GET', `${B}/history?teacherId=${s.teacher.teacherId}&action=edit&limit=1&page=2`, 'quantri');
    expect(edits.body.data.total).toBeGreaterThanOrEqual(2);
    expect(edits.body.data.items[0].changes).toBeTruthy();
  });
});
