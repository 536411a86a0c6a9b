import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { withRegistrations } from '@app/shared/registration-rules';
import type { TActionResult, TMyRound } from '@app/shared/registration';
import { defaultPeriodGrid } from '@app/shared/timetables';
import { queryRows, type DbOrTx } from '@/db/client';
import { lockStudent } from './core/seats.repository';
import type { AppEvents } from '@/plugins/events';
import { createTestApp, type TestApp } from '@/test/app';
import { testDbKind, withDatabase } from '@/test/db';
import {
  addRegClass,
  addRegistrations,
  addRegStudents,
  addRound,
  makeRegModule,
  publishLessons,
  type RegModule,
  type RegStudent,
} from '@/test/registration';
import { auditOf } from '@/test/school';
import { caller, one } from '@/test/timetables';

let t: TestApp;
let call: ReturnType<typeof caller>;
let m: RegModule;
const promoted: Array<AppEvents['registration.promoted']> = [];
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  m = await makeRegModule(t.database.db);
  t.app.events.on('registration.promoted', (p) => void promoted.push(p));
});
afterAll(() => t.close());

const db = () => t.database.db;
const register = (s: RegStudent, roundId: number, courseClassId: number, requestId?: string) =>
  call('POST', `/registration/me/rounds/${roundId}/register`, s.email, { courseClassId, requestId });
const drop = (s: RegStudent, roundId: number, courseClassId: number, requestId?: string) =>
  call('POST', `/registration/me/rounds/${roundId}/drop`, s.email, { courseClassId, requestId });
const swap = (s: RegStudent, roundId: number, fromCourseClassId: number, toCourseClassId: number, requestId?: string) =>
  call('POST', `/registration/me/rounds/${roundId}/swap`, s.email, { fromCourseClassId, toCourseClassId, requestId });
const myRound = async (s: RegStudent, roundId: number): Promise<TMyRound | undefined> => {
  const r = await call('GET', '/registration/me', s.email);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data.rounds as TMyRound[]).find((x) => x.id === roundId);
};
const taken = async (roundId: number, courseClassId: number) =>
  (
    await one<{ taken: number }>(
      t,
      sql`select taken from registration_offers where round_id = ${roundId} and course_class_id = ${courseClassId}`,
    )
  ).taken;
const rowsOf = (roundId: number, courseClassId: number) =>
  queryRows<{ id: number; studentId: number; status: string }>(
    db(),
    sql`select id, student_id as "studentId", status from registrations where round_id = ${roundId} and course_class_id = ${courseClassId} order by id`,
  );
const statusOf = async (roundId: number, studentId: number, courseClassId: number) =>
  (
    await queryRows<{ status: string }>(
      db(),
      sql`select status from registrations where round_id = ${roundId} and student_id = ${studentId} and course_class_id = ${courseClassId}`,
    )
  )[0]?.status ?? null;

