import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { vietnameseNameSortKey } from '@app/shared/vietnamese';
import { auditLogs } from '../db/schema/audit';
import { users } from '../db/schema/users';
import { queryRows, type Database, type Db } from '../db/client';
import { searchText } from '../lib/list';
import { findUserByEmail, insertUser } from '../areas/school/users/users.repository';
import { createTestApp, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';
import { isoWeekday, slotClashes } from '../areas/tutoring/tutoring.service';
import { ensureAdmins } from './admins';
import { DEMO_STAFF, DEMO_STUDENTS, demoEmail, seedDemo } from './demo';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  db = t.database.db;
});
afterAll(() => t.close());

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(db, q);
const count = async (table: string, where = 'true') =>
  Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where ${where}`)))[0].n);

describe('demo seed', () => {
  it('starts from an empty database and seeds once; the next start leaves the data alone', async () => {
    expect(await count('users')).toBe(0);
    expect(await seedDemo(db)).toBe(true);
    const before = await count('course_class_students');
    expect(await seedDemo(db)).toBe(false);
    expect(await count('course_class_students')).toBe(before);
    expect(await count('audit_logs', `action = 'seed'`)).toBe(1);
  });

  it('keeps every demo account with its roles, first in id order for the login page', async () => {
    const primaries = await rows<{ role: string }>(sql`select distinct role from user_roles where is_primary`);
    expect(primaries.length).toBe(11);
    const lan = await findUserByEmail(db, demoEmail('gv.toan'));
    expect(lan!.roles.map((r) => r.role).sort()).toEqual(['HEAD_DEPARTMENT', 'HOMEROOM_TEACHER', 'TEACHER']);
    const demo = [...DEMO_STAFF, ...DEMO_STUDENTS];
    for (const [i, p] of demo.entries()) {
      const u = await findUserByEmail(db, demoEmail(p.local));
      expect(u, p.local).toMatchObject({ id: i + 1, displayName: p.name, active: true });
      expect(
        u!.roles.map((r) => r.role),
        p.local,
      ).toEqual(p.roles);
    }
  });

  it('has the shape of a gifted school', async () => {
    expect(await count('campuses')).toBe(2);
    expect(await count('classrooms')).toBeGreaterThanOrEqual(25);
    expect(await count('classrooms')).toBeLessThanOrEqual(35);
    expect(await count('academic_years')).toBe(2);
    expect(await count('semesters')).toBe(4);
    expect(await count('modules')).toBe(8);
    expect(await count('departments')).toBe(9);
    expect(await count('subjects')).toBeGreaterThanOrEqual(15);
    expect(await count('subjects', `kind = 'specialised'`)).toBeGreaterThanOrEqual(5);
    expect(await count('teachers')).toBeGreaterThanOrEqual(55);
    expect(await count('teachers')).toBeLessThanOrEqual(65);
    expect(await count('homeroom_classes')).toBe(12);
    expect(await count('students')).toBeGreaterThanOrEqual(380);
    expect(await count('students')).toBeLessThanOrEqual(420);
    expect(await count('course_classes')).toBeGreaterThanOrEqual(100);
    expect(await count('course_class_students')).toBeGreaterThanOrEqual(2000);
    expect(await count('course_class_students')).toBeLessThanOrEqual(6000);
    const grades = await rows<{ grade: number; n: number; campuses: number }>(
      sql`select grade, count(*)::int as n, count(distinct campus_id)::int as campuses from homeroom_classes group by grade order by grade`,
    );
    expect(grades).toEqual([10, 11, 12].map((grade) => ({ grade, n: 4, campuses: 2 })));
    // Every department has a head, and the heads and homeroom teachers hold the matching role.
    expect(await count('departments d', 'not exists (select 1 from department_heads h where h.department_id = d.id)')).toBe(0);
    const missingRole = (role: string, who: string) =>
      count(
        `teachers t`,
        `t.id in (${who}) and not exists (select 1 from user_roles r where r.user_id = t.user_id and r.role = '${role}')`,
      );
    expect(await missingRole('HEAD_DEPARTMENT', 'select teacher_id from department_heads')).toBe(0);
    expect(await missingRole('HOMEROOM_TEACHER', 'select homeroom_teacher_id from homeroom_classes')).toBe(0);
    expect(await count('homeroom_classes', 'homeroom_teacher_id is null')).toBe(0);
  });

  it('has exactly one current year, semester and module: HK1 2026-2027, the module holding 2026-11-22', async () => {
    const [cur] = await rows<{ year: string; semester: string; code: string; start: string; end: string }>(sql`
      select y.name as year, s.name as semester, m.code, m.start_date::text as start, m.end_date::text as "end"
      from modules m join semesters s on s.id = m.semester_id join academic_years y on y.id = s.academic_year_id
      where m.is_current and s.is_current and y.is_current`);
    expect(cur).toMatchObject({ year: '2026-2027', semester: 'HK1', code: '2026-HK1-M2' });
    expect(cur.start <= '2026-11-22' && '2026-11-22' <= cur.end).toBe(true);
    for (const table of ['academic_years', 'semesters', 'modules']) expect(await count(table, 'is_current'), table).toBe(1);
    // The two modules of HK1, and the next one, whose electives are offered in the open registration round.
    expect(await count('modules m', `exists (select 1 from course_classes c where c.module_id = m.id)`)).toBe(3);
  });

  it('links every student and teacher to a user with the right role and fills the search and sort columns', async () => {
    const studentUsers = await rows<{ id: number; code: string; name: string; email: string; ok: boolean }>(sql`
      select s.id, s.student_code as code, s.full_name as name, s.email,
             exists (select 1 from users u join user_roles r on r.user_id = u.id and r.role = 'STUDENT' and r.is_primary
                     where u.student_id = s.id and lower(u.email) = lower(s.email) and u.active) as ok
      from students s`);
    expect(studentUsers.filter((s) => !s.ok)).toEqual([]);
    expect(await count('users u', `u.student_id is not null and not exists (select 1 from students s where s.id = u.student_id)`)).toBe(0);
    for (const p of DEMO_STUDENTS) {
      const u = await findUserByEmail(db, demoEmail(p.local));
      expect(
        studentUsers.find((s) => s.id === u!.studentId),
        p.local,
      ).toMatchObject({ name: p.name, email: demoEmail(p.local) });
    }
    expect(await count('teachers t', `not exists (select 1 from user_roles r where r.user_id = t.user_id and r.role = 'TEACHER')`)).toBe(0);

    const students = await rows<{ code: string; name: string; email: string; search: string; sort: string }>(
      sql`select student_code as code, full_name as name, email, search_text as search, sort_key as sort from students`,
    );
    for (const s of students) expect([s.search, s.sort]).toEqual([searchText(s.code, s.name, s.email), vietnameseNameSortKey(s.name)]);
    const teachers = await rows<{ code: string; name: string; email: string; search: string; sort: string }>(
      sql`select staff_code as code, full_name as name, email, search_text as search, sort_key as sort from teachers`,
    );
    for (const x of teachers) expect([x.search, x.sort]).toEqual([searchText(x.code, x.name, x.email), vietnameseNameSortKey(x.name)]);
    const us = await rows<{ email: string; name: string; search: string }>(
      sql`select email, display_name as name, search_text as search from users`,
    );
    for (const u of us) expect(u.search).toBe(searchText(u.email, u.name));
  });

  it('gives the demo teachers their departments, headships and homeroom classes', async () => {
    const of = async (local: string) =>
      (
        await rows<{ dept: string; heads: string | null; homeroom: string | null }>(sql`
          select d.code as dept,
                 (select string_agg(hd.code, ',') from department_heads h join departments hd on hd.id = h.department_id where h.teacher_id = t.id) as heads,
                 (select string_agg(c.name, ',') from homeroom_classes c where c.homeroom_teacher_id = t.id) as homeroom
          from teachers t join users u on u.id = t.user_id join departments d on d.id = t.department_id
          where u.email = ${demoEmail(local)}`)
      )[0];
    expect(await of('gv.toan')).toEqual({ dept: 'TOAN', heads: 'TOAN', homeroom: '10 Toán' });
    expect(await of('totruong.ly')).toEqual({ dept: 'LY', heads: 'LY', homeroom: null });
    expect(await of('gvcn.hoa')).toEqual({ dept: 'HOA', heads: null, homeroom: '11 Hóa' });
    for (const local of ['gv.van', 'gv.anh', 'khaibao.sinh']) expect((await of(local))?.dept, local).toBeTruthy();
    // Each of them teaches at least one course class of the current module.
    const idle = await rows<{ email: string }>(sql`
      select u.email from teachers t join users u on u.id = t.user_id
      where u.email like '%.%@%' and not exists (
        select 1 from course_class_teachers ct join course_classes c on c.id = ct.course_class_id join modules m on m.id = c.module_id
        where ct.teacher_id = t.id and m.is_current)`);
    expect(idle).toEqual([]);
    // …and one of the first module that its subject's closed survey asks about (their published results).
    const unsurveyed = await rows<{ email: string }>(sql`
      select u.email from teachers t join users u on u.id = t.user_id
      where u.email like '%.%@%' and not exists (
        select 1 from course_class_teachers ct join course_classes c on c.id = ct.course_class_id
        join surveys s on s.subject_id = c.subject_id and s.module_id = c.module_id and c.grade = any(s.allowed_grades)
        where ct.teacher_id = t.id and s.status = 'closed' and s.published_at is not null)`);
    expect(unsurveyed).toEqual([]);
  });

  it('keeps a line per demo account for the login page, served with the accounts', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/demo-accounts' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<{ email: string; hint: string | null }>;
    const demo = new Map([...DEMO_STAFF, ...DEMO_STUDENTS].map((p) => [demoEmail(p.local), p]));
    expect(list.filter((a) => demo.has(a.email)).length).toBeGreaterThanOrEqual(DEMO_STAFF.length);
    for (const a of list) expect(a.hint, a.email).toBe(demo.get(a.email)?.hint ?? null);
    // One short line each.
    for (const p of demo.values()) expect(p.hint.length, p.local).toBeLessThanOrEqual(90);
  });

  it('keeps course classes within capacity, taught from the subject department, with students of their grade and campus', async () => {
    expect(
      await count('course_classes c', `(select count(*) from course_class_students e where e.course_class_id = c.id) > c.capacity`),
    ).toBe(0);
    // Only the classes offered in the open registration round have no students yet (closing the round enrols them).
    expect(
      await count(
        'course_classes c',
        `not exists (select 1 from course_class_students e where e.course_class_id = c.id)
         and not exists (select 1 from registration_offers o where o.course_class_id = c.id)`,
      ),
    ).toBe(0);
    expect(await count('registration_offers')).toBeGreaterThan(0);
    const teacherCounts = await rows<{ n: number }>(sql`select count(*)::int as n from course_class_teachers group by course_class_id`);
    expect(teacherCounts.every((r) => r.n >= 1 && r.n <= 2)).toBe(true);
    expect(teacherCounts.length).toBe(await count('course_classes'));
    expect(
      await count(
        'course_class_teachers ct join course_classes c on c.id = ct.course_class_id join subjects s on s.id = c.subject_id join teachers t on t.id = ct.teacher_id',
        't.department_id <> s.department_id',
      ),
    ).toBe(0);
    expect(
      await count(
        'course_class_students e join course_classes c on c.id = e.course_class_id join students s on s.id = e.student_id',
        's.grade <> c.grade or s.campus_id <> c.campus_id',
      ),
    ).toBe(0);
    // Electives mix two homeroom classes of one grade and campus.
    expect(
      await count(
        'course_classes c',
        `(select count(distinct s.homeroom_class_id) from course_class_students e join students s on s.id = e.student_id where e.course_class_id = c.id) > 1`,
      ),
    ).toBeGreaterThanOrEqual(6);
  });

  it('has a registration round open on 24/11/2026 for grades 10 and 11, seats counted, one class full with a waitlist', async () => {
    const [round] = await rows<{ id: number; grades: number[]; open: boolean }>(
      sql`select id, grades, opens_at <= '2026-11-24T12:00:00+07:00' and closes_at > '2026-11-24T12:00:00+07:00' as open from registration_rounds`,
    );
    expect(round.open).toBe(true);
    expect([...round.grades].sort()).toEqual([10, 11]);
    // An offer's seats taken are its registered students, never more than its capacity.
    expect(
      await count(
        'registration_offers o',
        `o.taken <> (select count(*) from registrations r where r.round_id = o.round_id and r.course_class_id = o.course_class_id and r.status = 'registered')
         or o.taken > o.capacity`,
      ),
    ).toBe(0);
    // Waiting only for a full class; a student registered in a grade and campus of their own.
    expect(
      await count(
        'registrations r join registration_offers o using (round_id, course_class_id)',
        `r.status = 'waitlisted' and o.taken < o.capacity`,
      ),
    ).toBe(0);
    expect(await count('registrations', `status = 'waitlisted'`)).toBeGreaterThan(0);
    expect(
      await count(
        'registrations r join course_classes c on c.id = r.course_class_id join students s on s.id = r.student_id',
        's.grade <> c.grade or s.campus_id <> c.campus_id',
      ),
    ).toBe(0);
    // The demo student still has everything to choose.
    const an = await findUserByEmail(db, demoEmail('hs.an'));
    expect(await count('registrations r join users u on u.student_id = r.student_id', `u.id = ${an!.id}`)).toBe(0);
  });

  it('has two tutoring groups of the current semester, weekly afternoon sessions free of clashes, the past ones taught with attendance', async () => {
    const groups = await rows<{ id: number; kind: string; subject: string; students: number; grades: number[] }>(
      sql`select g.id, g.kind, s.code as subject, (select count(*)::int from tutoring_group_students gs where gs.group_id = g.id) as students,
                 (select array_agg(distinct st.grade) from tutoring_group_students gs join students st on st.id = gs.student_id where gs.group_id = g.id) as grades
          from tutoring_groups g join subjects s on s.id = g.subject_id join semesters se on se.id = g.semester_id and se.is_current order by g.id`,
    );
    expect(groups.map((g) => [g.kind, g.subject, g.grades])).toEqual([
      ['GIFTED', 'TOAN', [11]],
      ['REMEDIAL', 'VAN', [10]],
    ]);
    for (const g of groups) expect(g.students).toBeGreaterThanOrEqual(8);
    for (const g of groups) expect(g.students).toBeLessThanOrEqual(15);
    // Taught up to 24/11/2026 with everyone marked, planned after; all in the afternoon (periods 6–10).
    expect(await count('tutoring_sessions', `status = 'taught'`)).toBeGreaterThanOrEqual(10);
    expect(await count('tutoring_sessions', `status = 'planned'`)).toBeGreaterThanOrEqual(4);
    expect(
      await count('tutoring_sessions', `(status = 'taught') <> (on_date <= '2026-11-24') or period < 6 or period + length - 1 > 10`),
    ).toBe(0);
    expect(
      await count(
        'tutoring_sessions s',
        `s.status = 'taught' and (select count(*) from tutoring_attendance a where a.session_id = s.id) <> (select count(*) from tutoring_group_students gs where gs.group_id = s.group_id)`,
      ),
    ).toBe(0);
    // No session clashes with the published timetable or another session.
    const sessions = await rows<{
      id: number;
      groupId: number;
      onDate: string;
      period: number;
      length: number;
      classroomId: number;
      teacherId: number;
    }>(
      sql`select id, group_id as "groupId", on_date::text as "onDate", period, length, classroom_id as "classroomId", teacher_id as "teacherId" from tutoring_sessions`,
    );
    const clashes = [];
    for (const s of sessions)
      clashes.push(
        ...(await slotClashes(db, {
          ...s,
          day: isoWeekday(s.onDate),
          first: s.period,
          last: s.period + s.length - 1,
          exceptSessionId: s.id,
        })),
      );
    expect(clashes).toEqual([]);
  });

  it('has the current semester’s declaration period with declarations in every state, each step in the history', async () => {
    const [period] = await rows<{ id: number; weeks: number; holidays: string[] }>(
      sql`select p.id, p.weeks, p.holidays::text[] as holidays from declaration_periods p join semesters s on s.id = p.semester_id where s.is_current`,
    );
    expect(period).toMatchObject({ weeks: 18, holidays: ['2027-01-01'] });
    const byStatus = Object.fromEntries(
      (await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from declarations group by status`)).map((r) => [
        r.status,
        r.n,
      ]),
    );
    expect(byStatus).toEqual({ locked: 3, confirmed: 1, approved: 2, submitted: 3, returned: 2, draft: 4 });
    // Every declaration has lines and totals; the steps are in the history, each by a person.
    expect(
      await count(
        'declarations',
        `totals is null or not exists (select 1 from declaration_lines l where l.declaration_id = declarations.id)`,
      ),
    ).toBe(0);
    expect(await count('declaration_history', `action = 'lock' and actor_id is not null`)).toBe(3);
    expect(await count('declaration_history', `action = 'return' and comment like 'Thiếu minh chứng%'`)).toBe(2);
    expect(await count('declaration_lines', `kind = 'substitution' and for_teacher_id is not null`)).toBe(2);
    // The head of Mathematics teaches the gifted group: their draft counts its taught sessions.
    const toan = await rows<{ kind: string; source: string }>(
      sql`select l.kind, l.source from declaration_lines l join declarations d on d.id = l.declaration_id
          join teachers t on t.id = d.teacher_id join users u on u.id = t.user_id where u.email = ${demoEmail('gv.toan')}`,
    );
    expect(toan.some((l) => l.kind === 'activity' && l.source === 'tutoring')).toBe(true);
    expect(toan.some((l) => l.kind === 'class')).toBe(true);
  });

  it('is the same school every time (deterministic)', async () => {
    // global-setup seeded the shared template independently of this file's seeding.
    const other: Database = await createTestDatabase({ seeded: true });
    try {
      const q = sql`select string_agg(student_code || ' ' || full_name || ' ' || coalesce(date_of_birth::text, '') || ' ' || gender, ';' order by student_code) as s from students`;
      const [a] = await queryRows<{ s: string }>(db, q);
      const [b] = await queryRows<{ s: string }>(other.db, q);
      expect(a.s.length).toBeGreaterThan(1000);
      expect(b.s).toBe(a.s);
    } finally {
      await other.close();
    }
  });
});

