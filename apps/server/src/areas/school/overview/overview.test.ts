import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { QUEUE_LISTED } from '@app/shared/school-overview';
import { queryRows } from '@/db/client';
import { classrooms, homeroomClasses, students } from '@/db/schema/school';
import { bearer, type TestApp } from '@/test/app';
import {
  addCourseClass,
  addHomeroomClasses,
  addModules,
  addSemester,
  addStudents,
  addTeachers,
  count,
  startSchoolApp,
  type School,
} from '@/test/school';
import { uniq } from '@/test/uniq';

let t: TestApp;
let s: School;
let admin: { authorization: string };
const as = async (local: string) => bearer(await t.tokenFor(local));
const get = async (url: string, headers: { authorization: string }) => t.app.inject({ url: `/api/v1${url}`, headers });

beforeAll(async () => {
  ({ t, s, admin } = await startSchoolApp());
});
afterAll(() => t.close());

/** A module of its own (not current) with: a class without teacher, one without students, one over capacity, one fine. */
async function moduleWithProblems() {
  const db = t.database.db;
  const tag = uniq('');
  const semester = await addSemester(db, { name: `HK ${tag}`, academicYearId: s.year.id, startDate: '2025-09-01', endDate: '2026-01-15' });
  const [mod] = await addModules(db, [
    { code: `HP${tag}`, name: `Học phần ${tag}`, semesterId: semester.id, startDate: '2025-09-01', endDate: '2025-11-01' },
  ]);
  const [teacher] = await addTeachers(db, [{ fullName: `Giáo viên ${tag}`, departmentId: s.deptA.id }]);
  const kids = await addStudents(
    db,
    [1, 2, 3].map((i) => ({ fullName: `Học sinh ${i} ${tag}`, grade: 10, campusId: s.campusA.id, homeroomClassId: s.class10A.id })),
  );
  const base = { subjectId: s.subjectA.id, moduleId: mod.id, campusId: s.campusA.id, grade: 10 };
  const noTeacher = await addCourseClass(db, { ...base, code: `A${tag}`, name: 'Không giáo viên', studentIds: [kids[0].id] });
  const noStudents = await addCourseClass(db, { ...base, code: `B${tag}`, name: 'Không học sinh', teacherIds: [teacher.id] });
  // Capacity is checked on enrolment; a class over it comes from lowering capacity in the database (an import, an old row).
  const over = await addCourseClass(db, {
    ...base,
    code: `C${tag}`,
    name: 'Vượt sĩ số',
    capacity: 2,
    teacherIds: [teacher.id],
    studentIds: kids.map((k) => k.id),
  });
  await addCourseClass(db, { ...base, code: `D${tag}`, name: 'Đủ', teacherIds: [teacher.id], studentIds: [kids[1].id] });
  return { mod, teacher, noTeacher, noStudents, over };
}

