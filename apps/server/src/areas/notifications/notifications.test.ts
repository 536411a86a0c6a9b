import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@app/shared/notifications';
import { ROLES } from '@app/shared/roles';
import { queryRows } from '@/db/client';
import { createTestApp, type TestApp } from '@/test/app';
import { auditOf } from '@/test/school';
import { caller, one } from '@/test/timetables';

let t: TestApp;
let call: ReturnType<typeof caller>;
const ids: Record<string, number> = {};

/** The notifications stored for a user, newest first, straight from the table. */
const stored = (userId: number, kind?: string) =>
  queryRows<{ id: number; kind: string; title: string; link: string | null; readAt: Date | null }>(
    t.database.db,
    sql`select id::int as id, kind, title, link, read_at as "readAt" from notifications
        where user_id = ${userId} ${kind ? sql`and kind = ${kind}` : sql``} order by id desc`,
  );
const countOf = async (kind: string) =>
  (await one<{ n: number }>(t, sql`select count(*)::int as n from notifications where kind = ${kind}`)).n;

beforeAll(async () => {
  t = await createTestApp();
  // The demo school's bells (seed/demo-notifications.ts) are left out: each test counts what its sources store.
  await t.database.db.execute(sql`delete from notifications`);
  call = caller(t);
  for (const local of ['hs.an', 'hs.binh', 'gv.toan', 'gv.van', 'hieutruong', 'ketoan', 'quantri']) ids[local] = await t.userId(local);
});
afterAll(() => t.close());

