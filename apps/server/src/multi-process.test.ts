import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { createClient } from 'redis';
import { answersToSubmission } from '@app/shared/survey-answers';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { ZCacheStatus } from '@app/shared/survey-results';
import { queryRows } from '@/db/client';
import { courseClasses, courseClassStudents, courseClassTeachers, subjects } from '@/db/schema/school';
import { users } from '@/db/schema/users';
import { schoolToday } from '@/areas/surveys/core/school-day';
import { createTestApp, TEST_SECRET, type TestApp } from '@/test/app';
import { testDbKind } from '@/test/db';
import { currentModuleId, insertTestSurvey } from '@/test/surveys';

/**
 * Several processes, one school (issue 11): two real server processes (`node --import tsx main.ts`, as
 * `npm start` runs it) on one PostgreSQL database, with and without Redis. A response sent to one drops the
 * cached results the other serves; the sign-in rate limit counts the requests of both; a burst of responses
 * served by both is auto-calculated once. PostgreSQL only: the embedded database is one process.
 */
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 6;
const AUTO_DELAY_MS = 600;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Server {
  url: string;
  proc: ChildProcess;
  output: () => string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      AUTH_SECRET: TEST_SECRET,
      AUTH_DEV_LOGIN: 'true',
      AUTH_RATE_LIMIT: String(LIMIT),
      SEED_DEMO: 'false',
      WEB_CONCURRENCY: '1',
      RESULTS_AUTO_DELAY_MS: String(AUTO_DELAY_MS),
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'multi-process-')),
      WEB_DIST: join(tmpdir(), 'no-web-dist'),
      ...env,
    },
  });
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // tsx compiles the server on start: on a loaded 2-core machine that alone has taken over 40 s.
  const end = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, proc, output: () => out };
    if (Date.now() > end) throw new Error(`server did not start: ${out}`);
    await sleep(200);
  }
}

async function stopServer(s: Server | undefined) {
  if (!s || s.proc.exitCode !== null) return;
  const exited = new Promise((r) => s.proc.once('exit', r));
  s.proc.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
}

