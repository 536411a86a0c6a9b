import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { defaultPeriodGrid } from '@app/shared/timetables';
import { queryRows } from '@/db/client';
import { createTestApp, type TestApp } from '@/test/app';
import { auditOf } from '@/test/school';
import { caller, currentModule, one, teacherOf } from '@/test/timetables';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

describe('period grids', () => {
  it('answers every campus with the default grid until one is saved', async () => {
    const r = await call('GET', '/timetables/grids', 'giaovu');
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(r.body.data[0]).toMatchObject({ days: [1, 2, 3, 4, 5, 6], maxPeriodsPerDay: 7 });
    expect(r.body.data[0].periods).toHaveLength(10);
  });

  it('never drops placed lessons: those outside the new grid become unplaced and are listed', async () => {
    const mod = await currentModule(t);
    const made = await call('POST', '/timetables', 'quantri', { moduleId: mod.id });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const draft = made.body.data;
    // Two lessons of one campus: one on Saturday period 3, one on Monday period 9 (both fit the default grid).
    const campusId = (
      await one<{ campusId: number }>(
        t,
        sql`select cc.campus_id as "campusId" from lessons l join course_classes cc on cc.id = l.course_class_id where l.id = ${draft.lessons[0].id}`,
      )
    ).campusId;
    const ofCampus = await queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`select l.id, l.version from lessons l join course_classes cc on cc.id = l.course_class_id
          where l.timetable_id = ${draft.id} and cc.campus_id = ${campusId} and l.length = 1 order by l.id limit 3`,
    );
    const place = (l: { id: number; version: number }, day: number, period: number) =>
      call('POST', `/timetables/${draft.id}/edits`, 'quantri', { op: 'place', lessonId: l.id, version: l.version, day, period });
    expect((await place(ofCampus[0], 6, 3)).status).toBe(200);
    expect((await place(ofCampus[1], 1, 9)).status).toBe(200);
    expect((await place(ofCampus[2], 2, 2)).status).toBe(200);

    // Monday–Friday, 8 periods: the Saturday lesson and the period-9 one leave the grid; Tuesday period 2 stays.
    const g = defaultPeriodGrid();
    const input = {
      ...g,
      days: [1, 2, 3, 4, 5],
      periods: g.periods.slice(0, 8),
      fixedEvents: [{ kind: 'flag_salute', day: 1, period: 1 }],
    };
    const saved = await call('PUT', `/timetables/grids/${campusId}`, 'quantri', input);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.grid).toMatchObject({ campusId, days: [1, 2, 3, 4, 5] });
    const listed: number[] = saved.body.data.unplacedLessons
      .filter((u: { timetableId: number }) => u.timetableId === draft.id)
      .map((u: { lessonId: number }) => u.lessonId);
    // Ours (and any other lesson of that campus on Saturday or after period 8), never the Tuesday one.
    expect(listed).toEqual(expect.arrayContaining([ofCampus[0].id, ofCampus[1].id]));
    expect(listed).not.toContain(ofCampus[2].id);
    const after = await call('GET', `/timetables/${draft.id}`, 'quantri');
    expect(after.body.data.lessons).toHaveLength(draft.lessons.length);
    const unplacedNow = new Set(
      after.body.data.lessons.filter((l: { day: number | null }) => l.day === null).map((l: { id: number }) => l.id),
    );
    for (const id of listed) expect(unplacedNow.has(id)).toBe(true);
    expect(saved.body.message).toMatch(/chuyển sang chưa xếp/);
    const rows = await queryRows<{ id: number; day: number | null; period: number | null }>(
      t.database.db,
      sql`select id, day, period from lessons where id in (${ofCampus[0].id}, ${ofCampus[1].id}, ${ofCampus[2].id}) order by id`,
    );
    expect(rows.map((r) => [r.day, r.period])).toEqual([
      [null, null],
      [null, null],
      [2, 2],
    ]);
    expect((await auditOf(t.database.db, 'period_grid', campusId)).at(-1)?.action).toBe('update');
    const again = await call('GET', '/timetables/grids', 'hieutruong');
    expect(again.body.data.find((x: { campusId: number }) => x.campusId === campusId).periods).toHaveLength(8);
  });

  it('refuses a grid whose periods are not in order, and a non-admin', async () => {
    const g = defaultPeriodGrid();
    const bad = { ...g, periods: [g.periods[1], g.periods[0]] };
    expect((await call('PUT', '/timetables/grids/1', 'quantri', bad)).status).toBe(400);
    expect((await call('PUT', '/timetables/grids/1', 'giaovu', g)).status).toBe(403);
  });
});

