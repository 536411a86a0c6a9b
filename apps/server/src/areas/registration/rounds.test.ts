import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AppEvents } from '@/plugins/events';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { addCourseClass, auditOf } from '@/test/school';
import { caller, currentModule, makeTinyModule, one, type Method } from '@/test/timetables';
import { REOPEN_REFUSED } from './rounds.service';

let t: TestApp;
let call: ReturnType<typeof caller>;
let m: Awaited<ReturnType<typeof makeTinyModule>>;
/** Course classes of the tiny module: C of grade 11, E of grade 12. */
let c11: { id: number; code: string };
let e12: { id: number; code: string };
/** A course class of another module (the demo's current one). */
let other: { id: number; code: string };
const reminded: Array<AppEvents['registration.reminded']> = [];

/** A call whose answer is not parsed (an XLSX download). */
const tokens = new Map<string, string>();
async function raw(method: Method, url: string, who: string, payload?: unknown) {
  if (!tokens.has(who)) tokens.set(who, await t.tokenFor(who));
  return t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens.get(who)!), payload: payload as object | undefined });
}
const hour = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const count = async (q: ReturnType<typeof sql>) => (await one<{ n: number }>(t, q)).n;
const activeOfGrade = (g: number) => count(sql`select count(*)::int as n from students where status = 'active' and grade = ${g}`);

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  m = await makeTinyModule(t);
  const db = t.database.db;
  const base = { subjectId: m.subject.id, moduleId: m.module.id, campusId: m.campus.id, periodsPerWeek: 1, doublePeriods: false };
  c11 = await addCourseClass(db, { ...base, code: `${m.module.code}-C`, name: 'Lớp C', grade: 11 });
  e12 = await addCourseClass(db, { ...base, code: `${m.module.code}-E`, name: 'Lớp E', grade: 12 });
  other = await one(t, sql`select id, code from course_classes where module_id <> ${m.module.id} order by id limit 1`);
  t.app.events.on('registration.reminded', (p) => void reminded.push(p));
});
afterAll(() => t.close());

const roundInput = (over: object = {}) => ({
  moduleId: m.module.id,
  name: 'Đợt 1 khối 10',
  opensAt: at(-hour),
  closesAt: at(24 * hour),
  grades: [10],
  groups: [{ key: 'A', name: 'Tự chọn A', choose: 1 }],
  offers: [
    { courseClassId: m.a.id, compulsory: true },
    { courseClassId: m.b.id, capacity: 1, groupKey: 'A' },
  ],
  ...over,
});

let round: { id: number };

