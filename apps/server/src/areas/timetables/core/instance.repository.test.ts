import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { createTestDatabase } from '@/test/db';
import { loadInstance, periodsPerWeekOf } from './instance.repository';
import { lessonLengths, resolvePeriods } from './periods';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
});
afterAll(() => database.close());
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(database.db, q);

describe('loadInstance', () => {
  it('builds the plain problem of a timetable version from the database', async () => {
    const [tt] = await rows<{ id: number; module_id: number }>(
      sql`select id, module_id from timetables where status = 'published' limit 1`,
    );
    const inst = await loadInstance(database.db, tt.id);
    const [counts] = await rows<{ classes: number; lessons: number; enrolments: number; rooms: number; campuses: number }>(sql`
      select (select count(*)::int from course_classes where module_id = ${tt.module_id}) classes,
             (select count(*)::int from lessons where timetable_id = ${tt.id}) lessons,
             (select count(*)::int from course_class_students s join course_classes c on c.id = s.course_class_id
               where c.module_id = ${tt.module_id}) enrolments,
             (select count(*)::int from classrooms) rooms, (select count(*)::int from campuses) campuses`);
    expect(inst.classes).toHaveLength(counts.classes);
    expect(inst.lessons).toHaveLength(counts.lessons);
    expect(inst.rooms).toHaveLength(counts.rooms);
    expect(inst.grids).toHaveLength(counts.campuses);
    expect(inst.classes.reduce((n, c) => n + c.studentIds.length, 0)).toBe(counts.enrolments);
    for (const c of inst.classes) expect(c.size).toBe(c.studentIds.length);
    // Students from several homeroom classes: an elective mixes students of two.
    const [mixed] = await rows<{ id: number }>(sql`
      select s.course_class_id id from course_class_students s join students st on st.id = s.student_id
      join course_classes c on c.id = s.course_class_id where c.module_id = ${tt.module_id}
      group by 1 having count(distinct st.homeroom_class_id) > 1 limit 1`);
    expect(inst.classes.find((c) => c.id === mixed.id)).toBeDefined();
    // Every student has a homeroom campus; homeroom teachers carry theirs; approved slots only.
    expect(inst.students.every((s) => s.homeroomCampusId != null)).toBe(true);
    expect(inst.teachers.some((t) => t.homeroomCampusId != null)).toBe(true);
    const [un] = await rows<{ approved: number }>(sql`
      select count(*)::int approved from teacher_unavailability u
      where status = 'approved' and exists (select 1 from course_class_teachers ct join course_classes c on c.id = ct.course_class_id
        where ct.teacher_id = u.teacher_id and c.module_id = ${tt.module_id})`);
    expect(inst.teachers.reduce((n, t) => n + t.unavailable.length, 0)).toBe(un.approved);
    expect(inst.teachers.some((t) => t.preferredDays.length > 0)).toBe(true);
  });

  it('resolves periods: the class column, else the subject × grade plan, else the default', async () => {
    const [c] = await rows<{ id: number; module_id: number; subject_id: number; grade: number }>(
      sql`select id, module_id, subject_id, grade from course_classes c where exists
            (select 1 from subject_period_plans p where p.subject_id = c.subject_id and p.grade = c.grade and p.periods_per_week = 3) limit 1`,
    );
    expect((await periodsPerWeekOf(database.db, c.module_id, [c.id])).get(c.id)!.periodsPerWeek).toBe(3);
    await database.db.execute(sql`update course_classes set periods_per_week = 5 where id = ${c.id}`);
    expect((await periodsPerWeekOf(database.db, c.module_id, [c.id])).get(c.id)!.periodsPerWeek).toBe(5);
    await database.db.execute(sql`update course_classes set periods_per_week = null where id = ${c.id}`);
    await database.db.execute(sql`delete from subject_period_plans where subject_id = ${c.subject_id} and grade = ${c.grade}`);
    expect((await periodsPerWeekOf(database.db, c.module_id, [c.id])).get(c.id)).toEqual({
      periodsPerWeek: 2,
      doublePeriods: false,
      roomKind: 'standard',
    });
  });

  it('splits periods into lessons', () => {
    expect(lessonLengths(resolvePeriods({ periodsPerWeek: 5, doublePeriods: true, roomKind: null }, null))).toEqual([2, 2, 1]);
    expect(lessonLengths({ periodsPerWeek: 3, doublePeriods: false })).toEqual([1, 1, 1]);
  });
});
