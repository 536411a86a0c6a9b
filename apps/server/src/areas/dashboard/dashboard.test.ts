import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TDashboard } from '@app/shared/auth';
import { queryRows } from '@/db/client';
import { courseClassTeachers, teachers } from '@/db/schema/school';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { count } from '@/test/school';
import { DEMO_STAFF, DEMO_STUDENTS } from '@/seed/demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dashboardOf = async (local: string): Promise<TDashboard> =>
  (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(await t.tokenFor(local)) })).json().data;
const statOf = (d: TDashboard, label: string) => {
  const s = d.stats.find((x) => x.label === label);
  if (!s) throw new Error(`no stat "${label}" in ${d.stats.map((x) => x.label).join(', ')}`);
  return s;
};
const currentModule = async () =>
  (
    await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select m.id, m.code from modules m join semesters s on s.id = m.semester_id where s.is_current and m.is_current`,
    )
  )[0];
const teacherIdOf = async (local: string) =>
  (
    await t.database.db
      .select({ id: teachers.id })
      .from(teachers)
      .where(eq(teachers.userId, await t.userId(local)))
  )[0].id;

describe('GET /dashboard', () => {
  it('answers each primary role with its own greeting and figures from the database', async () => {
    for (const p of [...DEMO_STAFF, DEMO_STUDENTS[0]]) {
      const res = await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(await t.tokenFor(p.local)) });
      expect(res.statusCode, p.local).toBe(200);
      const d = res.json().data;
      expect(d.role).toBe(p.roles[0]);
      expect(d.greeting).toMatch(/^Chào buổi (sáng|trưa|chiều|tối), /);
      expect(d.greeting).toContain(p.name);
      // Every account has a figure of its own besides the previous sign-in.
      expect(d.stats.length, p.local).toBeGreaterThan(1);
      expect(d.stats.at(-1)).toEqual({ label: 'Lần đăng nhập trước', value: 'Lần đầu đăng nhập' });
    }
    expect((await t.app.inject({ url: '/api/v1/dashboard' })).statusCode).toBe(401);
  });

  it('counts what is in the database for the admin, and the activity figure links to the system log', async () => {
    const d = await dashboardOf('quantri');
    const stat = (label: string) => statOf(d, label).value;
    const n = (q: ReturnType<typeof sql>) => count(t.database.db, q);
    const withRole = (role: string) =>
      n(sql`select count(*) from user_roles r join users u on u.id = r.user_id where u.active and r.role = ${role}`);
    // The demo school has hundreds of accounts; the figures must be the database's own.
    expect(stat('Tài khoản đang hoạt động')).toBe(await n(sql`select count(*) from users where active`));
    expect(stat('Tài khoản đang hoạt động')).toBeGreaterThan(DEMO_STAFF.length + DEMO_STUDENTS.length);
    expect(stat('Giáo viên')).toBe(await withRole('TEACHER'));
    expect(stat('Học sinh')).toBe(await withRole('STUDENT'));
    expect(stat('Học sinh')).toBe(await n(sql`select count(*) from students`));
    expect(stat('Lượt đăng nhập hôm nay')).toBeGreaterThanOrEqual(DEMO_STAFF.length + 2);
    expect(statOf(d, 'Lượt đăng nhập hôm nay')).toMatchObject({
      hint: expect.stringMatching(/thay đổi khác được ghi nhật ký$/),
      href: expect.stringMatching(/^\/admin\/system-logs\?from=(\d{4}-\d{2}-\d{2})&to=\1$/),
    });
  });

  it('shows a student their code (not the database id), homeroom class and the surveys still to do', async () => {
    const d = await dashboardOf('hs.an');
    const [me] = await queryRows<{ id: number; code: string; homeroom: string }>(
      t.database.db,
      sql`select s.id, s.student_code as code, h.name as homeroom from students s join users u on u.student_id = s.id
          join homeroom_classes h on h.id = s.homeroom_class_id where u.email like 'hs.an@%'`,
    );
    expect(statOf(d, 'Mã học sinh').value).toBe(me.code);
    expect(statOf(d, 'Mã học sinh').value).toMatch(/^HS\d+/);
    expect(statOf(d, 'Lớp chủ nhiệm').value).toBe(me.homeroom);
    // The same list the student's survey page reads: what is not answered yet.
    const list = (await t.app.inject({ url: `/api/v1/surveys/students/${me.id}`, headers: bearer(await t.tokenFor('hs.an')) })).json()
      .data as Array<{ completed: boolean }>;
    const notDone = list.filter((s) => !s.completed).length;
    expect(notDone).toBeGreaterThan(0);
    expect(statOf(d, 'Khảo sát cần làm')).toMatchObject({
      value: notDone,
      href: '/student/surveys',
      hint: expect.stringMatching(/^Hạn gần nhất \d{2}\/\d{2}\/\d{4}$/),
    });
  });

  it("shows a teacher their own classes of the current module, their homeroom class and (a head) their department's", async () => {
    const db = t.database.db;
    const mod = await currentModule();
    const teacherId = await teacherIdOf('gv.toan');
    const d = await dashboardOf('gv.toan');
    const classes = await count(
      db,
      sql`select count(*) from course_class_teachers x join course_classes c on c.id = x.course_class_id where x.teacher_id = ${teacherId} and c.module_id = ${mod.id}`,
    );
    expect(classes).toBeGreaterThan(0);
    expect(statOf(d, 'Lớp học phần đang dạy')).toMatchObject({ value: classes, hint: `Học phần ${mod.code}` });
    expect(statOf(d, 'Học sinh đang dạy').value).toBe(
      await count(
        db,
        sql`select count(distinct e.student_id) from course_class_students e join course_class_teachers x on x.course_class_id = e.course_class_id
            join course_classes c on c.id = e.course_class_id where x.teacher_id = ${teacherId} and c.module_id = ${mod.id}`,
      ),
    );
    const [homeroom] = await queryRows<{ name: string }>(
      db,
      sql`select name from homeroom_classes where homeroom_teacher_id = ${teacherId}`,
    );
    expect(statOf(d, 'Lớp chủ nhiệm')).toMatchObject({ value: homeroom.name, href: '/teacher/homeroom-class' });
    expect(statOf(d, 'Giáo viên trong tổ')).toMatchObject({
      value: await count(
        db,
        sql`select count(*) from teachers where department_id in (select department_id from department_heads where teacher_id = ${teacherId})`,
      ),
      href: '/department/teachers',
    });
    // No school head-counts for a teacher.
    expect(d.stats.map((s) => s.label)).not.toContain('Giáo viên toàn trường');

    // A class given to the teacher is counted at once.
    const [other] = await queryRows<{ id: number }>(
      db,
      sql`select c.id from course_classes c where c.module_id = ${mod.id}
          and not exists (select 1 from course_class_teachers x where x.course_class_id = c.id and x.teacher_id = ${teacherId}) limit 1`,
    );
    await db.insert(courseClassTeachers).values({ courseClassId: other.id, teacherId });
    expect(statOf(await dashboardOf('gv.toan'), 'Lớp học phần đang dạy').value).toBe(classes + 1);
    await db.delete(courseClassTeachers).where(sql`course_class_id = ${other.id} and teacher_id = ${teacherId}`);
  });

  it('gives the academic office its course classes, homeroom classes and students with what needs fixing', async () => {
    const db = t.database.db;
    const mod = await currentModule();
    const d = await dashboardOf('giaovu');
    expect(statOf(d, 'Lớp học phần').value).toBe(await count(db, sql`select count(*) from course_classes where module_id = ${mod.id}`));
    expect(statOf(d, 'Lớp học phần').hint).toBe(`Học phần ${mod.code} · đủ giáo viên và học sinh`);
    expect(statOf(d, 'Học sinh đang học').value).toBe(await count(db, sql`select count(*) from students where status = 'active'`));
    // The teaching workload: the open declaration period (not last year's, locked) against the teachers, tutoring this week, the rules in force.
    const declared = await count(
      db,
      sql`select count(*) from declarations d join declaration_periods p on p.id = d.period_id
          where p.opens_at <= now() and now() <= p.closes_at and d.status in ('submitted', 'approved', 'confirmed', 'locked')`,
    );
    const declarations = d.stats.find((s) => s.label.startsWith('Kê khai đã nộp'))!;
    expect(declarations).toMatchObject({
      value: `${declared}/${await count(db, sql`select count(*) from teachers`)}`,
      href: '/academic/teaching-declaration',
    });
    expect(declarations.hint).toContain('Hạn nộp 15/01/2027');
    expect(statOf(d, 'Phụ đạo tuần này')).toMatchObject({ href: '/academic/tutoring' });
    expect(statOf(d, 'Quy định định mức')).toMatchObject({ value: 'Thông tư 05/2025/TT-BGDĐT', hint: 'Áp dụng từ 22/04/2025' });

    // A class loses its teachers: the hint says so.
    const [cls] = await queryRows<{ id: number }>(db, sql`select id from course_classes where module_id = ${mod.id} order by id limit 1`);
    const kept = await db.delete(courseClassTeachers).where(eq(courseClassTeachers.courseClassId, cls.id)).returning();
    expect(statOf(await dashboardOf('giaovu'), 'Lớp học phần').hint).toBe(`Học phần ${mod.code} · 1 chưa có giáo viên`);
    await db.insert(courseClassTeachers).values(kept);
  });

  it('gives the accountant the teachers and who teaches in the module, the facility manager the rooms', async () => {
    const db = t.database.db;
    const mod = await currentModule();
    const acc = await dashboardOf('ketoan');
    expect(statOf(acc, 'Giáo viên').value).toBe(await count(db, sql`select count(*) from teachers`));
    expect(statOf(acc, 'Giáo viên có giờ dạy').value).toBe(
      await count(
        db,
        sql`select count(distinct x.teacher_id) from course_class_teachers x join course_classes c on c.id = x.course_class_id where c.module_id = ${mod.id}`,
      ),
    );
    const fac = await dashboardOf('csvc');
    expect(statOf(fac, 'Cơ sở')).toMatchObject({ value: await count(db, sql`select count(*) from campuses`), href: '/facility/campus' });
    expect(statOf(fac, 'Phòng học')).toMatchObject({
      value: await count(db, sql`select count(*) from classrooms`),
      hint: `Sức chứa ${new Intl.NumberFormat('vi-VN').format(await count(db, sql`select sum(capacity) from classrooms`))} chỗ`,
      href: '/facility/classrooms',
    });
    // No fixed room, and no room for some lesson in the published timetable (or not in it at all).
    expect(statOf(fac, 'Lớp học phần chưa có phòng').value).toBe(
      await count(
        db,
        sql`select count(*) from course_classes c where c.module_id = ${mod.id} and c.classroom_id is null
            and not coalesce((select bool_and(l.classroom_id is not null) from lessons l join timetables t on t.id = l.timetable_id
                              where t.status = 'published' and l.course_class_id = c.id), false)`,
      ),
    );
  });

  it('gives quality assurance the review queue and the surveys to publish, the principal the published results', async () => {
    const db = t.database.db;
    const qa = await dashboardOf('dbcl');
    const counts = (
      await t.app.inject({ url: '/api/v1/surveys/responses/reviews/counts', headers: bearer(await t.tokenFor('dbcl')) })
    ).json().data;
    expect(statOf(qa, 'Ý kiến chờ duyệt')).toMatchObject({ value: counts.pending, href: '/quality/text-reviews' });
    const waiting = await count(db, sql`select count(*) from surveys where status = 'closed' and published_at is null and not is_template`);
    expect(statOf(qa, 'Khảo sát chờ công bố kết quả')).toMatchObject({ value: waiting, href: '/quality/surveys' });
    expect(statOf(qa, 'Khảo sát đang mở').value).toBe(
      await count(db, sql`select count(*) from surveys where status = 'active' and not is_template`),
    );

    const principal = await dashboardOf('hieutruong');
    expect(statOf(principal, 'Kết quả đã công bố')).toMatchObject({
      value: await count(db, sql`select count(*) from surveys where status = 'closed' and published_at is not null`),
      href: '/principal/reports',
    });
  });

  it('shows the previous sign-in after a second one', async () => {
    await t.tokenFor('gv.anh');
    const token = await t.tokenFor('gv.anh');
    const d = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(token) })).json().data;
    expect(d.stats.at(-1).value).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
  });
});
