import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRole } from '@app/shared/roles';
import { answersToSubmission } from '@app/shared/survey-answers';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { buildApp } from '@/app';
import type { Database } from '@/db/client';
import { users } from '@/db/schema/users';
import { DEMO_STAFF, DEMO_STUDENTS, demoEmail } from '@/seed/demo';
import { bearer, testConfig } from '@/test/app';
import { createTestDatabase } from '@/test/db';
import { insertTestSurvey, schoolDay, currentModuleId } from '@/test/surveys';
import { ERROR_CODES } from './errors';

/**
 * Hostile input and what reaches the log. The app logs into a buffer here (the logger the server
 * runs with, serializers and all), so a test can read every line a request wrote.
 */
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let logLines: string[] = [];
const MARK = 'câu trả lời bí mật 7f3a';

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const config = testConfig();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // debug: outside production the request lines are debug lines (lib/log.ts).
  app = await buildApp({ config, database, logger: { level: 'debug', stream } });
  // A handler whose SQL fails with a person's data in its parameters, as a bug in a real route would.
  app.get('/api/test-sql-error', { config: { public: true } }, async () => {
    await database.db.execute(sql`select ${MARK}::int, ${'student 5001'}::int`);
    return { ok: true };
  });
  // The database's own last line: a number or a text that does not fit, past the schemas.
  app.get('/api/test-out-of-range', { config: { public: true } }, async () => {
    await database.db.execute(sql`select ${'99999999999'}::int`);
    return { ok: true };
  });
  app.get('/api/test-bad-bytes', { config: { public: true } }, async () => {
    await database.db.execute(sql`select convert_from(${Buffer.from([0x61, 0xff])}, 'UTF8')`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const tokens = new Map<string, string>();
async function tokenOf(local: string) {
  if (!tokens.has(local)) {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: demoEmail(local) } });
    tokens.set(local, res.json().data.token as string);
  }
  return tokens.get(local)!;
}
const demo = [...DEMO_STAFF, ...DEMO_STUDENTS];
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('a NUL byte or a lone surrogate', () => {
  it('in the JSON body or the query string of EVERY /api/v1 route is a 400 INVALID_TEXT in Vietnamese', async () => {
    const routes = app.routeTable;
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const caller = route.public ? null : demo.find((p) => p.roles.some((r) => (route.roles as readonly TRole[]).includes(r)));
      const headers = caller ? bearer(await tokenOf(caller.local)) : {};
      const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
      const attempts = [
        { url: `${concrete(route.url)}?search=a%00b` },
        ...(hasBody
          ? [
              { url: concrete(route.url), payload: '{"text":"a\\u0000b"}' },
              { url: concrete(route.url), payload: '{"items":[{"note":"ok"},{"note":"x\\ud800"}]}' },
            ]
          : []),
      ];
      for (const a of attempts) {
        const res = await app.inject({
          method,
          url: a.url,
          headers: { ...headers, ...(a.payload ? { 'content-type': 'application/json' } : {}) },
          payload: a.payload,
        });
        expect(res.statusCode, `${method} ${a.url} ${a.payload ?? ''}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ success: false, code: 'INVALID_TEXT', message: ERROR_CODES.INVALID_TEXT.message });
      }
    }
  });

  it('in a survey answer: the submission is refused with 400 and no line of the log holds the answer or the student', async () => {
    const db = database.db;
    const m = await insertTestSurvey(
      db,
      makeSurvey({
        surveyType: 'GENERAL',
        moduleId: await currentModuleId(db),
        subjectId: null,
        subject: null,
        startDate: schoolDay(-1),
        endDate: schoolDay(1),
      }),
    );
    const [{ studentId }] = (await db
      .select({ studentId: users.studentId })
      .from(users)
      .where(eq(users.email, demoEmail('hs.an')))) as Array<{ studentId: number }>;
    const body = answersToSubmission(m.survey, m.answers({ ...completeAnswers(), 101: `${MARK}\u0000` }), { studentId });
    logLines = [];
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/surveys/${m.survey.id}/responses`,
      headers: bearer(await tokenOf('hs.an')),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('INVALID_TEXT');
    // The same answer without the NUL is taken (the refusal was the NUL, nothing else).
    const ok = await app.inject({
      method: 'POST',
      url: `/api/v1/surveys/${m.survey.id}/responses`,
      headers: bearer(await tokenOf('hs.an')),
      payload: answersToSubmission(m.survey, m.answers({ ...completeAnswers(), 101: MARK }), { studentId }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const log = logLines.join('\n');
    expect(log).toContain('request completed');
    expect(log).not.toContain(MARK);
    expect(log).not.toContain('7f3a');
    expect(log).not.toMatch(new RegExp(`"studentId":\\s*${studentId}\\b`));
  });
});

describe('what an error leaves in the log', () => {
  it('a failing SQL statement: 500 without internals, logged with its SQLSTATE, stack and request id, never its message or parameters', async () => {
    logLines = [];
    const res = await app.inject({ url: '/api/test-sql-error' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message });
    const entry = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'unhandled error');
    expect(entry).toBeTruthy();
    expect(entry!.reqId).toBe(res.headers['x-request-id']);
    const err = entry!.err as { type: string; pg: { code: string }; stack: string; message: string };
    expect(err.pg.code).toBe('22P02');
    expect(err.stack).toMatch(/^\s+at /);
    const log = logLines.join('\n');
    expect(log).not.toContain('7f3a');
    expect(log).not.toContain('student 5001');
    expect(log).not.toMatch(/params|Failed query|invalid input syntax/);
  });

  it('a value the database cannot hold is a 400 in Vietnamese, never a 500', async () => {
    const big = await app.inject({ url: '/api/test-out-of-range' });
    expect(big.statusCode, big.body).toBe(400);
    expect(big.json()).toEqual({ success: false, code: 'OUT_OF_RANGE', message: ERROR_CODES.OUT_OF_RANGE.message });
    const bytes = await app.inject({ url: '/api/test-bad-bytes' });
    expect(bytes.statusCode, bytes.body).toBe(400);
    expect(bytes.json().code).toBe('INVALID_TEXT');
  });

  it('a request line names the path, never the query string (searches name people)', async () => {
    logLines = [];
    const res = await app.inject({
      url: `/api/v1/students?search=${encodeURIComponent('Nguyễn Văn Bí Mật')}`,
      headers: bearer(await tokenOf('quantri')),
    });
    expect(res.statusCode).toBe(200);
    const log = logLines.join('\n');
    expect(log).toContain('/api/v1/students');
    expect(log).not.toContain('search=');
    expect(log).not.toMatch(/Nguy|B%C3%AD/);
  });
});

describe('ids outside 1 … 2³¹−1', () => {
  it('in a path or an id query parameter are a 400 (or 404), never a 500', async () => {
    const admin = bearer(await tokenOf('quantri'));
    const urls = [
      ...['99999999999', '2147483648', '-1', '0', '1e3', '1.5', 'abc'].map((id) => `/api/v1/surveys/${id}`),
      ...['99999999999', '-1', '0', '1e3'].map((id) => `/api/v1/students/${id}`),
      '/api/v1/surveys/1/results?courseClassId=99999999999',
      '/api/v1/course-classes?moduleId=99999999999',
      '/api/v1/students?page=99999999999999',
      '/api/v1/students?page=1e300',
      '/api/v1/surveys?page=1e300',
      '/api/v1/surveys/1/responses?page=1e300',
      '/api/v1/surveys/1/students?page=1e300',
      '/api/v1/system-logs?page=1e300',
    ];
    for (const url of urls) {
      const res = await app.inject({ url, headers: admin });
      expect([400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
    }
    // Every route with a path parameter, each parameter 2³¹ or beyond.
    let checked = 0;
    // Public routes (the iCalendar link, whose path holds a token, not an id) have no roles to call them with.
    for (const route of app.routeTable.filter((r) => r.url.includes('/:') && !r.public)) {
      const caller = demo.find((p) => p.roles.some((r) => (route.roles as readonly TRole[]).includes(r)))!;
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const id of ['99999999999', '2147483648', '-1']) {
        const url = route.url.replace(/:[A-Za-z]+/g, id);
        const res = await app.inject({
          method,
          url,
          headers: bearer(await tokenOf(caller.local)),
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect([400, 404], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
    const max = await app.inject({ url: '/api/v1/surveys/2147483647', headers: admin });
    expect(max.statusCode).toBe(404);
  });
});