describe('rounds: creating', () => {
  it('refuses a wrong window, no grade, a class of another module or of another grade, in Vietnamese', async () => {
    const bad = async (over: object) => {
      const r = await call('POST', '/registration/rounds', 'quantri', roundInput(over));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      return r.body.message as string;
    };
    expect(JSON.stringify((await call('POST', '/registration/rounds', 'quantri', roundInput({ closesAt: at(-2 * hour) }))).body)).toContain(
      'Thời điểm đóng phải sau thời điểm mở',
    );
    await bad({ grades: [] });
    expect(await bad({ groups: [], offers: [{ courseClassId: other.id }] })).toBe(
      `Lớp học phần ${other.code} không thuộc học phần của đợt đăng ký.`,
    );
    expect(await bad({ groups: [], offers: [{ courseClassId: c11.id }] })).toMatch(new RegExp(`${c11.code} thuộc khối 11`));
    expect(await count(sql`select count(*)::int as n from registration_rounds where module_id = ${m.module.id}`)).toBe(0);
  });

  it('registers every student of the grade in a compulsory class, raising its capacity to hold them', async () => {
    const r = await call('POST', '/registration/rounds', 'quantri', roundInput());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    round = r.body.data;
    const n = await activeOfGrade(10);
    expect(n).toBeGreaterThan(1);
    const a = r.body.data.offers.find((o: { courseClassId: number }) => o.courseClassId === m.a.id);
    expect(a).toMatchObject({ compulsory: true, taken: n, groupId: null, teachers: [expect.any(String)] });
    expect(a.capacity).toBeGreaterThanOrEqual(n);
    expect(r.body.data).toMatchObject({ state: 'open', offerCount: 2, taken: n, waiting: 0, studentCount: n, unmetCount: n });
    expect(r.body.data.groups).toEqual([{ id: expect.any(Number), name: 'Tự chọn A', choose: 1 }]);
    expect(
      await count(
        sql`select count(*)::int as n from registrations where round_id = ${round.id} and course_class_id = ${m.a.id} and status = 'registered'`,
      ),
    ).toBe(n);
    expect((await auditOf(t.database.db, 'registration_round', round.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('refuses a round overlapping in time for the same grade, allows it for another grade', async () => {
    const same = await call(
      'POST',
      '/registration/rounds',
      'quantri',
      roundInput({ name: 'Đợt 2', groups: [], offers: [{ courseClassId: m.b.id }] }),
    );
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('Đợt "Đợt 1 khối 10" cùng khối 10 đã mở trong khoảng thời gian này.');
    const g11 = await call(
      'POST',
      '/registration/rounds',
      'quantri',
      roundInput({ name: 'Đợt khối 11', grades: [11], groups: [], offers: [{ courseClassId: c11.id }] }),
    );
    expect(g11.status, JSON.stringify(g11.body)).toBe(200);
    expect(g11.body.data).toMatchObject({ grades: [11], taken: 0, offerCount: 1 });
    const list = await call('GET', `/registration/rounds?moduleId=${m.module.id}`, 'dbcl');
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { name: string }) => x.name).sort()).toEqual(['Đợt 1 khối 10', 'Đợt khối 11']);
  });
});

describe('rounds: the administrator adds and removes, edits, reminds', () => {
  const reg = (local: 'an' | 'binh', over: object = {}) => ({
    studentId: m[local].id,
    courseClassId: m.b.id,
    reason: 'Học sinh xin vào lớp',
    ...over,
  });

  it('adds a student with a reason, refuses a full class unless told to bypass, audited', async () => {
    const add = await call('POST', `/registration/rounds/${round.id}/admin-registrations`, 'quantri', reg('an'));
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data).toMatchObject({ studentId: m.an.id, courseClassId: m.b.id, status: 'registered', position: null });
    expect((await call('POST', `/registration/rounds/${round.id}/admin-registrations`, 'quantri', reg('an'))).status).toBe(409);
    const full = await call('POST', `/registration/rounds/${round.id}/admin-registrations`, 'quantri', reg('binh'));
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/đủ chỗ \(1\/1\)/);
    const bypass = await call(
      'POST',
      `/registration/rounds/${round.id}/admin-registrations`,
      'quantri',
      reg('binh', { bypassRules: true }),
    );
    expect(bypass.status, JSON.stringify(bypass.body)).toBe(200);
    const b = (await call('GET', `/registration/rounds/${round.id}`, 'hieutruong')).body.data.offers.find(
      (o: { courseClassId: number }) => o.courseClassId === m.b.id,
    );
    expect(b).toMatchObject({ capacity: 2, taken: 2 });
    const log = await auditOf(t.database.db, 'registration_round', round.id);
    const adds = log.filter((e) => e.action === 'admin_add');
    expect(adds).toHaveLength(2);
    expect(adds[1].after).toMatchObject({ studentId: m.binh.id, reason: 'Học sinh xin vào lớp', bypassRules: true, capacityRaisedTo: 2 });
    expect(adds[0].actorId).not.toBeNull();
  });

  it('edits only the name and closing moment once students registered; refuses the delete', async () => {
    const changed = await call('PUT', `/registration/rounds/${round.id}`, 'quantri', roundInput({ maxClasses: 3 }));
    expect(changed.status).toBe(400);
    expect(changed.body.message).toMatch(/chỉ được sửa tên và thời điểm đóng/);
    const renamed = await call('PUT', `/registration/rounds/${round.id}`, 'quantri', {
      ...roundInput({
        name: 'Đợt 1 (gia hạn)',
        closesAt: at(48 * hour),
        // The capacity as the detail shows it now (raised by the bypass above): unchanged.
        offers: [
          { courseClassId: m.a.id, compulsory: true },
          { courseClassId: m.b.id, capacity: 2, groupKey: 'A' },
        ],
      }),
      opensAt: new Date(
        (await one<{ o: Date | string }>(t, sql`select opens_at as o from registration_rounds where id = ${round.id}`)).o,
      ).toISOString(),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.name).toBe('Đợt 1 (gia hạn)');
    const del = await call('DELETE', `/registration/rounds/${round.id}`, 'quantri');
    expect(del.status).toBe(409);
  });

  it('lists the unmet students and reminds them (event with their accounts)', async () => {
    const all = (await call('GET', `/registration/rounds/${round.id}/students?status=all`, 'dbcl')).body.data;
    const unmet = (await call('GET', `/registration/rounds/${round.id}/students?status=unmet`, 'quantri')).body.data;
    expect(all.length).toBe(await activeOfGrade(10));
    expect(unmet.length).toBe(all.length - 2);
    const an = all.find((s: { studentId: number }) => s.studentId === m.an.id);
    expect(an).toMatchObject({ registered: 2, waitlisted: 0, rules: { met: true, problems: [] } });
    expect(unmet[0].rules.problems).toEqual(['Cần chọn thêm 1 lớp trong nhóm Tự chọn A']);
    const r = await call('POST', `/registration/rounds/${round.id}/remind`, 'quantri');
    expect(r.status).toBe(200);
    const accounts = await count(
      sql`select count(distinct s.id)::int as n from students s join users u on u.student_id = s.id
          where s.status = 'active' and s.grade = 10 and s.id not in (${m.an.id}, ${m.binh.id})`,
    );
    expect(r.body.data).toEqual({ reminded: accounts });
    expect(reminded.at(-1)).toMatchObject({ roundId: round.id });
    expect(reminded.at(-1)!.userIds).toHaveLength(accounts);
    expect(reminded.at(-1)!.userIds).not.toContain(m.an.userId);
  });

  it('shows a teacher the registrations of their own class only', async () => {
    const van = await call('GET', `/registration/course-classes/${m.b.id}/registrations`, 'gv.van');
    expect(van.status).toBe(200);
    expect(van.body.data.map((x: { studentId: number }) => x.studentId).sort()).toEqual([m.an.id, m.binh.id].sort());
    expect((await call('GET', `/registration/course-classes/${m.b.id}/registrations`, 'gv.toan')).status).toBe(403);
    expect((await call('GET', `/registration/course-classes/${m.a.id}/registrations`, 'gv.toan')).status).toBe(200);
  });

  it('removes a student with a reason, freeing the seat', async () => {
    const r = await call('DELETE', `/registration/rounds/${round.id}/admin-registrations`, 'quantri', reg('binh', { reason: 'Xin rút' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await count(sql`select taken as n from registration_offers where round_id = ${round.id} and course_class_id = ${m.b.id}`)).toBe(
      1,
    );
    const removes = (await auditOf(t.database.db, 'registration_round', round.id)).filter((e) => e.action === 'admin_remove');
    expect(removes).toHaveLength(1);
    expect(removes[0].after).toMatchObject({ studentId: m.binh.id, reason: 'Xin rút' });
    expect((await call('DELETE', `/registration/rounds/${round.id}/admin-registrations`, 'quantri', reg('binh'))).status).toBe(404);
  });

  it('exports by class, by student and the unmet list as XLSX with Vietnamese headers', async () => {
    const sheet = async (kind: string) => {
      const res = await raw('GET', `/registration/rounds/${round.id}/export?kind=${kind}`, 'hieutruong');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      return { header: (ws.getRow(1).values as unknown[]).slice(1), rows: ws.rowCount - 1 };
    };
    const n = await activeOfGrade(10);
    const byClass = await sheet('class');
    expect(byClass.header.slice(0, 5)).toEqual(['Mã lớp học phần', 'Tên lớp học phần', 'Môn học', 'Mã học sinh', 'Họ và tên']);
    expect(byClass.rows).toBe(n + 1);
    const byStudent = await sheet('student');
    expect(byStudent.header[0]).toBe('Mã học sinh');
    expect(byStudent.rows).toBe(n);
    expect((await sheet('unmet')).rows).toBe(n - 1);
  });
});

describe('rounds: closing and reopening', () => {
  it('turns the registrations into enrolments in one step and reports it', async () => {
    const n = await activeOfGrade(10);
    const enrolledIn = (cc: number) => count(sql`select count(*)::int as n from course_class_students where course_class_id = ${cc}`);
    expect(await enrolledIn(m.a.id)).toBe(2);
    const r = await call('POST', `/registration/rounds/${round.id}/close`, 'quantri');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // A: every grade-10 student, hs.an and hs.binh enrolled already; B: hs.an enrolled already.
    expect(r.body.data).toEqual({ roundId: round.id, enrolled: n - 2, alreadyEnrolled: 3, waitlistDropped: 0, unmetStudents: n - 1 });
    expect(await enrolledIn(m.a.id)).toBe(n);
    expect(await enrolledIn(m.b.id)).toBe(1);
    expect((await call('GET', `/registration/rounds/${round.id}`, 'quantri')).body.data.state).toBe('closed');
    expect((await call('POST', `/registration/rounds/${round.id}/close`, 'quantri')).status).toBe(409);
    expect((await auditOf(t.database.db, 'registration_round', round.id)).map((e) => e.action)).toContain('close');
  });

  it('reopens before the module starts, taking back only the enrolments the close made', async () => {
    const r = await call('POST', `/registration/rounds/${round.id}/reopen`, 'quantri');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ state: 'open', closedAt: null });
    expect(await count(sql`select count(*)::int as n from course_class_students where course_class_id = ${m.a.id}`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from course_class_students where course_class_id = ${m.b.id}`)).toBe(1);
  });

  it('refuses to reopen once the module has started', async () => {
    const cur = await currentModule(t);
    const cc = await one<{ id: number; grade: number }>(
      t,
      sql`select id, grade from course_classes where module_id = ${cur.id} order by id limit 1`,
    );
    expect(cur.startDate <= new Date().toISOString().slice(0, 10)).toBe(true);
    const made = await call('POST', '/registration/rounds', 'quantri', {
      moduleId: cur.id,
      name: 'Đợt đã qua',
      opensAt: at(-2 * hour),
      closesAt: at(hour),
      grades: [cc.grade],
      offers: [{ courseClassId: cc.id }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await call('POST', `/registration/rounds/${made.body.data.id}/close`, 'quantri')).status).toBe(200);
    const r = await call('POST', `/registration/rounds/${made.body.data.id}/reopen`, 'quantri');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(REOPEN_REFUSED);
  });

  it('closes a round past its closing moment by itself (the system, audited)', async () => {
    const made = await call(
      'POST',
      '/registration/rounds',
      'quantri',
      roundInput({ name: 'Khối 12', grades: [12], groups: [], offers: [{ courseClassId: e12.id }] }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as number;
    await t.database.db.execute(
      sql`update registration_rounds set opens_at = now() - interval '2 days', closes_at = now() - interval '1 day' where id = ${id}`,
    );
    const r = await call('GET', `/registration/rounds/${id}`, 'quantri');
    expect(r.body.data.state).toBe('closed');
    const close = (await auditOf(t.database.db, 'registration_round', id)).find((e) => e.action === 'close');
    expect(close).toMatchObject({ actorId: null });
  });
});

describe('roles (every route: the accounts allowed; every other demo account is refused with 403)', () => {
  const ACCOUNTS = ['quantri', 'hieutruong', 'giaovu', 'dbcl', 'totruong.ly', 'gv.toan', 'gv.van', 'gvcn.hoa', 'ketoan', 'csvc', 'hs.an'];
  const READERS = ['quantri', 'hieutruong', 'dbcl'];
  const ADMIN = ['quantri'];

  it('answers each route to its roles only', async () => {
    const id = round.id;
    const wrongOffer = roundInput({ groups: [], offers: [{ courseClassId: other.id }] });
    const table: Array<[Method, string, unknown, string[]]> = [
      ['GET', `/registration/rounds?moduleId=${m.module.id}`, undefined, READERS],
      ['POST', '/registration/rounds', wrongOffer, ADMIN],
      ['GET', `/registration/rounds/${id}`, undefined, READERS],
      ['PUT', `/registration/rounds/${id}`, wrongOffer, ADMIN],
      ['DELETE', `/registration/rounds/${id}`, undefined, ADMIN],
      ['POST', `/registration/rounds/${id}/reopen`, {}, ADMIN],
      ['GET', `/registration/rounds/${id}/students?status=unmet`, undefined, READERS],
      ['POST', `/registration/rounds/${id}/admin-registrations`, { studentId: m.an.id, courseClassId: m.b.id, reason: 'Thử quyền' }, ADMIN],
      [
        'DELETE',
        `/registration/rounds/${id}/admin-registrations`,
        { studentId: m.binh.id, courseClassId: m.b.id, reason: 'Thử quyền' },
        ADMIN,
      ],
      ['GET', `/registration/rounds/${id}/export?kind=unmet`, undefined, READERS],
      ['GET', `/registration/course-classes/${m.b.id}/registrations`, undefined, [...READERS, 'gv.van']],
      ['POST', `/registration/rounds/${id}/remind`, undefined, ADMIN],
      ['POST', `/registration/rounds/${id}/close`, undefined, ADMIN],
    ];
    const wrong: string[] = [];
    for (const [method, url, body, allowed] of table) {
      for (const who of ACCOUNTS) {
        const r = await raw(method, url, who, body);
        const refused = r.statusCode === 403;
        if (refused === allowed.includes(who)) wrong.push(`${method} ${url} as ${who}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