describe('roles and grades', () => {
  let round11: number;
  let round10: number;
  let s10: RegStudent;
  let s11: RegStudent;
  let cls: { id: number };
  beforeAll(async () => {
    [s10] = await addRegStudents(db(), m, 1, 10);
    [s11] = await addRegStudents(db(), m, 1, 11);
    cls = await addRegClass(db(), m, { name: `Toán 11 ${m.tag}`, grade: 11 });
    const c10 = await addRegClass(db(), m, { name: `Toán 10 ${m.tag}` });
    round11 = (await addRound(db(), { moduleId: m.module.id, grades: [11], offers: [{ courseClassId: cls.id, capacity: 5 }] })).id;
    round10 = (await addRound(db(), { moduleId: m.module.id, grades: [10], offers: [{ courseClassId: c10.id, capacity: 5 }] })).id;
  });

  it('refuses every non-student on the student calls (403), and lets the readers poll seats', async () => {
    for (const who of ['quantri', 'hieutruong', 'dbcl', 'gv.toan', 'giaovu']) {
      expect((await call('GET', '/registration/me', who)).status, who).toBe(403);
      expect((await call('POST', `/registration/me/rounds/${round11}/register`, who, { courseClassId: cls.id })).status, who).toBe(403);
      expect((await call('POST', `/registration/me/rounds/${round11}/drop`, who, { courseClassId: cls.id })).status, who).toBe(403);
      const swapR = await call('POST', `/registration/me/rounds/${round11}/swap`, who, {
        fromCourseClassId: cls.id,
        toCourseClassId: cls.id + 1,
      });
      expect(swapR.status, who).toBe(403);
    }
    for (const who of ['quantri', 'hieutruong', 'dbcl']) {
      const r = await call('GET', `/registration/rounds/${round11}/seats`, who);
      expect(r.status, who).toBe(200);
      expect(r.body.data).toEqual([{ courseClassId: cls.id, capacity: 5, taken: 0, waiting: 0 }]);
    }
    expect((await call('GET', `/registration/rounds/${round11}/seats`, 'gv.toan')).status).toBe(403);
    expect((await call('GET', `/registration/rounds/999999/seats`, 'quantri')).status).toBe(404);
  });

  it('shows a student only the rounds of their grade, and refuses another grade’s round (seats, register)', async () => {
    const r10 = await call('GET', '/registration/me', s10.email);
    const ids10 = r10.body.data.rounds.map((x: TMyRound) => x.id);
    expect(ids10).toContain(round10);
    expect(ids10).not.toContain(round11);
    expect((await myRound(s11, round11))?.offers.map((o) => o.courseClassId)).toEqual([cls.id]);
    const seats = await call('GET', `/registration/rounds/${round11}/seats`, s10.email);
    expect(seats.status).toBe(403);
    expect(seats.body.message).toBe('Đợt đăng ký này không dành cho khối của bạn.');
    expect((await call('GET', `/registration/rounds/${round11}/seats`, s11.email)).status).toBe(200);
    const reg = await register(s10, round11, cls.id);
    expect(reg.status).toBe(403);
    expect(reg.body.message).toBe('Đợt đăng ký này không dành cho khối của bạn.');
    expect(await rowsOf(round11, cls.id)).toEqual([]);
    expect(await taken(round11, cls.id)).toBe(0);
    expect((await register(s11, round11, cls.id)).status).toBe(200);
  });

  it('answers the periods of the student’s campus with their times: the default grid, then the one saved', async () => {
    const [s] = await addRegStudents(db(), m, 1);
    const before = await call('GET', '/registration/me', s.email);
    expect(before.status).toBe(200);
    expect(before.body.data.periods).toEqual(defaultPeriodGrid().periods);
    const periods = [
      { period: 1, session: 'morning', start: '07:15', end: '08:00' },
      { period: 2, session: 'morning', start: '08:05', end: '08:50' },
      { period: 3, session: 'afternoon', start: '14:00', end: '14:45' },
    ];
    const saved = await call('PUT', `/timetables/grids/${m.campus.id}`, 'quantri', { days: [1, 2, 3, 4, 5], periods, maxPeriodsPerDay: 3 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call('GET', '/registration/me', s.email)).body.data.periods).toEqual(periods);
    // The campus is this file's: the other tests keep the default grid.
    expect((await call('PUT', `/timetables/grids/${m.campus.id}`, 'quantri', defaultPeriodGrid())).status).toBe(200);
  });

  it('in a round of two grades, offers each student the classes of their own grade only', async () => {
    const c10 = await addRegClass(db(), m, { name: `Tin 10 ${m.tag}` });
    const c11 = await addRegClass(db(), m, { name: `Tin 11 ${m.tag}`, grade: 11 });
    const both = (
      await addRound(db(), {
        moduleId: m.module.id,
        grades: [10, 11],
        offers: [
          { courseClassId: c10.id, capacity: 5 },
          { courseClassId: c11.id, capacity: 5 },
        ],
      })
    ).id;
    expect((await myRound(s10, both))?.offers.map((o) => o.courseClassId)).toEqual([c10.id]);
    expect((await myRound(s11, both))?.offers.map((o) => o.courseClassId)).toEqual([c11.id]);
    const wrong = await register(s10, both, c11.id);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(`Lớp Tin 11 ${m.tag} dành cho học sinh khối 11.`);
    expect(await rowsOf(both, c11.id)).toEqual([]);
    expect((await register(s10, both, c10.id)).status).toBe(200);
    const swapped = await swap(s10, both, c10.id, c11.id);
    expect(swapped.status).toBe(400);
    expect(await statusOf(both, s10.id, c10.id)).toBe('registered');
  });
});

