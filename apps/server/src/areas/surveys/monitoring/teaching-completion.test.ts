import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courseClasses, courseClassTeachers, subjects, teachers } from '@/db/schema/school';
import { surveys } from '@/db/schema/surveys';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { addAccounts, addDepartments, addHead, addTeachers } from '@/test/school';
import { addResponses, schoolDay as day } from '@/test/surveys';
import { ACCOUNTS, buildMonitoringSchool, email, type MonitoringSchool } from './test-fixture';

/**
 * The teachers' and heads' completion counts (issue 12) on the hand-counted school of test-fixture.ts,
 * with teachers put on its course classes:
 *
 *   Tổ Toán (head: totruong = GV2): gvcn (GV1) teaches CC1 (s1 s2 s3), totruong teaches CC3 (s4 s5)
 *   Tổ Lý  (head: headonly = GV4): teacher (GV3) teaches CC2 (s1) and co-teaches CC3; headonly teaches CC4 (Văn, s6)
 *   S  Toán, ends today+10: (s1,CC1) done, (s2,CC1), (s3,CC1), (s1,CC2), (s4,CC3) done, (s5,CC3)
 *   V  Văn (added here), ends today+5: (s6,CC4) done
 *   CC5 (module M2) is gvcn's too, but M2 has no open survey.
 */
let t: TestApp;
let f: MonitoringSchool;
const tok: Record<string, string> = {};
let V: { id: number };
let ids: Record<'toanDept' | 'lyDept' | 'gv1' | 'gv2' | 'gv3' | 'gv4', number>;

beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  const db = t.database.db;
  f = await buildMonitoringSchool(db);
  await addAccounts(db, [
    { email: email('norecord'), displayName: 'Chưa có hồ sơ', roles: ['TEACHER', 'HEAD_DEPARTMENT'] },
    { email: email('nodept'), displayName: 'Trưởng tổ chưa có tổ', roles: ['HEAD_DEPARTMENT', 'TEACHER'] },
  ]);
  const uid = async (local: string) => (await t.userId(email(local))) as number;
  const [gv1] = await db.select().from(teachers).where(eq(teachers.staffCode, 'GV1'));
  const [gv2] = await db.select().from(teachers).where(eq(teachers.staffCode, 'GV2'));
  const [ly] = await addDepartments(db, [{ code: 'LY', name: 'Tổ Lý' }]);
  const [gv3, gv4] = await addTeachers(db, [
    { staffCode: 'GV3', fullName: 'Giáo viên Ba', departmentId: ly.id, userId: await uid('teacher') },
    { staffCode: 'GV4', fullName: 'Tổ phó Bốn', departmentId: ly.id, userId: await uid('headonly') },
    { staffCode: 'GV5', fullName: 'Chưa có tổ', departmentId: ly.id, userId: await uid('nodept') },
  ]);
  await addHead(db, gv2.departmentId!, gv2.id);
  await addHead(db, ly.id, gv4.id);
  const [van] = await db.select().from(subjects).where(eq(subjects.code, 'VAN'));
  const [cc4] = await db.select().from(courseClasses).where(eq(courseClasses.code, 'CC4'));
  const [cc5] = await db.select().from(courseClasses).where(eq(courseClasses.code, 'CC5'));
  await db.insert(courseClassTeachers).values([
    { courseClassId: f.CC1.id, teacherId: gv1.id },
    { courseClassId: cc5.id, teacherId: gv1.id },
    { courseClassId: f.CC3.id, teacherId: gv2.id },
    { courseClassId: f.CC2.id, teacherId: gv3.id },
    { courseClassId: f.CC3.id, teacherId: gv3.id },
    { courseClassId: cc4.id, teacherId: gv4.id },
  ]);
  [V] = await db
    .insert(surveys)
    .values({
      title: 'Khảo sát môn Văn',
      searchText: 'khao sat mon van',
      surveyType: 'SUBJECT_SPECIFIC',
      subjectId: van.id,
      status: 'active',
      allowedGrades: [10, 11, 12],
      moduleId: f.M.id,
      startDate: day(-2),
      endDate: day(5),
    })
    .returning();
  await addResponses(db, [
    {
      surveyId: V.id,
      studentId: f.st.s6.id,
      courseClassId: cc4.id,
      studentGrade: f.st.s6.grade,
      campusId: f.st.s6.campusId,
      homeroomClassId: f.st.s6.homeroomClassId,
      submittedAt: new Date(),
    },
  ]);
  ids = { toanDept: gv2.departmentId!, lyDept: ly.id, gv1: gv1.id, gv2: gv2.id, gv3: gv3.id, gv4: gv4.id };
  for (const a of [...ACCOUNTS, { local: 'norecord' }, { local: 'nodept' }]) tok[a.local] = await t.tokenFor(email(a.local));
  tok.hs1 = await t.tokenFor('hs1@monitor.test');
});
afterAll(() => t.close());

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tok[who]) });
async function data(url: string, who: string) {
  const res = await get(url, who);
  expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}
