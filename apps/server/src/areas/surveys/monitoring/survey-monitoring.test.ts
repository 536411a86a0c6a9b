import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { students } from '@/db/schema/school';
import { readSheet } from '@/lib/xlsx';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { MONITOR_MSG } from './survey-monitoring.service';
import { ACCOUNTS, buildMonitoringSchool, email, type MonitoringSchool } from './test-fixture';

/** Completion figures on the hand-counted school of test-fixture.ts (an empty database, no demo data). */
let t: TestApp;
let f: MonitoringSchool;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  f = await buildMonitoringSchool(t.database.db);
  for (const a of ACCOUNTS) tok[a.local] = await t.tokenFor(email(a.local));
  tok.hs1 = await t.tokenFor('hs1@monitor.test');
});
afterAll(() => t.close());

const get = (url: string, who = 'admin') => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tok[who]) });
async function data(url: string, who = 'admin') {
  const res = await get(url, who);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
}
const pick = (r: Record<string, unknown>) => ({
  expected: r.expected,
  done: r.done,
  rate: r.rate,
  students: r.students,
  studentsDone: r.studentsDone,
});
const byClass = (rows: Array<Record<string, unknown>>) => Object.fromEntries(rows.map((r) => [r.homeroomClassName ?? 'none', pick(r)]));

const READERS = ['admin', 'qa', 'principal', 'academic'];
const REFUSED = ['headonly', 'teacher', 'student'];

describe('GET /surveys/stats', () => {
  it('counts surveys by status, responses today (school time) and in total, and completion of the active surveys', async () => {
    const d = await data('/surveys/stats');
    expect(d.surveys).toEqual({ total: 4, draft: 1, active: 2, closed: 1, templates: 0 });
    // 00:30 and 00:01 today count; 23:30 yesterday (school time) does not, though it is "today" in UTC for part of the day.
    expect(d.responses).toEqual({ total: 8, today: 2 });
    // G: 8 items (7 eligible + s9 who answered before leaving), 5 done; S: 6 items, 2 done.
    expect(d.activeCompletion).toEqual({ expected: 14, done: 7, rate: 50, students: 8, studentsDone: 3 });
    expect(d.activeSurveys.map((s: { title: string }) => s.title)).toEqual(['Khảo sát chung học kỳ', 'Khảo sát môn Toán']);
    expect(d.activeSurveys[0]).toMatchObject({
      surveyId: f.G.id,
      daysLeft: 3,
      expected: 8,
      done: 5,
      rate: 62.5,
      moduleCode: 'M',
      surveyType: 'GENERAL',
    });
    expect(d.activeSurveys[1]).toMatchObject({
      surveyId: f.S.id,
      daysLeft: 10,
      expected: 6,
      done: 2,
      rate: 33.3,
      students: 5,
      studentsDone: 1,
      subjectName: 'Toán',
    });
  });

  it('is not captured by /surveys/:id, and /surveys/:id still answers a survey', async () => {
    expect((await data('/surveys/stats')).surveys).toBeDefined();
    const one = await data(`/surveys/${f.G.id}`);
    expect(one).toMatchObject({ id: f.G.id, title: 'Khảo sát chung học kỳ' });
    for (const path of [
      'all-classes-surveys-status',
      'all-students-survey-status',
      'survey-completion-by-class',
      'survey-completion-by-grade-campus',
      'survey-completion-by-survey',
    ])
      expect((await get(`/surveys/${path}`)).statusCode, path).toBe(200);
  });

  it('is read by the staff who oversee the school only', async () => {
    for (const who of READERS) expect((await get('/surveys/stats', who)).statusCode, who).toBe(200);
    for (const who of [...REFUSED, 'gvcn', 'totruong']) expect((await get('/surveys/stats', who)).statusCode, who).toBe(403);
  });
});