const call = async (s: Server, method: string, path: string, token?: string, body?: unknown) => {
  const res = await fetch(`${s.url}/api/v1${path}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown; message?: string } };
};

describe.skipIf(testDbKind() !== 'pg')('two server processes on one PostgreSQL database (skipped on PGlite: one process only)', () => {
  let t: TestApp;
  let dbUrl: string;
  let admin: string;
  /** A survey of one course class, open today, and the class's students' tokens. */
  let survey: Awaited<ReturnType<typeof insertTestSurvey>>;
  let students: Array<{ token: string; studentId: number }>;
  let classId: number;

  beforeAll(async () => {
    t = await createTestApp();
    dbUrl = ((t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string) ?? '';
    admin = await t.tokenFor('quantri');
    const db = t.database.db;
    const mod = await currentModuleId(db);
    const [u] = await db
      .select({ studentId: users.studentId })
      .from(users)
      .where(eq(users.id, await t.userId('hs.an')));
    const [cls] = await db
      .select({ id: courseClasses.id, subjectId: courseClasses.subjectId })
      .from(courseClasses)
      .innerJoin(courseClassStudents, eq(courseClassStudents.courseClassId, courseClasses.id))
      .where(and(eq(courseClassStudents.studentId, u.studentId!), eq(courseClasses.moduleId, mod)))
      .innerJoin(courseClassTeachers, eq(courseClassTeachers.courseClassId, courseClasses.id))
      .limit(1);
    classId = cls.id;
    const [sub] = await db.select().from(subjects).where(eq(subjects.id, cls.subjectId));
    const today = schoolToday();
    survey = await insertTestSurvey(
      db,
      makeSurvey({
        moduleId: mod,
        surveyType: 'SUBJECT_SPECIFIC',
        subjectId: sub.id,
        subject: { id: sub.id, name: sub.name, usesLms: sub.usesLms },
        startDate: today,
        endDate: today,
      }),
    );
    await db.execute(sql`update surveys set auto_calculate = true where id = ${survey.survey.id}`);
    const rows = await queryRows<{ email: string; studentId: number }>(
      db,
      sql`select u.email, u.student_id as "studentId" from users u
          join course_class_students s on s.student_id = u.student_id
          where s.course_class_id = ${cls.id} order by u.student_id limit 6`,
    );
    students = [];
    for (const r of rows) students.push({ token: await t.tokenFor(r.email), studentId: r.studentId });
  }, 60_000);
  afterAll(() => t?.close());

  const submit = (s: Server, who: { token: string; studentId: number }) =>
    call(
      s,
      'POST',
      `/surveys/${survey.survey.id}/responses`,
      who.token,
      answersToSubmission(survey.survey, survey.answers(completeAnswers()), {
        studentId: who.studentId,
        courseClassId: classId,
        studentCourseClassId: classId,
      }),
    );
  const cacheStatus = async (s: Server) => ZCacheStatus.parse((await call(s, 'GET', '/surveys/cache/status', admin)).body.data);
  const readResults = (s: Server) => call(s, 'GET', `/surveys/${survey.survey.id}/results`, admin);

  describe.each([
    { via: 'PostgreSQL LISTEN/NOTIFY', redis: false },
    { via: 'Redis', redis: true },
  ])('through $via', ({ redis }) => {
    let a: Server | undefined;
    let b: Server | undefined;
    const prefix = `test-mp-${process.pid}-${Date.now()}-${redis ? 'r' : 'p'}:`;
    beforeAll(async () => {
      // One database per mode would cost a second copy; the modes share it and clear what they leave.
      await t.database.db.execute(sql`delete from app_settings where key like 'rate-limit:%'`);
      const env = { DATABASE_URL: dbUrl, ...(redis && { REDIS_URL, REDIS_KEY_PREFIX: prefix }) };
      [a, b] = await Promise.all([startServer(env), startServer(env)]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([stopServer(a), stopServer(b)]);
      if (!redis) return;
      // The cache's generation counters have no expiry: what this run left under its prefix goes.
      const client = createClient({ url: REDIS_URL });
      await client.connect();
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length) await client.del(keys);
      await client.close();
    });

    it('a response sent to one drops the cached results the other serves', async () => {
      const s0 = await cacheStatus(b!);
      expect(s0.backend).toBe(redis ? 'redis' : 'memory');
      expect((await readResults(b!)).status).toBe(200);
      expect((await readResults(b!)).status).toBe(200);
      const s1 = await cacheStatus(b!);
      expect(s1.hits).toBeGreaterThan(s0.hits); // the second read came from b's cache

      const who = students.shift()!;
      const sent = await submit(a!, who);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      await sleep(300); // the event crosses within tens of milliseconds
      expect((await readResults(b!)).status).toBe(200);
      const s2 = await cacheStatus(b!);
      expect(s2.misses).toBe(s1.misses + 1); // recomputed: a cached copy would have been a hit
      expect(s2.hits).toBe(s1.hits);
    });

    it('switching the results cache off in one switches it off in the other', async () => {
      const off = await call(a!, 'POST', '/surveys/cache/toggle', admin, { enabled: false });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      await sleep(300);
      expect((await cacheStatus(b!)).enabled).toBe(false);
      expect((await call(b!, 'POST', '/surveys/cache/toggle', admin, { enabled: true })).status).toBe(200);
      await sleep(300);
      expect((await cacheStatus(a!)).enabled).toBe(true);
    });

    it('a settings save in one takes effect in the other without a restart (issue 17)', async () => {
      const read = async () =>
        (await call(a!, 'GET', '/settings', admin)).body.data as {
          sections: { section: string; version: number; value: { name: string } }[];
        };
      const school = (await read()).sections.find((x) => x.section === 'school')!;
      const name = `Trường Hai Tiến Trình ${redis ? 'Redis' : 'PG'}`;
      const saved = await call(a!, 'PUT', '/settings/school', admin, { version: school.version, value: { name, address: '' } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      await expect.poll(async () => ((await call(b!, 'GET', '/school')).body.data as { name: string }).name, { timeout: 5_000 }).toBe(name);
      // Put the name back for the other mode.
      const back = await call(b!, 'PUT', '/settings/school', admin, { version: school.version + 1, value: school.value });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
    });

    it('the sign-in rate limit counts the requests of both processes', async () => {
      const codes: number[] = [];
      for (let i = 0; i < LIMIT + 4; i++)
        codes.push((await call(i % 2 ? b! : a!, 'POST', '/auth/google', undefined, { googleToken: 'x' })).status);
      // Each process alone saw (LIMIT + 4) / 2 < LIMIT requests: only a shared count refuses the last four.
      expect(codes.slice(0, LIMIT)).not.toContain(429);
      expect(codes.slice(LIMIT)).toEqual([429, 429, 429, 429]);
    });

    it('a burst of responses served by both is auto-calculated once', async () => {
      await sleep(AUTO_DELAY_MS * 2); // the recalculation the first test's response started is done
      const before = await auditCount();
      const x = students.shift()!;
      const y = students.shift()!;
      const [ra, rb] = await Promise.all([submit(a!, x), submit(b!, y)]);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      // Both processes' timers fire after AUTO_DELAY_MS; wait for both, and for a second round if one ran.
      const end = Date.now() + AUTO_DELAY_MS * 6;
      while ((await auditCount()) === before && Date.now() < end) await sleep(100);
      await sleep(AUTO_DELAY_MS * 3);
      expect((await auditCount()) - before).toBe(1);
      const [stored] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select response_count as n from survey_results where survey_id = ${survey.survey.id} and kind = 'questions' and filtered = false`,
      );
      const [total] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from survey_responses where survey_id = ${survey.survey.id}`,
      );
      expect(Number(stored?.n)).toBe(total.n); // the one calculation counted both responses
    });

    const auditCount = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from audit_logs where action = 'auto_calculate' and entity = 'survey_results' and entity_id = ${String(survey.survey.id)}`,
        )
      )[0]!.n;
  });
});