describe('GET /academic-queue', () => {
  it('lists the module course classes without teacher, without students or over capacity, with counts from the database', async () => {
    const m = await moduleWithProblems();
    const res = await get(`/academic-queue?moduleId=${m.mod.id}`, await as('giaovu'));
    expect(res.statusCode).toBe(200);
    const q = res.json().data;
    expect(q.module).toEqual({ id: m.mod.id, code: m.mod.code, name: m.mod.name });
    expect(q.courseClasses).toBe(4);
    expect(q.withoutTeacher).toMatchObject({ count: 1, items: [{ id: m.noTeacher.id, enrolledCount: 1, teacherNames: [] }] });
    expect(q.withoutStudents).toMatchObject({
      count: 1,
      items: [{ id: m.noStudents.id, enrolledCount: 0, teacherNames: [m.teacher.fullName] }],
    });
    expect(q.overCapacity).toMatchObject({ count: 1, items: [{ id: m.over.id, enrolledCount: 3, capacity: 2 }] });
  });

  it('uses the current module without moduleId, and counts homeroom classes without a teacher and students without a class of the year', async () => {
    const db = t.database.db;
    const tag = uniq('');
    const [noTeacher] = await addHomeroomClasses(db, [
      { name: `12 Sử ${tag}`, academicYearId: s.year.id, grade: 12, campusId: s.campusB.id },
    ]);
    const [loose] = await addStudents(db, [{ fullName: `Chưa xếp lớp ${tag}`, grade: 12, campusId: s.campusB.id }]);
    // A student who left is nobody's work.
    await addStudents(db, [{ fullName: `Đã chuyển ${tag}`, grade: 12, campusId: s.campusB.id, status: 'transferred' }]);
    const q = (await get('/academic-queue', await as('giaovu'))).json().data;
    const [current] = await queryRows<{ id: number; code: string }>(
      db,
      sql`select m.id, m.code from modules m join semesters se on se.id = m.semester_id where se.is_current and m.is_current`,
    );
    expect(q.module.code).toBe(current.code);
    expect(q.courseClasses).toBe(await count(db, sql`select count(*) from course_classes where module_id = ${current.id}`));
    expect(q.academicYear).toEqual({ id: s.year.id, name: s.year.name });
    expect(q.homeroomClasses).toBe(await count(db, sql`select count(*) from homeroom_classes where academic_year_id = ${s.year.id}`));
    expect(q.homeroomWithoutTeacher.count).toBe(
      await count(db, sql`select count(*) from homeroom_classes where academic_year_id = ${s.year.id} and homeroom_teacher_id is null`),
    );
    expect(q.homeroomWithoutTeacher.items.map((h: { id: number }) => h.id)).toContain(noTeacher.id);
    expect(q.activeStudents).toBe(await count(db, sql`select count(*) from students where status = 'active'`));
    const without = await count(
      db,
      sql`select count(*) from students st left join homeroom_classes h on h.id = st.homeroom_class_id
          where st.status = 'active' and (h.id is null or h.academic_year_id <> ${s.year.id})`,
    );
    expect(q.studentsWithoutHomeroom.count).toBe(without);
    expect(q.studentsWithoutHomeroom.items.length).toBe(Math.min(without, QUEUE_LISTED));
    expect(q.studentsWithoutHomeroom.items.map((x: { id: number }) => x.id)).toContain(loose.id);

    // Giving the class a teacher and the student a class takes them off the queue.
    const [teacher] = await addTeachers(db, [{ fullName: `GVCN ${tag}` }]);
    await db.update(homeroomClasses).set({ homeroomTeacherId: teacher.id }).where(eq(homeroomClasses.id, noTeacher.id));
    await db.update(students).set({ homeroomClassId: noTeacher.id }).where(eq(students.id, loose.id));
    const after = (await get('/academic-queue', await as('giaovu'))).json().data;
    expect(after.homeroomWithoutTeacher.count).toBe(q.homeroomWithoutTeacher.count - 1);
    expect(after.studentsWithoutHomeroom.count).toBe(without - 1);
  });

  it('answers the school-wide offices and refuses the others', async () => {
    for (const local of ['quantri', 'giaovu', 'hieutruong', 'dbcl'])
      expect((await get('/academic-queue', await as(local))).statusCode, local).toBe(200);
    for (const local of ['gv.toan', 'totruong.ly', 'ketoan', 'csvc', 'hs.an'])
      expect((await get('/academic-queue', await as(local))).statusCode, local).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/academic-queue' })).statusCode).toBe(401);
    expect((await get('/academic-queue?moduleId=999999', admin)).statusCode).toBe(404);
  });
});