describe('per homeroom class and per grade × campus', () => {
  it('GET /surveys/{id}/class-surveys-status counts a subject survey per (student, course class)', async () => {
    expect(byClass(await data(`/surveys/${f.G.id}/class-surveys-status`))).toEqual({
      '10A Toán': { expected: 4, done: 3, rate: 75, students: 4, studentsDone: 3 },
      '10B Hóa': { expected: 2, done: 1, rate: 50, students: 2, studentsDone: 1 },
      '11A Lý': { expected: 2, done: 1, rate: 50, students: 2, studentsDone: 1 },
    });
    // s1 is in two Toán classes: two items, and not done until both are answered.
    expect(byClass(await data(`/surveys/${f.S.id}/class-surveys-status`))).toEqual({
      '10A Toán': { expected: 4, done: 1, rate: 25, students: 3, studentsDone: 0 },
      '11A Lý': { expected: 2, done: 1, rate: 50, students: 2, studentsDone: 1 },
    });
    const rows = await data(`/surveys/${f.G.id}/class-surveys-status`);
    expect(rows[0]).toMatchObject({
      homeroomClassName: '10A Toán',
      grade: 10,
      campusName: 'Cơ sở A',
      homeroomTeacherName: 'Chủ nhiệm 10A',
    });
    // A student without a homeroom class is counted in a row of their own.
    expect(byClass(await data(`/surveys/${f.D.id}/class-surveys-status`))).toEqual({
      none: { expected: 1, done: 0, rate: 0, students: 1, studentsDone: 0 },
    });
    expect((await get('/surveys/999999/class-surveys-status')).statusCode).toBe(404);
  });

  it('GET /surveys/all-classes-surveys-status: the active surveys of a module (current by default), paged and searchable', async () => {
    const all = await data('/surveys/all-classes-surveys-status');
    expect(all.total).toBe(3);
    expect(byClass(all.items)).toEqual({
      '10A Toán': { expected: 8, done: 4, rate: 50, students: 4, studentsDone: 1 },
      '10B Hóa': { expected: 2, done: 1, rate: 50, students: 2, studentsDone: 1 },
      '11A Lý': { expected: 4, done: 2, rate: 50, students: 2, studentsDone: 1 },
    });
    expect(await data(`/surveys/all-classes-surveys-status?moduleId=${f.M.id}`)).toEqual(all);
    const p2 = await data('/surveys/all-classes-surveys-status?limit=2&page=2');
    expect(p2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(p2.items.map((r: { homeroomClassName: string }) => r.homeroomClassName)).toEqual(['11A Lý']);
    // Accent-insensitive, on the class name and its homeroom teacher.
    expect(
      (await data('/surveys/all-classes-surveys-status?search=hoa')).items.map((r: { homeroomClassName: string }) => r.homeroomClassName),
    ).toEqual(['10B Hóa']);
    expect(
      (await data('/surveys/all-classes-surveys-status?search=chu%20nhiem')).items.map(
        (r: { homeroomClassName: string }) => r.homeroomClassName,
      ),
    ).toEqual(['10A Toán']);
    expect((await data(`/surveys/all-classes-surveys-status?grade=11`)).total).toBe(1);
    expect((await data(`/surveys/all-classes-surveys-status?campusId=${f.B.id}`)).items[0].homeroomClassName).toBe('10B Hóa');
    // Module M2 has no active survey (C is closed).
    expect(await data(`/surveys/all-classes-surveys-status?moduleId=${f.M2.id}`)).toMatchObject({ items: [], total: 0 });
  });

  it('GET /surveys/survey-completion-by-class and -by-grade-campus take surveyId or moduleId', async () => {
    expect(byClass(await data(`/surveys/survey-completion-by-class?surveyId=${f.S.id}`))).toEqual(
      byClass(await data(`/surveys/${f.S.id}/class-surveys-status`)),
    );
    const moduleRows = await data(`/surveys/survey-completion-by-class?moduleId=${f.M.id}`);
    expect(Object.keys(byClass(moduleRows))).toEqual(['10A Toán', '10B Hóa', '11A Lý']);
    expect(await data('/surveys/survey-completion-by-class')).toEqual(moduleRows); // default: the current module
    const gc = await data('/surveys/survey-completion-by-grade-campus');
    expect(gc.map((r: Record<string, unknown>) => ({ grade: r.grade, campus: r.campusName, ...pick(r) }))).toEqual([
      { grade: 10, campus: 'Cơ sở A', expected: 8, done: 4, rate: 50, students: 4, studentsDone: 1 },
      { grade: 10, campus: 'Cơ sở B', expected: 2, done: 1, rate: 50, students: 2, studentsDone: 1 },
      { grade: 11, campus: 'Cơ sở A', expected: 4, done: 2, rate: 50, students: 2, studentsDone: 1 },
    ]);
    // A closed survey: its answer counts even though it is no longer open.
    expect((await data(`/surveys/survey-completion-by-grade-campus?surveyId=${f.C.id}`)).map(pick)).toEqual([
      { expected: 1, done: 1, rate: 100, students: 1, studentsDone: 1 },
    ]);
    const both = await get(`/surveys/survey-completion-by-class?surveyId=${f.S.id}&moduleId=${f.M.id}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(MONITOR_MSG.bothScopes);
    expect((await get('/surveys/survey-completion-by-grade-campus?surveyId=999999')).statusCode).toBe(404);
  });

  it('places an answered item by the snapshot at submission, a pending one by the student now', async () => {
    const db = t.database.db;
    await db.update(students).set({ homeroomClassId: f.C10B.id, campusId: f.B.id, grade: 10 }).where(eq(students.id, f.st.s4.id));
    try {
      // s4 answered G from 11A: still counted there, so last term's figures do not move when a student changes class.
      expect(byClass(await data(`/surveys/${f.G.id}/class-surveys-status`))['11A Lý']).toEqual({
        expected: 2,
        done: 1,
        rate: 50,
        students: 2,
        studentsDone: 1,
      });
    } finally {
      await db.update(students).set({ homeroomClassId: f.C11A.id, campusId: f.A.id, grade: 11 }).where(eq(students.id, f.st.s4.id));
    }
  });

  it('is refused to heads of department, teachers, students and homeroom teachers', async () => {
    for (const url of [
      `/surveys/${f.G.id}/class-surveys-status`,
      '/surveys/all-classes-surveys-status',
      '/surveys/survey-completion-by-class',
      '/surveys/survey-completion-by-grade-campus',
      '/surveys/survey-completion-by-survey',
    ]) {
      for (const who of READERS) expect((await get(url, who)).statusCode, `${url} ${who}`).toBe(200);
      for (const who of [...REFUSED, 'gvcn', 'totruong']) expect((await get(url, who)).statusCode, `${url} ${who}`).toBe(403);
    }
  });
});

describe('GET /surveys/survey-completion-by-survey', () => {
  it('lists surveys (not templates) with their completion, active first, filtered, searched and paged', async () => {
    const all = await data('/surveys/survey-completion-by-survey');
    expect(all.total).toBe(4);
    expect(
      all.items
        .map((s: { title: string }) => s.title)
        .slice(0, 2)
        .sort(),
    ).toEqual(['Khảo sát chung học kỳ', 'Khảo sát môn Toán']);
    const closed = await data('/surveys/survey-completion-by-survey?status=closed');
    expect(closed.items.map((s: Record<string, unknown>) => ({ id: s.surveyId, ...pick(s) }))).toEqual([
      { id: f.C.id, expected: 1, done: 1, rate: 100, students: 1, studentsDone: 1 },
    ]);
    expect((await data(`/surveys/survey-completion-by-survey?moduleId=${f.M.id}`)).total).toBe(3);
    expect((await data('/surveys/survey-completion-by-survey?search=toan')).items.map((s: { surveyId: number }) => s.surveyId)).toEqual([
      f.S.id,
    ]);
    const one = await data(`/surveys/survey-completion-by-survey?surveyId=${f.D.id}`);
    expect(one.items.map((s: Record<string, unknown>) => ({ id: s.surveyId, status: s.status, daysLeft: s.daysLeft, ...pick(s) }))).toEqual(
      [{ id: f.D.id, status: 'draft', daysLeft: null, expected: 1, done: 0, rate: 0, students: 1, studentsDone: 0 }],
    );
    const p = await data('/surveys/survey-completion-by-survey?limit=3&page=2');
    expect(p).toMatchObject({ total: 4, page: 2 });
    expect(p.items).toHaveLength(1);
  });
});

describe('GET /surveys/{id}/students and its export', () => {
  it('lists each eligible student, and each course class for a subject survey, done or not with the time', async () => {
    const all = await data(`/surveys/${f.S.id}/students?limit=100`);
    expect(all.total).toBe(6);
    const s1 = all.items.filter((r: { studentId: number }) => r.studentId === f.st.s1.id);
    expect(s1.map((r: Record<string, unknown>) => [r.courseClassName, r.done])).toEqual([
      ['CC1 lớp học phần', true],
      ['CC2 lớp học phần', false],
    ]);
    expect(new Date(s1[0].submittedAt).getTime()).toBeGreaterThan(0);
    expect(s1[1].submittedAt).toBeNull();

    const pending = await data(`/surveys/${f.S.id}/students?done=false&limit=2`);
    expect(pending.total).toBe(4);
    expect(pending.items).toHaveLength(2);
    const page2 = await data(`/surveys/${f.S.id}/students?done=false&limit=2&page=2`);
    const keys = [...pending.items, ...page2.items].map((r: Record<string, unknown>) => `${r.fullName}/${r.courseClassName}`);
    expect(new Set(keys).size).toBe(4);
    expect(keys.sort()).toEqual([
      'Hoàng Thu Giang/CC3 lớp học phần',
      'Lê Minh Châu/CC1 lớp học phần',
      'Nguyễn Văn An/CC2 lớp học phần',
      'Trần Thị Bình/CC1 lớp học phần',
    ]);
    expect((await data(`/surveys/${f.S.id}/students?done=true`)).total).toBe(2);
    expect((await data(`/surveys/${f.S.id}/students?search=tran%20binh`)).items.map((r: { fullName: string }) => r.fullName)).toEqual([
      'Trần Thị Bình',
    ]);
    expect((await data(`/surveys/${f.G.id}/students?homeroomClassId=${f.C10A.id}`)).total).toBe(4);
    expect((await data(`/surveys/${f.G.id}/students?sort=submittedAt&order=desc&done=true`)).items[0].fullName).toBe('Nguyễn Văn An');
    expect((await get(`/surveys/${f.G.id}/students?done=maybe`)).statusCode).toBe(400);
  });

  it('agrees with what the student is asked to answer (GET /surveys/students/{id})', async () => {
    const own = await data(`/surveys/students/${f.st.s1.id}`, 'hs1');
    const mine = own
      .filter((x: { surveyId: number }) => x.surveyId === f.S.id)
      .map((x: { courseClass: { id: number }; completed: boolean }) => [x.courseClass.id, x.completed]);
    const monitored = (await data(`/surveys/${f.S.id}/students?search=HS1`)).items.filter(
      (r: { studentId: number }) => r.studentId === f.st.s1.id,
    );
    expect(monitored.map((r: { courseClassId: number; done: boolean }) => [r.courseClassId, r.done]).sort()).toEqual(mine.sort());
  });

  it('exports the students not yet done as .xlsx', async () => {
    const res = await get(`/surveys/${f.S.id}/students/export?done=false`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Chưa làm khảo sát - Khảo sát môn Toán.xlsx');
    const sheet = await readSheet(res.rawPayload, 'x.xlsx');
    expect(sheet.headers).toEqual([
      'STT',
      'Mã học sinh',
      'Họ và tên',
      'Lớp chủ nhiệm',
      'Khối',
      'Cơ sở',
      'Lớp học phần',
      'Trạng thái',
      'Thời điểm gửi',
    ]);
    expect(sheet.rows).toHaveLength(4);
    expect(sheet.rows.every((r) => r.values['Trạng thái'] === 'Chưa làm')).toBe(true);
    expect(sheet.rows.map((r) => `${r.values['Họ và tên']}/${r.values['Lớp học phần']}`)).toContain('Nguyễn Văn An/CC2 lớp học phần');
  });

  it('gives the submission time beside a name to ADMIN only, and no order by it to the others (issue 11)', async () => {
    const byTime = `/surveys/${f.G.id}/students?sort=submittedAt&order=asc&done=true&limit=100`;
    const admin = await data(byTime);
    expect(admin.items.every((r: { submittedAt: string | null }) => r.submittedAt !== null)).toBe(true);
    const byName = await data(`/surveys/${f.G.id}/students?done=true&limit=100`, 'qa');
    for (const who of ['qa', 'principal', 'academic']) {
      const rows = await data(byTime, who);
      expect(rows.total).toBe(admin.total);
      expect(rows.items.every((r: { submittedAt: string | null; done: boolean }) => r.submittedAt === null && r.done)).toBe(true);
      // sort=submittedAt falls back to the list's own order: the same rows as without it.
      expect(rows.items.map((r: { studentId: number }) => r.studentId)).toEqual(
        byName.items.map((r: { studentId: number }) => r.studentId),
      );
      const sheet = await readSheet((await get(`/surveys/${f.G.id}/students/export?done=true`, who)).rawPayload, 'x.xlsx');
      expect(sheet.headers).not.toContain('Thời điểm gửi');
      const status = await data(`/surveys/all-students-survey-status?surveyId=${f.G.id}&limit=100`, who);
      expect(status.items.every((r: { lastSubmittedAt: string | null }) => r.lastSubmittedAt === null)).toBe(true);
    }
    expect(admin.items.map((r: { studentId: number }) => r.studentId)).not.toEqual(
      byName.items.map((r: { studentId: number }) => r.studentId),
    );
    const adminStatus = await data(`/surveys/all-students-survey-status?surveyId=${f.G.id}&limit=100`);
    expect(adminStatus.items.some((r: { lastSubmittedAt: string | null }) => r.lastSubmittedAt !== null)).toBe(true);
  });

  it('is refused to everyone but the staff who oversee the school', async () => {
    for (const url of [`/surveys/${f.S.id}/students`, `/surveys/${f.S.id}/students/export?done=false`]) {
      for (const who of READERS) expect((await get(url, who)).statusCode, `${url} ${who}`).toBe(200);
      for (const who of [...REFUSED, 'gvcn', 'totruong']) expect((await get(url, who)).statusCode, `${url} ${who}`).toBe(403);
    }
    expect((await get('/surveys/999999/students')).statusCode).toBe(404);
  });
});

describe('GET /surveys/all-students-survey-status', () => {
  it('gives each student their items in the module, done or not, and what is pending', async () => {
    const all = await data('/surveys/all-students-survey-status?limit=100');
    expect(all.total).toBe(8);
    const by = Object.fromEntries(all.items.map((r: Record<string, unknown>) => [r.fullName, r]));
    expect(by['Nguyễn Văn An']).toMatchObject({ expected: 3, done: 2, status: 'not_done', homeroomClassName: '10A Toán' });
    expect(by['Nguyễn Văn An'].pending).toEqual([
      { surveyId: f.S.id, title: 'Khảo sát môn Toán', courseClassId: f.CC2.id, courseClassName: 'CC2 lớp học phần' },
    ]);
    expect(by['Lê Minh Châu'].pending.map((p: { title: string }) => p.title)).toEqual(['Khảo sát chung học kỳ', 'Khảo sát môn Toán']);
    expect(by['Phạm Quốc Dũng']).toMatchObject({ expected: 2, done: 2, status: 'done', pending: [] });
    expect(by['Ngô Thanh Nam']).toMatchObject({ expected: 1, done: 1, status: 'done' });
    expect(by['Bùi Ngọc Mai']).toBeUndefined(); // grade 12: nothing active for them

    const notDone = await data('/surveys/all-students-survey-status?status=not_done&limit=100');
    expect(notDone.items.map((r: { fullName: string }) => r.fullName).sort()).toEqual(
      ['Đỗ Hải Long', 'Hoàng Thu Giang', 'Lê Minh Châu', 'Nguyễn Văn An', 'Trần Thị Bình'].sort(),
    );
    expect((await data('/surveys/all-students-survey-status?status=done')).total).toBe(3);
    expect((await data(`/surveys/all-students-survey-status?homeroomClassId=${f.C10B.id}`)).total).toBe(2);
    expect((await data('/surveys/all-students-survey-status?grade=11')).total).toBe(2);
    expect((await data(`/surveys/all-students-survey-status?campusId=${f.B.id}`)).total).toBe(2);
    expect((await data('/surveys/all-students-survey-status?search=giang')).items.map((r: { fullName: string }) => r.fullName)).toEqual([
      'Hoàng Thu Giang',
    ]);
    const p = await data('/surveys/all-students-survey-status?limit=3&page=3');
    expect(p).toMatchObject({ total: 8, page: 3 });
    expect(p.items).toHaveLength(2);
    // One survey instead of the module.
    expect((await data(`/surveys/all-students-survey-status?surveyId=${f.S.id}`)).total).toBe(5);
    expect((await get('/surveys/all-students-survey-status?status=maybe')).statusCode).toBe(400);
  });

  it('narrows a homeroom teacher to their own class, even one who heads a department', async () => {
    const mine = await data('/surveys/all-students-survey-status?limit=100', 'gvcn');
    expect(mine.items.map((r: { fullName: string }) => r.fullName).sort()).toEqual(
      ['Lê Minh Châu', 'Ngô Thanh Nam', 'Nguyễn Văn An', 'Trần Thị Bình'].sort(),
    );
    expect((await data(`/surveys/all-students-survey-status?homeroomClassId=${f.C10A.id}&status=not_done`, 'gvcn')).total).toBe(3);
    const other = await get(`/surveys/all-students-survey-status?homeroomClassId=${f.C11A.id}`, 'gvcn');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MONITOR_MSG.notYourClass);
    expect((await data('/surveys/all-students-survey-status', 'totruong')).total).toBe(2);
    expect((await get(`/surveys/all-students-survey-status?homeroomClassId=${f.C10A.id}`, 'totruong')).statusCode).toBe(403);
    for (const who of READERS) expect((await get('/surveys/all-students-survey-status', who)).statusCode, who).toBe(200);
    for (const who of REFUSED) expect((await get('/surveys/all-students-survey-status', who)).statusCode, who).toBe(403);
  });
});

describe('GET /homeroom-classes/{id}/survey-status', () => {
  it("gives the class's completion per active survey of the module", async () => {
    const d = await data(`/homeroom-classes/${f.C10A.id}/survey-status`, 'gvcn');
    expect(d).toMatchObject({ homeroomClassId: f.C10A.id, homeroomClassName: '10A Toán', moduleId: f.M.id, moduleCode: 'M' });
    expect(d.surveys.map((s: Record<string, unknown>) => ({ title: s.title, ...pick(s) }))).toEqual([
      { title: 'Khảo sát chung học kỳ', expected: 4, done: 3, rate: 75, students: 4, studentsDone: 3 },
      { title: 'Khảo sát môn Toán', expected: 4, done: 1, rate: 25, students: 3, studentsDone: 0 },
    ]);
    // 10B Hóa has no student in a Toán class of the module: only the general survey concerns it.
    expect((await data(`/homeroom-classes/${f.C10B.id}/survey-status`)).surveys.map((s: { title: string }) => s.title)).toEqual([
      'Khảo sát chung học kỳ',
    ]);
    expect((await data(`/homeroom-classes/${f.C10A.id}/survey-status?moduleId=${f.M2.id}`)).surveys).toEqual([]);
  });

  it('is the own class only for a homeroom teacher; refused to teachers and students', async () => {
    expect((await get(`/homeroom-classes/${f.C11A.id}/survey-status`, 'gvcn')).statusCode).toBe(403);
    expect((await get(`/homeroom-classes/${f.C11A.id}/survey-status`, 'totruong')).statusCode).toBe(200);
    expect((await get(`/homeroom-classes/${f.C10A.id}/survey-status`, 'totruong')).statusCode).toBe(403);
    for (const who of READERS) expect((await get(`/homeroom-classes/${f.C10A.id}/survey-status`, who)).statusCode, who).toBe(200);
    for (const who of REFUSED) expect((await get(`/homeroom-classes/${f.C10A.id}/survey-status`, who)).statusCode, who).toBe(403);
    expect((await get('/homeroom-classes/999999/survey-status')).statusCode).toBe(404);
  });
});
