import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { RESULTS_MSG, ZCourseResults, ZModuleResults, ZSurveyResults, type TQuestionResult } from '@app/shared/survey-results';
import { queryRows } from '@/db/client';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { MIN_RESPONSES_SETTING, writeSetting } from './survey-results.repository';
import { buildResultsFixture, type ResultsFixture } from './test-fixture';
import { TEXT_NOT_APPROVED } from './export.repository';

/**
 * Figures of the results fixture (test-fixture.ts), each worked out by hand from its answer table:
 *   g1 over all 14 responses: A 5,4,3,4,5,2 · B 4,3,5 · C 2,3,4,1,3
 *     counts 1:1 2:2 3:4 4:4 5:3; sum 48; mean 48/14; Σx² = 1+8+36+64+75 = 184;
 *     sample var = (184 − 48²/14)/13 = 1.494505…; SD 1.222500; median of 14 = (3+4)/2 = 3.5
 *   g2 (one "Không có ý kiến", a3): 13 numbers 2:2 3:4 4:5 5:2, sum 46, mean 46/13;
 *     Σx² = 8+36+80+50 = 174; var = (174 − 46²/13)/12 = 0.935897…; SD 0.967418; median (7th of 13) = 4
 *   class scores (every grid number): A 108/27 = 4, B 59/15, C 67/24; survey = their mean 3.575,
 *     SD between classes 0.679205
 *   filtered (min 4 responses per class): a5 and c2 straight-lined out, B (3) left out:
 *     A 83/22, C 52/19, survey (83/22 + 52/19)/2 = 3.254785; g1: 5,4,3,4,2,2,4,1,3 → 28/9
 */
let t: TestApp;
let f: ResultsFixture;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const l of ['quantri', 'dbcl', 'hieutruong', 'giaovu']) tok[l] = await t.tokenFor(l);
  f = await buildResultsFixture(t);
  await writeSetting(t.database.db, MIN_RESPONSES_SETTING, 4);
});
afterAll(() => t.close());