const counts = (r: Record<string, unknown>) => ({
  expected: r.expected,
  done: r.done,
  rate: r.rate,
  students: r.students,
  studentsDone: r.studentsDone,
});

describe('GET /surveys/my-classes-completion', () => {
  it("counts the open subject surveys over the caller's own course classes only, soonest end first", async () => {
    const d = await data('/surveys/my-classes-completion', 'teacher');
    expect(d).toMatchObject({ moduleId: f.M.id, moduleCode: 'M' });
    expect(d.surveys.map((s: { title: string }) => s.title)).toEqual(['Khảo sát môn Toán']);
    const [s] = d.surveys;
    expect(s).toMatchObject({ surveyId: f.S.id, daysLeft: 10, subjectName: 'Toán', endDate: day(10), status: 'active' });
    // CC2 (s1) and CC3 (s4 done, s5): not CC1, which another teacher teaches.
    expect(counts(s)).toEqual({ expected: 3, done: 1, rate: 33.3, students: 3, studentsDone: 1 });
    expect(s.courseClasses.map((c: Record<string, unknown>) => [c.courseClassName, counts(c)])).toEqual([
      ['CC2 lớp học phần', { expected: 1, done: 0, rate: 0, students: 1, studentsDone: 0 }],
      ['CC3 lớp học phần', { expected: 2, done: 1, rate: 50, students: 2, studentsDone: 1 }],
    ]);
    // Counts only: no student, no answer, no time.
    expect(JSON.stringify(d)).not.toMatch(/studentId|fullName|submittedAt|Nguyễn|HS1/);
  });

  it('gives each teacher their own classes (a head too) and nothing of a GENERAL survey', async () => {
    const gvcn = await data('/surveys/my-classes-completion', 'gvcn');
    expect(gvcn.surveys.map((s: Record<string, unknown>) => [s.title, counts(s)])).toEqual([
      ['Khảo sát môn Toán', { expected: 3, done: 1, rate: 33.3, students: 3, studentsDone: 1 }],
    ]);
    const head = await data('/surveys/my-classes-completion', 'headonly');
    expect(head.surveys.map((s: Record<string, unknown>) => [s.title, counts(s)])).toEqual([
      ['Khảo sát môn Văn', { expected: 1, done: 1, rate: 100, students: 1, studentsDone: 1 }],
    ]);
  });

  it('reads another module when asked (none open in M2: empty) and refuses an unknown one', async () => {
    expect(await data(`/surveys/my-classes-completion?moduleId=${f.M2.id}`, 'gvcn')).toEqual({
      moduleId: f.M2.id,
      moduleCode: 'M2',
      surveys: [],
    });
    expect((await get('/surveys/my-classes-completion?moduleId=999999', 'gvcn')).statusCode).toBe(404);
    expect((await get('/surveys/my-classes-completion?moduleId=abc', 'gvcn')).statusCode).toBe(400);
  });

  it('answers 404 NO_TEACHER_RECORD to an account without a teacher record', async () => {
    const res = await get('/surveys/my-classes-completion', 'norecord');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NO_TEACHER_RECORD', message: 'Tài khoản chưa gắn với hồ sơ giáo viên.' });
  });

  it('is for teachers and heads only', async () => {
    for (const who of ['teacher', 'gvcn', 'totruong', 'headonly'])
      expect((await get('/surveys/my-classes-completion', who)).statusCode, who).toBe(200);
    for (const who of ['admin', 'qa', 'principal', 'academic', 'hs1'])
      expect((await get('/surveys/my-classes-completion', who)).statusCode, who).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/surveys/my-classes-completion' })).statusCode).toBe(401);
  });
});

