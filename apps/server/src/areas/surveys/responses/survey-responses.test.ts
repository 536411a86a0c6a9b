import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { answersToSubmission, submissionToAnswers } from '@app/shared/survey-answers';
import { AGREEMENT_COLUMNS, completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import type { TAnswers, TSubmission, TSurvey, TSurveyQuestion } from '@app/shared/surveys';
import { auditLogs } from '@/db/schema/audit';
import { courseClassStudents, students, subjects } from '@/db/schema/school';
import { responseDetails, responseReviews, surveyResponses } from '@/db/schema/survey-responses';
import { users } from '@/db/schema/users';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { insertSubmission } from './submission.repository';
import { isStraightLined } from '../core/straight-lining.repository';
import { RESPONSE_MSG } from './survey-responses.service';
import { currentClassWithTeachers, insertTestSurvey, schoolDay as day } from '@/test/surveys';

let t: TestApp;
const tok: Record<string, string> = {};
let moduleId: number;
/** hs.an: grade, one of their course classes in the current module with its subject and teachers. */
let an: { studentId: number; grade: number };
let cls: { id: number; subjectId: number; teacherIds: number[] };
/** A demo student (with an account) not enrolled in `cls`. */
let other: { local: string; studentId: number };

beforeAll(async () => {
  t = await createTestApp();
  for (const l of ['hs.an', 'quantri', 'dbcl', 'gv.van', 'gv.toan']) tok[l] = await t.tokenFor(l);
  const db = t.database.db;
  const [u] = await db
    .select({ studentId: users.studentId })
    .from(users)
    .where(eq(users.id, await t.userId('hs.an')));
  const [s] = await db.select({ grade: students.grade }).from(students).where(eq(students.id, u.studentId!));
  an = { studentId: u.studentId!, grade: s.grade };
  ({ moduleId, cls } = await currentClassWithTeachers(db, an.studentId));
  for (const local of ['hs.binh', 'hs.chau', 'hs.dung', 'hs.giang', 'hs.khoa']) {
    const [x] = await db
      .select({ studentId: users.studentId })
      .from(users)
      .where(eq(users.id, await t.userId(local)));
    const enrolled = await db
      .select()
      .from(courseClassStudents)
      .where(and(eq(courseClassStudents.courseClassId, cls.id), eq(courseClassStudents.studentId, x.studentId!)));
    if (!enrolled.length) {
      other = { local, studentId: x.studentId! };
      break;
    }
  }
  tok[other.local] = await t.tokenFor(other.local);
});
afterAll(() => t.close());

type Made = Awaited<ReturnType<typeof insertTestSurvey>>;

/** A subject survey about `cls` (makeSurvey's questions), open today unless told otherwise. */
async function subjectSurvey(over: Partial<TSurvey> = {}): Promise<Made> {
  const [sub] = await t.database.db.select().from(subjects).where(eq(subjects.id, cls.subjectId));
  return insertTestSurvey(
    t.database.db,
    makeSurvey({
      moduleId,
      subjectId: cls.subjectId,
      subject: { id: sub.id, name: sub.name, usesLms: sub.usesLms },
      startDate: day(-1),
      endDate: day(1),
      ...over,
    }),
  );
}
async function generalSurvey(over: Partial<TSurvey> = {}): Promise<Made> {
  return insertTestSurvey(
    t.database.db,
    makeSurvey({ surveyType: 'GENERAL', moduleId, subjectId: null, subject: null, startDate: day(-1), endDate: day(1), ...over }),
  );
}

function payload(m: Made, answers: TAnswers = completeAnswers(), studentId = an.studentId): TSubmission {
  const ctx =
    m.survey.surveyType === 'SUBJECT_SPECIFIC'
      ? { studentId, courseClassId: cls.id, studentCourseClassId: cls.id, teacherCourseClassIds: cls.teacherIds }
      : { studentId };
  return answersToSubmission(m.survey, m.answers(answers), ctx);
}
const submit = (surveyId: number, body: unknown, who = 'hs.an') =>
  t.app.inject({ method: 'POST', url: `/api/v1/surveys/${surveyId}/responses`, headers: bearer(tok[who]), payload: body as object });
const responseCount = async (surveyId: number) =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)` })
        .from(surveyResponses)
        .where(eq(surveyResponses.surveyId, surveyId))
    )[0].n,
  );
const question = (m: Made, old: number): TSurveyQuestion => m.survey.sections.flatMap((s) => s.questions).find((q) => q.id === m.qid(old))!;

describe('POST /surveys/{id}/responses', () => {
  it('stores the whole response with snapshots, numbers from the columns and pending reviews', async () => {
    const m = await subjectSurvey();
    const body = payload(m);
    // The client's number for a grid answer is never trusted.
    for (const s of body.sections) for (const r of s.responses) if (r.questionType === 'grid') r.gridColumnValueNumber = 99;
    const res = await submit(m.survey.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ success: true, message: SURVEY_MSG.submitSuccess, data: { alreadySubmitted: false } });
    const db = t.database.db;
    const [row] = await db.select().from(surveyResponses).where(eq(surveyResponses.id, json.data.responseId));
    expect(row).toMatchObject({
      surveyId: m.survey.id,
      studentId: an.studentId,
      courseClassId: cls.id,
      studentGrade: an.grade,
      straightLined: false,
    });
    expect([...row.teacherIds].sort()).toEqual([...cls.teacherIds].sort());
    const details = await db.select().from(responseDetails).where(eq(responseDetails.responseId, row.id));
    const by = new Map(details.map((d) => [d.questionId, d]));
    const usesLms = m.survey.subject!.usesLms;
    expect(details).toHaveLength(usesLms ? 10 : 9);
    expect(by.get(m.qid(201))).toMatchObject({ answerText: 'Rất đồng ý', valueNumber: 5 });
    expect(by.get(m.qid(201))!.gridColumnId).toBe(question(m, 201).gridGroup!.columns.find((c) => c.value === '5')!.id);
    expect(by.get(m.qid(202))).toMatchObject({ answerText: 'Không có ý kiến', valueNumber: null });
    expect(by.get(m.qid(203))).toMatchObject({ answerText: 'Không đồng ý', valueNumber: 2 });
    expect(by.get(m.qid(106))).toMatchObject({ answerText: '4', valueNumber: 4 });
    expect(by.get(m.qid(103))).toMatchObject({ answerOptions: ['other'], otherValue: 'Cả hai' });
    expect(by.get(m.qid(105))).toMatchObject({ answerOptions: ['x', 'other'], otherValue: 'Trò chơi' });
    expect(by.get(m.qid(104))).toMatchObject({ answerOptions: ['b'], otherValue: null });
    // Every free text (short, long, "Khác") starts pending; choices and numbers are not reviewed.
    const reviews = await db
      .select({ q: responseDetails.questionId, status: responseReviews.status, reviewerId: responseReviews.reviewerId })
      .from(responseReviews)
      .innerJoin(responseDetails, eq(responseDetails.id, responseReviews.responseDetailId))
      .where(eq(responseDetails.responseId, row.id));
    // Stored pending; the auto-review after the reply may already have approved the clean ones (submission-review.test.ts).
    expect(reviews.every((r) => (r.status === 'pending' || r.status === 'approved') && r.reviewerId === null)).toBe(true);
    expect(reviews.map((r) => r.q).sort()).toEqual([101, 102, 103, 105, ...(usesLms ? [204] : [])].map(m.qid).sort());
    // Audited, without any answer text.
    const logs = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'survey_response'), eq(auditLogs.entityId, String(row.id)), eq(auditLogs.action, 'create')));
    expect(logs).toHaveLength(1);
    const [log] = logs;
    // Written in the same statement as the response: who (the student's account), which request, what (no answer text).
    expect(log.actorId).toBe(await t.userId('hs.an'));
    expect(log.requestId).toBeTruthy();
    expect(log.after).toMatchObject({
      surveyId: m.survey.id,
      studentId: an.studentId,
      courseClassId: cls.id,
      answerCount: details.length,
      straightLined: false,
    });
    const logged = JSON.stringify(log);
    for (const text of ['Giờ thực hành', 'Cả hai', 'Trò chơi', 'Rất đồng ý']) expect(logged).not.toContain(text);
  });

  it('a repeat answers 200 "already done" with the same response and stores nothing new', async () => {
    const m = await generalSurvey();
    const first = await submit(m.survey.id, payload(m));
    expect(first.statusCode, first.body).toBe(200);
    const again = await submit(m.survey.id, payload(m));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      success: true,
      message: RESPONSE_MSG.alreadySubmitted,
      data: { alreadySubmitted: true, responseId: first.json().data.responseId },
    });
    expect(await responseCount(m.survey.id)).toBe(1);
  });

  it('20 parallel identical submissions store exactly one response and one set of answers', async () => {
    for (const make of [generalSurvey, subjectSurvey]) {
      const m = await make();
      const body = payload(m);
      const all = await Promise.all(Array.from({ length: 20 }, () => submit(m.survey.id, body)));
      expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const data = all.map((r) => r.json().data);
      expect(data.filter((d) => !d.alreadySubmitted)).toHaveLength(1);
      expect(new Set(data.map((d) => d.responseId)).size).toBe(1);
      expect(await responseCount(m.survey.id)).toBe(1);
      const n = await t.database.db
        .select({ id: responseDetails.id })
        .from(responseDetails)
        .where(eq(responseDetails.responseId, data[0].responseId));
      expect(n).toHaveLength(body.sections.reduce((k, s) => k + s.responses.length, 0));
      const creates = await t.database.db
        .select()
        .from(auditLogs)
        .where(
          and(eq(auditLogs.entity, 'survey_response'), eq(auditLogs.entityId, String(data[0].responseId)), eq(auditLogs.action, 'create')),
        );
      expect(creates).toHaveLength(1);
    }
  });

  describe('eligibility', () => {
    it('refuses a grade that is not allowed', async () => {
      const m = await generalSurvey({ allowedGrades: [10, 11, 12].filter((g) => g !== an.grade) });
      const res = await submit(m.survey.id, payload(m));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(RESPONSE_MSG.gradeNotAllowed(an.grade));
      expect(await responseCount(m.survey.id)).toBe(0);
    });
    it('refuses a course class the student is not enrolled in', async () => {
      const m = await subjectSurvey();
      const res = await submit(m.survey.id, payload(m, completeAnswers(), other.studentId), other.local);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(RESPONSE_MSG.notEnrolled);
      expect(await responseCount(m.survey.id)).toBe(0);
    });
    it('refuses a course class of another subject or module', async () => {
      const [otherSubject] = await t.database.db
        .select({ id: subjects.id })
        .from(subjects)
        .where(sql`${subjects.id} <> ${cls.subjectId}`)
        .limit(1);
      const m = await insertTestSurvey(
        t.database.db,
        makeSurvey({ moduleId, subjectId: otherSubject.id, startDate: day(-1), endDate: day(1) }),
      );
      const res = await submit(m.survey.id, payload(m));
      expect(res.statusCode).toBe(403);
      expect(await responseCount(m.survey.id)).toBe(0);
    });
    it('refuses teachers who do not teach the class', async () => {
      const m = await subjectSurvey();
      const body = { ...payload(m), teacherCourseClassIds: [...cls.teacherIds, 999999] };
      const res = await submit(m.survey.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RESPONSE_MSG.wrongTeachers);
      expect(await responseCount(m.survey.id)).toBe(0);
    });
    it('a subject survey needs its course class; a general one takes none', async () => {
      const m = await subjectSurvey();
      const res = await submit(m.survey.id, { ...payload(m), courseClassId: null, studentCourseClassId: null });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RESPONSE_MSG.classMissing);
      const g = await generalSurvey();
      const res2 = await submit(g.survey.id, { ...payload(g), courseClassId: cls.id });
      expect(res2.statusCode).toBe(400);
      expect(await responseCount(m.survey.id)).toBe(0);
      expect(await responseCount(g.survey.id)).toBe(0);
    });
  });

  describe('window and status', () => {
    const cases: Array<[string, Partial<TSurvey>, string]> = [
      ['before the start date', { startDate: day(1), endDate: day(3) }, 'chưa đến thời gian'],
      ['after the end date', { startDate: day(-5), endDate: day(-1) }, 'đã hết hạn'],
      ['a draft', { status: 'draft' }, RESPONSE_MSG.notOpenDraft],
      ['a closed survey', { status: 'closed' }, RESPONSE_MSG.notOpenClosed],
    ];
    for (const [name, over, msg] of cases)
      it(`refuses ${name}`, async () => {
        const m = await generalSurvey(over);
        const res = await submit(m.survey.id, payload(m));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(msg);
        expect(await responseCount(m.survey.id)).toBe(0);
      });
    it('accepts on the start and on the end day', async () => {
      for (const over of [
        { startDate: day(0), endDate: day(2) },
        { startDate: day(-2), endDate: day(0) },
      ]) {
        const m = await generalSurvey(over);
        expect((await submit(m.survey.id, payload(m))).statusCode).toBe(200);
      }
    });
  });

  describe('validation (the shared validateSubmission), nothing stored', () => {
    const rejects = async (m: Made, body: TSubmission, expected: string, questionId?: number) => {
      const res = await submit(m.survey.id, body);
      expect(res.statusCode, res.body).toBe(400);
      const json = res.json();
      expect(json.code).toBe('VALIDATION_ERROR');
      expect(json.message).toContain(expected);
      expect(Array.isArray(json.details)).toBe(true);
      if (questionId !== undefined) expect(json.details[0].questionId).toBe(questionId);
      expect(await responseCount(m.survey.id)).toBe(0);
      expect(
        await t.database.db
          .select()
          .from(responseDetails)
          .innerJoin(surveyResponses, eq(surveyResponses.id, responseDetails.responseId))
          .where(eq(surveyResponses.surveyId, m.survey.id)),
      ).toHaveLength(0);
    };
    it('missing required answer', async () => {
      const m = await generalSurvey();
      const a = completeAnswers();
      delete a[101];
      await rejects(m, payload(m, a), SURVEY_MSG.namedQuestion('Em thích điều gì nhất?', SURVEY_MSG.enterAnswer), m.qid(101));
    });
    it('unknown question', async () => {
      const m = await generalSurvey();
      const body = payload(m);
      body.sections[0].responses.push({ questionId: 987654, displayOrder: 99, answerText: 'x' });
      await rejects(m, body, SURVEY_MSG.unknownQuestion(987654));
    });
    it('unknown option', async () => {
      const m = await generalSurvey();
      await rejects(m, payload(m, { ...completeAnswers(), 104: 'zzz' }), SURVEY_MSG.invalidOption, m.qid(104));
    });
    it('unknown grid column', async () => {
      const m = await generalSurvey();
      const body = payload(m);
      const r = body.sections.flatMap((s) => s.responses).find((x) => x.questionId === m.qid(201))!;
      r.answerText = 'Tuyệt vời';
      await rejects(m, body, SURVEY_MSG.invalidGridColumn, m.qid(201));
    });
    it('scale out of range', async () => {
      const m = await generalSurvey();
      await rejects(m, payload(m, { ...completeAnswers(), 106: 7 }), SURVEY_MSG.scaleOutOfRange(1, 5), m.qid(106));
    });
    it('"Khác" without text', async () => {
      const m = await generalSurvey();
      const a = { ...completeAnswers(), 103: { selectedOptions: 'other' as const, otherValue: '', otherAnswers: { other: '' } } };
      await rejects(m, payload(m, a), SURVEY_MSG.otherRequired, m.qid(103));
    });
  });

  describe('roles', () => {
    it('a teacher cannot submit', async () => {
      const m = await generalSurvey();
      const res = await submit(m.survey.id, payload(m), 'gv.van');
      expect(res.statusCode).toBe(403);
    });
    it('a student cannot submit for another student', async () => {
      const m = await generalSurvey();
      const res = await submit(m.survey.id, payload(m, completeAnswers(), other.studentId));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(RESPONSE_MSG.ownOnly);
      expect(await responseCount(m.survey.id)).toBe(0);
    });
  });

  it('flags a straight-lined response (≥ 5 numbered grid answers, all the same)', async () => {
    const grid = (id: number, order: number): TSurveyQuestion => ({
      id,
      content: `<p>Nhận định ${id}</p>`,
      questionType: 'grid',
      required: 1,
      displayOrder: order,
      options: null,
      visibleToTeacher: true,
      lmsOnly: false,
      gridGroup: { id: 1, columns: AGREEMENT_COLUMNS },
    });
    const sections = [
      { id: 1, title: 'Giảng dạy', description: null, displayOrder: 1, questions: [1, 2, 3, 4, 5, 6].map((i) => grid(i, i)) },
    ];
    const same = await generalSurvey({ sections });
    const r1 = await submit(same.survey.id, payload(same, { 1: '4', 2: '4', 3: '4', 4: '4', 5: '4', 6: 'None' }));
    expect(r1.statusCode, r1.body).toBe(200);
    const varied = await generalSurvey({ sections });
    const r2 = await submit(varied.survey.id, payload(varied, { 1: '4', 2: '4', 3: '4', 4: '4', 5: '3', 6: '4' }));
    const few = await generalSurvey({ sections });
    const r3 = await submit(few.survey.id, payload(few, { 1: '4', 2: '4', 3: '4', 4: '4', 5: 'None', 6: 'None' }));
    const flag = async (id: number) =>
      (await t.database.db.select().from(surveyResponses).where(eq(surveyResponses.id, id)))[0].straightLined;
    expect(await flag(r1.json().data.responseId)).toBe(true);
    expect(await flag(r2.json().data.responseId)).toBe(false);
    expect(await flag(r3.json().data.responseId)).toBe(false);
  });
});

describe('GET /surveys/students/{studentId}', () => {
  it('lists open surveys once (general) and per enrolled course class (subject), with done or not', async () => {
    const g = await generalSurvey();
    const s = await subjectSurvey();
    const wrongGrade = await generalSurvey({ allowedGrades: [10, 11, 12].filter((x) => x !== an.grade) });
    const draft = await generalSurvey({ status: 'draft' });
    const ended = await generalSurvey({ startDate: day(-5), endDate: day(-1) });
    const list = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/surveys/students/${an.studentId}`, headers: bearer(tok['hs.an']) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Array<{
        surveyId: number;
        completed: boolean;
        responseId: number | null;
        courseClass: { id: number; teachers: { id: number }[] } | null;
      }>;
    };
    let items = await list();
    expect(items.filter((i) => i.surveyId === g.survey.id)).toMatchObject([{ completed: false, courseClass: null, responseId: null }]);
    const si = items.filter((i) => i.surveyId === s.survey.id);
    expect(si.some((i) => i.courseClass?.id === cls.id)).toBe(true);
    expect(
      si
        .find((i) => i.courseClass?.id === cls.id)!
        .courseClass!.teachers.map((x) => x.id)
        .sort(),
    ).toEqual([...cls.teacherIds].sort());
    for (const hidden of [wrongGrade, draft, ended]) expect(items.some((i) => i.surveyId === hidden.survey.id)).toBe(false);

    const res = await submit(g.survey.id, payload(g));
    // Closed after answering: still listed, as done.
    await t.database.db.execute(sql`update surveys set status = 'closed' where id = ${g.survey.id}`);
    items = await list();
    expect(items.filter((i) => i.surveyId === g.survey.id)).toMatchObject([{ completed: true, responseId: res.json().data.responseId }]);
  });

  it('a student reads only their own list; staff read anyone; a plain teacher none', async () => {
    const url = `/api/v1/surveys/students/${other.studentId}`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(tok['hs.an']) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(tok.dbcl) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(tok['gv.van']) })).statusCode).toBe(403);
  });
});

