import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { MIN_RESPONSES_SETTING, writeSetting } from './survey-results.repository';
import { ANSWERS, buildResultsFixture, type ResultsFixture } from './test-fixture';

/**
 * Issue 11: the results export (GET /surveys/{id}/export-excel) follows the response lists' rules for
 * everyone but ADMIN — no response id, no exact time, no straight-lining flag, describing columns only
 * where every group holds k — and on an open survey its rows and figures move in steps of k, so two
 * exports around one submission are the same file for quality assurance and the principal.
 */
let t: TestApp;
let f: ResultsFixture;
const tok: Record<string, string> = {};
const K = 5;

beforeAll(async () => {
  t = await createTestApp();
  for (const l of ['quantri', 'dbcl', 'hieutruong']) tok[l] = await t.tokenFor(l);
  f = await buildResultsFixture(t);
  await writeSetting(t.database.db, MIN_RESPONSES_SETTING, 3);
  const off = await t.app.inject({
    method: 'POST',
    url: '/api/v1/surveys/cache/toggle',
    headers: bearer(tok.quantri),
    payload: { enabled: false },
  });
  expect(off.statusCode).toBe(200);
});
afterAll(() => t.close());

async function workbook(surveyId: number, who: string) {
  const res = await t.app.inject({ url: `/api/v1/surveys/${surveyId}/export-excel`, headers: bearer(tok[who]) });
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}
const header = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map(String);
/** What a reader can compare between two exports: the figures and the rows (not the export time). */
const content = async (surveyId: number, who: string) => {
  const wb = await workbook(surveyId, who);
  return JSON.stringify([wb.getWorksheet('Tổng hợp')!.getSheetValues(), wb.getWorksheet('Phản hồi')!.getSheetValues()]);
};
const many = (n: number) => Array.from({ length: n }, (_, i) => ANSWERS.A[i % 4]);

describe('results export for staff other than ADMIN', () => {
  it('has no response id, time or straight-lining flag; ADMIN keeps them with the student', async () => {
    const qa = header((await workbook(f.surveyId, 'dbcl')).getWorksheet('Phản hồi')!);
    for (const col of ['Mã phản hồi', 'Thời gian gửi', 'Chọn cùng một mức', 'Mã học sinh', 'Họ và tên']) expect(qa).not.toContain(col);
    expect(qa).toContain('Ngày gửi');
    const admin = header((await workbook(f.surveyId, 'quantri')).getWorksheet('Phản hồi')!);
    for (const col of ['Mã phản hồi', 'Thời gian gửi', 'Chọn cùng một mức', 'Mã học sinh']) expect(admin).toContain(col);
  });

  it('a class under k shows neither its teachers, nor where its students are, nor the day', async () => {
    const s = await f.addSurvey([{ code: 'EX-S', name: 'Lớp nhỏ', teacherId: f.T1, answers: many(3) }]);
    const ws = (await workbook(s.surveyId, 'hieutruong')).getWorksheet('Phản hồi')!;
    const h = header(ws);
    expect(ws.rowCount).toBe(4);
    for (let i = 2; i <= ws.rowCount; i++) {
      const row = ws.getRow(i).values as unknown[];
      expect(row[h.indexOf('Lớp học phần') + 1]).toBe('Lớp nhỏ');
      for (const col of ['Giáo viên', 'Khối', 'Cơ sở', 'Lớp chủ nhiệm', 'Ngày gửi'])
        expect(row[h.indexOf(col) + 1] ?? null, col).toBeNull();
    }
  });

  it('attack: exports before and after one submission on an open survey are the same file for QA and the principal', async () => {
    const s = await f.addSurvey([{ code: 'EX-L', name: 'Lớp đang khảo sát', teacherId: f.T1, answers: many(6) }], false);
    const classId = s.classIds[0];
    let before = { dbcl: await content(s.surveyId, 'dbcl'), hieutruong: await content(s.surveyId, 'hieutruong') };
    const rows = async () => (await workbook(s.surveyId, 'dbcl')).getWorksheet('Phản hồi')!.rowCount - 1;
    expect(await rows()).toBe(5);
    const adminRows = async () => (await workbook(s.surveyId, 'quantri')).getWorksheet('Phản hồi')!.rowCount - 1;
    const students = f.students.slice(10, 16);
    for (let i = 0; i < students.length; i++) {
      await s.answer(classId, [f.T1], students[i], ANSWERS.A[(i + 1) % 6]);
      const total = 7 + i;
      const after = { dbcl: await content(s.surveyId, 'dbcl'), hieutruong: await content(s.surveyId, 'hieutruong') };
      if (total % K === 0) {
        expect(after.dbcl).not.toEqual(before.dbcl);
        expect(await rows()).toBe(total);
      } else {
        expect(after, `after response ${total}`).toEqual(before);
        expect(await rows()).toBe(Math.floor(total / K) * K);
      }
      // ADMIN reads every response, as it comes.
      expect(await adminRows()).toBe(total);
      before = after;
    }
  });
});