describe('GET /surveys/department-completion', () => {
  it("counts the classes the department's teachers teach: in all, per survey and per teacher (lowest rate first)", async () => {
    const d = await data('/surveys/department-completion', 'totruong');
    expect(d).toMatchObject({ moduleId: f.M.id, moduleCode: 'M' });
    expect(d.departments).toHaveLength(1);
    const [toan] = d.departments;
    expect(toan).toMatchObject({ departmentId: ids.toanDept, departmentName: 'Tổ Toán' });
    // CC1 (GV1) and CC3 (GV2): 5 items, 2 done; s1's CC2 item belongs to Tổ Lý's teacher.
    expect(counts(toan)).toEqual({ expected: 5, done: 2, rate: 40, students: 5, studentsDone: 2 });
    expect(toan.surveys.map((s: Record<string, unknown>) => [s.title, s.daysLeft, counts(s)])).toEqual([
      ['Khảo sát môn Toán', 10, { expected: 5, done: 2, rate: 40, students: 5, studentsDone: 2 }],
    ]);
    expect(toan.teachers.map((x: Record<string, unknown>) => [x.teacherId, x.fullName, x.classCount, counts(x)])).toEqual([
      [ids.gv1, 'Chủ nhiệm 10A', 1, { expected: 3, done: 1, rate: 33.3, students: 3, studentsDone: 1 }],
      [ids.gv2, 'Tổ trưởng', 1, { expected: 2, done: 1, rate: 50, students: 2, studentsDone: 1 }],
    ]);
    expect(JSON.stringify(d)).not.toMatch(/studentId|submittedAt|Nguyễn|HS1/);
  });

  it('counts a co-taught class for each of its teachers, across subjects of the department', async () => {
    const [ly] = (await data('/surveys/department-completion', 'headonly')).departments;
    expect(ly).toMatchObject({ departmentId: ids.lyDept, departmentName: 'Tổ Lý' });
    // CC2 (s1), CC3 (s4 done, s5) and CC4 (s6 done).
    expect(counts(ly)).toEqual({ expected: 4, done: 2, rate: 50, students: 4, studentsDone: 2 });
    expect(ly.surveys.map((s: Record<string, unknown>) => [s.title, counts(s)])).toEqual([
      ['Khảo sát môn Văn', { expected: 1, done: 1, rate: 100, students: 1, studentsDone: 1 }],
      ['Khảo sát môn Toán', { expected: 3, done: 1, rate: 33.3, students: 3, studentsDone: 1 }],
    ]);
    expect(ly.teachers.map((x: Record<string, unknown>) => [x.fullName, x.classCount, x.expected, x.done])).toEqual([
      ['Giáo viên Ba', 2, 3, 1],
      ['Tổ phó Bốn', 1, 1, 1],
    ]);
  });

  it('answers a head of no department with an empty list, and a module without open surveys with zeros', async () => {
    expect(await data('/surveys/department-completion', 'nodept')).toEqual({ moduleId: f.M.id, moduleCode: 'M', departments: [] });
    const old = await data(`/surveys/department-completion?moduleId=${f.M2.id}`, 'totruong');
    expect(old.departments[0]).toMatchObject({ departmentName: 'Tổ Toán', expected: 0, done: 0, rate: null, surveys: [], teachers: [] });
    const res = await get('/surveys/department-completion', 'norecord');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NO_TEACHER_RECORD');
    expect((await get('/surveys/department-completion?moduleId=999999', 'totruong')).statusCode).toBe(404);
  });

  it('is for heads of department only', async () => {
    for (const who of ['totruong', 'headonly']) expect((await get('/surveys/department-completion', who)).statusCode, who).toBe(200);
    for (const who of ['teacher', 'gvcn', 'admin', 'qa', 'principal', 'academic', 'hs1'])
      expect((await get('/surveys/department-completion', who)).statusCode, who).toBe(403);
  });
});
