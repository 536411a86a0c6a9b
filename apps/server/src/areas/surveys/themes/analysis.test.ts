import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeSurvey } from '@app/shared/survey-fixtures';
import type { TAnalyzeResult, TResponseDetailCode, TSurveyText, TThemeSummary } from '@app/shared/theme-codes';
import { queryRows } from '@/db/client';
import { courseClasses, students, teachers } from '@/db/schema/school';
import { responseDetails, responseReviews, surveyResponses } from '@/db/schema/survey-responses';
import { readSheet } from '@/lib/xlsx';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { uniq } from '@/test/uniq';
import { currentModuleId, insertTestSurvey } from '@/test/surveys';
import { opaqueIds } from '../core/opaque-id';

/**
 * analyze-survey on a fixture: texts with and without diacritics, "Khác" texts, and pending and
 * rejected texts that must never be tagged or shown. Test codes carry their own keywords, so the
 * expected counts do not depend on the seeded starting set (checked separately at the end).
 */
let t: TestApp;
const tok: Record<string, string> = {};
let survey: { id: number; qid: (old: number) => number };
let otherSurveyId: number;
let teacherA: number;
let teacherB: number;
const code: Record<'easy' | 'fast' | 'submit' | 'lab', { id: number; name: string }> = {} as never;
let themeId: number;
/** Detail ids by fixture label (for the tables), and their tokens (what the API sends and takes: core/opaque-id.ts). */
const detail: Record<string, number> = {};
const token: Record<string, number> = {};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/theme-codes${url}`,
    headers: bearer(token),
    payload: payload as object | undefined,
  });
  return { status: res.statusCode, body: res.json(), res };
}

type Answer = { label: string; q: number; text?: string; other?: string; status?: 'approved' | 'pending' | 'rejected' };

/** One response of a demo student about a course class, its answers stored as the submission would store them. */
async function respond(
  surveyId: number,
  qid: (n: number) => number,
  studentId: number,
  courseClassId: number,
  teacherIds: number[],
  answers: Answer[],
) {
  const db = t.database.db;
  const [s] = await db.select({ grade: students.grade, campusId: students.campusId }).from(students).where(eq(students.id, studentId));
  const [r] = await db
    .insert(surveyResponses)
    .values({ surveyId, studentId, courseClassId, teacherIds, studentGrade: s.grade, campusId: s.campusId })
    .returning();
  for (const a of answers) {
    const [d] = await db
      .insert(responseDetails)
      .values(
        a.other !== undefined
          ? { responseId: r.id, questionId: qid(a.q), answerOptions: ['other'], otherValue: a.other }
          : { responseId: r.id, questionId: qid(a.q), answerText: a.text },
      )
      .returning();
    const status = a.status ?? 'approved';
    await db.insert(responseReviews).values({ responseDetailId: d.id, status, reviewedAt: status === 'pending' ? null : new Date() });
    detail[a.label] = d.id;
    token[a.label] = (await opaqueIds(db)).encode('detail', d.id);
  }
}

beforeAll(async () => {
  // k = 1: these tests are about the review and the themes, not the release of an open survey's texts in
  // steps of MIN_GROUP_SIZE (their fixture survey is open); that rule has its own test, text-reviews/live-release.test.ts.
  t = await createTestApp({ MIN_GROUP_SIZE: '1' });
  for (const l of ['quantri', 'dbcl', 'hieutruong', 'gv.toan', 'hs.an', 'giaovu']) tok[l] = await t.tokenFor(l);
  const db = t.database.db;
  const mod = { id: await currentModuleId(db) };
  const [cls] = await db.select().from(courseClasses).where(eq(courseClasses.moduleId, mod.id)).limit(1);
  [teacherA, teacherB] = (await db.select({ id: teachers.id }).from(teachers).limit(2)).map((x) => x.id);
  const studentIds = (await db.select({ id: students.id }).from(students).limit(6)).map((x) => x.id);

  const made = await insertTestSurvey(db, makeSurvey({ title: uniq('Khảo sát phân tích '), moduleId: mod.id, subjectId: cls.subjectId }));
  survey = { id: made.survey.id, qid: made.qid };
  // 101 short text, 102 long text, 103 multiple choice with "Khác", 105 checkbox with "Khác".
  await respond(
    survey.id,
    made.qid,
    studentIds[0],
    cls.id,
    [teacherA],
    [
      { label: 'easyFast', q: 101, text: 'Thầy giảng dễ hiểu, nhưng nói nhanh quá.' },
      { label: 'plainEasy', q: 102, text: 'thay giang de hieu, em rat thich' },
      { label: 'otherLab', q: 103, other: 'Phòng LAB cũ quá' },
    ],
  );
  await respond(
    survey.id,
    made.qid,
    studentIds[1],
    cls.id,
    [teacherA],
    [
      { label: 'submit', q: 101, text: 'LMS lỗi hoài, em không nộp được bài. LMS lỗi!' },
      { label: 'labo', q: 102, text: 'Phòng labo không đủ dụng cụ' },
      { label: 'nothing', q: 105, other: 'Không có ý kiến gì thêm' },
    ],
  );
  await respond(
    survey.id,
    made.qid,
    studentIds[2],
    cls.id,
    [teacherB],
    [
      { label: 'decomposed', q: 101, text: 'Cô gia\u0309ng dê\u0303 hiê\u0309u và NÓI NHANH' },
      { label: 'pending', q: 102, text: 'giảng dễ hiểu', status: 'pending' },
      { label: 'rejected', q: 103, other: 'nói nhanh, đồ ngốc', status: 'rejected' },
    ],
  );
  const other = await insertTestSurvey(db, makeSurvey({ title: uniq('Khảo sát khác '), moduleId: mod.id, subjectId: cls.subjectId }));
  otherSurveyId = other.survey.id;
  await respond(other.survey.id, other.qid, studentIds[3], cls.id, [teacherB], [{ label: 'elsewhere', q: 101, text: 'giảng dễ hiểu lắm' }]);

  const theme = await call('POST', '/themes', tok.dbcl, { name: uniq('Chủ đề thử '), description: null });
  themeId = theme.body.data.id;
  const mk = async (key: keyof typeof code, keywords: string[]) => {
    const r = await call('POST', '/codes', tok.dbcl, { name: uniq(`Mã ${key} `), keywords, themeIds: [themeId] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    code[key] = { id: r.body.data.id, name: r.body.data.name };
  };
  await mk('easy', ['giảng dễ hiểu']);
  await mk('fast', ['nói nhanh']);
  await mk('submit', ['không nộp được bài', 'LMS lỗi']);
  await mk('lab', ['lab']);
});
afterAll(() => t.close());

const codeCount = (s: TThemeSummary, id: number) => s.themes.flatMap((x) => x.codes).find((c) => c.codeId === id)?.count;
const ourTheme = (s: TThemeSummary) => s.themes.find((x) => x.themeId === themeId)!;

describe('POST /theme-codes/analyze-survey/{id}', () => {
  it('tags approved texts by keywords, with or without diacritics, on word boundaries', async () => {
    const r = await call('POST', `/analyze-survey/${survey.id}`, tok.dbcl);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const data = r.body.data as TAnalyzeResult;
    expect(data.surveyId).toBe(survey.id);
    // 7 approved texts; pending and rejected ones are not analysed.
    expect(data.totalTexts).toBe(7);
    expect(codeCount(data, code.easy.id)).toBe(3); // composed, without diacritics, decomposed
    expect(codeCount(data, code.fast.id)).toBe(2); // "nói nhanh", "NÓI NHANH" (the rejected one is left out)
    expect(codeCount(data, code.submit.id)).toBe(1); // two keywords, three hits, one text
    expect(codeCount(data, code.lab.id)).toBe(1); // "LAB", not "labo"
    expect(ourTheme(data).count).toBe(5); // each text once per theme
    expect(data.manualTags).toBe(0);
    expect(data.autoTags).toBeGreaterThanOrEqual(7);
    expect(data.newAutoTags).toBe(data.autoTags);
    expect(r.body.message).toContain('7 câu trả lời');
    const easy = ourTheme(data).codes.find((c) => c.codeId === code.easy.id)!;
    expect(easy.examples.length).toBeLessThanOrEqual(3);
    expect(easy.examples).not.toContain('giảng dễ hiểu'); // the pending one

    const tags = await queryRows<{ d: number; c: number; source: string; kw: string }>(
      t.database.db,
      sql`select response_detail_id as d, code_id as c, source, matched_keyword as kw from response_detail_codes
          where code_id in (${code.easy.id}, ${code.fast.id}, ${code.submit.id}, ${code.lab.id}) order by d, c`,
    );
    const of = (label: string) =>
      tags
        .filter((x) => Number(x.d) === detail[label])
        .map((x) => Number(x.c))
        .sort();
    expect(of('easyFast')).toEqual([code.easy.id, code.fast.id].sort());
    expect(of('plainEasy')).toEqual([code.easy.id]);
    expect(of('otherLab')).toEqual([code.lab.id]);
    expect(of('labo')).toEqual([]);
    expect(of('nothing')).toEqual([]);
    expect(of('pending')).toEqual([]);
    expect(of('rejected')).toEqual([]);
    expect(of('elsewhere')).toEqual([]); // another survey
    // The first keyword found in the text is the one recorded.
    expect(tags.find((x) => Number(x.d) === detail.submit)).toMatchObject({ source: 'auto', kw: 'LMS lỗi' });

    // Running again changes nothing.
    const again = (await call('POST', `/analyze-survey/${survey.id}`, tok.dbcl)).body.data as TAnalyzeResult;
    expect(again.newAutoTags).toBe(0);
    expect(again.removedAutoTags).toBe(0);
    expect(codeCount(again, code.easy.id)).toBe(3);
  });

  it('keeps manual tags through re-analysis and replaces only automatic ones', async () => {
    await call('POST', `/analyze-survey/${survey.id}`, tok.dbcl);
    // A person confirms an automatic tag (it becomes manual) and adds one the keywords missed.
    const confirm = await call('POST', '/response-details', tok.dbcl, { responseDetailId: token.easyFast, codeId: code.easy.id });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    expect(confirm.body.data).toMatchObject({ source: 'manual', matchedKeyword: null, text: 'Thầy giảng dễ hiểu, nhưng nói nhanh quá.' });
    const added = await call('POST', '/response-details', tok.quantri, { responseDetailId: token.labo, codeId: code.lab.id });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Đã gắn mã cho câu trả lời.');
    expect((await call('POST', '/response-details', tok.quantri, { responseDetailId: token.labo, codeId: code.lab.id })).status).toBe(409);

    // The code loses its keyword: automatic tags go, the manual one stays.
    const put = await call('PUT', `/codes/${code.easy.id}`, tok.dbcl, { name: code.easy.name, keywords: [] });
    expect(put.status).toBe(200);
    const run = (await call('POST', `/analyze-survey/${survey.id}`, tok.dbcl)).body.data as TAnalyzeResult;
    expect(codeCount(run, code.easy.id)).toBe(1);
    expect(codeCount(run, code.lab.id)).toBe(2); // auto on "LAB" + manual on "labo"
    expect(run.manualTags).toBe(2);
    expect(run.removedAutoTags).toBe(2);
    const list = await call('GET', `/codes/${code.easy.id}/response-details`, tok.hieutruong);
    expect(list.body.data.items.map((x: TResponseDetailCode) => [x.responseDetailId, x.source])).toEqual([[token.easyFast, 'manual']]);

    await call('PUT', `/codes/${code.easy.id}`, tok.dbcl, { name: code.easy.name, keywords: ['giảng dễ hiểu'] });
    const back = (await call('POST', `/analyze-survey/${survey.id}`, tok.dbcl)).body.data as TAnalyzeResult;
    expect(codeCount(back, code.easy.id)).toBe(3);
  });

  it('never tags, lists or counts a pending or rejected text, and follows a later decision', async () => {
    const texts = await call('GET', `/survey/${survey.id}/response-details?limit=100`, tok.hieutruong);
    expect(texts.status).toBe(200);
    const ids = texts.body.data.items.map((x: TSurveyText) => x.responseDetailId);
    expect(ids).toHaveLength(7);
    expect(ids).not.toContain(token.pending);
    expect(ids).not.toContain(token.rejected);
    expect(JSON.stringify(texts.body)).not.toMatch(/student|fullName|studentCode/i);
    const khac = texts.body.data.items.find((x: TSurveyText) => x.responseDetailId === token.otherLab);
    expect(khac).toMatchObject({ kind: 'other', text: 'Phòng LAB cũ quá', questionContent: 'Câu hỏi 103' });
    const pendingTag = await call('POST', '/response-details', tok.dbcl, { responseDetailId: token.pending, codeId: code.easy.id });
    expect(pendingTag.status).toBe(400);
    expect(pendingTag.body.message).toBe('Chỉ gắn mã cho câu trả lời đã được duyệt.');

    // The review approves the pending text: the next analysis tags it.
    const db = t.database.db;
    await db
      .update(responseReviews)
      .set({ status: 'approved', reviewedAt: new Date() })
      .where(eq(responseReviews.responseDetailId, detail.pending));
    let run = (await call('POST', `/analyze-survey/${survey.id}`, tok.dbcl)).body.data as TAnalyzeResult;
    expect(run.totalTexts).toBe(8);
    expect(codeCount(run, code.easy.id)).toBe(4);
    // Then a reviewer rejects it after all: it disappears from the counts at once, and its tag goes on the next run.
    await db.update(responseReviews).set({ status: 'rejected' }).where(eq(responseReviews.responseDetailId, detail.pending));
    const summary = (await call('GET', `/summary?surveyId=${survey.id}`, tok.hieutruong)).body.data as TThemeSummary;
    expect(codeCount(summary, code.easy.id)).toBe(3);
    run = (await call('POST', `/analyze-survey/${survey.id}`, tok.dbcl)).body.data as TAnalyzeResult;
    expect(run.removedAutoTags).toBeGreaterThanOrEqual(1);
    const left = await queryRows(t.database.db, sql`select 1 from response_detail_codes where response_detail_id = ${detail.pending}`);
    expect(left).toHaveLength(0);
  });

  it('counts per survey, module and teacher and lists texts by code, survey and filters', async () => {
    await call('POST', `/analyze-survey/${otherSurveyId}`, tok.quantri);
    const [{ moduleId }] = await queryRows<{ moduleId: number }>(
      t.database.db,
      sql`select module_id as "moduleId" from surveys where id = ${survey.id}`,
    );
    const bySurvey = (await call('GET', `/summary?surveyId=${survey.id}`, tok.dbcl)).body.data as TThemeSummary;
    const byModule = (await call('GET', `/summary?moduleId=${moduleId}`, tok.dbcl)).body.data as TThemeSummary;
    const byTeacherA = (await call('GET', `/summary?surveyId=${survey.id}&teacherId=${teacherA}`, tok.dbcl)).body.data as TThemeSummary;
    const byTeacherB = (await call('GET', `/summary?moduleId=${moduleId}&teacherId=${teacherB}`, tok.dbcl)).body.data as TThemeSummary;
    expect(codeCount(bySurvey, code.easy.id)).toBe(3);
    expect(codeCount(byModule, code.easy.id)).toBe(4); // + the other survey of the module
    expect(byModule.totalTexts).toBeGreaterThanOrEqual(bySurvey.totalTexts + 1);
    expect(codeCount(byTeacherA, code.easy.id)).toBe(2);
    expect(byTeacherA.totalTexts).toBe(6);
    expect(codeCount(byTeacherB, code.easy.id)).toBe(2); // decomposed + the other survey
    expect(codeCount(byTeacherB, code.fast.id)).toBe(1);
    // Every theme and code is listed, with 0 too.
    expect(bySurvey.themes.find((x) => x.themeName === 'Cơ sở vật chất')).toBeDefined();

    const byCode = await call('GET', `/response-details?codeId=${code.easy.id}&moduleId=${moduleId}&limit=2&page=1`, tok.hieutruong);
    expect(byCode.body.data.total).toBe(4);
    expect(byCode.body.data.items).toHaveLength(2);
    const searched = await call(
      'GET',
      `/response-details?codeId=${code.easy.id}&surveyId=${survey.id}&search=${encodeURIComponent('co giang')}`,
      tok.dbcl,
    );
    expect(searched.body.data.items.map((x: TResponseDetailCode) => x.responseDetailId)).toEqual([token.decomposed]);
    expect(searched.body.data.items[0].teacherNames).toHaveLength(1);
    const byTheme = await call('GET', `/response-details?themeId=${themeId}&surveyId=${survey.id}&source=auto&limit=100`, tok.dbcl);
    expect(byTheme.body.data.items.every((x: TResponseDetailCode) => x.source === 'auto')).toBe(true);
    const untagged = await call('GET', `/survey/${survey.id}/response-details?untagged=true&limit=100`, tok.dbcl);
    expect(untagged.body.data.items.map((x: TSurveyText) => x.responseDetailId)).toContain(token.nothing);
    const withCode = await call('GET', `/survey/${survey.id}/response-details?codeId=${code.lab.id}`, tok.dbcl);
    expect(withCode.body.data.items.map((x: TSurveyText) => x.responseDetailId).sort()).toEqual([token.otherLab, token.labo].sort());
    expect((await call('GET', '/survey/999999/response-details', tok.dbcl)).status).toBe(404);
  });

  it('exports the counts as xlsx with the filters', async () => {
    const res = await t.app.inject({ url: `/api/v1/theme-codes/summary/export?surveyId=${survey.id}`, headers: bearer(tok.hieutruong) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Phan-tich-chu-de');
    const sheet = await readSheet(res.rawPayload, 'x.xlsx');
    expect(sheet.rows[0].values).toMatchObject({ 'Chủ đề': 'Tổng số câu trả lời đã duyệt', 'Số câu trả lời': '7' });
    const easyRow = sheet.rows.find((r) => r.values['Mã'] === code.easy.name)!;
    expect(easyRow.values['Số câu trả lời']).toBe('3');
    expect(easyRow.values['Tỉ lệ (%)']).toBe('42.9');
    const texts = await t.app.inject({
      url: `/api/v1/theme-codes/response-details/export?codeId=${code.lab.id}`,
      headers: bearer(tok.dbcl),
    });
    const rows = (await readSheet(texts.rawPayload, 'x.xlsx')).rows;
    expect(rows.map((r) => r.values['Câu trả lời']).sort()).toEqual(['Phòng LAB cũ quá', 'Phòng labo không đủ dụng cụ']);
    expect(Object.keys(rows[0].values)).not.toContain('Học sinh');
  });

  it('lets ADMIN and QUALITY_ASSURANCE analyse and tag, the principal read, and refuses everyone else', async () => {
    for (const who of ['hieutruong', 'gv.toan', 'hs.an', 'giaovu']) {
      expect((await call('POST', `/analyze-survey/${survey.id}`, tok[who])).status, who).toBe(403);
      expect(
        (await call('POST', '/response-details', tok[who], { responseDetailId: token.nothing, codeId: code.lab.id })).status,
        who,
      ).toBe(403);
    }
    for (const who of ['gv.toan', 'hs.an', 'giaovu']) {
      expect((await call('GET', `/summary?surveyId=${survey.id}`, tok[who])).status, who).toBe(403);
      expect((await call('GET', `/survey/${survey.id}/response-details`, tok[who])).status, who).toBe(403);
      expect((await call('GET', `/codes/${code.lab.id}/response-details`, tok[who])).status, who).toBe(403);
    }
    expect((await call('POST', '/analyze-survey/999999', tok.dbcl)).status).toBe(404);
  });

  it('edits and deletes a tag, audited without the text', async () => {
    const made = await call('POST', '/response-details', tok.dbcl, { responseDetailId: token.nothing, codeId: code.fast.id });
    const id = made.body.data.id as number;
    const got = await call('GET', `/response-details/${id}`, tok.hieutruong);
    expect(got.body.data).toMatchObject({ id, codeId: code.fast.id, text: 'Không có ý kiến gì thêm', kind: 'other' });
    const moved = await call('PUT', `/response-details/${id}`, tok.dbcl, { codeId: code.submit.id });
    expect(moved.body).toMatchObject({ message: 'Đã đổi mã của câu trả lời.', data: { codeId: code.submit.id, source: 'manual' } });
    const clash = await call('POST', '/response-details', tok.dbcl, { responseDetailId: token.nothing, codeId: code.fast.id });
    expect((await call('PUT', `/response-details/${clash.body.data.id}`, tok.dbcl, { codeId: code.submit.id })).status).toBe(409);
    expect((await call('POST', '/response-details', tok.dbcl, { responseDetailId: token.nothing, codeId: 999999 })).body.message).toBe(
      'Mã đã chọn không tồn tại.',
    );
    const del = await call('DELETE', `/response-details/${id}`, tok.dbcl);
    expect(del.body.message).toBe('Đã bỏ mã khỏi câu trả lời.');
    expect((await call('GET', `/response-details/${id}`, tok.dbcl)).status).toBe(404);
    const logs = await queryRows<{ entry: string }>(
      t.database.db,
      sql`select cast(before as text) || ' ' || cast(after as text) as entry from audit_logs where entity in ('response_detail_code', 'survey_theme_codes')`,
    );
    expect(logs.length).toBeGreaterThan(5);
    // Keywords are configuration and may appear; the answers themselves never do.
    expect(logs.some((l) => /ý kiến gì|Thầy giảng|hoài|labo|LAB cũ/.test(l.entry))).toBe(false);
  });
});

describe('the seeded starting set', () => {
  it('tags common student phrasing into the six starting themes', async () => {
    const run = (await call('POST', `/analyze-survey/${survey.id}`, tok.dbcl)).body.data as TAnalyzeResult;
    const seeded = (theme: string, codeName: string) =>
      run.themes.find((x) => x.themeName === theme)?.codes.find((c) => c.codeName === codeName)?.count;
    expect(seeded('Phương pháp giảng dạy', 'Giảng dễ hiểu')).toBe(3);
    expect(seeded('Phương pháp giảng dạy', 'Tốc độ giảng nhanh')).toBe(2);
    expect(seeded('LMS / học trực tuyến', 'LMS lỗi')).toBe(1);
    expect(seeded('LMS / học trực tuyến', 'Không nộp được bài')).toBe(1);
    expect(run.themes.filter((x) => x.themeId !== null).map((x) => x.themeName)).toEqual(
      expect.arrayContaining([
        'Phương pháp giảng dạy',
        'Thái độ giáo viên',
        'Khối lượng bài tập / áp lực',
        'Cơ sở vật chất',
        'Kiểm tra đánh giá',
        'LMS / học trực tuyến',
      ]),
    );
  });
});