describe('the rules, one by one', () => {
  it('refuses outside the window: before it opens (saying when), after it closes, once closed', async () => {
    const [s] = await addRegStudents(db(), m, 1);
    const c = await addRegClass(db(), m, { name: `Cửa sổ ${m.tag}` });
    const opensAt = new Date(Date.now() + 2 * 86400_000);
    const upcoming = await addRound(db(), {
      moduleId: m.module.id,
      opensAt,
      closesAt: new Date(Date.now() + 3 * 86400_000),
      offers: [{ courseClassId: c.id, capacity: 5 }],
    });
    const ended = await addRound(db(), {
      moduleId: m.module.id,
      opensAt: new Date(Date.now() - 2 * 86400_000),
      closesAt: new Date(Date.now() - 60_000),
      offers: [{ courseClassId: c.id, capacity: 5 }],
    });
    const closed = await addRound(db(), { moduleId: m.module.id, closedAt: new Date(), offers: [{ courseClassId: c.id, capacity: 5 }] });
    const r1 = await register(s, upcoming.id, c.id);
    expect(r1.status).toBe(409);
    expect(r1.body.message).toMatch(/^Đợt đăng ký chưa mở, mở lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/);
    for (const id of [ended.id, closed.id]) {
      const r = await register(s, id, c.id);
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Đợt đăng ký đã đóng.');
    }
    const mine = await call('GET', '/registration/me', s.email);
    const states = Object.fromEntries(mine.body.data.rounds.map((x: TMyRound) => [x.id, x.state]));
    expect([states[upcoming.id], states[ended.id], states[closed.id]]).toEqual(['upcoming', 'ended', 'closed']);
    expect(await taken(upcoming.id, c.id)).toBe(0);
  });

  it('refuses a class not offered, a class already registered, and more than the maximum', async () => {
    const [s] = await addRegStudents(db(), m, 1);
    const [c1, c2, c3, other] = await Promise.all(
      ['Một', 'Hai', 'Ba', 'Ngoài'].map((n) => addRegClass(db(), m, { name: `${n} ${m.tag}` })),
    );
    const round = await addRound(db(), {
      moduleId: m.module.id,
      maxClasses: 2,
      offers: [c1, c2, c3].map((c) => ({ courseClassId: c.id, capacity: 5 })),
    });
    const notOffered = await register(s, round.id, other.id);
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.message).toBe('Lớp học phần này không có trong đợt đăng ký.');
    const ok = await register(s, round.id, c1.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ outcome: 'registered', position: null });
    expect((ok.body.data as TActionResult).mine.map((r) => [r.courseClassId, r.status])).toEqual([[c1.id, 'registered']]);
    const again = await register(s, round.id, c1.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Bạn đã đăng ký lớp Một ${m.tag}.`);
    expect((await register(s, round.id, c2.id)).status).toBe(200);
    const third = await register(s, round.id, c3.id);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('Bạn đã đăng ký đủ số lớp tối đa (2 lớp).');
    expect([await taken(round.id, c1.id), await taken(round.id, c2.id), await taken(round.id, c3.id)]).toEqual([1, 1, 0]);
    const audit = await auditOf(db(), 'registration', (await rowsOf(round.id, c1.id))[0].id);
    expect(audit.map((a) => a.action)).toEqual(['register']);
    expect(audit[0].after).toMatchObject({ roundId: round.id, courseClassId: c1.id, studentId: s.id, status: 'registered' });
  });

  it('keeps an elective group to its `choose`, and says what is missing', async () => {
    const [s] = await addRegStudents(db(), m, 1);
    const [a1, a2, b1] = await Promise.all(['A1', 'A2', 'B1'].map((n) => addRegClass(db(), m, { name: `${n} ${m.tag}` })));
    const round = await addRound(db(), {
      moduleId: m.module.id,
      groups: [
        { name: 'Tự chọn A', choose: 1 },
        { name: 'Tự chọn B', choose: 1 },
      ],
      offers: [
        { courseClassId: a1.id, capacity: 5, group: 0 },
        { courseClassId: a2.id, capacity: 5, group: 0 },
        { courseClassId: b1.id, capacity: 5, group: 1 },
      ],
    });
    expect((await myRound(s, round.id))!.rules).toEqual({
      met: false,
      problems: ['Cần chọn thêm 1 lớp trong nhóm Tự chọn A', 'Cần chọn thêm 1 lớp trong nhóm Tự chọn B'],
    });
    expect((await register(s, round.id, a1.id)).status).toBe(200);
    const second = await register(s, round.id, a2.id);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Nhóm Tự chọn A chỉ được chọn 1 lớp.');
    const before = (await myRound(s, round.id))!;
    const last = await register(s, round.id, b1.id);
    // The answer applied to the round the page holds gives the round the server gives afresh.
    const applied = withRegistrations(before, (last.body.data as TActionResult).mine, (last.body.data as TActionResult).seats);
    expect(applied.rules).toEqual({ met: true, problems: [] });
    const fresh = (await myRound(s, round.id))!;
    expect({ ...applied, now: fresh.now }).toEqual(fresh);
    expect(fresh.groups.map((g) => g.name)).toEqual(['Tự chọn A', 'Tự chọn B']);
  });

  it('refuses a clash with a registered or an enrolled class in the published timetable; a class with no lessons never clashes', async () => {
    const [s] = await addRegStudents(db(), m, 1);
    const room = await one<{ id: number; code: string }>(t, sql`select id, code from classrooms order by id limit 1`);
    const x = await addRegClass(db(), m, { name: `Toán 10A1 ${m.tag}` });
    const y = await addRegClass(db(), m, { name: `Y ${m.tag}`, subjectId: m.literature.id });
    const z = await addRegClass(db(), m, { name: `Z ${m.tag}` });
    const enrolled = await addRegClass(db(), m, { name: `Đã học ${m.tag}`, studentIds: [s.id] });
    const w = await addRegClass(db(), m, { name: `W ${m.tag}` });
    await publishLessons(db(), m, [
      { courseClassId: x.id, day: 1, period: 3, classroomId: room.id },
      { courseClassId: y.id, day: 1, period: 2, length: 2 },
      { courseClassId: enrolled.id, day: 2, period: 1 },
      { courseClassId: w.id, day: 2, period: 1 },
    ]);
    const round = await addRound(db(), {
      moduleId: m.module.id,
      offers: [x, y, z, w].map((c) => ({ courseClassId: c.id, capacity: 5 })),
    });
    const before = (await myRound(s, round.id))!;
    expect(before.offers.find((o) => o.courseClassId === w.id)!.clashesWith).toEqual([`Đã học ${m.tag} (Thứ Ba, tiết 1)`]);
    expect(before.offers.find((o) => o.courseClassId === x.id)!.lessons).toEqual([{ day: 1, period: 3, length: 1, roomCode: room.code }]);
    expect(before.others).toEqual([
      {
        courseClassId: enrolled.id,
        code: enrolled.code,
        name: `Đã học ${m.tag}`,
        lessons: [{ day: 2, period: 1, length: 1, roomCode: null }],
      },
    ]);
    const first = (await register(s, round.id, x.id)).body.data as TActionResult;
    const after = (await myRound(s, round.id))!;
    expect(after.offers.find((o) => o.courseClassId === y.id)!.clashesWith).toEqual([`Toán 10A1 ${m.tag} (Thứ Hai, tiết 3)`]);
    // The page's own application of the answer finds the same clashes.
    expect(withRegistrations(before, first.mine, first.seats).offers).toEqual(after.offers);
    const clash = await register(s, round.id, y.id);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`Trùng lịch với Toán 10A1 ${m.tag} (Thứ Hai, tiết 3).`);
    const withEnrolled = await register(s, round.id, w.id);
    expect(withEnrolled.status).toBe(409);
    expect(withEnrolled.body.message).toBe(`Trùng lịch với Đã học ${m.tag} (Thứ Ba, tiết 1).`);
    expect((await register(s, round.id, z.id)).status).toBe(200);
    // A round that allows clashes lets it through.
    const lax = await addRound(db(), { moduleId: m.module.id, noClash: false, offers: [{ courseClassId: w.id, capacity: 5 }] });
    expect((await register(s, lax.id, w.id)).status).toBe(200);
  });

  it('refuses a clash in a round given the rule after this process read it without it', async () => {
    // A process reads a round without the rule without its clash (core/seats.repository.ts `clashReadFor`).
    const [s] = await addRegStudents(db(), m, 1);
    const enrolled = await addRegClass(db(), m, { name: `Đã học sau ${m.tag}`, studentIds: [s.id] });
    const w = await addRegClass(db(), m, { name: `W sau ${m.tag}` });
    await publishLessons(db(), m, [
      { courseClassId: enrolled.id, day: 4, period: 5 },
      { courseClassId: w.id, day: 4, period: 5 },
    ]);
    const round = await addRound(db(), { moduleId: m.module.id, noClash: false, offers: [{ courseClassId: w.id, capacity: 5 }] });
    // Read (a drop refused after the round's read), then the rule set before anyone registered.
    expect((await drop(s, round.id, w.id)).body.message).toBe('Bạn chưa đăng ký lớp học phần này.');
    await db().execute(sql`update registration_rounds set no_clash = true where id = ${round.id}`);
    const refused = await register(s, round.id, w.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Trùng lịch với Đã học sau ${m.tag} (Thứ Năm, tiết 5).`);
    expect(await statusOf(round.id, s.id, w.id)).toBeNull();
  });

  it('refuses a full class when the round keeps no waitlist', async () => {
    const [s1, s2] = await addRegStudents(db(), m, 2);
    const c = await addRegClass(db(), m, { name: `Nhỏ ${m.tag}` });
    const round = await addRound(db(), { moduleId: m.module.id, waitlist: false, offers: [{ courseClassId: c.id, capacity: 1 }] });
    expect((await register(s1, round.id, c.id)).status).toBe(200);
    const full = await register(s2, round.id, c.id);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(`Lớp Nhỏ ${m.tag} đã đủ chỗ.`);
    expect(await rowsOf(round.id, c.id)).toHaveLength(1);
  });

  it('refuses to drop a compulsory class and counts a missing one as unmet', async () => {
    const [s] = await addRegStudents(db(), m, 1);
    const c = await addRegClass(db(), m, { name: `Bắt buộc ${m.tag}` });
    const round = await addRound(db(), { moduleId: m.module.id, offers: [{ courseClassId: c.id, capacity: 5, compulsory: true }] });
    expect((await myRound(s, round.id))!.rules.problems).toEqual([`Chưa đăng ký lớp bắt buộc Bắt buộc ${m.tag}`]);
    expect((await register(s, round.id, c.id)).status).toBe(200);
    const r = await drop(s, round.id, c.id);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Lớp bắt buộc không thể hủy.');
    expect(await statusOf(round.id, s.id, c.id)).toBe('registered');
    expect(await taken(round.id, c.id)).toBe(1);
  });
});

