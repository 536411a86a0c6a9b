import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { vietnameseNameSortKey } from '@app/shared/vietnamese';
import { scaleCoefficient, type TSalaryRank } from '@app/shared/pay-calc';
import { TT05_2025_RULES } from '@app/shared/workload';
import { computeWorkload } from '@app/shared/workload-calc';
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
      (
        await rows<{ status: string; n: number }>(
          sql`select status, count(*)::int as n from declarations where period_id = ${period.id} group by status`,
        )
      ).map((r) => [r.status, r.n]),
    );
    expect(byStatus).toEqual({ locked: 3, confirmed: 1, approved: 2, submitted: 3, returned: 2, draft: 4 });
    // Every declaration has lines and totals; the steps are in the history, each by a person.
    expect(
      await count(
        'declarations',
        `totals is null or not exists (select 1 from declaration_lines l where l.declaration_id = declarations.id)`,
      ),
    ).toBe(0);
    const current = `period_id = ${period.id}`;
    expect(await count('declaration_history', `${current} and action = 'lock' and actor_id is not null`)).toBe(3);
    expect(await count('declaration_history', `${current} and action = 'return' and comment like 'Thiếu minh chứng%'`)).toBe(2);
    expect(
      await count(
        'declaration_lines l join declarations d on d.id = l.declaration_id',
        `d.${current} and l.kind = 'substitution' and l.for_teacher_id is not null`,
      ),
    ).toBe(2);
    // The head of Mathematics teaches the gifted group: their draft counts its taught sessions.
    const toan = await rows<{ kind: string; source: string }>(
      sql`select l.kind, l.source from declaration_lines l join declarations d on d.id = l.declaration_id
          join teachers t on t.id = d.teacher_id join users u on u.id = t.user_id where u.email = ${demoEmail('gv.toan')}`,
    );
    expect(toan.some((l) => l.kind === 'activity' && l.source === 'tutoring')).toBe(true);
    expect(toan.some((l) => l.kind === 'class')).toBe(true);
  });

  it('gives every teacher coefficients from 01/07/2024 (a mix of ranks and allowances), a few raises, and the pay settings', async () => {
    expect(
      await count(
        'teachers t',
        `not exists (select 1 from teacher_coefficients c where c.teacher_id = t.id and c.effective_from = '2024-07-01')`,
      ),
    ).toBe(0);
    const ranks = Object.fromEntries(
      (
        await rows<{ rank: string; n: number }>(
          sql`select rank, count(*)::int as n from teacher_coefficients where effective_from = '2024-07-01' group by rank`,
        )
      ).map((r) => [r.rank, r.n]),
    );
    const teachers = await count('teachers');
    expect(ranks.I / teachers).toBeCloseTo(0.15, 1);
    expect(ranks.II / teachers).toBeCloseTo(0.55, 1);
    expect(ranks.III / teachers).toBeCloseTo(0.3, 1);
    // The scale's coefficient of each rank and step; seniority left to the start of service.
    const scale = await rows<{ rank: TSalaryRank; step: number; coefficient: string }>(
      sql`select rank, step, trim_scale(coefficient)::text as coefficient from teacher_coefficients`,
    );
    for (const c of scale) expect(Number(c.coefficient), `${c.rank}/${c.step}`).toBe(Number(scaleCoefficient(c.rank, c.step)));
    expect(
      await count('teacher_coefficients', `seniority_percent is not null or service_start_date not between '1996-01-01' and '2023-12-31'`),
    ).toBe(0);
    // Most teach a gifted class (70%), some only electives (30%).
    const p70 = await count('teacher_coefficients', `effective_from = '2024-07-01' and preferential_percent = 70`);
    expect(p70).toBeGreaterThan(teachers / 2);
    expect(await count('teacher_coefficients', `effective_from = '2024-07-01' and preferential_percent = 30`)).toBe(teachers - p70);
    // Heads 0.2, deputies 0.15.
    expect(
      await count('teacher_coefficients c join department_heads h on h.teacher_id = c.teacher_id', `c.leadership_coefficient <> 0.2`),
    ).toBe(0);
    expect(
      await count(
        `teacher_coefficients c join teacher_duties d on d.teacher_id = c.teacher_id and d.code = 'DEPUTY_HEAD'`,
        `c.leadership_coefficient <> 0.15`,
      ),
    ).toBe(0);
    // Eight raises of one step, in the paid year and in the current one.
    const raises = await rows<{ from: string; n: number }>(
      sql`select c.effective_from::text as from, count(*)::int as n from teacher_coefficients c
          join teacher_coefficients b on b.teacher_id = c.teacher_id and b.effective_from = '2024-07-01' and b.step = c.step - 1 and b.rank = c.rank
          where c.effective_from > '2024-07-01' group by 1 order by 1`,
    );
    expect(raises).toEqual([
      { from: '2026-03-01', n: 4 },
      { from: '2027-01-01', n: 4 },
    ]);
    expect(
      await rows(
        sql`select effective_from::text as "from", base_salary::int as base, overtime_rate_percent as rate from pay_settings order by 1`,
      ),
    ).toEqual([
      { from: '2023-07-01', base: 1_800_000, rate: 150 },
      { from: '2024-07-01', base: 2_340_000, rate: 150 },
    ]);
  });

  it('has the previous year’s declarations locked in both semesters, with the service’s totals, a few over the norm and two over the yearly cap', async () => {
    const periods = await rows<{ id: number; name: string; weeks: number; closed: boolean }>(
      sql`select p.id, s.name, p.weeks, p.closes_at < '2026-06-01' as closed from declaration_periods p join semesters s on s.id = p.semester_id
          join academic_years y on y.id = s.academic_year_id where y.name = '2025-2026' order by s.start_date`,
    );
    expect(periods.map(({ id: _id, ...p }) => p)).toEqual([
      { name: 'HK1', weeks: 18, closed: true },
      { name: 'HK2', weeks: 17, closed: true },
    ]);
    const teaching = await count(
      'teachers t',
      `exists (select 1 from course_class_teachers ct join course_classes c on c.id = ct.course_class_id join modules m on m.id = c.module_id
               join semesters s on s.id = m.semester_id where ct.teacher_id = t.id and s.is_current)`,
    );
    for (const p of periods) {
      expect(await count('declarations', `period_id = ${p.id} and status = 'locked' and locked_by is not null`), p.name).toBe(teaching);
      expect(await count('declarations', `period_id = ${p.id} and status <> 'locked'`), p.name).toBe(0);
      // One lock in the history each, by academic affairs in June 2026.
      expect(
        await count(
          `declarations d`,
          `d.period_id = ${p.id} and (select count(*) from declaration_history h join users u on u.id = h.actor_id
             where h.declaration_id = d.id and h.action = 'lock' and h.to_status = 'locked' and u.email = '${demoEmail('giaovu')}'
               and h.at >= '2026-06-01' and h.at < '2026-07-01') <> 1`,
        ),
      ).toBe(0);
    }
    // The totals are the calculator's on the stored lines (the service's rules).
    const decls = await rows<{ id: number; weeks: number; totals: { counted: number; normBase: number; overtime: number } }>(
      sql`select d.id, p.weeks, d.totals from declarations d join declaration_periods p on p.id = d.period_id
          where p.id = any(${`{${periods.map((p) => p.id).join(',')}}`}::int[]) order by d.id`,
    );
    const lines = await rows<{
      declarationId: number;
      kind: string;
      label: string;
      periods: string;
      activityCode: string | null;
      dutyCode: string | null;
    }>(
      sql`select declaration_id as "declarationId", kind, label, periods::text, activity_code as "activityCode", duty_code as "dutyCode"
          from declaration_lines where declaration_id = any(${`{${decls.map((d) => d.id).join(',')}}`}::int[]) order by sort`,
    );
    for (const d of decls) {
      const own = lines.filter((l) => l.declarationId === d.id);
      expect(own.some((l) => l.kind === 'class')).toBe(true);
      const r = computeWorkload({
        rules: TT05_2025_RULES,
        position: 'TEACHER',
        weeks: d.weeks,
        lines: own
          .filter((l) => l.kind !== 'duty')
          .map((l) => ({
            kind: l.kind as 'class',
            label: l.label,
            periods: Number(l.periods),
            ...(l.activityCode ? { activityCode: l.activityCode } : {}),
          })),
        duties: own.filter((l) => l.kind === 'duty').map((l) => ({ code: l.dutyCode!, label: l.label })),
      });
      expect(d.totals).toEqual({ counted: r.counted, normBase: r.normBase, overtime: r.overtime });
    }
    // Periods a week around the norm: many over it, and two teachers past the 200-period yearly cap.
    const yearly = await rows<{ overtime: number }>(
      sql`select sum((d.totals->>'overtime')::numeric)::float8 as overtime from declarations d
          where d.period_id = any(${`{${periods.map((p) => p.id).join(',')}}`}::int[]) group by d.teacher_id`,
    );
    expect(yearly.filter((y) => y.overtime > 0).length).toBeGreaterThan(teaching / 3);
    expect(yearly.filter((y) => y.overtime === 0).length).toBeGreaterThan(teaching / 5);
    expect(yearly.filter((y) => y.overtime > TT05_2025_RULES.overtimeCapPerYear).length).toBe(2);
    expect(
      await count(
        'declaration_lines l join declarations d on d.id = l.declaration_id',
        `d.period_id = ${periods[0].id} and l.activity_code = 'GIFTED'`,
      ),
    ).toBeGreaterThan(3);
    expect(
      await count(
        'declaration_lines l join declarations d on d.id = l.declaration_id',
        `d.period_id = ${periods[0].id} and l.duty_code = 'HOMEROOM'`,
      ),
    ).toBe(12);
  });

  it('has last year’s run paid (created, submitted, approved, paid by their people) and this year’s HK1 interim in draft', async () => {
    const runs = await rows<{
      id: number;
      kind: string;
      status: string;
      year: string;
      semester: string | null;
      blockers: number;
      lines: number;
      capped: number;
    }>(
      sql`select r.id, r.kind, r.status, y.name as year, s.name as semester, jsonb_array_length(r.blockers)::int as blockers,
                 (select count(*)::int from pay_run_lines l where l.run_id = r.id) as lines,
                 (select count(*)::int from pay_run_lines l where l.run_id = r.id and l.capped) as capped
            from pay_runs r join academic_years y on y.id = r.academic_year_id left join semesters s on s.id = r.semester_id order by r.id`,
    );
    const declared = await count(
      'declarations d join declaration_periods p on p.id = d.period_id join semesters s on s.id = p.semester_id join academic_years y on y.id = s.academic_year_id',
      `y.name = '2025-2026' and s.name = 'HK1'`,
    );
    expect(runs.map(({ id: _id, ...r }) => r)).toEqual([
      { kind: 'year', status: 'paid', year: '2025-2026', semester: null, blockers: 0, lines: declared, capped: 2 },
      { kind: 'semester', status: 'draft', year: '2026-2027', semester: 'HK1', blockers: expect.any(Number), lines: 3, capped: 0 },
    ]);
    // This year: only the locked HK1 declarations are paid; the others block the interim, for now.
    expect(runs[1].blockers).toBeGreaterThan(runs[1].lines * 5);
    // Paid: the teachers whose year's counted periods pass its norm, and only they.
    const [{ over }] = await rows<{ over: number }>(
      sql`select count(*)::int as over from (select d.teacher_id from declarations d join declaration_periods p on p.id = d.period_id
            join semesters s on s.id = p.semester_id join academic_years y on y.id = s.academic_year_id where y.name = '2025-2026'
           group by d.teacher_id having sum((d.totals->>'counted')::numeric) > sum((d.totals->>'normBase')::numeric)) x`,
    );
    expect(over).toBeGreaterThan(declared / 3);
    expect(await count('pay_run_lines', `run_id = ${runs[0].id} and amount > 0`)).toBe(over);
    const steps = await rows<{ action: string; email: string }>(
      sql`select h.action, u.email from pay_run_history h join users u on u.id = h.actor_id where h.run_id = ${runs[0].id} order by h.id`,
    );
    expect(steps).toEqual([
      { action: 'create', email: demoEmail('ketoan') },
      { action: 'submit', email: demoEmail('ketoan') },
      { action: 'approve', email: demoEmail('hieutruong') },
      { action: 'pay', email: demoEmail('ketoan') },
    ]);
    expect(
      await count('audit_logs', `entity = 'pay_run' and action in ('create', 'submit_pay_run', 'approve_pay_run', 'pay_pay_run')`),
    ).toBe(5);
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
      // Pay too: the coefficients, last year's declarations and what the paid run paid each teacher.
      const pay = sql`select (select string_agg(t.staff_code || ' ' || c.effective_from || ' ' || c.rank || c.step || ' ' || c.leadership_coefficient || ' ' || c.preferential_percent || ' ' || c.service_start_date, ';' order by t.staff_code, c.effective_from)
                               from teacher_coefficients c join teachers t on t.id = c.teacher_id)
                          || (select string_agg(t.staff_code || ' ' || d.totals::text, ';' order by t.staff_code, d.period_id)
                               from declarations d join teachers t on t.id = d.teacher_id where d.status = 'locked')
                          || (select string_agg(l.staff_code || ' ' || l.amount, ';' order by l.staff_code)
                               from pay_run_lines l join pay_runs r on r.id = l.run_id where r.status = 'paid') as s`;
      const [pa] = await queryRows<{ s: string }>(db, pay);
      const [pb] = await queryRows<{ s: string }>(other.db, pay);
      expect(pa.s.length).toBeGreaterThan(1000);
      expect(pb.s).toBe(pa.s);
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
