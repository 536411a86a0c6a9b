import { connect } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { answersToSubmission } from '@app/shared/survey-answers';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { ZCacheStatus, ZSurveyResults } from '@app/shared/survey-results';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { queryRows } from '@/db/client';
import { courseClasses, courseClassStudents, courseClassTeachers, subjects } from '@/db/schema/school';
import { users } from '@/db/schema/users';
import { bearer, createTestApp, TEST_SECRET, type TestApp } from '@/test/app';
import { schoolToday } from '../core/school-day';
import { currentModuleId, insertTestSurvey } from '@/test/surveys';
import { buildResultsFixture, type ResultsFixture } from './test-fixture';

/** The results cache and auto-calculate (issue 5): invalidated by new responses, batched recalculation, Redis. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(REDIS_URL);
  const s = connect({ host: u.hostname, port: Number(u.port || 6379) });
  s.setTimeout(500);
  s.once('connect', () => (s.destroy(), resolve(true)));
  s.once('error', () => resolve(false));
  s.once('timeout', () => (s.destroy(), resolve(false)));
});

let t: TestApp;
let f: ResultsFixture;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ RESULTS_AUTO_DELAY_MS: '150' });
  for (const l of ['quantri', 'hs.an']) tok[l] = await t.tokenFor(l);
  f = await buildResultsFixture(t);
});
afterAll(() => t.close());

const get = (app: TestApp['app'], url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tok.quantri) });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(tok.quantri), payload });
const status = async (app: TestApp['app']) => ZCacheStatus.parse((await get(app, '/surveys/cache/status')).json().data);
const results = async (app: TestApp['app'], surveyId: number) =>
  ZSurveyResults.parse((await get(app, `/surveys/${surveyId}/results`)).json().data);
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the submission path tells the app's bus after storing a response (the results listen). */
const responded = (app: TestApp['app'], surveyId: number, responseId: number) =>
  app.events.emit('survey.response.created', { surveyId, responseId, hasFreeText: false });

/** A copy of a fixture response (same answers) by another student, stored directly. */
async function addResponse(surveyId: number) {
  const db = t.database.db;
  const [st] = await queryRows<{ id: number; grade: number; campus: number }>(
    db,
    sql`
    select id, grade, campus_id as campus from students where status = 'active' and id not in (select student_id from survey_responses where survey_id = ${surveyId}) order by id limit 1`,
  );
  const [r] = await queryRows<{ id: number }>(
    db,
    sql`
    insert into survey_responses (survey_id, student_id, course_class_id, teacher_ids, student_grade, campus_id)
    values (${surveyId}, ${st.id}, ${f.classes.A}, ${sql.param([f.T1])}::int[], ${st.grade}, ${st.campus}) returning id`,
  );
  await db.execute(sql`insert into response_details (response_id, question_id, answer_text, grid_column_id, value_number)
    select ${r.id}, question_id, answer_text, grid_column_id, value_number from response_details where response_id = ${f.responseIds[0]} and question_id = ${f.q.g1}`);
  return r.id;
}