describe('waitlist, drop and swap', () => {
  it('queues a full class in arrival order and promotes the first whose rules still allow it when a seat frees', async () => {
    const [s1, s2, s3] = await addRegStudents(db(), m, 3);
    const k = await addRegClass(db(), m, { name: `K ${m.tag}` });
    const blocker = await addRegClass(db(), m, { name: `Chặn ${m.tag}` });
    await publishLessons(db(), m, [
      { courseClassId: k.id, day: 5, period: 5 },
      { courseClassId: blocker.id, day: 5, period: 5 },
    ]);
    const round = await addRound(db(), {
      moduleId: m.module.id,
      offers: [
        { courseClassId: k.id, capacity: 1 },
        { courseClassId: blocker.id, capacity: 5 },
      ],
    });
    expect((await register(s1, round.id, k.id)).body.data).toMatchObject({ outcome: 'registered' });
    const w2 = await register(s2, round.id, k.id);
    expect(w2.body.data).toMatchObject({ outcome: 'waitlisted', position: 1 });
    expect((await register(s3, round.id, k.id)).body.data).toMatchObject({ outcome: 'waitlisted', position: 2 });
    const seats = await call('GET', `/registration/rounds/${round.id}/seats`, s3.email);
    expect(seats.body.data.find((x: { courseClassId: number }) => x.courseClassId === k.id)).toEqual({
      courseClassId: k.id,
      capacity: 1,
      taken: 1,
      waiting: 2,
    });
    // s2 (first in the queue) takes a class at the same time as K: their promotion would clash, so s3 gets the seat.
    expect((await register(s2, round.id, blocker.id)).status).toBe(200);
    const dropped = await drop(s1, round.id, k.id);
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect(dropped.body.data).toMatchObject({ outcome: 'dropped', position: null });
    // The answer's seats of K as the promotion left them (s3 in s1's seat, s2 still waiting).
    expect((dropped.body.data as TActionResult).seats).toEqual([{ courseClassId: k.id, capacity: 1, taken: 1, waiting: 1 }]);
    expect(await statusOf(round.id, s3.id, k.id)).toBe('registered');
    expect(await statusOf(round.id, s2.id, k.id)).toBe('waitlisted');
    expect(await taken(round.id, k.id)).toBe(1);
    const s3User = await one<{ id: number }>(t, sql`select id from users where student_id = ${s3.id}`);
    expect(promoted).toContainEqual({ roundId: round.id, courseClassId: k.id, studentId: s3.id, userId: s3User.id });
    expect((await myRound(s2, round.id))!.mine.find((r) => r.courseClassId === k.id)).toMatchObject({ status: 'waitlisted', position: 1 });
    const reg3 = (await rowsOf(round.id, k.id)).find((r) => r.studentId === s3.id)!;
    expect((await auditOf(db(), 'registration', reg3.id)).map((a) => a.action)).toEqual(['register', 'promote']);
    // s2 drops the blocker: nothing frees in K; s2 leaves K's waitlist: no seat changes.
    expect((await drop(s2, round.id, k.id)).body.data).toMatchObject({ outcome: 'dropped' });
    expect(await rowsOf(round.id, k.id)).toEqual([expect.objectContaining({ studentId: s3.id, status: 'registered' })]);
    expect(await taken(round.id, k.id)).toBe(1);
  });

  it('swaps A for B in one step and gives A’s seat to A’s waitlist', async () => {
    const [s, other, waiting] = await addRegStudents(db(), m, 3);
    const a = await addRegClass(db(), m, { name: `A ${m.tag}` });
    const b = await addRegClass(db(), m, { name: `B ${m.tag}` });
    const round = await addRound(db(), {
      moduleId: m.module.id,
      groups: [{ name: 'Tự chọn A', choose: 1 }],
      offers: [
        { courseClassId: a.id, capacity: 2, group: 0 },
        { courseClassId: b.id, capacity: 2, group: 0 },
      ],
    });
    await addRegistrations(db(), round.id, [
      { studentId: s.id, courseClassId: a.id },
      { studentId: other.id, courseClassId: a.id },
    ]);
    expect((await register(waiting, round.id, a.id)).body.data).toMatchObject({ outcome: 'waitlisted', position: 1 });
    // Same group, choose 1: B passes only as if A were gone.
    const r = await swap(s, round.id, a.id, b.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ outcome: 'swapped', position: null });
    expect((r.body.data as TActionResult).mine.map((x) => [x.courseClassId, x.status])).toEqual([[b.id, 'registered']]);
    // The answer's seats as the promotion left them: A's freed seat already the waiting student's.
    expect((r.body.data as TActionResult).seats).toEqual([
      { courseClassId: Math.min(a.id, b.id), capacity: 2, taken: a.id < b.id ? 2 : 1, waiting: 0 },
      { courseClassId: Math.max(a.id, b.id), capacity: 2, taken: a.id < b.id ? 1 : 2, waiting: 0 },
    ]);
    expect([await taken(round.id, a.id), await taken(round.id, b.id)]).toEqual([2, 1]);
    expect(await statusOf(round.id, waiting.id, a.id)).toBe('registered');
    const bRow = (await rowsOf(round.id, b.id))[0];
    const audit = await auditOf(db(), 'registration', bRow.id);
    expect(audit.map((x) => x.action)).toEqual(['swap_class']);
    expect(audit[0].before).toMatchObject({ courseClassId: a.id });
    expect(audit[0].after).toMatchObject({ courseClassId: b.id });
  });

  it('refuses a swap to a full class and leaves A untouched', async () => {
    const [s, full] = await addRegStudents(db(), m, 2);
    const a = await addRegClass(db(), m, { name: `A2 ${m.tag}` });
    const b = await addRegClass(db(), m, { name: `B2 ${m.tag}` });
    const round = await addRound(db(), {
      moduleId: m.module.id,
      offers: [
        { courseClassId: a.id, capacity: 3 },
        { courseClassId: b.id, capacity: 1 },
      ],
    });
    await addRegistrations(db(), round.id, [
      { studentId: s.id, courseClassId: a.id },
      { studentId: full.id, courseClassId: b.id },
    ]);
    const r = await swap(s, round.id, a.id, b.id, 'swap-0001-abc');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`Lớp B2 ${m.tag} đã đủ chỗ. Bạn vẫn giữ lớp A2 ${m.tag}.`);
    expect(await statusOf(round.id, s.id, a.id)).toBe('registered');
    expect(await statusOf(round.id, s.id, b.id)).toBeNull();
    expect([await taken(round.id, a.id), await taken(round.id, b.id)]).toEqual([1, 1]);
    // A refusal keeps no answer: the same request, sent again once B has a seat, is judged again and
    // swaps; sent once more, it answers the same and changes nothing (one audit entry).
    expect((await drop(full, round.id, b.id)).status).toBe(200);
    const again = [await swap(s, round.id, a.id, b.id, 'swap-0001-abc'), await swap(s, round.id, a.id, b.id, 'swap-0001-abc')];
    expect(again.map((x) => [x.status, x.body.data?.outcome])).toEqual([
      [200, 'swapped'],
      [200, 'swapped'],
    ]);
    expect([await taken(round.id, a.id), await taken(round.id, b.id)]).toEqual([0, 1]);
    expect([await statusOf(round.id, s.id, a.id), await statusOf(round.id, s.id, b.id)]).toEqual([null, 'registered']);
    expect((await auditOf(db(), 'registration', (await rowsOf(round.id, b.id))[0].id)).map((x) => x.action)).toEqual(['swap_class']);
    const same = await call('POST', `/registration/me/rounds/${round.id}/swap`, s.email, {
      fromCourseClassId: a.id,
      toCourseClassId: a.id,
    });
    expect(same.status).toBe(400);
  });

  it('plans the action’s statements generically inside its transaction only', async () => {
    const mode = (db: DbOrTx) => queryRows<{ mode: string }>(db, sql`select current_setting('plan_cache_mode') as mode`);
    const inside = await db().transaction(async (tx) => {
      await lockStudent(tx, 2_000_000_000, 1);
      return mode(tx);
    });
    expect(inside).toEqual([{ mode: 'force_generic_plan' }]);
    expect(await db().transaction((tx) => mode(tx))).toEqual([{ mode: 'auto' }]);
  });

  it('reads the stored answers by their index inside the action, even when the table was analyzed empty', async () => {
    // A plan is kept per connection: one made at the round's opening, when the table is empty, must not scan it whole later.
    const planOf = async (tx: DbOrTx) =>
      (
        await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select 1 from registration_requests q where q.student_id = 1 and q.request_id = 'x'`,
        )
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const [s] = await addRegStudents(db(), m, 1);
    const round = await addRound(db(), { moduleId: m.module.id, offers: [] });
    const plans = { before: '', after: '' };
    const undone = new Error('rolled back on purpose');
    await db()
      .transaction(async (tx) => {
        // A few pages of answers, all gone, the table analyzed then: the planner reckons it empty.
        await tx.execute(sql`insert into registration_requests (student_id, request_id, round_id, outcome)
          select ${s.id}::int, 'plan-probe-' || g, ${round.id}::int, '{}'::jsonb from generate_series(1, 400) g`);
        await tx.execute(sql`delete from registration_requests`);
        await tx.execute(sql`analyze registration_requests`);
        plans.before = await planOf(tx);
        await lockStudent(tx, 2_000_000_000, 1);
        plans.after = await planOf(tx);
        throw undone;
      })
      .catch((err: unknown) => {
        if (err !== undone) throw err;
      });
    await db().execute(sql`analyze registration_requests`);
    expect(plans.before).toMatch(/Seq Scan on registration_requests/);
    expect(plans.after).toMatch(/Index (Only )?Scan using registration_requests_/);
    expect(plans.after).not.toMatch(/Seq Scan/);
  });

  it('answers a retried request id with the first outcome and changes nothing', async () => {
    const [s] = await addRegStudents(db(), m, 1);
    const c = await addRegClass(db(), m, { name: `Thử lại ${m.tag}` });
    const round = await addRound(db(), { moduleId: m.module.id, offers: [{ courseClassId: c.id, capacity: 5 }] });
    const first = await register(s, round.id, c.id, 'req-0001-abc');
    const second = await register(s, round.id, c.id, 'req-0001-abc');
    expect(first.status).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.outcome).toBe('registered');
    expect(await rowsOf(round.id, c.id)).toHaveLength(1);
    expect(await taken(round.id, c.id)).toBe(1);
    // The entry of the audit log is written with the stored answer, once: the retry adds none.
    const entries = await auditOf(db(), 'registration', (await rowsOf(round.id, c.id))[0].id);
    expect(entries).toMatchObject([
      { action: 'register', before: null, after: { roundId: round.id, courseClassId: c.id, studentId: s.id, status: 'registered' } },
    ]);
    const [student] = await queryRows<{ userId: number }>(db(), sql`select id as "userId" from users where student_id = ${s.id}`);
    expect(entries[0].actorId).toBe(student.userId);
    // The id of another round's request is not this round's answer.
    const other = await addRound(db(), { moduleId: m.module.id, offers: [{ courseClassId: c.id, capacity: 5 }] });
    const elsewhere = await register(s, other.id, c.id, 'req-0001-abc');
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe('Mã yêu cầu này đã được dùng cho một đợt đăng ký khác.');
    expect(await rowsOf(other.id, c.id)).toEqual([]);
    // The same two at once (a double click with one id): one registration.
    const d = await Promise.all([drop(s, round.id, c.id, 'req-0002-abc'), drop(s, round.id, c.id, 'req-0002-abc')]);
    expect(d.map((x) => x.status)).toEqual([200, 200]);
    expect(d.map((x) => x.body.data.outcome)).toEqual(['dropped', 'dropped']);
    expect(await taken(round.id, c.id)).toBe(0);
    // A new id is a new request: a double click without the same id registers once and refuses the other.
    const twice = await Promise.all([register(s, round.id, c.id), register(s, round.id, c.id)]);
    expect(twice.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(await rowsOf(round.id, c.id)).toHaveLength(1);
    expect(await taken(round.id, c.id)).toBe(1);
  });
});

describe('the rush', () => {
  async function race(waitlist: boolean) {
    const students = await addRegStudents(db(), m, 200);
    const c = await addRegClass(db(), m, { name: `Đông ${m.tag} ${waitlist}`, capacity: 10 });
    const round = await addRound(db(), { moduleId: m.module.id, waitlist, offers: [{ courseClassId: c.id, capacity: 10 }] });
    // Tokens first, so the requests themselves start together.
    await Promise.all(students.map((s) => t.tokenFor(s.email)));
    const watch = await watchTransactions();
    const answers = await Promise.all(students.map((s, i) => register(s, round.id, c.id, `rush-${waitlist}-${i}-xyz`)));
    const parallel = await watch();
    // On PostgreSQL the requests really overlap on the pool: several transactions were seen open at once.
    if (t.database.kind === 'postgres') expect(parallel).toBeGreaterThanOrEqual(2);
    return { students, c, round, answers };
  }

  /**
   * On PostgreSQL, watches from a connection of its own how many sessions of the test database are
   * inside a statement or a transaction at once; the stop function answers the most seen (0 on PGlite).
   */
  async function watchTransactions(): Promise<() => Promise<number>> {
    if (t.database.kind !== 'postgres') return async () => 0;
    const [{ name }] = await queryRows<{ name: string }>(db(), sql`select current_database() as name`);
    const client = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, name) });
    await client.connect();
    let most = 0;
    let on = true;
    const loop = (async () => {
      while (on) {
        const r = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
             and state in ('active', 'idle in transaction')`,
        );
        most = Math.max(most, r.rows[0].n);
      }
    })();
    return async () => {
      on = false;
      await loop;
      await client.end();
      return most;
    };
  }

  it('200 students for 10 seats with a waitlist: exactly 10 registered, 190 waiting in arrival order with no gaps', async () => {
    const { c, round, answers } = await race(true);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.outcome === 'registered')).toHaveLength(10);
    expect(await taken(round.id, c.id)).toBe(10);
    const rows = await rowsOf(round.id, c.id);
    expect(rows.filter((r) => r.status === 'registered')).toHaveLength(10);
    const waiting = rows.filter((r) => r.status === 'waitlisted');
    expect(waiting).toHaveLength(190);
    // Every registered row arrived before every waiting one (a seat is never given past the queue).
    expect(Math.max(...rows.filter((r) => r.status === 'registered').map((r) => r.id))).toBeLessThan(waiting[0].id);
    const positions = await queryRows<{ id: number; position: number }>(
      db(),
      sql`select id, row_number() over (order by id)::int as position from registrations
          where round_id = ${round.id} and course_class_id = ${c.id} and status = 'waitlisted'`,
    );
    expect(positions.map((p) => p.position)).toEqual(Array.from({ length: 190 }, (_, i) => i + 1));
    // What each student is shown afterwards: positions 1..190, each once, in id order.
    const shown = await queryRows<{ studentId: number }>(
      db(),
      sql`select student_id as "studentId" from registrations where round_id = ${round.id} and status = 'waitlisted' order by id limit 3`,
    );
    const first = (await myRound(
      {
        id: shown[0].studentId,
        email: (await one<{ email: string }>(t, sql`select email from users where student_id = ${shown[0].studentId}`)).email,
      },
      round.id,
    ))!;
    expect(first.mine[0]).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(first.offers[0]).toMatchObject({ taken: 10, capacity: 10, waiting: 190 });
  }, 180_000);

  it('200 students for 10 seats without a waitlist: 10 registered, 190 refused', async () => {
    const { c, round, answers } = await race(false);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(190);
    expect(new Set(refused.map((a) => a.body.message))).toEqual(new Set([`Lớp Đông ${m.tag} false đã đủ chỗ.`]));
    expect(await taken(round.id, c.id)).toBe(10);
    expect(await rowsOf(round.id, c.id)).toHaveLength(10);
    // A refusal writes nothing: no audit entry, no stored answer (its retry is judged again).
    const written = await one<{ audits: number; stored: number }>(
      t,
      sql`select (select count(*)::int from audit_logs where entity = 'registration' and action = 'register'
                    and (after->>'roundId')::int = ${round.id}) as audits,
                 (select count(*)::int from registration_requests where round_id = ${round.id}) as stored`,
    );
    expect(written).toEqual({ audits: 10, stored: 10 });
  }, 180_000);

  it('a close racing the rush: every seat answered before the close is enrolled by it, none is taken after it', async () => {
    const students = await addRegStudents(db(), m, 60);
    const c = await addRegClass(db(), m, { name: `Đóng giữa chừng ${m.tag}`, capacity: 100 });
    const round = await addRound(db(), { moduleId: m.module.id, offers: [{ courseClassId: c.id, capacity: 100 }] });
    await Promise.all([...students.map((s) => t.tokenFor(s.email)), call('GET', '/registration/me', students[0].email)]);
    const first = students.slice(0, 30).map((s, i) => register(s, round.id, c.id, `close-race-${i}-xyz`));
    const close = call('POST', `/registration/rounds/${round.id}/close`, 'quantri');
    const then = students.slice(30).map((s, i) => register(s, round.id, c.id, `close-race-${30 + i}-xyz`));
    const [answers, closed] = await Promise.all([Promise.all([...first, ...then]), close]);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    for (const a of answers)
      if (a.status !== 200) expect([a.status, a.body.message]).toEqual([409, 'Đợt đăng ký đã đóng.']);
      else expect(a.body.data.outcome).toBe('registered');
    const seated = answers.filter((a) => a.status === 200).length;
    // Each registration answered is in the close's report and enrolled; nothing registered after the close.
    expect(closed.body.data.enrolled).toBe(seated);
    expect(await taken(round.id, c.id)).toBe(seated);
    expect((await rowsOf(round.id, c.id)).length).toBe(seated);
    const enrolled = await one<{ n: number }>(t, sql`select count(*)::int as n from course_class_students where course_class_id = ${c.id}`);
    expect(enrolled.n).toBe(seated);
  }, 120_000);

  it.runIf(testDbKind() === 'pg')(
    'a close waits for the action under way, and the next action waits for the close and is refused',
    async () => {
      const [s] = await addRegStudents(db(), m, 1);
      const c = await addRegClass(db(), m, { name: `Chờ đóng ${m.tag}` });
      const round = await addRound(db(), { moduleId: m.module.id, offers: [{ courseClassId: c.id, capacity: 10 }] });
      await t.tokenFor(s.email);
      const [{ name }] = await queryRows<{ name: string }>(db(), sql`select current_database() as name`);
      const client = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, name) });
      await client.connect();
      const waiting = async (exclusive: boolean) =>
        (
          await client.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and objid = $1 and mode = $2`,
            [round.id, exclusive ? 'ExclusiveLock' : 'ShareLock'],
          )
        ).rows[0].n;
      const until = async (ok: () => Promise<boolean>) => {
        for (let i = 0; i < 200 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 25));
        expect(await ok()).toBe(true);
      };
      try {
        // An action under way: the round's lock held shared, as a student's action holds it.
        await client.query('begin');
        await client.query(`select pg_advisory_xact_lock_shared(hashtext('registration-round'), $1::int)`, [round.id]);
        const close = call('POST', `/registration/rounds/${round.id}/close`, 'quantri');
        await until(async () => (await waiting(true)) === 1);
        const late = register(s, round.id, c.id);
        await until(async () => (await waiting(false)) === 1);
        await client.query('commit');
        expect((await close).status).toBe(200);
        expect([(await late).status, (await late).body.message]).toEqual([409, 'Đợt đăng ký đã đóng.']);
        expect(await rowsOf(round.id, c.id)).toEqual([]);
      } finally {
        await client.end();
      }
    },
  );

  it('drops racing new registrations of a full class: a freed seat goes to the first waiting, never to a newcomer, none left free while someone waits', async () => {
    const students = await addRegStudents(db(), m, 20);
    const c = await addRegClass(db(), m, { name: `Trả chỗ ${m.tag}`, capacity: 5 });
    const round = await addRound(db(), { moduleId: m.module.id, offers: [{ courseClassId: c.id, capacity: 5 }] });
    await Promise.all(students.map((s) => t.tokenFor(s.email)));
    for (const s of students.slice(0, 8)) expect((await register(s, round.id, c.id)).status).toBe(200);
    // 5 seated, 3 waiting; now the 5 seated drop while 12 newcomers register.
    const answers = await Promise.all([
      ...students.slice(0, 5).map((s) => drop(s, round.id, c.id)),
      ...students.slice(8).map((s) => register(s, round.id, c.id)),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await rowsOf(round.id, c.id);
    const seated = rows.filter((r) => r.status === 'registered');
    const waiting = rows.filter((r) => r.status === 'waitlisted');
    expect(await taken(round.id, c.id)).toBe(seated.length);
    // Full whenever anyone waits, and every seated one came before every waiting one.
    if (waiting.length) expect(seated).toHaveLength(5);
    expect(Math.max(...seated.map((r) => r.id))).toBeLessThan(Math.min(...waiting.map((r) => r.id)));
    // The three who waited before the drops hold seats now.
    expect(seated.map((r) => r.studentId)).toEqual(expect.arrayContaining(students.slice(5, 8).map((s) => s.id)));
  }, 60_000);

  it('a swap racing a drop of the same student: the swap never drops A without B', async () => {
    const students = await addRegStudents(db(), m, 20);
    const a = await addRegClass(db(), m, { name: `Đua A ${m.tag}` });
    const b = await addRegClass(db(), m, { name: `Đua B ${m.tag}` });
    const round = await addRound(db(), {
      moduleId: m.module.id,
      offers: [
        { courseClassId: a.id, capacity: 40 },
        { courseClassId: b.id, capacity: 10 },
      ],
    });
    await addRegistrations(
      db(),
      round.id,
      students.map((s) => ({ studentId: s.id, courseClassId: a.id })),
    );
    await Promise.all(students.map((s) => t.tokenFor(s.email)));
    // Each student swaps A → B and, at once, drops A; 20 swaps race for B's 10 seats.
    const answers = await Promise.all(students.map((s) => Promise.all([swap(s, round.id, a.id, b.id), drop(s, round.id, a.id)])));
    for (const [i, [sw, dr]] of answers.entries()) {
      const s = students[i];
      const [hasA, hasB] = [await statusOf(round.id, s.id, a.id), await statusOf(round.id, s.id, b.id)];
      expect(hasA).toBeNull();
      // Exactly one of the two took A away.
      expect(
        [sw.status, dr.status].filter((x) => x === 200),
        JSON.stringify([sw.body, dr.body]),
      ).toHaveLength(1);
      if (sw.status === 200) {
        expect(hasB).toBe('registered');
        expect(dr.status).toBe(400); // the drop came second: A was already gone
      } else {
        expect(hasB).toBeNull();
        expect(dr.status).toBe(200); // the drop came first, or B was full: the drop freed A
      }
    }
    expect(answers.filter(([sw]) => sw.status === 200).length).toBeGreaterThan(0);
    const [ta, tb] = [await taken(round.id, a.id), await taken(round.id, b.id)];
    expect(ta).toBe((await rowsOf(round.id, a.id)).length);
    expect(tb).toBe((await rowsOf(round.id, b.id)).length);
    expect(tb).toBeLessThanOrEqual(10);
  }, 180_000);

  it('a swap racing another student’s drop of B: the swapping student always keeps A or gets B, never neither', async () => {
    const movers = await addRegStudents(db(), m, 15);
    const holders = await addRegStudents(db(), m, 15);
    const a = await addRegClass(db(), m, { name: `Giữ A ${m.tag}` });
    const b = await addRegClass(db(), m, { name: `Giữ B ${m.tag}` });
    const round = await addRound(db(), {
      moduleId: m.module.id,
      waitlist: false,
      offers: [
        { courseClassId: a.id, capacity: 15 },
        { courseClassId: b.id, capacity: 15 },
      ],
    });
    await addRegistrations(db(), round.id, [
      ...movers.map((s) => ({ studentId: s.id, courseClassId: a.id })),
      ...holders.map((s) => ({ studentId: s.id, courseClassId: b.id })),
    ]);
    await Promise.all([...movers, ...holders].map((s) => t.tokenFor(s.email)));
    const answers = await Promise.all(movers.map((s, i) => Promise.all([swap(s, round.id, a.id, b.id), drop(holders[i], round.id, b.id)])));
    expect(answers.every(([, dr]) => dr.status === 200)).toBe(true);
    let swapped = 0;
    for (const [i, [sw]] of answers.entries()) {
      const s = movers[i];
      const [hasA, hasB] = [await statusOf(round.id, s.id, a.id), await statusOf(round.id, s.id, b.id)];
      if (sw.status === 200) swapped++;
      expect(sw.status === 200 ? [hasA, hasB] : [hasA, hasB], JSON.stringify(sw.body)).toEqual(
        sw.status === 200 ? [null, 'registered'] : ['registered', null],
      );
      if (sw.status !== 200) expect(sw.body.message).toMatch(/đã đủ chỗ\. Bạn vẫn giữ lớp/);
    }
    expect(await taken(round.id, a.id)).toBe(15 - swapped);
    expect(await taken(round.id, b.id)).toBe(swapped);
    expect((await rowsOf(round.id, b.id)).length).toBe(swapped);
  }, 180_000);
});
