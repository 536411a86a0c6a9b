import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { defaultPeriodGrid, type TLesson } from '@app/shared/timetables';
import type { AppEvents } from '@/plugins/events';
import { queryRows } from '@/db/client';
import { createTestApp, type TestApp } from '@/test/app';
import { auditOf } from '@/test/school';
import { caller, makeTinyModule, one, type Method } from '@/test/timetables';
import { runFinished } from './generate.service';

let t: TestApp;
let call: ReturnType<typeof caller>;
let m: Awaited<ReturnType<typeof makeTinyModule>>;
const published: Array<AppEvents['timetable.published']> = [];
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  m = await makeTinyModule(t);
  t.app.events.on('timetable.published', (p) => void published.push(p));
});
afterAll(() => t.close());

const userOf = (local: string) => one<{ id: number }>(t, sql`select id from users where email like ${`${local}@%`}`);
let first: { id: number; lessons: TLesson[] };
let second: { id: number };
const byClass = (ls: TLesson[], ccId: number) => ls.filter((l) => l.courseClassId === ccId).sort((a, b) => a.id - b.id);

describe('versions, edits and publishing', () => {
  it('makes a first draft from the course classes: one unplaced lesson per period a week', async () => {
    const r = await call('POST', '/timetables', 'quantri', { moduleId: m.module.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    first = r.body.data;
    expect(r.body.data).toMatchObject({ status: 'draft', basedOnId: null, lessonCount: 3, unplacedCount: 3, hardClashCount: 0 });
    expect(byClass(first.lessons, m.a.id)).toHaveLength(2);
    expect(first.lessons.every((l) => l.day === null && l.length === 1 && !l.locked)).toBe(true);
    // The editor's homeroom view: per homeroom class, the module's course classes its students take.
    const homeroomOf = async (studentId: number) =>
      (await one<{ h: number }>(t, sql`select homeroom_class_id as h from students where id = ${studentId}`)).h;
    const [anClass, binhClass] = [await homeroomOf(m.an.id), await homeroomOf(m.binh.id)];
    const expected = new Map<number, number[]>([[binhClass, [m.a.id]]]);
    expected.set(anClass, [m.a.id, m.b.id]);
    expect(r.body.data.homeroomCourseClasses).toEqual(
      [...expected].sort((x, y) => x[0] - y[0]).map(([homeroomClassId, courseClassIds]) => ({ homeroomClassId, courseClassIds })),
    );
    const list = await call('GET', `/timetables?moduleId=${m.module.id}`, 'hieutruong');
    expect(list.body.data.map((v: { id: number }) => v.id)).toEqual([first.id]);
  });

  it('answers every edit with the clashes at once, and refuses a stale edit with 409 without writing', async () => {
    const [a1, a2] = byClass(first.lessons, m.a.id);
    const [b1] = byClass(first.lessons, m.b.id);
    const edit = (body: object) => call('POST', `/timetables/${first.id}/edits`, 'quantri', body);
    const p1 = await edit({ op: 'place', lessonId: a1.id, version: a1.version, day: 3, period: 3, classroomId: m.room.id });
    expect(p1.status, JSON.stringify(p1.body)).toBe(200);
    expect(p1.body.data.lessons).toEqual([
      expect.objectContaining({ id: a1.id, day: 3, period: 3, classroomId: m.room.id, version: a1.version + 1 }),
    ]);
    expect((await edit({ op: 'place', lessonId: a2.id, version: a2.version, day: 3, period: 4, classroomId: m.room.id })).status).toBe(200);
    // hs.an takes A and B: B at the same time is a student clash.
    const clash = await edit({ op: 'place', lessonId: b1.id, version: b1.version, day: 3, period: 3 });
    expect(clash.status).toBe(200);
    const student = clash.body.data.clashes.filter((c: { kind: string }) => c.kind === 'student');
    expect(student).toHaveLength(1);
    expect(student[0].lessonIds.sort()).toEqual([a1.id, b1.id].sort());

    // A second editor still holding version 1 of a1 moves it: refused, nothing overwritten.
    const stale = await edit({ op: 'place', lessonId: a1.id, version: a1.version, day: 5, period: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/vừa được người khác thay đổi/);
    const row = await one<{ day: number; period: number; version: number }>(
      t,
      sql`select day, period, version from lessons where id = ${a1.id}`,
    );
    expect(row).toEqual({ day: 3, period: 3, version: a1.version + 1 });
    expect((await auditOf(t.database.db, 'lesson', a1.id)).map((e) => e.action)).toEqual(['place']);
  });

  it('refuses to publish while a hard clash remains, listing it in Vietnamese', async () => {
    const r = await call('POST', `/timetables/${first.id}/publish`, 'quantri', { effectiveFrom: '2030-09-02' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Chưa thể công bố: thời khóa biểu còn 1 xung đột\./);
    expect(r.body.message).toContain('Học sinh có hai tiết cùng lúc');
    expect((await one<{ status: string }>(t, sql`select status from timetables where id = ${first.id}`)).status).toBe('draft');
  });

  it('publishes once clash-free, from a date inside the module, naming the people concerned', async () => {
    const detail = (await call('GET', `/timetables/${first.id}`, 'giaovu')).body.data;
    const [b1] = byClass(detail.lessons, m.b.id);
    const moved = await call('POST', `/timetables/${first.id}/edits`, 'quantri', {
      op: 'place',
      lessonId: b1.id,
      version: b1.version,
      day: 4,
      period: 2,
      classroomId: m.room.id,
    });
    expect(moved.body.data.clashes, JSON.stringify(moved.body.data.clashes)).toEqual([]);
    const [a1] = byClass(detail.lessons, m.a.id);
    const locked = await call('POST', `/timetables/${first.id}/edits`, 'quantri', {
      op: 'lock',
      lessonId: a1.id,
      version: a1.version,
      locked: true,
    });
    expect(locked.body.data.lessons[0]).toMatchObject({ locked: true });
    const unplaceLocked = await call('POST', `/timetables/${first.id}/edits`, 'quantri', {
      op: 'unplace',
      lessonId: a1.id,
      version: a1.version + 1,
    });
    expect(unplaceLocked.status).toBe(400);

    expect((await call('POST', `/timetables/${first.id}/publish`, 'quantri', { effectiveFrom: '2031-01-05' })).status).toBe(400);
    const r = await call('POST', `/timetables/${first.id}/publish`, 'quantri', { effectiveFrom: '2030-09-02' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'published', effectiveFrom: '2030-09-02', hardClashCount: 0, unplacedCount: 0 });
    const ev = published.find((p) => p.timetableId === first.id)!;
    expect(ev).toMatchObject({ moduleId: m.module.id, effectiveFrom: '2030-09-02', replacedIds: [] });
    for (const local of ['hs.an', 'hs.binh', 'gv.toan', 'gv.van']) expect(ev.userIds).toContain((await userOf(local)).id);
    expect(ev.userIds).not.toContain((await userOf('ketoan')).id);

    // A published version is not edited in place.
    const again = await call('POST', `/timetables/${first.id}/edits`, 'quantri', {
      op: 'unplace',
      lessonId: b1.id,
      version: b1.version + 1,
    });
    expect(again.status).toBe(400);
  });

  it('starts the next draft as a copy of the published one; publishing it from the same day archives the first', async () => {
    const r = await call('POST', '/timetables', 'quantri', { moduleId: m.module.id, name: 'Bản sửa' });
    expect(r.status).toBe(200);
    second = r.body.data;
    expect(r.body.data).toMatchObject({ name: 'Bản sửa', basedOnId: first.id, lessonCount: 3, unplacedCount: 0 });
    const lessons: TLesson[] = r.body.data.lessons;
    const [a1] = byClass(lessons, m.a.id);
    const [b1] = byClass(lessons, m.b.id);
    expect([b1.day, b1.period]).toEqual([4, 2]);
    // a1 was locked in the copy: unlock, then swap it with b1.
    const un = await call('POST', `/timetables/${second.id}/edits`, 'quantri', {
      op: 'lock',
      lessonId: a1.id,
      version: a1.version,
      locked: false,
    });
    const swap = await call('POST', `/timetables/${second.id}/edits`, 'quantri', {
      op: 'swap',
      lessonId: a1.id,
      version: un.body.data.lessons[0].version,
      otherLessonId: b1.id,
      otherVersion: b1.version,
    });
    expect(swap.status, JSON.stringify(swap.body)).toBe(200);
    const after = new Map(swap.body.data.lessons.map((l: TLesson) => [l.id, [l.day, l.period]]));
    expect(after.get(a1.id)).toEqual([4, 2]);
    expect(after.get(b1.id)).toEqual([3, 3]);
    const pub = await call('POST', `/timetables/${second.id}/publish`, 'quantri', { effectiveFrom: '2030-09-02' });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const list = await call('GET', `/timetables?moduleId=${m.module.id}`, 'quantri');
    expect(list.body.data.map((v: { id: number; status: string }) => [v.id, v.status])).toEqual([
      [second.id, 'published'],
      [first.id, 'archived'],
    ]);
    expect(published.find((p) => p.timetableId === second.id)?.replacedIds).toEqual([first.id]);
  });
});

describe('week views', () => {
  const week = (who: string, q: string) => call('GET', `/timetables/week?${q}&date=2030-09-04`, who);

  it("shows a student their own week with the version in force and their class's fixed events", async () => {
    const r = await week('hs.an', 'view=student');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.timetable.id).toBe(second.id);
    expect(r.body.data.weekStart).toBe('2030-09-02');
    const lessons = r.body.data.entries.filter((e: { kind: string }) => e.kind === 'lesson');
    expect(lessons.map((e: { day: number; period: number }) => [e.day, e.period])).toEqual([
      [3, 3],
      [3, 4],
      [4, 2],
    ]);
    expect(lessons[0]).toMatchObject({ subjectName: m.subject.name, room: { id: m.room.id }, campusName: m.campus.name });
    expect(lessons.find((e: { courseClass: { id: number } }) => e.courseClass.id === m.a.id).teachers[0].id).toBe(m.toan.id);
    const hasHomeroom = await queryRows(t.database.db, sql`select 1 from students where id = ${m.an.id} and homeroom_class_id is not null`);
    if (hasHomeroom.length) {
      const fixed = r.body.data.entries.filter((e: { kind: string }) => e.kind === 'fixed');
      expect(fixed.map((e: { fixedKind: string; day: number; period: number }) => [e.fixedKind, e.day, e.period])).toEqual([
        ['flag_salute', 1, 1],
        ['class_meeting', 6, 5],
      ]);
    }
    // Before the module: no version in force.
    const before = await call('GET', '/timetables/week?view=student&date=2030-08-20', 'hs.an');
    expect(before.body.data).toMatchObject({ timetable: null, entries: [] });
  });

  it("refuses a student another student's or a teacher's week", async () => {
    expect((await week('hs.an', `view=student&id=${m.binh.id}`)).status).toBe(403);
    expect((await week('hs.an', `view=teacher&id=${m.toan.id}`)).status).toBe(403);
    expect((await week('hs.an', 'view=school')).status).toBe(403);
  });

  it('shows a teacher their own week, a course class they teach, and no one else', async () => {
    const r = await week('gv.toan', 'view=teacher');
    expect(r.status).toBe(200);
    const ours = r.body.data.entries.filter((e: { courseClass: { id: number } | null }) => e.courseClass?.id === m.a.id);
    expect(ours).toHaveLength(2);
    expect(r.body.data.entries.some((e: { courseClass: { id: number } | null }) => e.courseClass?.id === m.b.id)).toBe(false);
    expect((await week('gv.toan', `view=course_class&id=${m.a.id}`)).status).toBe(200);
    expect((await week('gv.toan', `view=course_class&id=${m.b.id}`)).status).toBe(403);
    expect((await week('gv.van', `view=teacher&id=${m.toan.id}`)).status).toBe(403);
  });

  it('shows the facility manager rooms and campuses, and the principal the whole school', async () => {
    const room = await week('csvc', `view=room&id=${m.room.id}`);
    expect(room.status).toBe(200);
    expect(room.body.data.entries.filter((e: { lessonId: number }) => e.lessonId !== null)).toHaveLength(3);
    expect((await week('csvc', `view=campus&id=${m.campus.id}`)).body.data.entries.length).toBeGreaterThanOrEqual(3);
    expect((await week('csvc', `view=student&id=${m.an.id}`)).status).toBe(403);
    const school = await week('hieutruong', 'view=school');
    expect(school.body.data.entries).toHaveLength(3);
  });

  it('finds the rooms free at a slot of the version in force', async () => {
    const at = (period: number, who = 'csvc') =>
      call('GET', `/timetables/free-rooms?campusId=${m.campus.id}&date=2030-09-04&period=${period}&capacity=2`, who);
    const busy = await at(3);
    expect(busy.status).toBe(200);
    expect(busy.body.data.map((r: { id: number }) => r.id)).not.toContain(m.room.id);
    expect((await at(6)).body.data.map((r: { id: number }) => r.id)).toContain(m.room.id);
    expect(
      (await call('GET', `/timetables/free-rooms?campusId=${m.campus.id}&date=2030-09-04&period=2&length=2`, 'csvc')).body.data.map(
        (r: { id: number }) => r.id,
      ),
    ).not.toContain(m.room.id);
    expect((await call('GET', '/timetables/free-rooms?date=2030-09-08&period=1', 'csvc')).status).toBe(400);
    expect((await at(6, 'gv.toan')).status).toBe(403);
  });
});

describe('iCalendar link', () => {
  const fetchIcs = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('gives a person a private link to their own lessons, readable by a calendar parser', async () => {
    const made = await call('POST', '/timetables/calendar-feed', 'hs.an');
    expect(made.status).toBe(200);
    const url: string = made.body.data.url;
    expect(url).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call('GET', '/timetables/calendar-feed', 'hs.an')).body.data).toMatchObject({ active: true, url: null });
    // Only the hash is stored.
    const token = /calendar\/(.+)\.ics$/.exec(url)![1];
    expect(await queryRows(t.database.db, sql`select 1 from calendar_feeds where token_hash = ${token}`)).toHaveLength(0);

    const res = await fetchIcs(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(res.body)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
    const ours = events.filter((e) => String(e.summary).includes(m.a.name) || String(e.summary).includes(m.b.name));
    expect(ours).toHaveLength(3);
    // A: Wednesday 4/9/2030 period 4 (09:45 in Hà Nội = 02:45 UTC) and Thursday period 2 (07:50 = 00:50 UTC).
    const aStarts = ours
      .filter((e) => String(e.summary).includes(m.a.name))
      .map((e) => e.start.toISOString())
      .sort();
    expect(aStarts).toEqual(['2030-09-04T02:45:00.000Z', '2030-09-05T00:50:00.000Z']);
    const e = ours.find((x) => String(x.summary).includes(m.b.name))!;
    expect(String(e.summary)).toBe(`${m.subject.name} – ${m.b.name}`);
    expect(String(e.location)).toContain(m.room.code);
    expect(String(e.location)).toContain(m.campus.name);
    expect(String(e.description)).toContain('Giáo viên:');
    // Weekly from 2/9 (the version's date) to the module's end, 27/10: Wednesdays 4/9 … 23/10.
    expect(e.rrule!.between(new Date('2030-08-01'), new Date('2030-12-31'))).toHaveLength(8);
    expect(res.body).toContain('TZID:Asia/Ho_Chi_Minh');
    // The fixed events of the student's homeroom class, where the demo school's timetable is published:
    // chào cờ on Monday in period 1 (07:00 = 00:00 UTC), sinh hoạt lớp on Saturday in period 5.
    const homeroom = await one<{ name: string; campusId: number }>(
      t,
      sql`select h.name, h.campus_id as "campusId" from homeroom_classes h join students s on s.homeroom_class_id = h.id where s.id = ${m.an.id}`,
    );
    const grid = (await call('GET', '/timetables/grids', 'quantri')).body.data.find(
      (g: { campusId: number }) => g.campusId === homeroom.campusId,
    );
    const flagAt = grid.fixedEvents.find((f: { kind: string }) => f.kind === 'flag_salute');
    const flag = events.filter((x) => String(x.summary) === `Chào cờ – lớp ${homeroom.name}`);
    expect(flag.length).toBeGreaterThan(0);
    for (const f of flag) {
      expect(f.start.getUTCDay()).toBe(flagAt.day % 7);
      const local = new Date(f.start.getTime() + 7 * 3600_000).toISOString().slice(11, 16);
      expect(local).toBe(grid.periods[flagAt.period - 1].start);
      expect(String(f.location)).toBeTruthy();
    }
    expect(events.some((x) => String(x.summary) === `Sinh hoạt lớp – lớp ${homeroom.name}`)).toBe(true);
    // Nobody else's class: a teacher who is no homeroom teacher gets no fixed event.
    const teacherFeed = await fetchIcs((await call('POST', '/timetables/calendar-feed', 'gv.anh')).body.data.url);
    expect(teacherFeed.body).not.toContain('Chào cờ');
  });

  it('stops working when revoked or replaced, and for a deactivated account; reveals nothing else', async () => {
    const one1 = (await call('POST', '/timetables/calendar-feed', 'hs.binh')).body.data.url as string;
    const two = (await call('POST', '/timetables/calendar-feed', 'hs.binh')).body.data.url as string;
    expect((await fetchIcs(one1)).statusCode).toBe(404);
    expect((await fetchIcs(two)).statusCode).toBe(200);
    await call('DELETE', '/timetables/calendar-feed', 'hs.binh');
    const gone = await fetchIcs(two);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('VCALENDAR');
    expect((await call('GET', '/timetables/calendar-feed', 'hs.binh')).body.data).toMatchObject({ active: false });
    const three = (await call('POST', '/timetables/calendar-feed', 'hs.binh')).body.data.url as string;
    await t.database.db.execute(sql`update users set active = false where id = ${m.binh.userId}`);
    expect((await fetchIcs(three)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar/nothing-here-at-all-123456.ics' })).statusCode).toBe(404);
  });
});

describe('generator', () => {
  it('places every lesson of a draft with no hard clash, off the request, and writes the result', async () => {
    const tiny = await makeTinyModule(t);
    const draft = (await call('POST', '/timetables', 'quantri', { moduleId: tiny.module.id })).body.data;
    const start = await call('POST', `/timetables/${draft.id}/generate`, 'quantri', { seed: 3, timeLimitSeconds: 10 });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.data).toMatchObject({ timetableId: draft.id, status: 'running', total: 3 });
    await runFinished(draft.id);
    const run = (await call('GET', `/timetables/${draft.id}/generate`, 'quantri')).body.data;
    expect(run).toMatchObject({ status: 'done', placed: 3, total: 3, hardClashes: 0, error: null });
    const detail = (await call('GET', `/timetables/${draft.id}`, 'quantri')).body.data;
    expect(detail.unplacedCount).toBe(0);
    expect(detail.clashes).toEqual([]);
    expect((await auditOf(t.database.db, 'timetable', draft.id)).map((e) => e.action)).toContain('generate');
    expect((await call('DELETE', `/timetables/${draft.id}/generate`, 'quantri')).body.data.status).toBe('done');
    expect((await call('GET', `/timetables/${second.id}/generate`, 'quantri')).body.data).toBeNull();
    expect((await call('POST', `/timetables/${second.id}/generate`, 'quantri', {})).status).toBe(400);
  });
});

describe('roles (every route: the accounts allowed; every other demo account is refused with 403)', () => {
  const ACCOUNTS = ['quantri', 'hieutruong', 'giaovu', 'dbcl', 'totruong.ly', 'gv.toan', 'gv.van', 'gvcn.hoa', 'ketoan', 'csvc', 'hs.an'];
  const STAFF_READ = ['quantri', 'hieutruong', 'giaovu'];

  it('answers each route to its roles only', async () => {
    const draft = (await call('POST', '/timetables', 'quantri', { moduleId: m.module.id })).body.data;
    const dl = draft.lessons[0] as TLesson;
    const table: Array<[Method, string, unknown, string[]]> = [
      ['GET', '/timetables/grids', undefined, ACCOUNTS.filter((a) => !['dbcl', 'ketoan', 'hs.an'].includes(a))],
      ['PUT', `/timetables/grids/${m.campus.id}`, defaultPeriodGrid(), ['quantri']],
      ['GET', '/timetables/period-plans', undefined, [...STAFF_READ, 'totruong.ly', 'gv.toan']],
      ['PUT', '/timetables/period-plans', [], ['quantri']],
      ['GET', `/timetables/availability?teacherId=${m.toan.id}`, undefined, [...STAFF_READ, 'gv.toan']],
      ['PUT', `/timetables/availability/${m.toan.id}`, { unavailable: [] }, ['quantri', 'gv.toan']],
      ['GET', `/timetables?moduleId=${m.module.id}`, undefined, STAFF_READ],
      ['POST', '/timetables', { moduleId: m.module.id }, ['quantri']],
      ['GET', `/timetables/${second.id}`, undefined, STAFF_READ],
      ['POST', `/timetables/${draft.id}/edits`, { op: 'lock', lessonId: dl.id, version: dl.version, locked: true }, ['quantri']],
      ['POST', `/timetables/${draft.id}/publish`, { effectiveFrom: '2031-03-01' }, ['quantri']],
      ['POST', `/timetables/${second.id}/generate`, {}, ['quantri']],
      ['GET', `/timetables/${second.id}/generate`, undefined, ['quantri']],
      ['DELETE', `/timetables/${second.id}/generate`, undefined, ['quantri']],
      ['GET', `/timetables/week?view=student&id=${m.an.id}&date=2030-09-04`, undefined, [...STAFF_READ, 'hs.an']],
      ['GET', `/timetables/week?view=room&id=${m.room.id}&date=2030-09-04`, undefined, [...STAFF_READ, 'csvc']],
      ['GET', `/timetables/week?view=school&date=2030-09-04`, undefined, STAFF_READ],
      ['GET', '/timetables/free-rooms?period=1&date=2030-09-04', undefined, [...STAFF_READ, 'csvc']],
      ['GET', '/timetables/calendar-feed', undefined, ACCOUNTS],
      ['POST', '/timetables/calendar-feed', undefined, ACCOUNTS],
      ['DELETE', '/timetables/calendar-feed', undefined, ACCOUNTS],
    ];
    const wrong: string[] = [];
    for (const [method, url, body, allowed] of table) {
      for (const who of ACCOUNTS) {
        const r = await call(method, url, who, body);
        const refused = r.status === 403;
        if (refused === allowed.includes(who)) wrong.push(`${method} ${url} as ${who}: ${r.status} ${r.body.message ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
