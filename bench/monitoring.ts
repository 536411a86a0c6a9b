/**
 * Survey monitoring (issue 5, "who has answered") at school scale: the demo school plus 10,000
 * students, each enrolled in a Toán course class of their grade and campus, 60 % of them having
 * answered each of the two open demo surveys (about 26,000 items, 16,000 responses). Every
 * monitoring call is timed over the app (inject), on embedded PGlite and on the PostgreSQL server at
 * BENCH_PG_URL (default 127.0.0.1:5432, skipped when absent). Target: under 100 ms median, like the lists.
 *
 *   node --import tsx bench/monitoring.ts [--db=both|pglite|postgres]
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { courseClassStudents } from '../apps/server/src/db/schema/school';
import { surveyResponses } from '../apps/server/src/db/schema/survey-responses';
import { bulkInsert } from '../apps/server/src/seed/bulk-insert';
import { createRng } from '../apps/server/src/seed/demo-names';
import { benchAppOn, fmt, insertBenchStudents, ms, onFreshDatabase, printTable, saveResults, timeRuns } from './support';

const STUDENTS = 10_000;
const ANSWERED = 0.6;
const TARGET_MS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DB_ARG = process.argv.find((a) => a.startsWith('--db='))?.slice(5) ?? 'both';

type Row = { backend: string; case: string; median: number; p95: number; pass: boolean };

async function fixture(db: Db) {
  const t0 = performance.now();
  const added = await insertBenchStudents(db, { count: STUDENTS, prefix: 'BM', seed: 20_000 });
  const ids = `{${added.map((s) => s.studentId).join(',')}}`;
  // Each new student joins a Toán class of the current module with their grade and campus.
  const enrol = await queryRows<{ courseClassId: number; studentId: number }>(
    db,
    sql`
    select distinct on (st.id) cc.id as "courseClassId", st.id as "studentId"
    from students st
    join course_classes cc on cc.grade = st.grade and cc.campus_id = st.campus_id
    join subjects sub on sub.id = cc.subject_id and sub.code = 'TOAN'
    join modules m on m.id = cc.module_id and m.is_current
    where st.id = any(${ids}::int[])
    order by st.id, cc.id`,
  );
  await bulkInsert(db, courseClassStudents, enrol);
  const surveys = await queryRows<{ id: number; type: string }>(
    db,
    sql`select id, survey_type as type from surveys where status = 'active' and not is_template order by id`,
  );
  const rng = createRng(7);
  const students = await queryRows<{ id: number; grade: number; campusId: number; homeroomClassId: number | null }>(
    db,
    sql`select id, grade, campus_id as "campusId", homeroom_class_id as "homeroomClassId" from students where id = any(${ids}::int[]) order by id`,
  );
  const classOf = new Map(enrol.map((e) => [e.studentId, e.courseClassId]));
  const now = Date.now();
  const rows = surveys.flatMap((s) =>
    students
      .filter(() => rng.next() < ANSWERED)
      .filter((st) => s.type === 'GENERAL' || classOf.has(st.id))
      .map((st) => ({
        surveyId: s.id,
        studentId: st.id,
        courseClassId: s.type === 'GENERAL' ? null : classOf.get(st.id)!,
        studentGrade: st.grade,
        campusId: st.campusId,
        homeroomClassId: st.homeroomClassId,
        submittedAt: new Date(now - rng.int(0, 6 * 86_400_000)),
      })),
  );
  await bulkInsert(db, surveyResponses, rows);
  await db.execute(sql`analyze`);
  console.log(`  fixture: ${STUDENTS} students, ${enrol.length} enrolments, ${rows.length} responses in ${fmt(ms(t0))} ms`);
  return {
    general: surveys.find((s) => s.type === 'GENERAL')!.id,
    subject: surveys.find((s) => s.type !== 'GENERAL')!.id,
    responses: rows.length,
  };
}

function runBackend(backend: string): Promise<Row[] | null> {
  return onFreshDatabase(backend, 'monitoring', async (scratch) => {
    const database = await scratch.open();
    try {
      await database.migrate();
      await seedDemo(database.db);
      const fx = await fixture(database.db);
      const { app, auth, close } = await benchAppOn(database, scratch);
      try {
        return await timeCases(backend, (url) => app.inject({ url, headers: auth }), fx);
      } finally {
        await close();
      }
    } finally {
      await database.close();
    }
  });
}

async function timeCases(
  backend: string,
  get: (url: string) => Promise<{ statusCode: number; body: string }>,
  { general, subject }: { general: number; subject: number },
): Promise<Row[]> {
  const cases: Array<[string, string]> = [
    ['stats', '/api/v1/surveys/stats'],
    ['completion by survey (list)', '/api/v1/surveys/survey-completion-by-survey'],
    ['class status of a survey', `/api/v1/surveys/${general}/class-surveys-status`],
    ['all classes (module)', '/api/v1/surveys/all-classes-surveys-status?limit=50'],
    ['by class (module)', '/api/v1/surveys/survey-completion-by-class'],
    ['by grade × campus (module)', '/api/v1/surveys/survey-completion-by-grade-campus'],
    ['students not done, subject survey, page 1', `/api/v1/surveys/${subject}/students?done=false&limit=50`],
    ['students not done, searched', `/api/v1/surveys/${subject}/students?done=false&limit=50&search=nguyen`],
    ['all students, not done, page 1', '/api/v1/surveys/all-students-survey-status?status=not_done&limit=50'],
    ['all students of one class', '/api/v1/surveys/all-students-survey-status?homeroomClassId=1&limit=50'],
    ['homeroom class status', '/api/v1/homeroom-classes/1/survey-status'],
  ];
  const results: Row[] = [];
  for (const [name, url] of cases) {
    const first = await get(url);
    if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
    const t = await timeRuns(async () => {
      const res = await get(url);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    }, RUNS);
    results.push({ backend, case: name, median: t.median, p95: t.p95, pass: t.median < TARGET_MS });
  }
  return results;
}

const all: Row[] = [];
for (const backend of DB_ARG === 'both' ? ['pglite', 'postgres'] : [DB_ARG]) {
  console.log(`${backend}:`);
  all.push(...((await runBackend(backend)) ?? []));
}
printTable(
  ['db', 'call', 'median ms', 'p95 ms', `< ${TARGET_MS} ms`],
  all.map((r) => [r.backend, r.case, fmt(r.median), fmt(r.p95), r.pass ? 'PASS' : 'FAIL']),
);
saveResults('monitoring', { students: STUDENTS, targetMs: TARGET_MS, results: all });
if (all.some((r) => !r.pass)) process.exitCode = 1;