const get = (url: string, who = 'quantri') => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tok[who]) });
const post = (url: string, payload: object = {}, who = 'quantri') =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(tok[who]), payload });
const del = (url: string, who = 'quantri') => t.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: bearer(tok[who]) });
const data = <T = never>(res: { statusCode: number; body: string; json(): { data: unknown } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const byQ = (qs: TQuestionResult[], id: number) => qs.find((q) => q.questionId === id)!;
const count = (q: TQuestionResult, value: string) => q.options.find((o) => o.value === value)?.count;

describe('question results', () => {
  it('counts every option, averages only numbers, with sample SD and median (hand-computed)', async () => {
    const r = ZSurveyResults.parse(data(await get(`/surveys/${f.surveyId}/results`)));
    expect(r).toMatchObject({
      n: 14,
      stored: false,
      hidden: false,
      scope: { kind: 'school' },
      filter: { filtered: false, minResponses: 4, minGroupSize: 5 },
    });
    const g1 = byQ(r.questions, f.q.g1);
    expect(g1).toMatchObject({ answered: 14, answerN: 14, noOpinion: 0, inScore: true, questionType: 'grid', content: 'Tiêu chí 1' });
    expect(['1', '2', '3', '4', '5', 'None'].map((v) => count(g1, v))).toEqual([1, 2, 4, 4, 3, 0]);
    expect(g1.mean).toBeCloseTo(48 / 14, 4);
    expect(g1.stdDev).toBeCloseTo(1.2225, 4);
    expect(g1.median).toBe(3.5);
    expect(g1.options.find((o) => o.value === '3')!.percent).toBeCloseTo((4 / 14) * 100, 3);

    // "Không có ý kiến" is counted and shown, never averaged.
    const g2 = byQ(r.questions, f.q.g2);
    expect(g2).toMatchObject({ answered: 14, answerN: 13, noOpinion: 1 });
    expect(count(g2, 'None')).toBe(1);
    expect(g2.options.find((o) => o.value === 'None')).toMatchObject({ label: 'Không có ý kiến', valueNumber: null });
    expect(g2.mean).toBeCloseTo(46 / 13, 4);
    expect(g2.stdDev).toBeCloseTo(0.967418, 4);
    expect(g2.median).toBe(4);

    // Linear scale: 1:2 2:2 3:3 4:3 5:4, sum 47; Σx² = 185; var = (185 − 47²/14)/13; median (3+4)/2.
    const ls = byQ(r.questions, f.q.ls);
    expect(['1', '2', '3', '4', '5'].map((v) => count(ls, v))).toEqual([2, 2, 3, 3, 4]);
    expect(ls.mean).toBeCloseTo(47 / 14, 4);
    expect(ls.stdDev).toBeCloseTo(Math.sqrt((185 - (47 * 47) / 14) / 13), 4);
    expect(ls.median).toBe(3.5);
    expect(ls.inScore).toBe(false);

    // Choices: counts and shares, no mean. A: 7 of 14.
    const mc = byQ(r.questions, f.q.mc);
    expect(['A', 'B', 'C'].map((v) => count(mc, v))).toEqual([7, 4, 3]);
    expect(mc.options[0].percent).toBe(50);
    expect(mc.mean).toBeNull();
    // Text: only the count (texts come from text-questions-responses, after review).
    expect(byQ(r.questions, f.q.tx)).toMatchObject({ answered: 5, options: [], mean: null });

    expect(r.score).toMatchObject({ n: 14, classCount: 3, answerN: 66 });
    expect(r.score.score).toBeCloseTo(3.575, 4);
    expect(r.score.sd).toBeCloseTo(0.679205, 4);
  });

  it('filtered leaves out straight-lined responses and classes under the minimum, and says so', async () => {
    const r = ZSurveyResults.parse(data(await get(`/surveys/${f.surveyId}/results?filtered=true`)));
    expect(r.n).toBe(9);
    expect(r.filter).toEqual({ filtered: true, minResponses: 4, minGroupSize: 5, straightLinedExcluded: 2, classesExcluded: 1 });
    const g1 = byQ(r.questions, f.q.g1);
    expect(g1.answered).toBe(9);
    expect(g1.mean).toBeCloseTo(28 / 9, 4);
    expect(r.score.score).toBeCloseTo((83 / 22 + 52 / 19) / 2, 4);
  });

  it('one question with its breakdown per course class', async () => {
    const r = data<{ question: TQuestionResult; breakdownBy: string; breakdown: Array<{ key: string; n: number; mean: number }> }>(
      await get(`/surveys/${f.surveyId}/questions/${f.q.g1}/results`),
    );
    expect(r.question.mean).toBeCloseTo(48 / 14, 4);
    expect(r.breakdownBy).toBe('courseClass');
    const b = new Map(r.breakdown.map((x) => [Number(x.key), x]));
    expect(b.get(f.classes.A)!.n).toBe(6);
    expect(b.get(f.classes.A)!.mean).toBeCloseTo(23 / 6, 4);
    expect(b.get(f.classes.B)!.mean).toBeCloseTo(4, 4);
    expect(b.get(f.classes.C)!.mean).toBeCloseTo(13 / 5, 4);
    expect((await get(`/surveys/${f.surveyId}/questions/999999/results`)).statusCode).toBe(404);
  });
});

describe('course classes and score config', () => {
  it('scores each class with n, SD and median; filtered marks the class under the minimum', async () => {
    const r = ZCourseResults.parse(data(await get(`/surveys/${f.surveyId}/course-results`)));
    const by = new Map(r.items.map((i) => [i.courseClassId, i]));
    expect(by.get(f.classes.A)).toMatchObject({
      n: 6,
      totalResponses: 6,
      straightLined: 1,
      answerN: 27,
      score: 4,
      median: 4,
      belowMinimum: false,
      excluded: false,
    });
    expect(by.get(f.classes.A)!.sd).toBeCloseTo(Math.sqrt(24 / 26), 4); // Σx² 456, (456 − 108²/27)/26
    expect(by.get(f.classes.B)!.score).toBeCloseTo(59 / 15, 4);
    expect(by.get(f.classes.C)!.score).toBeCloseTo(67 / 24, 4);
    expect(r.summary.score).toBeCloseTo(3.575, 4);

    const fr = ZCourseResults.parse(data(await get(`/surveys/${f.surveyId}/active-courses-results-filtered`)));
    const fb = new Map(fr.items.map((i) => [i.courseClassId, i]));
    expect(fb.get(f.classes.A)).toMatchObject({ n: 5, excluded: false });
    expect(fb.get(f.classes.A)!.score).toBeCloseTo(83 / 22, 4);
    expect(fb.get(f.classes.B)).toMatchObject({
      excluded: true,
      belowMinimum: true,
      score: null,
      excludedReason: RESULTS_MSG.belowMinimum(4),
    });
    expect(fr.summary).toMatchObject({ classCount: 2, n: 9 });
  });

  it('a score config changes the score and recomputes straight-lining; deleting it restores both', async () => {
    const url = `/surveys/${f.surveyId}/score-config`;
    const grid = data<{ items: Array<{ questionId: number; inScoreConfig: boolean }> }>(await get(`/surveys/${f.surveyId}/grid-questions`));
    expect(grid.items.map((i) => i.questionId)).toEqual([f.q.g1, f.q.g2, f.q.g3, f.q.g4, f.q.g5, f.q.ls]);
    expect(grid.items.filter((i) => i.inScoreConfig)).toHaveLength(5);

    expect((await post(url, { questionId: f.q.mc })).statusCode).toBe(400); // not a numbered question
    const cfg = data<{ questionIds: number[]; straightLinedCount: number; isDefault: boolean }>(await post(url, { questionId: f.q.g1 }));
    expect(cfg).toMatchObject({ questionIds: [f.q.g1], isDefault: false, straightLinedCount: 0 }); // one scored answer can't be straight-lined
    const r = ZCourseResults.parse(data(await get(`/surveys/${f.surveyId}/course-results`)));
    const by = new Map(r.items.map((i) => [i.courseClassId, i]));
    expect(by.get(f.classes.A)!.score).toBeCloseTo(23 / 6, 4); // g1 of A: 5+4+3+4+5+2
    expect(by.get(f.classes.C)!.score).toBeCloseTo(13 / 5, 4);

    const back = data<{ questionIds: number[]; straightLinedCount: number; isDefault: boolean }>(await del(url));
    expect(back).toMatchObject({ questionIds: [], isDefault: true, straightLinedCount: 2 });
    const again = ZCourseResults.parse(data(await get(`/surveys/${f.surveyId}/course-results`)));
    expect(again.items.find((i) => i.courseClassId === f.classes.A)!.score).toBe(4);
    const logs = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from audit_logs where entity = 'score_config' and entity_id = ${String(f.surveyId)}`,
    );
    expect(logs[0].n).toBe(2);
  });
});

describe('stored results, module, grade×campus', () => {
  it('calculate-results stores the figures; GET reads them and says when newer answers exist', async () => {
    const calc = data<{ responseCount: number; kinds: string[] }>(await post(`/surveys/${f.surveyId}/calculate-results`, {}, 'dbcl'));
    expect(calc).toMatchObject({ responseCount: 14, kinds: ['questions', 'course_classes', 'grade_campus'] });
    const r = ZSurveyResults.parse(data(await get(`/surveys/${f.surveyId}/results`, 'hieutruong')));
    expect(r).toMatchObject({ stored: true, stale: false, n: 14 });
    expect(byQ(r.questions, f.q.g1).mean).toBeCloseTo(48 / 14, 4);
    const audit = await queryRows<{ actor: number }>(
      t.database.db,
      sql`select actor_id as actor from audit_logs where entity = 'survey_results' and action = 'calculate' and entity_id = ${String(f.surveyId)}`,
    );
    expect(audit).toHaveLength(1);
  });

  it('grade×campus pools answers and shows the response rate', async () => {
    const res = await post(`/surveys/${f.surveyId}/calculate-grade-campus-results`);
    expect(res.statusCode).toBe(200);
    const r = data<{
      items: Array<{ grade: number; campusId: number; n: number; eligible: number; responseRate: number; score: number; answerN: number }>;
      stored: boolean;
    }>(await get(`/surveys/${f.surveyId}/grade-campus-results`, 'giaovu'));
    expect(r.stored).toBe(true);
    const cell = r.items.find((i) => i.grade === 10 && i.campusId === f.campusId)!;
    expect(cell).toMatchObject({ n: 14, eligible: 14, responseRate: 100, answerN: 66 });
    expect(cell.score).toBeCloseTo(234 / 66, 4); // 108 + 59 + 67 over 27 + 15 + 24 numbers
    const missing = await get('/surveys/999999/grade-campus-results');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: RESULTS_MSG.surveyNotFound });
  });

  it('module results aggregate course classes per teacher, department and subject', async () => {
    const live = ZModuleResults.parse(data(await get(`/surveys/modules/${f.moduleId}/results`)));
    expect(live.stored).toBe(false);
    expect(live.overall).toMatchObject({ n: 14, classCount: 3 });
    expect(live.overall.score).toBeCloseTo(3.575, 4);
    const t1 = live.teachers.find((x) => x.teacherId === f.T1)!;
    expect(t1).toMatchObject({ n: 9, classCount: 2 });
    expect(t1.score).toBeCloseTo((4 + 59 / 15) / 2, 4);
    expect(live.teachers.find((x) => x.teacherId === f.T2)!.score).toBeCloseTo(67 / 24, 4);
    expect(live.departments.find((d) => d.departmentId === f.D)!.score).toBeCloseTo(3.575, 4);
    expect(live.subjects.find((s) => s.subjectId === f.subjectId)!.classCount).toBe(3);

    expect((await post(`/surveys/modules/${f.moduleId}/calculate-results`)).statusCode).toBe(200);
    const stored = ZModuleResults.parse(data(await get(`/surveys/modules/${f.moduleId}/results-filtered`, 'hieutruong')));
    expect(stored).toMatchObject({ stored: true, stale: false, overall: { n: 9, classCount: 2 } });
    expect(stored.overall.score).toBeCloseTo((83 / 22 + 52 / 19) / 2, 4);

    const dept = data<{ department: { score: number; n: number }; teachers: unknown[]; school: { n: number } }>(
      await get(`/surveys/modules/${f.moduleId}/departments/${f.D}/average-score`),
    );
    expect(dept.department.n).toBe(14);
    expect(dept.department.score).toBeCloseTo(3.575, 4);
    expect(dept.teachers).toHaveLength(2);
  });
});

describe('export', () => {
  async function open(who: string) {
    const res = await get(`/surveys/${f.surveyId}/export-excel`, who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb;
  }
  const header = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map(String);

  it('has a summary per question and one row per response; student identity only for ADMIN', async () => {
    const wb = await open('quantri');
    const sum = wb.getWorksheet('Tổng hợp')!;
    const h = header(sum);
    const row = sum.getRow(2).values as unknown[];
    expect(row[h.indexOf('Câu hỏi') + 1]).toBe('Tiêu chí 1');
    expect(row[h.indexOf('Số trả lời (n)') + 1]).toBe(14);
    expect(Number(row[h.indexOf('Điểm trung bình') + 1])).toBeCloseTo(48 / 14, 4);
    expect(Number(row[h.indexOf('Độ lệch chuẩn (mẫu)') + 1])).toBeCloseTo(1.2225, 4);
    expect(String(row[h.indexOf('Phân bố') + 1])).toContain('Phân vân: 4 (28.5714%)');
    const resp = wb.getWorksheet('Phản hồi')!;
    expect(resp.rowCount).toBe(15);
    expect(header(resp)).toContain('Mã học sinh');
    const codes = await queryRows<{ code: string }>(
      t.database.db,
      sql`select student_code as code from students where id = ${f.students[0].id}`,
    );
    const all = JSON.stringify(resp.getSheetValues());
    expect(all).toContain(codes[0].code);

    const qa = await open('dbcl');
    const rh = header(qa.getWorksheet('Phản hồi')!);
    expect(rh).not.toContain('Mã học sinh');
    expect(rh).not.toContain('Họ và tên');
    expect(JSON.stringify(qa.getWorksheet('Phản hồi')!.getSheetValues())).not.toContain(codes[0].code);
    expect(rh.some((x) => x.startsWith('Câu 1. Tiêu chí 1'))).toBe(true);
  });

  it('gives free text to the reviewers whatever its review, and to other staff only once approved', async () => {
    const cells = async (who: string) => JSON.stringify((await open(who)).getWorksheet('Phản hồi')!.getSheetValues());
    for (const reviewer of ['quantri', 'dbcl']) {
      const all = await cells(reviewer);
      expect(all).toContain('Thầy dạy rất dễ hiểu');
      expect(all).toContain('Cần thêm bài tập');
      expect(all).toContain('Bị từ chối');
    }
    const principal = await cells('hieutruong');
    expect(principal).toContain('Thầy dạy rất dễ hiểu');
    expect(principal).not.toContain('Cần thêm bài tập');
    expect(principal).not.toContain('Bị từ chối');
    expect(principal).toContain(TEXT_NOT_APPROVED);
  });
});