describe('GET /facilities/summary', () => {
  it('counts campuses, rooms and seats per kind from the database, and the module classes without a room', async () => {
    const db = t.database.db;
    const res = await get('/facilities/summary', await as('csvc'));
    expect(res.statusCode).toBe(200);
    const f = res.json().data;
    expect(f.totals).toEqual({
      campuses: await count(db, sql`select count(*) from campuses`),
      rooms: await count(db, sql`select count(*) from classrooms`),
      seats: await count(db, sql`select coalesce(sum(capacity), 0) from classrooms`),
    });
    const lab = f.byKind.find((k: { kind: string }) => k.kind === 'lab');
    expect(lab).toEqual({
      kind: 'lab',
      rooms: await count(db, sql`select count(*) from classrooms where kind = 'lab'`),
      seats: await count(db, sql`select coalesce(sum(capacity), 0) from classrooms where kind = 'lab'`),
    });
    // A campus with no room is listed with zeros (the new campuses of the test school).
    expect(f.campuses.find((c: { id: number }) => c.id === s.campusA.id)).toMatchObject({ rooms: 0, seats: 0, byKind: [] });
    // A class has a room when it has a fixed one, or when every lesson of it in the published timetable has one.
    const [version] = await queryRows<{ id: number }>(
      db,
      sql`select id from timetables where module_id = ${f.module.id} and status = 'published' order by effective_from desc, id desc limit 1`,
    );
    expect(version).toBeDefined();
    const withoutRoom = () =>
      count(
        db,
        sql`select count(*) from course_classes c where c.module_id = ${f.module.id} and c.classroom_id is null
            and not coalesce((select bool_and(l.classroom_id is not null) from lessons l
                              where l.timetable_id = ${version.id} and l.course_class_id = c.id), false)`,
      );
    expect(f.classesWithoutRoom.count).toBe(await withoutRoom());
    expect(f.roomsInUse).toBe(
      await count(
        db,
        sql`select count(*) from classrooms r where exists (select 1 from course_classes c where c.module_id = ${f.module.id} and c.classroom_id = r.id)
            or exists (select 1 from lessons l where l.timetable_id = ${version.id} and l.classroom_id = r.id)`,
      ),
    );
    // A lesson of the timetable losing its room puts its class on the list.
    const [lesson] = await queryRows<{ id: number; room: number; cc: number }>(
      db,
      sql`select l.id, l.classroom_id as room, l.course_class_id as cc from lessons l join course_classes c on c.id = l.course_class_id
          where l.timetable_id = ${version.id} and c.classroom_id is null and l.classroom_id is not null order by l.id limit 1`,
    );
    const roomless = f.classesWithoutRoom.items.map((c: { id: number }) => c.id);
    expect(roomless).not.toContain(lesson.cc);
    await db.execute(sql`update lessons set classroom_id = null where id = ${lesson.id}`);
    try {
      const now = (await get('/facilities/summary', await as('csvc'))).json().data;
      expect(now.classesWithoutRoom.count).toBe(f.classesWithoutRoom.count + 1);
      expect(await withoutRoom()).toBe(f.classesWithoutRoom.count + 1);
    } finally {
      await db.execute(sql`update lessons set classroom_id = ${lesson.room} where id = ${lesson.id}`);
    }

    await db
      .insert(classrooms)
      .values({ campusId: s.campusA.id, code: uniq('P'), name: 'Phòng thí nghiệm mới', capacity: 30, kind: 'lab' });
    const after = (await get('/facilities/summary', await as('csvc'))).json().data;
    expect(after.totals.rooms).toBe(f.totals.rooms + 1);
    expect(after.campuses.find((c: { id: number }) => c.id === s.campusA.id)).toMatchObject({
      rooms: 1,
      seats: 30,
      byKind: [{ kind: 'lab', rooms: 1, seats: 30 }],
    });
  });

  it('answers the facility manager and the offices that plan with rooms, refuses the others', async () => {
    for (const local of ['csvc', 'quantri', 'giaovu', 'hieutruong'])
      expect((await get('/facilities/summary', await as(local))).statusCode, local).toBe(200);
    for (const local of ['dbcl', 'ketoan', 'gv.anh', 'hs.an'])
      expect((await get('/facilities/summary', await as(local))).statusCode, local).toBe(403);
  });
});

describe('GET /teachers/teaching-load', () => {
  it('counts teachers per department and those who teach in the module', async () => {
    const db = t.database.db;
    const m = await moduleWithProblems();
    const res = await get(`/teachers/teaching-load?moduleId=${m.mod.id}`, await as('ketoan'));
    expect(res.statusCode).toBe(200);
    const load = res.json().data;
    expect(load.teachers).toBe(await count(db, sql`select count(*) from teachers`));
    expect(load.teaching).toBe(1);
    expect(load.courseClasses).toBe(4);
    const dept = load.departments.find((d: { departmentId: number }) => d.departmentId === s.deptA.id);
    expect(dept).toEqual({
      departmentId: s.deptA.id,
      departmentName: s.deptA.name,
      teachers: await count(db, sql`select count(*) from teachers where department_id = ${s.deptA.id}`),
      teaching: 1,
      courseClasses: 3,
    });
    const sum = load.departments.reduce((n: number, d: { teachers: number }) => n + d.teachers, 0);
    expect(sum).toBe(load.teachers);
  });

  it('answers the accountant and the offices, refuses teachers, students and the facility manager', async () => {
    for (const local of ['ketoan', 'quantri', 'giaovu', 'hieutruong'])
      expect((await get('/teachers/teaching-load', await as(local))).statusCode, local).toBe(200);
    for (const local of ['dbcl', 'csvc', 'totruong.ly', 'gv.toan', 'hs.an'])
      expect((await get('/teachers/teaching-load', await as(local))).statusCode, local).toBe(403);
  });
});
