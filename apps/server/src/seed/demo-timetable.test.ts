import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { evaluate } from '../areas/timetables/core/engine';
import { loadInstance } from '../areas/timetables/core/instance.repository';
import { CURRENT_MODULE_CODE } from './demo-school';
import { demoTimetableName } from './demo-timetable';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
});
afterAll(() => database.close());
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(database.db, q);

describe('demo timetable', () => {
  it('publishes the current module timetable, every lesson placed in a room, with 0 hard clashes', async () => {
    const [tt] = await rows<{ id: number; name: string; status: string; effective_from: string; start_date: string }>(sql`
      select t.id, t.name, t.status, t.effective_from::text, m.start_date::text
      from timetables t join modules m on m.id = t.module_id where m.code = ${CURRENT_MODULE_CODE}`);
    expect(tt).toMatchObject({ name: demoTimetableName(CURRENT_MODULE_CODE), status: 'published' });
    expect(tt.effective_from).toBe(tt.start_date);

    const inst = await loadInstance(database.db, tt.id);
    expect(inst.lessons.length).toBeGreaterThan(150);
    expect(inst.lessons.filter((l) => l.day == null || l.period == null || l.roomId == null)).toEqual([]);
    // Every course class of the module has its periods a week.
    for (const c of inst.classes) {
      const mine = inst.lessons.filter((l) => l.courseClassId === c.id);
      expect(
        mine.reduce((n, l) => n + l.length, 0),
        c.name,
      ).toBe(c.periodsPerWeek);
    }
    const ev = evaluate(inst);
    expect(ev.clashes).toEqual([]);
    expect(ev.score.total).toBeGreaterThanOrEqual(0);
  });

  it('keeps every student within the daily limit (fixed events count)', async () => {
    const over = await rows<{ student_id: number; day: number; n: number }>(sql`
      with periods as (
        select s.student_id, l.day, l.length as n
        from lessons l join timetables t on t.id = l.timetable_id and t.status = 'published'
        join course_class_students s on s.course_class_id = l.course_class_id
        union all
        select st.id, (e->>'day')::int, 1
        from students st join homeroom_classes h on h.id = st.homeroom_class_id
        join period_grids g on g.campus_id = h.campus_id, jsonb_array_elements(g.fixed_events) e
        where exists (select 1 from course_class_students s where s.student_id = st.id)
      )
      select student_id, day, sum(n)::int as n from periods group by student_id, day
      having sum(n) > (select min(max_periods_per_day) from period_grids)`);
    expect(over).toEqual([]);
    const [load] = await rows<{ max: number }>(sql`
      select max(n)::int as max from (
        select s.student_id, l.day, sum(l.length) n from lessons l
        join course_class_students s on s.course_class_id = l.course_class_id group by 1, 2) x`);
    expect(load.max).toBeGreaterThan(2);
  });

  it('has plans, a grid per campus and teachers with constraints the timetable respects', async () => {
    const [n] = await rows<{ plans: number; grids: number; unavailable: number; pending: number; prefs: number }>(sql`
      select (select count(*)::int from subject_period_plans) plans, (select count(*)::int from period_grids) grids,
             (select count(*)::int from teacher_unavailability where status = 'approved') unavailable,
             (select count(*)::int from teacher_unavailability where status = 'pending') pending,
             (select count(*)::int from teacher_timetable_preferences) prefs`);
    expect(n.plans).toBeGreaterThanOrEqual(50);
    expect(n.grids).toBe(2);
    expect(n.unavailable).toBeGreaterThan(0);
    expect(n.pending).toBeGreaterThan(0);
    expect(n.prefs).toBeGreaterThan(0);
    const busy = await rows<{ id: number }>(sql`
      select l.id from lessons l join course_class_teachers ct on ct.course_class_id = l.course_class_id
      join teacher_unavailability u on u.teacher_id = ct.teacher_id and u.day = l.day and u.status = 'approved'
        and u.period between l.period and l.period + l.length - 1`);
    expect(busy).toEqual([]);
  });
});
