import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import { RESULTS_MSG, ZCourseResults, ZSurveyResults, ZTeacherCourseResults, ZTextResponses } from '@app/shared/survey-results';
import { queryRows } from '../../db/client';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { MIN_RESPONSES_SETTING, writeSetting } from './survey-results.repository';
import { buildResultsFixture, type ResultsFixture } from './test-fixture';

/**
 * Who sees what (issue 5, DOMAIN "Confidentiality"). MIN_GROUP_SIZE is 5. In the fixture T1 (gv.van)
 * teaches A (6 responses) and B (3), T2 (gv.anh) teaches C (5); totruong.ly heads their department.
 *  - T1: B is under 5 → hidden; A would then give B away (T1's 9 − A's 6 = 3) → A hidden too.
 *  - the head: B hidden, then the smallest shown class C (5) too, so A is shown (14 − 6 = 8 ≥ 5).
 *  - T2: C (5) shown.
 */
let t: TestApp;
let f: ResultsFixture;
const tok: Record<string, string> = {};
const PEOPLE = ['quantri', 'dbcl', 'hieutruong', 'giaovu', 'totruong.ly', 'gv.toan', 'gv.van', 'gv.anh', 'ketoan', 'csvc', 'hs.an'];
let studentCodes: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const l of PEOPLE) tok[l] = await t.tokenFor(l);
  f = await buildResultsFixture(t);
  await writeSetting(t.database.db, MIN_RESPONSES_SETTING, 4);
  studentCodes = (await queryRows<{ c: string; n: string }>(t.database.db, sql`select student_code as c, full_name as n from students where id = any(${sql.param(f.students.map((s) => s.id))}::int[])`))
    .flatMap((r) => [r.c, r.n]);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tok[who]), payload: method === 'POST' ? (payload ?? {}) : undefined });