describe('period plans', () => {
  it('saves subject × grade periods per week (admin) and reads them back', async () => {
    const s = await one<{ id: number }>(t, sql`select id from subjects order by id limit 1`);
    const plans = [
      { subjectId: s.id, grade: 10, periodsPerWeek: 6, doublePeriods: true, roomKind: 'standard' },
      { subjectId: s.id, grade: 11, periodsPerWeek: 3, doublePeriods: false, roomKind: 'lab' },
    ];
    const r = await call('PUT', '/timetables/period-plans', 'quantri', plans);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual(expect.arrayContaining(plans));
    const read = await call('GET', '/timetables/period-plans', 'totruong.ly');
    expect(read.body.data).toEqual(expect.arrayContaining(plans));
    expect((await call('PUT', '/timetables/period-plans', 'quantri', [{ ...plans[0], subjectId: 999999 }])).status).toBe(400);
    expect((await call('PUT', '/timetables/period-plans', 'hieutruong', plans)).status).toBe(403);
  });
});

describe('teacher availability', () => {
  it("keeps a teacher's own new slots pending until the head of department approves them", async () => {
    const me = await teacherOf(t, 'gv.anh');
    const own = await call('PUT', `/timetables/availability/${me.id}`, 'gv.anh', {
      unavailable: [{ day: 2, period: 1, note: 'Dạy ở trường khác' }],
      preferredDays: [3, 4],
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.unavailable).toEqual([{ day: 2, period: 1, note: 'Dạy ở trường khác', status: 'pending' }]);
    expect(own.body.message).toMatch(/chờ tổ trưởng duyệt/);

    const head = await one<{ local: string }>(
      t,
      sql`select split_part(u.email, '@', 1) as local from department_heads h join teachers ht on ht.id = h.teacher_id
          join users u on u.id = ht.user_id where h.department_id = ${me.departmentId} limit 1`,
    ).catch(() => null);
    // The administrator approves in any case; the department's head too when the demo school has one.
    const approver = head?.local ?? 'quantri';
    const approved = await call('PUT', `/timetables/availability/${me.id}`, approver, {
      unavailable: [{ day: 2, period: 1, note: 'Dạy ở trường khác' }],
      preferredDays: [3, 4],
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.unavailable[0].status).toBe('approved');
    // Approved slots stay approved when the teacher saves again; a new one waits.
    const more = await call('PUT', `/timetables/availability/${me.id}`, 'gv.anh', {
      unavailable: [
        { day: 2, period: 1, note: 'Dạy ở trường khác' },
        { day: 5, period: 6, note: '' },
      ],
    });
    expect(more.body.data.unavailable.map((u: { status: string }) => u.status)).toEqual(['approved', 'pending']);
    expect(more.body.data.preferredDays).toEqual([]);
    expect((await auditOf(t.database.db, 'teacher_availability', me.id)).length).toBe(3);
    const read = await call('GET', `/timetables/availability`, 'gv.anh');
    expect(read.body.data.teacherId).toBe(me.id);
  });

  it("refuses another teacher's availability to a teacher, and to a head of another department", async () => {
    const anh = await teacherOf(t, 'gv.anh');
    const body = { unavailable: [{ day: 1, period: 2, note: '' }] };
    expect((await call('PUT', `/timetables/availability/${anh.id}`, 'gv.van', body)).status).toBe(403);
    expect((await call('GET', `/timetables/availability?teacherId=${anh.id}`, 'gv.van')).status).toBe(403);
    const ly = await teacherOf(t, 'totruong.ly');
    if (ly.departmentId !== anh.departmentId) {
      expect((await call('PUT', `/timetables/availability/${anh.id}`, 'totruong.ly', body)).status).toBe(403);
    }
    expect((await call('GET', `/timetables/availability?teacherId=${anh.id}`, 'hieutruong')).status).toBe(200);
    expect((await call('PUT', `/timetables/availability/${anh.id}`, 'hieutruong', body)).status).toBe(403);
    expect(
      (
        await call('PUT', `/timetables/availability/${anh.id}`, 'quantri', {
          unavailable: [
            { day: 1, period: 2, note: '' },
            { day: 1, period: 2, note: '' },
          ],
        })
      ).status,
    ).toBe(400);
  });
});