describe('ADMIN_EMAILS', () => {
  it('creates a missing admin, re-activates and promotes an existing account, and audits both', async () => {
    await insertUser(db, { email: 'cu@truong.vn', displayName: 'Cũ', active: false, roles: [{ role: 'TEACHER', isPrimary: true }] });
    await ensureAdmins(db, ['moi@truong.vn', 'CU@truong.vn']);
    await ensureAdmins(db, ['moi@truong.vn', 'cu@truong.vn']); // idempotent

    const moi = await findUserByEmail(db, 'moi@truong.vn');
    expect(moi).toMatchObject({ active: true, roles: [{ role: 'ADMIN', isPrimary: true }] });
    const cu = await findUserByEmail(db, 'cu@truong.vn');
    expect(cu!.active).toBe(true);
    expect(cu!.roles).toEqual(
      expect.arrayContaining([
        { role: 'TEACHER', isPrimary: true },
        { role: 'ADMIN', isPrimary: false },
      ]),
    );

    const entries = await db.select().from(auditLogs).where(eq(auditLogs.entity, 'user'));
    const forCu = entries.filter((e) => e.entityId === String(cu!.id));
    expect(forCu).toHaveLength(1);
    expect(forCu[0]).toMatchObject({ action: 'update', before: { active: false } });
    expect(entries.filter((e) => e.entityId === String(moi!.id) && e.action === 'create')).toHaveLength(1);
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${users} where lower(email) = 'cu@truong.vn'`);
    expect(Number(n)).toBe(1);
  });
});