const get = (url: string, who: string) => call('GET', url, who);
const ok = <T = never>(res: { statusCode: number; body: string; json(): { data: unknown } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
/** Nothing a teacher or head reads may name a student. */
const noIdentity = (body: string) => {
  for (const s of studentCodes) expect(body).not.toContain(s);
  expect(body).not.toMatch(/"student(Id|Code|Name)?"/);
};

describe('a teacher', () => {
  it('reads their own classes only, teacher-visible questions only, and small classes hidden', async () => {
    const res = await get(`/surveys/${f.surveyId}/results`, 'gv.van');
    const r = ZSurveyResults.parse(ok(res));
    noIdentity(res.body);
    expect(r).toMatchObject({ n: 9, hidden: false, scope: { kind: 'teacher', teacherId: f.T1 } });
    expect(r.questions.map((q) => q.questionId)).not.toContain(f.q.g5);
    expect(r.questions.find((q) => q.questionId === f.q.g1)!.mean).toBeCloseTo(35 / 9, 4); // A 23 + B 12 over 9

    for (const cls of [f.classes.B, f.classes.A]) {
      const one = ZSurveyResults.parse(ok(await get(`/surveys/${f.surveyId}/results?courseClassId=${cls}`, 'gv.van')));
      expect(one).toMatchObject({ hidden: true, reason: RESULTS_MSG.tooFew });
      expect(one.questions.every((q) => q.hidden && q.mean === null && q.options.length === 0)).toBe(true);
    }
    const courses = ZCourseResults.parse(ok(await get(`/surveys/${f.surveyId}/course-results`, 'gv.van')));
    expect(courses.items.map((i) => i.courseClassId).sort()).toEqual([f.classes.A, f.classes.B].sort());
    expect(courses.items.every((i) => i.hidden && i.score === null && i.reason === RESULTS_MSG.tooFew)).toBe(true);
    expect(courses.summary).toMatchObject({ n: 9, hidden: false });
    expect(courses.summary.score).toBeCloseTo((4 + 59 / 15) / 2, 4);
  });

  it('sees a class of 5 (the threshold) and never another teacher\'s class', async () => {
    const c = ZCourseResults.parse(ok(await get(`/surveys/${f.surveyId}/course-results`, 'gv.anh')));
    expect(c.items).toHaveLength(1);
    expect(c.items[0]).toMatchObject({ courseClassId: f.classes.C, hidden: false, n: 5 });
    expect(c.items[0].score).toBeCloseTo(67 / 24, 4);

    for (const url of [
      `/surveys/${f.surveyId}/results?courseClassId=${f.classes.A}`,
      `/surveys/${f.surveyId}/results?teacherId=${f.T1}`,
      `/surveys/${f.surveyId}/questions/${f.q.g1}/results?courseClassId=${f.classes.A}`,
      `/surveys/modules/${f.moduleId}/teachers/${f.T1}/course-results`,
      `/surveys/modules/${f.moduleId}/teachers/${f.T1}/course-results-filtered`,
      `/surveys/${f.surveyId}/text-questions-responses?courseClassId=${f.classes.A}`,
    ]) expect((await get(url, 'gv.anh')).statusCode, url).toBe(403);
    // A question hidden from teachers does not exist for them.
    expect((await get(`/surveys/${f.surveyId}/questions/${f.q.g5}/results`, 'gv.anh')).statusCode).toBe(404);
  });

  it('their module page: classes, summary, comparison with department and school, trend', async () => {
    const res = await get(`/surveys/modules/${f.moduleId}/teachers/${f.T1}/course-results`, 'gv.van');
    const r = ZTeacherCourseResults.parse(ok(res));
    noIdentity(res.body);
    expect(r.summary).toMatchObject({ n: 9, classCount: 2, hidden: false });
    expect(r.items.every((i) => i.hidden)).toBe(true);
    // Department 14 − own 9 = 5 others: enough to show.
    expect(r.comparison.department).toMatchObject({ n: 14, hidden: false });
    expect(r.comparison.department!.score).toBeCloseTo(3.575, 4);
    expect(r.trend.find((p) => p.moduleId === f.moduleId)).toMatchObject({ n: 9, hidden: false });
  });

  it('reads approved texts of their own shown classes only, without times', async () => {
    const van = ZTextResponses.parse(ok(await get(`/surveys/${f.surveyId}/text-questions-responses`, 'gv.van')));
    expect(van.questions[0]).toMatchObject({ hidden: true, texts: [] });
    const anh = ZTextResponses.parse(ok(await get(`/surveys/${f.surveyId}/text-questions-responses`, 'gv.anh')));
    expect(anh.questions[0].texts).toEqual([{ text: 'Cô nhiệt tình', courseClassId: f.classes.C, courseClassName: 'Lớp C kiểm thử', submittedAt: null }]);
    const admin = ZTextResponses.parse(ok(await get(`/surveys/${f.surveyId}/text-questions-responses`, 'quantri')));
    expect(admin.questions[0]).toMatchObject({ answered: 5, approved: 3, pending: 1, rejected: 1 });
    expect(admin.questions[0].texts.map((x) => x.text).sort()).toEqual(['Cô nhiệt tình', 'Lớp B rất vui', 'Thầy dạy rất dễ hiểu']);
    expect(admin.questions[0].texts.every((x) => x.submittedAt !== null)).toBe(true);
  });
});

describe('a head of department', () => {
  it('sees the department\'s classes with the anonymity rule, and its module figures', async () => {
    const c = ZCourseResults.parse(ok(await get(`/surveys/${f.surveyId}/course-results`, 'totruong.ly')));
    const by = new Map(c.items.map((i) => [i.courseClassId, i]));
    expect(by.get(f.classes.A)).toMatchObject({ hidden: false, score: 4 });
    expect(by.get(f.classes.B)!.hidden).toBe(true);
    expect(by.get(f.classes.C)!.hidden).toBe(true);
    const m = ok<{ scope: { kind: string }; teachers: Array<{ teacherId: number; hidden: boolean; n: number }>; overall: { n: number } }>(
      await get(`/surveys/modules/${f.moduleId}/results`, 'totruong.ly'),
    );
    expect(m.scope.kind).toBe('department');
    expect(m.overall.n).toBe(14);
    expect(m.teachers.map((x) => [x.teacherId, x.n, x.hidden]).sort()).toEqual([[f.T1, 9, false], [f.T2, 5, false]].sort());
    expect((await get(`/surveys/modules/${f.moduleId}/departments/${f.D}/average-score`, 'totruong.ly')).statusCode).toBe(200);
  });

  it('cannot read another department', async () => {
    const res = await get(`/surveys/${f.surveyId}/results?teacherId=${f.T1}`, 'gv.toan');
    expect(res.statusCode).toBe(403);
    expect((await get(`/surveys/modules/${f.moduleId}/departments/${f.D}/average-score`, 'gv.toan')).statusCode).toBe(403);
    const courses = ZCourseResults.parse(ok(await get(`/surveys/${f.surveyId}/course-results`, 'gv.toan')));
    expect(courses.items).toEqual([]);
  });
});

describe('school-wide roles', () => {
  it('see small classes unhidden', async () => {
    const r = ZSurveyResults.parse(ok(await get(`/surveys/${f.surveyId}/results?courseClassId=${f.classes.B}`, 'hieutruong')));
    expect(r).toMatchObject({ n: 3, hidden: false });
    expect(r.questions.find((q) => q.questionId === f.q.g1)!.mean).toBeCloseTo(4, 4);
  });
});

describe('roles per route', () => {
  const READ = ['quantri', 'dbcl', 'hieutruong', 'giaovu', 'gv.van', 'totruong.ly'];
  const SCHOOL = ['quantri', 'dbcl', 'hieutruong', 'giaovu'];
  const WRITE = ['quantri', 'dbcl'];
  const NEVER = ['ketoan', 'csvc', 'hs.an'];
  const routes = (): Array<[method: 'GET' | 'POST' | 'DELETE', url: string, allowed: string[], body?: object]> => [
    ['GET', `/surveys/${f.surveyId}/results`, READ],
    ['GET', `/surveys/${f.surveyId}/questions/${f.q.g1}/results`, READ],
    ['GET', `/surveys/${f.surveyId}/grid-questions`, SCHOOL],
    ['GET', `/surveys/${f.surveyId}/score-config`, READ],
    ['POST', `/surveys/${f.surveyId}/score-config`, WRITE, { questionIds: [f.q.g1, f.q.g2, f.q.g3, f.q.g4, f.q.g5] }],
    ['DELETE', `/surveys/${f.surveyId}/score-config`, WRITE],
    ['GET', `/surveys/${f.surveyId}/course-results`, READ],
    ['POST', `/surveys/${f.surveyId}/calculate-active-courses-results`, WRITE],
    ['GET', `/surveys/${f.surveyId}/active-courses-results`, READ],
    ['GET', `/surveys/${f.surveyId}/active-courses-results-filtered`, READ],
    ['GET', `/surveys/modules/${f.moduleId}/subjects/${f.subjectId}/active-courses-results`, READ],
    ['GET', `/surveys/modules/${f.moduleId}/teachers/${f.T1}/course-results`, READ],
    ['GET', `/surveys/modules/${f.moduleId}/teachers/${f.T1}/course-results/unfiltered`, READ],
    ['GET', `/surveys/modules/${f.moduleId}/teachers/${f.T1}/course-results-filtered`, READ],
    ['POST', `/surveys/modules/${f.moduleId}/calculate-results`, WRITE],
    ['GET', `/surveys/modules/${f.moduleId}/results`, [...SCHOOL, 'totruong.ly']],
    ['GET', `/surveys/modules/${f.moduleId}/results-filtered`, [...SCHOOL, 'totruong.ly']],
    ['GET', `/surveys/modules/${f.moduleId}/departments/${f.D}/average-score`, READ],
    ['POST', `/surveys/${f.surveyId}/calculate-results`, WRITE],
    ['POST', `/surveys/${f.surveyId}/calculate-grade-campus-results`, WRITE],
    ['GET', `/surveys/${f.surveyId}/grade-campus-results`, SCHOOL],
    ['POST', `/surveys/${f.surveyId}/toggle-auto-calculate`, WRITE, { enabled: false }],
    ['GET', '/surveys/cache/status', SCHOOL],
    ['POST', '/surveys/cache/toggle', WRITE, { enabled: true }],
    ['GET', `/surveys/${f.surveyId}/export-excel`, SCHOOL],
    ['GET', `/surveys/${f.surveyId}/text-questions-responses`, READ],
  ];

  it('answers the allowed roles and refuses the others with 403', async () => {
    for (const [method, url, allowed, body] of routes()) {
      for (const who of [...READ, ...NEVER]) {
        const res = await call(method, url, who, body);
        if (allowed.includes(who)) expect(res.statusCode, `${method} ${url} as ${who}: ${res.body}`).toBe(200);
        else {
          expect(res.statusCode, `${method} ${url} as ${who}`).toBe(403);
          expect(res.json().message).toBe(MSG.forbidden);
        }
      }
    }
  });

  it('writes are audited with who did them', async () => {
    const rows = await queryRows<{ entity: string; action: string; actor: number }>(t.database.db, sql`
      select entity, action, actor_id as actor from audit_logs where entity in ('score_config', 'survey_results', 'module_results', 'survey_auto_calculate', 'results_cache')`);
    const kinds = new Set(rows.map((r) => `${r.entity}:${r.action}`));
    for (const k of ['score_config:update', 'survey_results:calculate', 'module_results:calculate', 'survey_auto_calculate:update', 'results_cache:update']) expect(kinds).toContain(k);
    expect(rows.every((r) => r.actor !== null)).toBe(true);
  });
});