describe('the in-memory cache', () => {
  it('serves a repeat read from the cache and drops it when a student submits', async () => {
    const db = t.database.db;
    const mod = { id: await currentModuleId(db) };
    const [u] = await db
      .select({ studentId: users.studentId })
      .from(users)
      .where(eq(users.id, await t.userId('hs.an')));
    const [cls] = await db
      .select({ id: courseClasses.id, subjectId: courseClasses.subjectId })
      .from(courseClasses)
      .innerJoin(courseClassStudents, eq(courseClassStudents.courseClassId, courseClasses.id))
      .where(and(eq(courseClassStudents.studentId, u.studentId!), eq(courseClasses.moduleId, mod.id)))
      .innerJoin(courseClassTeachers, eq(courseClassTeachers.courseClassId, courseClasses.id))
      .limit(1);
    const [sub] = await db.select().from(subjects).where(eq(subjects.id, cls.subjectId));
    const today = schoolToday();
    const m = await insertTestSurvey(
      db,
      makeSurvey({
        moduleId: mod.id,
        subjectId: sub.id,
        subject: { id: sub.id, name: sub.name, usesLms: sub.usesLms },
        startDate: today,
        endDate: today,
      }),
    );

    expect((await results(t.app, m.survey.id)).n).toBe(0);
    const s0 = await status(t.app);
    expect((await results(t.app, m.survey.id)).n).toBe(0);
    const s1 = await status(t.app);
    expect(s1).toMatchObject({ enabled: true, backend: 'memory', hits: s0.hits + 1, misses: s0.misses });
    expect(s1.entries).toBeGreaterThan(0);

    const body = answersToSubmission(m.survey, m.answers(completeAnswers()), {
      studentId: u.studentId!,
      courseClassId: cls.id,
      studentCourseClassId: cls.id,
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/surveys/${m.survey.id}/responses`,
      headers: bearer(tok['hs.an']),
      payload: body,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // No wait: the in-memory drop happens before the reply, so the read is computed again (a miss). The
    // survey is open, so its figures move in steps of MIN_GROUP_SIZE (issue 11): one response shows as 0.
    expect((await results(t.app, m.survey.id)).n).toBe(0);
    expect((await status(t.app)).misses).toBe(s1.misses + 1);
  });

  it('switched off, every read is computed; the switch is kept in app_settings', async () => {
    const off = await post('/surveys/cache/toggle', { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    const s0 = await status(t.app);
    await results(t.app, f.surveyId);
    await results(t.app, f.surveyId);
    expect((await status(t.app)).hits).toBe(s0.hits);
    const [row] = await queryRows<{ value: unknown }>(
      t.database.db,
      sql`select value from app_settings where key = 'survey_results.cache_enabled'`,
    );
    expect(row.value).toBe(false);
    expect((await post('/surveys/cache/toggle', { enabled: true })).json().data.enabled).toBe(true);
  });
});

describe('deleted responses and survey edits', () => {
  it('a deleted response drops the cached figures at once', async () => {
    const db = t.database.db;
    const n0 = (await results(t.app, f.surveyId)).n;
    const id = await addResponse(f.surveyId);
    responded(t.app, f.surveyId, id);
    expect((await results(t.app, f.surveyId)).n).toBe(n0 + 1);
    expect((await results(t.app, f.surveyId)).n).toBe(n0 + 1); // cached
    await db.execute(sql`delete from response_details where response_id = ${id}`);
    await db.execute(sql`delete from survey_responses where id = ${id}`);
    t.app.events.emit('survey.responses.changed', { surveyId: f.surveyId });
    expect((await results(t.app, f.surveyId)).n).toBe(n0);
  });

  it('a survey edit deletes the stored figures (survey and module), recomputes straight-lining and drops the cache', async () => {
    const db = t.database.db;
    expect((await post(`/surveys/${f.surveyId}/calculate-results`, {})).statusCode).toBe(200);
    expect((await post(`/surveys/modules/${f.moduleId}/calculate-results`, {})).statusCode).toBe(200);
    const module = async () => (await get(t.app, `/surveys/modules/${f.moduleId}/results`)).json().data as { stored: boolean };
    const g1 = async () => (await results(t.app, f.surveyId)).questions.find((q) => q.questionId === f.q.g1)!;
    expect(await results(t.app, f.surveyId)).toMatchObject({ stored: true });
    expect(await module()).toMatchObject({ stored: true });
    // What PUT /surveys/{id} may change: the wording (and visibility, options, column numbers).
    await db.execute(sql`update survey_questions set content = '<p>Tiêu chí 1 (đã sửa)</p>' where id = ${f.q.g1}`);
    const [{ id: notStraight }] = await queryRows<{ id: number }>(
      db,
      sql`
      update survey_responses set straight_lined = true where id = ${f.responseIds[0]} returning id`,
    );
    expect((await g1()).content).toBe('Tiêu chí 1'); // stored and cached: the old wording

    await t.app.events.emitAndWait('survey.changed', { surveyId: f.surveyId });
    expect(await results(t.app, f.surveyId)).toMatchObject({ stored: false });
    expect((await g1()).content).toBe('Tiêu chí 1 (đã sửa)');
    expect(await module()).toMatchObject({ stored: false });
    const [r] = await queryRows<{ sl: boolean }>(db, sql`select straight_lined as sl from survey_responses where id = ${notStraight}`);
    expect(r.sl).toBe(false);
    const audit = await queryRows<{ after: { storedDropped: number; straightLinedChanged: number } }>(
      db,
      sql`
      select after from audit_logs where action = 'invalidate' and entity = 'survey_results' and entity_id = ${String(f.surveyId)}`,
    );
    expect(audit.at(-1)!.after).toMatchObject({ storedDropped: 3 * 2 + 2, straightLinedChanged: 1 }); // questions, classes, grade×campus; module — each filtered and not;
    // Nothing stored, nothing to change: no audit entry, the cache is still dropped.
    await t.app.events.emitAndWait('survey.changed', { surveyId: f.surveyId });
    expect(
      (await queryRows(db, sql`select 1 from audit_logs where action = 'invalidate' and entity_id = ${String(f.surveyId)}`)).length,
    ).toBe(audit.length);
  });
});

describe('auto-calculate', () => {
  it('recalculates once for a burst of responses, shortly after them', async () => {
    expect((await post(`/surveys/${f.surveyId}/toggle-auto-calculate`, { enabled: true })).json().data).toEqual({
      surveyId: f.surveyId,
      autoCalculate: true,
    });
    expect((await post(`/surveys/${f.surveyId}/calculate-results`, {})).statusCode).toBe(200);
    expect(await results(t.app, f.surveyId)).toMatchObject({ stored: true, n: 14 });
    const autos = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`
      select count(*)::int n from audit_logs where action = 'auto_calculate' and entity = 'survey_results' and entity_id = ${String(f.surveyId)}`,
        )
      )[0].n;
    const before = await autos();
    for (let i = 0; i < 3; i++) {
      responded(t.app, f.surveyId, await addResponse(f.surveyId));
    }
    const r = await until(
      () => results(t.app, f.surveyId),
      (x) => x.n === 17 && x.stored && !x.stale,
    );
    expect(r).toMatchObject({ n: 17, stored: true, stale: false });
    expect(await autos()).toBe(before + 1);
    expect((await post(`/surveys/${f.surveyId}/toggle-auto-calculate`, { enabled: false })).statusCode).toBe(200);
  });
});

describe.skipIf(!redisUp)('the Redis cache (REDIS_URL)', () => {
  it('is shared by two servers and dropped by a new response', async () => {
    const prefix = `test-results-${process.pid}-${Date.now()}:`;
    const make = async () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        AUTH_SECRET: TEST_SECRET,
        AUTH_DEV_LOGIN: 'true',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'app-test-')),
        WEB_DIST: join(tmpdir(), 'no-web-dist'),
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
      });
      const app = await buildApp({ config, database: { ...t.database, close: async () => {} }, logger: false });
      await app.ready();
      return app;
    };
    const a = await make();
    const b = await make(); // b hears of the new response below (each app has its own bus)
    try {
      const s0 = await status(a);
      expect(s0.backend).toBe('redis');
      const first = await results(a, f.surveyId);
      expect((await status(a)).misses).toBe(s0.misses + 1);
      const sb = await status(b);
      expect((await results(b, f.surveyId)).n).toBe(first.n); // computed by a, served to b
      expect((await status(b)).hits).toBe(sb.hits + 1);
      expect((await status(b)).entries).toBeGreaterThan(0);

      responded(b, f.surveyId, await addResponse(f.surveyId));
      const after = await until(
        () => results(a, f.surveyId),
        (x) => x.n === first.n + 1 || x.stale,
      );
      expect(after.n === first.n + 1 || after.stale).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