describe('staff reads and delete', () => {
  it('lists responses (identity only for ADMIN), shows details, gives the student their own answers, and delete lets them answer again', async () => {
    const m = await subjectSurvey();
    const body = payload(m);
    const sent = await submit(m.survey.id, body);
    const responseId = sent.json().data.responseId as number;

    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/v1/surveys/${m.survey.id}/responses?page=1&limit=10`,
      headers: bearer(tok.quantri),
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json().data).toMatchObject({
      total: 1,
      page: 1,
      limit: 10,
      items: [{ id: responseId, student: { id: an.studentId }, courseClassId: cls.id }],
    });
    const asQa = await t.app.inject({ method: 'GET', url: `/api/v1/surveys/${m.survey.id}/responses`, headers: bearer(tok.dbcl) });
    expect(asQa.json().data.items[0]).toMatchObject({ id: null, student: null, submittedAt: null, courseClassId: cls.id });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/surveys/${m.survey.id}/responses`, headers: bearer(tok['hs.an']) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/surveys/${m.survey.id}/responses`, headers: bearer(tok['gv.toan']) })).statusCode,
    ).toBe(403);

    // Details name the student: ADMIN only (issue 11); quality assurance is refused.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/surveys/responses/${responseId}/details`, headers: bearer(tok.dbcl) })).statusCode,
    ).toBe(403);
    const det = await t.app.inject({ method: 'GET', url: `/api/v1/surveys/responses/${responseId}/details`, headers: bearer(tok.quantri) });
    expect(det.statusCode, det.body).toBe(200);
    expect(det.json().data.student).toMatchObject({ id: an.studentId });
    expect(det.json().data.answers.find((a: { questionId: number }) => a.questionId === m.qid(201))).toMatchObject({
      gridColumnLabel: 'Rất đồng ý',
      valueNumber: 5,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/surveys/responses/${responseId}/details`, headers: bearer(tok['hs.an']) }))
        .statusCode,
    ).toBe(403);

    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/surveys/${m.survey.id}/responses/student/${an.studentId}`,
      headers: bearer(tok['hs.an']),
    });
    expect(own.statusCode, own.body).toBe(200);
    const [mine] = own.json().data;
    expect(mine).toMatchObject({ responseId, courseClassId: cls.id });
    expect(submissionToAnswers(m.survey, mine.submission)).toEqual(submissionToAnswers(m.survey, body));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/surveys/${m.survey.id}/responses/student/${an.studentId}`,
          headers: bearer(tok[other.local]),
        })
      ).statusCode,
    ).toBe(403);

    const delUrl = `/api/v1/surveys/${m.survey.id}/responses/student/${an.studentId}`;
    expect((await t.app.inject({ method: 'DELETE', url: delUrl, headers: bearer(tok.dbcl) })).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: delUrl, headers: bearer(tok.quantri) });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toEqual({ deleted: 1, responseIds: [responseId] });
    expect(await responseCount(m.survey.id)).toBe(0);
    const [log] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'survey_response'), eq(auditLogs.action, 'delete'), eq(auditLogs.entityId, String(responseId))));
    expect(log.before).toMatchObject({ surveyId: m.survey.id, studentId: an.studentId, courseClassId: cls.id });
    expect((await t.app.inject({ method: 'DELETE', url: delUrl, headers: bearer(tok.quantri) })).statusCode).toBe(404);

    const again = await submit(m.survey.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.alreadySubmitted).toBe(false);
    expect(await responseCount(m.survey.id)).toBe(1);
    const left = await t.database.db
      .select()
      .from(responseDetails)
      .where(inArray(responseDetails.responseId, [responseId]));
    expect(left).toHaveLength(0);
  });
});

describe('a closed survey', () => {
  it('a student who answered it reads it and their answers again; one who did not, or another class, is refused', async () => {
    const m = await subjectSurvey();
    const body = payload(m);
    expect((await submit(m.survey.id, body)).statusCode).toBe(200);
    const close = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/surveys/${m.survey.id}/status`,
      headers: bearer(tok.quantri),
      payload: { status: 'closed' },
    });
    expect(close.statusCode, close.body).toBe(200);
    const read = (who: string, q = `?courseClassId=${cls.id}`) =>
      t.app.inject({ method: 'GET', url: `/api/v1/surveys/${m.survey.id}${q}`, headers: bearer(tok[who]) });
    const mine = await read('hs.an');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ id: m.survey.id, status: 'closed', studentCourseClass: { id: cls.id } });
    expect(mine.json().data.responseCount).toBeUndefined();
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/surveys/${m.survey.id}/responses/student/${an.studentId}`,
      headers: bearer(tok['hs.an']),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(submissionToAnswers(m.survey, own.json().data[0].submission)).toEqual(submissionToAnswers(m.survey, body));
    // Who has not answered it, or asks for a class they did not answer for, reads nothing: it is not open.
    expect((await read(other.local, '')).statusCode).toBe(403);
    expect((await read('hs.an', `?courseClassId=${cls.id + 100000}`)).statusCode).toBe(403);
    // Back to a draft: not even its answerer reads it.
    await t.database.db.execute(sql`update surveys set status = 'draft' where id = ${m.survey.id}`);
    expect((await read('hs.an')).statusCode).toBe(403);
  });
});

describe('the one-response rule in the database', () => {
  it('ON CONFLICT DO NOTHING on survey_responses_one_uq: a second GENERAL row (null course class) is not stored', async () => {
    const m = await generalSurvey();
    const [st] = await t.database.db.select().from(students).where(eq(students.id, an.studentId));
    const row = {
      surveyId: m.survey.id,
      studentId: an.studentId,
      courseClassId: null,
      teacherIds: [],
      studentGrade: st.grade,
      campusId: st.campusId,
      homeroomClassId: st.homeroomClassId,
      straightLined: false,
    };
    const q = m.survey.sections[0].questions[0].id;
    const details = [{ row: { questionId: q, answerText: 'lần một' }, reviewed: true }];
    const audit = { actorId: null, requestId: 'test-one-rule', ip: null, after: { surveyId: m.survey.id } };
    const first = await insertSubmission(t.database.db, row, details, audit);
    expect(first).toMatchObject({ answers: 1 });
    // The second: no response, no answer, no review (one statement: all of it or nothing).
    expect(
      await insertSubmission(t.database.db, row, [{ row: { questionId: q, answerText: 'lần hai' }, reviewed: true }], audit),
    ).toBeNull();
    expect(await responseCount(m.survey.id)).toBe(1);
    const stored = await t.database.db.select().from(responseDetails).where(eq(responseDetails.responseId, first!.id));
    expect(stored.map((d) => d.answerText)).toEqual(['lần một']);
    const reviews = await t.database.db.select().from(responseReviews).where(eq(responseReviews.responseDetailId, stored[0].id));
    expect(reviews.map((r) => r.status)).toEqual(['pending']);
    const logs = await t.database.db.select().from(auditLogs).where(eq(auditLogs.requestId, 'test-one-rule'));
    expect(logs.map((l) => l.entityId)).toEqual([String(first!.id)]);
  });
});

describe('isStraightLined', () => {
  const d = (questionId: number, valueNumber: number | null, grid = true) => ({ row: { questionId, valueNumber }, grid });
  it('needs at least 5 equal numbers; None and non-grid answers do not count unless scored', () => {
    expect(
      isStraightLined(
        [1, 2, 3, 4, 5].map((q) => d(q, 3)),
        new Set(),
      ),
    ).toBe(true);
    expect(
      isStraightLined(
        [1, 2, 3, 4].map((q) => d(q, 3)),
        new Set(),
      ),
    ).toBe(false);
    expect(isStraightLined([...[1, 2, 3, 4].map((q) => d(q, 3)), d(5, null)], new Set())).toBe(false);
    expect(isStraightLined([...[1, 2, 3, 4].map((q) => d(q, 3)), d(5, 3, false)], new Set())).toBe(false);
    // With a score config only its questions count.
    expect(isStraightLined([...[1, 2, 3, 4, 5].map((q) => d(q, 3)), d(6, 1)], new Set([1, 2, 3, 4, 5]))).toBe(true);
    expect(isStraightLined([...[1, 2, 3, 4, 5].map((q) => d(q, 3)), d(6, 1)], new Set([1, 2, 3, 4, 6]))).toBe(false);
  });
});