describe('who may call the notification routes', () => {
  const accounts = [
    'quantri',
    'hieutruong',
    'giaovu',
    'dbcl',
    'totruong.ly',
    'gv.toan',
    'gvcn.hoa',
    'khaibao.sinh',
    'ketoan',
    'csvc',
    'hs.an',
  ];
  it.each(accounts)('%s reads their own list, count and preferences', async (who) => {
    for (const url of ['/notifications', '/notifications/unread-count', '/notifications/preferences']) {
      const res = await call('GET', url, who);
      expect(res.status, `${who} ${url}`).toBe(200);
    }
  });

  it('every route declares every role, and refuses a caller without a session (401)', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/notifications'));
    expect(routes.length).toBe(7);
    for (const r of routes) expect([...(r.roles ?? [])].sort()).toEqual([...ROLES].sort());
    for (const [method, url] of [
      ['GET', '/notifications'],
      ['GET', '/notifications/unread-count'],
      ['POST', '/notifications/read-all'],
      ['GET', '/notifications/stream'],
      ['PUT', '/notifications/preferences'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/v1${url}` });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toMatch(/đăng nhập/i);
    }
  });
});

describe('a user`s own notifications', () => {
  it('lists newest first, filters unread, counts, marks one and all read; another user`s is refused', async () => {
    const an = ids['hs.an'];
    await call('POST', '/notifications/read-all', 'hs.an');
    for (const status of ['approved', 'rejected', 'returned'] as const)
      await t.app.events.emitAndWait('form.decided', { formId: 900 + status.length, status, userIds: [an] });
    const count = await call('GET', '/notifications/unread-count', 'hs.an');
    expect(count.body.data.unread).toBe(3);

    const list = await call('GET', '/notifications?limit=2', 'hs.an');
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((n: { title: string }) => n.title)).toEqual([
      'Đơn của bạn được trả lại để bổ sung',
      'Đơn của bạn không được chấp thuận',
    ]);
    expect(list.body.data.total).toBeGreaterThanOrEqual(3);
    const newest = list.body.data.items[0];
    expect(newest).toMatchObject({ kind: 'form.decided', link: '/student/forms', readAt: null });

    // Another user can neither mark nor see it: 404, as if it did not exist.
    const theirs = await call('POST', `/notifications/${newest.id}/read`, 'hs.binh');
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Không tìm thấy thông báo.');
    const binhList = await call('GET', '/notifications?limit=100', 'hs.binh');
    expect(binhList.body.data.items.some((n: { id: number }) => n.id === newest.id)).toBe(false);
    expect((await stored(an)).find((n) => n.id === newest.id)!.readAt).toBeNull();

    const mine = await call('POST', `/notifications/${newest.id}/read`, 'hs.an');
    expect(mine.body.data.unread).toBe(2);
    const again = await call('POST', `/notifications/${newest.id}/read`, 'hs.an');
    expect(again.body.data.unread).toBe(2);
    const unread = await call('GET', '/notifications?unread=true&limit=100', 'hs.an');
    expect(unread.body.data.items.map((n: { id: number }) => n.id)).not.toContain(newest.id);
    expect(unread.body.data.total).toBe(2);

    const all = await call('POST', '/notifications/read-all', 'hs.an');
    expect(all.body.data.marked).toBe(2);
    expect(all.body.message).toBe('Đã đánh dấu 2 thông báo là đã đọc.');
    expect((await call('GET', '/notifications/unread-count', 'hs.an')).body.data.unread).toBe(0);
    // Reading is not an audited write (docs/decisions): nothing in the log for it.
    expect(await auditOf(t.database.db, 'notification', newest.id)).toEqual([]);
  });

  it('refuses a bad id or filter in Vietnamese (400)', async () => {
    expect((await call('POST', '/notifications/0/read', 'hs.an')).status).toBe(400);
    const bad = await call('GET', '/notifications?kind=nope', 'hs.an');
    expect(bad.status).toBe(400);
  });
});

describe('preferences', () => {
  it('answers every kind with the default, saves a choice (audited), and a kind turned off stores nothing', async () => {
    const first = await call('GET', '/notifications/preferences', 'gv.van');
    expect(first.body.data.emailAvailable).toBe(false);
    expect(first.body.data.items).toHaveLength(NOTIFICATION_KINDS.length);
    expect(
      first.body.data.items.every((p: { inApp: boolean; email: boolean; isDefault: boolean }) => p.inApp && !p.email && p.isDefault),
    ).toBe(true);

    const saved = await call('PUT', '/notifications/preferences', 'gv.van', {
      items: [
        { kind: 'declaration.reminded', inApp: false, email: true },
        { kind: 'declaration.changed', inApp: true, email: true },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const byKind = Object.fromEntries(saved.body.data.items.map((p: { kind: string }) => [p.kind, p]));
    // E-mail goes with the in-app notice: off in the app is off by e-mail.
    expect(byKind['declaration.reminded']).toMatchObject({ inApp: false, email: false, isDefault: false });
    expect(byKind['declaration.changed']).toMatchObject({ inApp: true, email: true, isDefault: false });
    const log = await auditOf(t.database.db, 'notification_preferences', ids['gv.van']);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'update', actorId: ids['gv.van'] });
    expect(JSON.stringify(log[0].after)).toContain('Nhắc nộp kê khai giảng dạy: không nhận trong ứng dụng');

    await t.app.events.emitAndWait('declaration.reminded', { periodId: 1, userIds: [ids['gv.van'], ids['gv.toan']] });
    expect(await stored(ids['gv.van'], 'declaration.reminded')).toEqual([]);
    expect(await stored(ids['gv.toan'], 'declaration.reminded')).toHaveLength(1);

    const dup = await call('PUT', '/notifications/preferences', 'gv.van', {
      items: [
        { kind: 'pay.approved', inApp: false, email: false },
        { kind: 'pay.approved', inApp: true, email: false },
      ],
    });
    expect(dup.status).toBe(400);
  });
});

describe('sources: each event notifies the right users, once', () => {
  it('timetables: students to their schedule, staff to theirs', async () => {
    await t.app.events.emitAndWait('timetable.published', {
      timetableId: 1,
      moduleId: 1,
      effectiveFrom: '2026-11-30',
      replacedIds: [],
      userIds: [ids['hs.binh'], ids['gv.toan']],
    });
    const [s] = await stored(ids['hs.binh'], 'timetable.changed');
    expect(s).toMatchObject({ title: 'Thời khóa biểu mới đã được công bố', link: '/student/schedule' });
    const [g] = await stored(ids['gv.toan'], 'timetable.changed');
    expect(g.link).toBe('/teacher/schedule');
    expect(await stored(ids['hs.an'], 'timetable.changed')).toEqual([]);
  });

  it('registration: a waitlist place, a reminder, and the round`s close to the students holding seats', async () => {
    const cc = await one<{ id: number; name: string }>(t, sql`select id, name from course_classes order by id limit 1`);
    await t.app.events.emitAndWait('registration.promoted', { roundId: 1, courseClassId: cc.id, studentId: 1, userId: ids['hs.an'] });
    const [p] = await stored(ids['hs.an'], 'registration.promoted');
    expect(p.title).toBe('Bạn đã được nhận chỗ từ danh sách chờ');
    await t.app.events.emitAndWait('registration.promoted', { roundId: 1, courseClassId: cc.id, studentId: 1, userId: null });
    expect(await countOf('registration.promoted')).toBe(1);

    await t.app.events.emitAndWait('registration.reminded', { roundId: 1, userIds: [ids['hs.binh']] });
    expect(await stored(ids['hs.binh'], 'registration.reminded')).toHaveLength(1);

    const round = await queryRows<{ id: number; n: number }>(
      t.database.db,
      sql`select round_id as id, count(distinct u.id)::int as n from registrations g join users u on u.student_id = g.student_id
          where g.status = 'registered' group by round_id order by round_id limit 1`,
    );
    if (round.length) {
      await t.app.events.emitAndWait('registration.closed', { roundId: round[0].id });
      await t.app.events.emitAndWait('registration.closed', { roundId: round[0].id });
      expect(await countOf('registration.closed')).toBe(round[0].n);
    }
  });

  it('declarations: a reminder, and a return/approval/confirmation to the teacher', async () => {
    for (const status of ['returned', 'approved', 'confirmed'] as const)
      await t.app.events.emitAndWait('declaration.changed', { declarationId: 1, status, userIds: [ids['gv.toan']] });
    const got = await stored(ids['gv.toan'], 'declaration.changed');
    expect(got.map((g) => g.title)).toEqual([
      'Bản kê khai giảng dạy của bạn đã được xác nhận',
      'Bản kê khai giảng dạy của bạn đã được duyệt',
      'Bản kê khai giảng dạy của bạn bị trả lại',
    ]);
    expect(got.every((g) => g.link === '/teacher/teaching-declaration-results')).toBe(true);
  });

  it('a declaration returned through the API tells its teacher (the event is emitted after the transaction)', async () => {
    const d = await queryRows<{ id: number; version: number; userId: number }>(
      t.database.db,
      sql`select d.id, d.version, t.user_id as "userId" from declarations d join teachers t on t.id = d.teacher_id
          join department_heads h on h.department_id = t.department_id join teachers ht on ht.id = h.teacher_id
          join users u on u.id = ht.user_id and u.email like 'totruong.ly@%'
          where d.status = 'submitted' and t.user_id is not null and t.id <> ht.id order by d.id limit 1`,
    );
    expect(d.length).toBe(1);
    const before = (await stored(d[0].userId, 'declaration.changed')).length;
    const res = await call('POST', `/teaching/declarations/${d[0].id}/return`, 'totruong.ly', {
      version: d[0].version,
      comment: 'Thiếu minh chứng.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const after = await stored(d[0].userId, 'declaration.changed');
    expect(after).toHaveLength(before + 1);
    expect(after[0].title).toBe('Bản kê khai giảng dạy của bạn bị trả lại');
    // The head who returned it is not told of their own act.
    expect(await stored(ids['totruong.ly'] ?? (await t.userId('totruong.ly')), 'declaration.changed')).toEqual([]);
  });

  it('the office confirming a declaration tells its teacher and the heads of its department', async () => {
    const d = await queryRows<{ id: number; version: number; userId: number; heads: number[] }>(
      t.database.db,
      sql`select d.id, d.version, t.user_id as "userId",
            array(select ht.user_id from department_heads h join teachers ht on ht.id = h.teacher_id
                  where h.department_id = t.department_id and ht.user_id is not null and ht.user_id <> t.user_id) as heads
          from declarations d join teachers t on t.id = d.teacher_id
          where d.status = 'approved' and t.user_id is not null
            and exists (select 1 from department_heads h join teachers ht on ht.id = h.teacher_id
                        where h.department_id = t.department_id and ht.user_id is not null and ht.user_id <> t.user_id)
          order by d.id limit 1`,
    );
    expect(d.length).toBe(1);
    const res = await call('POST', `/teaching/declarations/${d[0].id}/confirm`, 'giaovu', { version: d[0].version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect((await stored(d[0].userId, 'declaration.changed'))[0].title).toBe('Bản kê khai giảng dạy của bạn đã được xác nhận');
    for (const head of d[0].heads)
      expect((await stored(head, 'declaration.changed'))[0]).toMatchObject({
        title: 'Một bản kê khai của tổ đã được Phòng Giáo vụ xác nhận',
        link: '/department/teaching-declaration',
      });
  });

  it('pay runs: submitted to the principals, approved to the run`s teachers with their statement', async () => {
    const run = await one<{ id: number; name: string }>(t, sql`select id, name from pay_runs order by id limit 1`);
    await t.app.events.emitAndWait('pay.run.changed', { runId: run.id, status: 'submitted' });
    const [w] = await stored(ids['hieutruong'], 'pay.waiting');
    expect(w).toMatchObject({ title: `Đợt thanh toán chờ phê duyệt: ${run.name}`, link: `/principal/pay-runs/${run.id}` });
    expect(await stored(ids['ketoan'], 'pay.waiting')).toEqual([]);

    await t.app.events.emitAndWait('pay.run.changed', { runId: run.id, status: 'approved' });
    const teachers = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select distinct u.id from pay_run_lines l join teachers te on te.id = l.teacher_id join users u on u.id = te.user_id and u.active
            where l.run_id = ${run.id}`,
      )
    ).map((r) => r.id);
    expect(teachers.length).toBeGreaterThan(0);
    const notified = await queryRows<{ userId: number; link: string }>(
      t.database.db,
      sql`select user_id as "userId", link from notifications where kind = 'pay.approved'`,
    );
    expect(notified.map((n) => n.userId).sort((a, b) => a - b)).toEqual(teachers.sort((a, b) => a - b));
    expect(new Set(notified.map((n) => n.link))).toEqual(new Set(['/teacher/teaching-declaration-results']));
  });

  it('forms and regulations: the deciders, the student, every student once per regulation', async () => {
    // A demo form is named by its kind, student and class; one that no longer exists from the event alone.
    const form = await one<{ id: number; kind: string; student: string; cls: string }>(
      t,
      sql`select f.id, k.name as kind, s.full_name as student, h.name as cls from student_forms f
          join form_kinds k on k.id = f.kind_id join students s on s.id = f.student_id
          join homeroom_classes h on h.id = f.homeroom_class_id order by f.id limit 1`,
    );
    await t.app.events.emitAndWait('form.submitted', { formId: form.id, escalated: false, userIds: [ids['gv.toan']] });
    await t.app.events.emitAndWait('form.submitted', { formId: 999_999, escalated: true, userIds: [ids['hieutruong']] });
    await t.app.events.emitAndWait('form.decided', { formId: form.id, status: 'returned', userIds: [ids['hs.binh']] });
    expect((await stored(ids['gv.toan'], 'form.submitted'))[0]).toMatchObject({
      title: `${form.kind} của ${form.student} (lớp ${form.cls}) chờ duyệt`,
      link: `/teacher/homeroom-class?form=${form.id}`,
    });
    expect((await stored(ids['hieutruong'], 'form.submitted'))[0]).toMatchObject({
      title: 'Có đơn của học sinh chờ Ban giám hiệu quyết định',
      link: '/principal/dashboard',
    });
    expect((await stored(ids['hs.binh'], 'form.decided'))[0]).toMatchObject({
      title: `${form.kind}: được trả lại để bổ sung`,
      link: `/student/forms?form=${form.id}`,
    });

    const students = (await one<{ n: number }>(t, sql`select count(*)::int as n from users where active and student_id is not null`)).n;
    await t.app.events.emitAndWait('regulation.published', { regulationId: 77, requiresAck: true });
    await t.app.events.emitAndWait('regulation.published', { regulationId: 77, requiresAck: true });
    expect(await countOf('regulation.published')).toBe(students);
    expect((await stored(ids['hs.an'], 'regulation.published'))[0].title).toBe('Quy chế mới: hãy đọc và xác nhận');
    expect(await stored(ids['gv.toan'], 'regulation.published')).toEqual([]);
  });

  it('survey results published: the teachers the survey`s responses are about, once', async () => {
    const s = await one<{ id: number; title: string }>(
      t,
      sql`select s.id, s.title from surveys s where exists (select 1 from survey_responses r where r.survey_id = s.id and cardinality(r.teacher_ids) > 0)
          order by s.id limit 1`,
    );
    await t.app.events.emitAndWait('survey.results.published', { surveyId: s.id });
    await t.app.events.emitAndWait('survey.results.published', { surveyId: s.id });
    const teachers = await queryRows<{ id: number }>(
      t.database.db,
      sql`select distinct u.id from survey_responses r cross join unnest(r.teacher_ids) x(tid) join teachers te on te.id = x.tid
          join users u on u.id = te.user_id and u.active where r.survey_id = ${s.id}`,
    );
    const got = await queryRows<{ userId: number; title: string }>(
      t.database.db,
      sql`select user_id as "userId", title from notifications where kind = 'survey.results'`,
    );
    expect(got).toHaveLength(teachers.length);
    expect(got[0].title).toBe(`Kết quả khảo sát đã công bố: ${s.title}`);
  });
});
