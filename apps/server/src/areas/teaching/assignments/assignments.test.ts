import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { createTestApp, type TestApp } from '@/test/app';
import {
  addCourseClass,
  addDepartments,
  addHead,
  addHomeroomClasses,
  addModules,
  addSemester,
  addSubjects,
  addTeachers,
  addYear,
  auditOf,
} from '@/test/school';
import { caller, one, teacherOf } from '@/test/timetables';
import { uniq } from '@/test/uniq';

/*
 * A department of its own in a module of 2031 (no other module then), its load figures computed by hand
 * under TT 05/2025 (norm 17 a teacher, 4 a deputy principal; homeroom 4, union chair 3, deputy head 1,
 * probation 2; at most 2 duties count), and a published timetable with one clash.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
const tag = uniq('PC');
let dept: { id: number };
let otherDept: { id: number };
let mod: { id: number };
let year: { id: number };
let an: { id: number };
let binh: { id: number };
let cuong: { id: number };
let outsider: { id: number };
let x1: { id: number };
let x4: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  const db = t.database.db;
  const campus = await one<{ id: number }>(t, sql`select id from campuses order by id limit 1`);
  [dept, otherDept] = await addDepartments(db, [
    { code: `${tag}D`, name: `Tổ Thử ${tag}` },
    { code: `${tag}E`, name: `Tổ Khác ${tag}` },
  ]);
  const [s1, s2] = await addSubjects(db, [
    { code: `${tag}S1`, name: `Môn Một ${tag}`, departmentId: dept.id },
    { code: `${tag}S2`, name: `Môn Hai ${tag}`, departmentId: dept.id },
  ]);
  year = await addYear(db, { name: `2031-2032 ${tag}`, startDate: '2031-09-01', endDate: '2032-05-31' });
  const sem = await addSemester(db, { name: 'HK1', academicYearId: year.id, startDate: '2031-09-01', endDate: '2032-01-15' });
  [mod] = await addModules(db, [
    { code: tag, name: `Học phần ${tag}`, semesterId: sem.id, startDate: '2031-09-03', endDate: '2031-10-28' },
  ]);
  [an, binh, cuong] = await addTeachers(db, [
    { fullName: 'Nguyễn Văn An', departmentId: dept.id },
    { fullName: 'Trần Thị Bình', departmentId: dept.id, position: 'VICE_PRINCIPAL' },
    { fullName: 'Lê Văn Cường', departmentId: dept.id },
  ]);
  [outsider] = await addTeachers(db, [{ fullName: 'Phạm Văn Dũng', departmentId: otherDept.id }]);
  // gv.toan (head of Toán) also heads this department; totruong.ly heads Lý only.
  await addHead(db, dept.id, (await teacherOf(t, 'gv.toan')).id);
  await addHomeroomClasses(db, [
    { name: `10 Thử ${tag}`, academicYearId: year.id, grade: 10, campusId: campus.id, homeroomTeacherId: an.id },
  ]);
  const base = { moduleId: mod.id, campusId: campus.id, grade: 10, doublePeriods: false };
  x1 = await addCourseClass(db, { ...base, code: `${tag}-X1`, name: 'X1', subjectId: s1.id, periodsPerWeek: 6, teacherIds: [an.id] });
  const x2 = await addCourseClass(db, { ...base, code: `${tag}-X2`, name: 'X2', subjectId: s1.id, periodsPerWeek: 5, teacherIds: [an.id] });
  await addCourseClass(db, { ...base, code: `${tag}-X3`, name: 'X3', subjectId: s2.id, periodsPerWeek: 3, teacherIds: [binh.id] });
  x4 = await addCourseClass(db, { ...base, code: `${tag}-X4`, name: 'X4', subjectId: s1.id, periodsPerWeek: 4 });
  // Published from the module's start: X1 and X2 both on Thứ Ba tiết 1 (An teaches both).
  const tt = await one<{ id: number }>(
    t,
    sql`insert into timetables (module_id, name, status, effective_from, published_at) values (${mod.id}, 'TKB chính thức', 'published', '2031-09-03', now()) returning id`,
  );
  await t.database.db.execute(sql`insert into lessons (timetable_id, course_class_id, day, period, length)
    values (${tt.id}, ${x1.id}, 2, 1, 1), (${tt.id}, ${x2.id}, 2, 1, 1), (${tt.id}, ${x1.id}, 3, 2, 2)`);
});
afterAll(() => t.close());

const board = (who: string, departmentId = dept.id) =>
  call('GET', `/teaching/assignments?moduleId=${mod.id}&departmentId=${departmentId}`, who);
type Teacher = {
  id: number;
  periodsAssigned: number;
  normPerWeek: number;
  normAfterReductions: number;
  difference: number;
  status: string;
};
const teacherIn = (body: { data: { teachers: Teacher[] } }, id: number) => body.data.teachers.find((x) => x.id === id)!;
const duty = (over: object = {}) => ({ teacherId: an.id, academicYearId: year.id, code: 'UNION_CHAIR', note: 'Công đoàn', ...over });

describe('teaching assignments: who may', { timeout: 60_000 }, () => {
  it.each([
    ['quantri', 200],
    ['giaovu', 200],
    ['gv.toan', 200],
    ['totruong.ly', 403],
    ['hieutruong', 403],
    ['gv.van', 403],
    ['ketoan', 403],
    ['khaibao.sinh', 403],
    ['hs.an', 403],
  ])('GET the board as %s → %i', async (who, status) => {
    expect((await board(who)).status).toBe(status);
  });

  it('gives a head their own departments only', async () => {
    const r = await call('GET', `/teaching/assignments?moduleId=${mod.id}`, 'totruong.ly');
    expect(r.status).toBe(200);
    expect(r.body.data.departments.map((d: { name: string }) => d.name)).toEqual(['Tổ Vật lý']);
    const mine = await board('gv.toan');
    expect(mine.body.data.departments.map((d: { id: number }) => d.id)).toContain(dept.id);
    expect(mine.body.data.departments).toHaveLength(2);
  });

  it.each([
    ['totruong.ly', 403],
    ['gv.van', 403],
    ['hieutruong', 403],
  ])('refuses %s assigning, recording a duty or a position (%i)', async (who, status) => {
    expect((await call('PUT', `/teaching/assignments/course-classes/${x4.id}/teachers`, who, { teacherIds: [cuong.id] })).status).toBe(
      status,
    );
    expect((await call('POST', '/teaching/duties', who, duty())).status).toBe(status);
    expect((await call('PUT', `/teaching/teachers/${cuong.id}/position`, who, { position: 'PRINCIPAL' })).status).toBe(status);
    expect((await call('GET', `/teaching/duties?teacherId=${an.id}`, who)).status).toBe(status);
  });
});

describe('teaching assignments: the board and its figures', { timeout: 60_000 }, () => {
  it('shows the classes, the teachers with hand-computed loads, and the clash of the published timetable', async () => {
    const r = await board('giaovu');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const b = r.body.data;
    expect(b.ruleSet).toMatchObject({ name: 'Thông tư 05/2025/TT-BGDĐT', effectiveFrom: '2025-04-22' });
    expect(b.timetable).toMatchObject({ name: 'TKB chính thức', effectiveFrom: '2031-09-03' });
    expect(b.dutyRules.map((d: { code: string }) => d.code)).toEqual(['DEPUTY_HEAD', 'UNION_CHAIR', 'PROBATION', 'NURSING_MOTHER']);
    expect(
      b.courseClasses.map((c: { code: string; periodsPerWeek: number; teachers: unknown[] }) => [
        c.code,
        c.periodsPerWeek,
        c.teachers.length,
      ]),
    ).toEqual([
      [`${tag}-X1`, 6, 1],
      [`${tag}-X2`, 5, 1],
      [`${tag}-X3`, 3, 1],
      [`${tag}-X4`, 4, 0],
    ]);
    // An: 6 + 5 = 11 periods; homeroom −4 → norm 13; 11 − 13 = −2 (under).
    expect(teacherIn(r.body, an.id)).toMatchObject({
      periodsAssigned: 11,
      normPerWeek: 17,
      normAfterReductions: 13,
      difference: -2,
      status: 'under',
    });
    // Bình, deputy principal: 3 periods, norm 4 → −1.
    expect(teacherIn(r.body, binh.id)).toMatchObject({
      periodsAssigned: 3,
      normPerWeek: 4,
      normAfterReductions: 4,
      difference: -1,
      status: 'under',
    });
    expect(teacherIn(r.body, cuong.id)).toMatchObject({ periodsAssigned: 0, normAfterReductions: 17, difference: -17 });
    const anClashes = b.teachers.find((x: { id: number }) => x.id === an.id).clashes;
    expect(anClashes).toEqual([
      { day: 2, period: 1, courseClasses: [`${tag}-X1`, `${tag}-X2`], message: `Thứ Ba tiết 1: ${tag}-X1, ${tag}-X2` },
    ]);
    expect(b.teachers.find((x: { id: number }) => x.id === binh.id).clashes).toEqual([]);
  });

  it('counts only the two largest of three duties', async () => {
    expect((await call('POST', '/teaching/duties', 'gv.toan', duty())).status).toBe(200);
    const deputy = await call('POST', '/teaching/duties', 'giaovu', duty({ code: 'DEPUTY_HEAD', note: null }));
    expect(deputy.status, JSON.stringify(deputy.body)).toBe(200);
    const r = await board('gv.toan');
    const a = r.body.data.teachers.find((x: { id: number }) => x.id === an.id);
    // Homeroom 4 + union chair 3 counted, deputy head 1 not: 17 − 7 = 10; 11 − 10 = +1 (over).
    expect(a).toMatchObject({ reductionPerWeek: 7, normAfterReductions: 10, difference: 1, status: 'over' });
    expect(a.duties.map((d: { code: string; counted: boolean; source: string }) => [d.code, d.counted, d.source])).toEqual([
      ['DEPUTY_HEAD', false, 'stored'],
      ['HOMEROOM', true, 'homeroom'],
      ['UNION_CHAIR', true, 'stored'],
    ]);
    expect((await auditOf(t.database.db, 'teacher_duty', deputy.body.data.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('assigns a teacher through the course-classes checks and answers the refreshed board (audited as the course class)', async () => {
    const r = await call('PUT', `/teaching/assignments/course-classes/${x4.id}/teachers`, 'gv.toan', { teacherIds: [cuong.id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(teacherIn(r.body, cuong.id)).toMatchObject({ periodsAssigned: 4, difference: -13, status: 'under' });
    const log = await auditOf(t.database.db, 'course_class', x4.id);
    expect(log.map((e) => e.action)).toEqual(['update']);
    expect(log[0].after).toMatchObject({ teacherIds: [cuong.id] });

    const none = await call('PUT', `/teaching/assignments/course-classes/${x4.id}/teachers`, 'gv.toan', { teacherIds: [] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Lớp học phần phải có ít nhất một giáo viên.');
    const foreign = await call('PUT', `/teaching/assignments/course-classes/${x4.id}/teachers`, 'quantri', {
      teacherIds: [cuong.id, outsider.id],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`Giáo viên không thuộc tổ chuyên môn của lớp học phần ${tag}-X4: Phạm Văn Dũng.`);
    const unknown = await call('PUT', `/teaching/assignments/course-classes/${x1.id}/teachers`, 'quantri', {
      teacherIds: [an.id, 99_999_999],
    });
    expect(unknown.status).toBe(400);
  });

  it('sets a position: the norm follows (audited as the teacher)', async () => {
    const r = await call('PUT', `/teaching/teachers/${cuong.id}/position`, 'giaovu', { position: 'PRINCIPAL' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(teacherIn((await board('giaovu')).body, cuong.id)).toMatchObject({
      normPerWeek: 2,
      normAfterReductions: 2,
      difference: 2,
      status: 'over',
    });
    const log = await auditOf(t.database.db, 'teacher', cuong.id);
    expect(log.at(-1)).toMatchObject({ action: 'update', before: { position: 'TEACHER' }, after: { position: 'PRINCIPAL' } });
  });
});

describe('teaching assignments: duties', { timeout: 60_000 }, () => {
  it('refuses derived and unknown codes, dates outside the year, a second same duty, in Vietnamese', async () => {
    const homeroom = await call('POST', '/teaching/duties', 'quantri', duty({ code: 'HOMEROOM' }));
    expect(homeroom.status).toBe(400);
    expect(homeroom.body.message).toMatch(/^Nhiệm vụ chủ nhiệm lớp và tổ trưởng chuyên môn được lấy từ/);
    const unknown = await call('POST', '/teaching/duties', 'quantri', duty({ code: 'NOPE' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`Nhiệm vụ mã "NOPE" không có trong quy định định mức áp dụng cho năm học 2031-2032 ${tag}.`);
    const outside = await call(
      'POST',
      '/teaching/duties',
      'quantri',
      duty({ teacherId: cuong.id, code: 'PROBATION', startsOn: '2031-08-01' }),
    );
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(`Ngày bắt đầu và ngày kết thúc phải nằm trong năm học 2031-2032 ${tag} (01/09/2031 – 31/05/2032).`);
    const twice = await call('POST', '/teaching/duties', 'quantri', duty());
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`Giáo viên Nguyễn Văn An đã có nhiệm vụ "Chủ tịch công đoàn" trong năm học 2031-2032 ${tag}.`);
    const backwards = await call(
      'POST',
      '/teaching/duties',
      'quantri',
      duty({ code: 'PROBATION', startsOn: '2032-01-10', endsOn: '2031-12-01' }),
    );
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('Ngày kết thúc phải từ ngày bắt đầu trở đi.');
  });

  it('lists, edits and deletes a duty (audited); a head of another department gets 403', async () => {
    const list = await call('GET', `/teaching/duties?teacherId=${an.id}&academicYearId=${year.id}`, 'gv.toan');
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { code: string }) => d.code)).toEqual(['DEPUTY_HEAD', 'UNION_CHAIR']);
    const union = list.body.data.find((d: { code: string }) => d.code === 'UNION_CHAIR');
    expect((await call('PUT', `/teaching/duties/${union.id}`, 'totruong.ly', duty({ note: 'x' }))).status).toBe(403);
    expect((await call('DELETE', `/teaching/duties/${union.id}`, 'totruong.ly')).status).toBe(403);
    const edited = await call('PUT', `/teaching/duties/${union.id}`, 'gv.toan', duty({ note: 'Nhiệm kỳ mới', startsOn: '2031-10-01' }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ note: 'Nhiệm kỳ mới', startsOn: '2031-10-01', endsOn: null });
    expect((await call('DELETE', `/teaching/duties/${union.id}`, 'gv.toan')).status).toBe(200);
    expect((await auditOf(t.database.db, 'teacher_duty', union.id)).map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    // Homeroom 4 + deputy head 1 now: 17 − 5 = 12; An 11 → −1.
    expect(teacherIn((await board('gv.toan')).body, an.id)).toMatchObject({ normAfterReductions: 12, difference: -1, status: 'under' });
  });
});

describe('the demo school', () => {
  it('stores TT 05/2025 and the current year’s duties: a deputy head per department, a union chair, a probationary teacher, a mother', async () => {
    const rows = await queryRows<{ code: string; n: number }>(
      t.database.db,
      sql`select d.code, count(*)::int as n from teacher_duties d join academic_years y on y.id = d.academic_year_id
          where y.name = '2026-2027' group by d.code order by d.code`,
    );
    const departments = await one<{ n: number }>(t, sql`select count(*)::int as n from departments where code not like ${`${tag}%`}`);
    expect(Object.fromEntries(rows.map((r) => [r.code, r.n]))).toEqual({
      DEPUTY_HEAD: departments.n,
      NURSING_MOTHER: 1,
      PROBATION: 1,
      UNION_CHAIR: 1,
    });
    expect((await one<{ n: number }>(t, sql`select count(*)::int as n from workload_rule_sets`)).n).toBe(1);
  });
});
