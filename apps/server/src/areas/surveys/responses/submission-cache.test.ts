import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { answersToSubmission } from '@app/shared/survey-answers';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import type { TAnswers, TSurvey } from '@app/shared/surveys';
import { subjects } from '@/db/schema/school';
import { surveyResponses } from '@/db/schema/survey-responses';
import { users } from '@/db/schema/users';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { RESPONSE_MSG } from './survey-responses.service';
import { currentClassWithTeachers, insertTestSurvey, schoolDay, surveyPutBody } from '@/test/surveys';

/**
 * The submission reads the survey's definition from a cache (submission.repository.ts); every test
 * here first fills it with a refused submission, changes the survey (or its subject) the way staff
 * do, and shows that the very next submission is judged by the new definition.
 */
let t: TestApp;
let student: string;
let admin: string;
let studentId: number;
let moduleId: number;
let cls: { id: number; subjectId: number; teacherIds: number[] };

beforeAll(async () => {
  t = await createTestApp();
  student = await t.tokenFor('hs.an');
  admin = await t.tokenFor('quantri');
  const db = t.database.db;
  [{ studentId }] = (await db
    .select({ studentId: users.studentId })
    .from(users)
    .where(eq(users.id, await t.userId('hs.an')))) as Array<{ studentId: number }>;
  ({ moduleId, cls } = await currentClassWithTeachers(db, studentId));
});
afterAll(() => t.close());

type Made = Awaited<ReturnType<typeof insertTestSurvey>>;
const general = () =>
  insertTestSurvey(
    t.database.db,
    makeSurvey({ surveyType: 'GENERAL', moduleId, subjectId: null, subject: null, startDate: schoolDay(-1), endDate: schoolDay(1) }),
  );

function payload(m: Made, survey: TSurvey, answers: TAnswers = completeAnswers()) {
  const ctx =
    survey.surveyType === 'SUBJECT_SPECIFIC'
      ? { studentId, courseClassId: cls.id, studentCourseClassId: cls.id, teacherCourseClassIds: cls.teacherIds }
      : { studentId };
  return answersToSubmission(survey, m.answers(answers), ctx);
}
const submit = (surveyId: number, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1/surveys/${surveyId}/responses`, headers: bearer(student), payload: body as object });
const call = (method: 'GET' | 'PUT' | 'PATCH', url: string, body?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(admin), ...(body === undefined ? {} : { payload: body as object }) });
const stored = async (surveyId: number) =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)` })
        .from(surveyResponses)
        .where(eq(surveyResponses.surveyId, surveyId))
    )[0].n,
  );

/** Fills the cache: a submission without the required short answer is refused after the survey was read. */
async function warm(m: Made, survey: TSurvey = m.survey) {
  const res = await submit(m.survey.id, payload(m, survey, { ...completeAnswers(), 101: '' }));
  expect(res.statusCode, res.body).toBe(400);
}

describe('the submission sees a changed survey at once (definition cache)', () => {
  it('an edit (PUT /surveys/{id}): the next submission is checked against the new questions', async () => {
    const m = await general();
    await warm(m);
    // The scale 1..5 becomes 1..3: the answer 4 no longer fits.
    const before = (await call('GET', `/surveys/${m.survey.id}`)).json().data as TSurvey;
    const body = surveyPutBody(before);
    const scale = body.sections.flatMap((s) => s.questions).find((q) => q.id === m.qid(106))!;
    scale.options = { min: 1, max: 3, minLabel: 'Kém', maxLabel: 'Tốt' };
    const edited = await call('PUT', `/surveys/${m.survey.id}`, body);
    expect(edited.statusCode, edited.body).toBe(200);

    const refused = await submit(m.survey.id, payload(m, m.survey));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details.map((e: { questionId: number }) => e.questionId)).toEqual([m.qid(106)]);
    expect(await stored(m.survey.id)).toBe(0);

    const ok = await submit(m.survey.id, payload(m, m.survey, { ...completeAnswers(), 106: 3 }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stored(m.survey.id)).toBe(1);
  });

  it('a status change (PATCH /surveys/{id}/status): closed refuses at once, reopened accepts', async () => {
    const m = await general();
    await warm(m);
    expect((await call('PATCH', `/surveys/${m.survey.id}/status`, { status: 'closed' })).statusCode).toBe(200);
    const closed = await submit(m.survey.id, payload(m, m.survey));
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(RESPONSE_MSG.notOpenClosed);
    expect((await call('PATCH', `/surveys/${m.survey.id}/status`, { status: 'active' })).statusCode).toBe(200);
    const ok = await submit(m.survey.id, payload(m, m.survey));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("a change of the survey's subject (LMS use) shows or hides its LMS-only question at once", async () => {
    const db = t.database.db;
    const [sub] = await db.select().from(subjects).where(eq(subjects.id, cls.subjectId));
    const m = await insertTestSurvey(
      db,
      makeSurvey({
        moduleId,
        subjectId: sub.id,
        subject: { id: sub.id, name: sub.name, usesLms: true },
        startDate: schoolDay(-1),
        endDate: schoolDay(1),
      }),
    );
    try {
      await db.update(subjects).set({ usesLms: true }).where(eq(subjects.id, sub.id));
      const withLms = { ...m.survey, subject: { id: sub.id, name: sub.name, usesLms: true } };
      const withoutLms = { ...m.survey, subject: { id: sub.id, name: sub.name, usesLms: false } };
      await warm(m, withLms);
      await db.update(subjects).set({ usesLms: false }).where(eq(subjects.id, sub.id));
      // The LMS question (204) is no longer part of the form: answering it is answering an unknown question.
      const refused = await submit(m.survey.id, payload(m, withLms));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(SURVEY_MSG.unknownQuestion(m.qid(204)));
      const ok = await submit(m.survey.id, payload(m, withoutLms));
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await db.update(subjects).set({ usesLms: sub.usesLms }).where(eq(subjects.id, sub.id));
    }
  });
});
