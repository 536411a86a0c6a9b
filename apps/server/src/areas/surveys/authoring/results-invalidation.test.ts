import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { answersToSubmission } from '@app/shared/survey-answers';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { ZCacheStatus, ZSurveyResults } from '@app/shared/survey-results';
import type { TSurvey } from '@app/shared/surveys';
import { users } from '@/db/schema/users';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { currentClassWithTeachers, insertTestSurvey, schoolDay, surveyPutBody } from '@/test/surveys';

/**
 * Staff changes that make computed results wrong drop them (issue 5 cache): deleting a student's
 * response, editing the survey, changing its status. Each test reads the results first (so they are
 * cached, or stored by calculate-results), makes the change, and reads again. MIN_GROUP_SIZE is 1 here:
 * live figures of an open survey move in steps of k (anonymity-attacks.test.ts), and with k = 1 one
 * response is one step, which is what these tests need to see a change.
 */
let t: TestApp;
const tok: Record<string, string> = {};
let studentId: number;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp({ MIN_GROUP_SIZE: '1' });
  for (const l of ['quantri', 'hs.an']) tok[l] = await t.tokenFor(l);
  const db = t.database.db;
  [{ studentId }] = (await db
    .select({ studentId: users.studentId })
    .from(users)
    .where(eq(users.id, await t.userId('hs.an')))) as Array<{ studentId: number }>;
  ({ moduleId } = await currentClassWithTeachers(db, studentId));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, who = 'quantri') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tok[who]), ...(body === undefined ? {} : { payload: body as object }) });
const results = async (surveyId: number) => {
  const res = await call('GET', `/surveys/${surveyId}/results`);
  expect(res.statusCode, res.body).toBe(200);
  return ZSurveyResults.parse(res.json().data);
};
const cacheStatus = async () => ZCacheStatus.parse((await call('GET', '/surveys/cache/status')).json().data);

/** A GENERAL survey open today with hs.an's response. */
async function answered() {
  const m = await insertTestSurvey(
    t.database.db,
    makeSurvey({ surveyType: 'GENERAL', moduleId, subjectId: null, subject: null, startDate: schoolDay(-1), endDate: schoolDay(1) }),
  );
  const sent = await call(
    'POST',
    `/surveys/${m.survey.id}/responses`,
    answersToSubmission(m.survey, m.answers(completeAnswers()), { studentId }),
    'hs.an',
  );
  expect(sent.statusCode, sent.body).toBe(200);
  return m;
}

describe('DELETE /surveys/{id}/responses/student/{studentId}', () => {
  it('cached results change at once', async () => {
    const m = await answered();
    expect((await results(m.survey.id)).n).toBe(1);
    const s0 = await cacheStatus();
    expect((await results(m.survey.id)).n).toBe(1);
    expect((await cacheStatus()).hits).toBe(s0.hits + 1); // the second read came from the cache

    expect((await call('DELETE', `/surveys/${m.survey.id}/responses/student/${studentId}`)).statusCode).toBe(200);
    expect((await results(m.survey.id)).n).toBe(0);
  });

  it('stored results read as stale', async () => {
    const m = await answered();
    expect((await call('POST', `/surveys/${m.survey.id}/calculate-results`, {})).statusCode).toBe(200);
    expect(await results(m.survey.id)).toMatchObject({ stored: true, stale: false, n: 1 });
    expect((await call('DELETE', `/surveys/${m.survey.id}/responses/student/${studentId}`)).statusCode).toBe(200);
    expect(await results(m.survey.id)).toMatchObject({ stored: true, stale: true });
  });
});

describe('PUT /surveys/{id} and PATCH /surveys/{id}/status', () => {
  it('an edit shows in cached results at once and drops stored ones (they hold the old wording and numbers)', async () => {
    const m = await answered();
    expect((await call('POST', `/surveys/${m.survey.id}/calculate-results`, {})).statusCode).toBe(200);
    const before = await results(m.survey.id);
    expect(before).toMatchObject({ stored: true, n: 1 });
    await results(m.survey.id); // cached

    const survey = (await call('GET', `/surveys/${m.survey.id}`)).json().data as TSurvey;
    const body = surveyPutBody(survey);
    const q = body.sections.flatMap((s) => s.questions).find((x) => x.id === m.qid(106))!;
    q.content = '<p>Em chấm giờ học bao nhiêu điểm?</p>';
    const put = await call('PUT', `/surveys/${m.survey.id}`, body);
    expect(put.statusCode, put.body).toBe(200);

    const after = await results(m.survey.id);
    expect(after).toMatchObject({ stored: false, n: 1 });
    expect(after.questions.find((x) => x.questionId === m.qid(106))!.content).toBe('Em chấm giờ học bao nhiêu điểm?');
  });

  it('a status change drops the cached figures and keeps the stored ones (a status changes no figure)', async () => {
    const m = await answered();
    expect((await call('POST', `/surveys/${m.survey.id}/calculate-results`, {})).statusCode).toBe(200);
    await results(m.survey.id);
    const s0 = await cacheStatus();
    await results(m.survey.id);
    expect((await cacheStatus()).hits).toBe(s0.hits + 1);
    expect((await call('PATCH', `/surveys/${m.survey.id}/status`, { status: 'closed' })).statusCode).toBe(200);
    const s1 = await cacheStatus();
    expect(await results(m.survey.id)).toMatchObject({ stored: true, stale: false, n: 1 });
    expect(await cacheStatus()).toMatchObject({ hits: s1.hits, misses: s1.misses + 1 });
  });
});
