/**
 * Survey results (issue 5, "Speed"): 200,000 answers — 5,000 responses × 40 questions (30 grid rows
 * with "Không có ý kiến", 5 linear scales, 3 multiple choice, 2 long texts) to one SUBJECT_SPECIFIC
 * survey spread over 125 course classes — then, through the real app (`app.inject`, in process):
 *   - full recalculation of the survey (POST /surveys/{id}/calculate-results: questions, course
 *     classes and grade×campus, filtered and unfiltered, stored),
 *   - full recalculation of its module (POST /surveys/modules/{id}/calculate-results),
 *   - a cached read (GET /surveys/{id}/results, the cache warm), and the same read uncached.
 * On the embedded PGlite and on the PostgreSQL server. Targets on PostgreSQL: recalculation < 2 s,
 * cached read < 20 ms. Figures in bench/out/results.json.
 *
 *   node --import tsx bench/results.ts [--quick] [--db=both|pglite|postgres] [--responses=5000]
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test (the server's admin database; ours is created and dropped)
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { AGREEMENT_COLUMNS } from '@app/shared/survey-fixtures';
import type { TSurvey, TSurveyQuestion } from '@app/shared/surveys';
import { queryRows, type Database } from '../apps/server/src/db/client';
import { recomputeStraightLined } from '../apps/server/src/areas/surveys/core/straight-lining.repository';
import { insertTestSurvey } from '../apps/server/src/test/surveys';
import { seedDemo } from '../apps/server/src/seed/demo';
import { benchAppOn, fmt, insertBenchStudents, ms, onFreshDatabase, printTable, saveResults, timeRuns } from './support';

const argv = process.argv.slice(2);
const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const QUICK = argv.includes('--quick');
const RESPONSES = Number(arg('responses') ?? (QUICK ? 1000 : 5000));
const CLASSES = 125;
const DBS = (arg('db') ?? 'both') === 'both' ? ['pglite', 'postgres'] : [arg('db')!];
const TARGET_RECALC_MS = 2000;
const TARGET_CACHED_MS = 20;

function surveyInput(moduleId: number, subject: { id: number; name: string }): TSurvey {
  let id = 1;
  const q = (p: Pick<TSurveyQuestion, 'questionType' | 'displayOrder'> & Partial<TSurveyQuestion>): TSurveyQuestion => ({
    id: id++,
    content: `<p>Câu hỏi ${id}</p>`,
    required: 1,
    options: null,
    visibleToTeacher: true,
    lmsOnly: false,
    gridGroup: null,
    ...p,
  });
  const group = { id: 1, columns: AGREEMENT_COLUMNS };
  return {
    id: 1,
    title: 'Khảo sát kết quả (bench)',
    description: null,
    coverImageUrl: null,
    surveyType: 'SUBJECT_SPECIFIC',
    status: 'active',
    startDate: '2026-01-05',
    endDate: '2026-01-20',
    allowedGrades: [10, 11, 12],
    moduleId,
    subjectId: subject.id,
    subject: { id: subject.id, name: subject.name, usesLms: true },
    autoCalculate: false,
    isTemplate: false,
    studentCourseClass: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    sections: [
      {
        id: 1,
        title: 'Giáo viên',
        description: null,
        displayOrder: 1,
        questions: Array.from({ length: 30 }, (_, i) => q({ questionType: 'grid', displayOrder: i + 1, gridGroup: group })),
      },
      {
        id: 2,
        title: 'Ý kiến',
        description: null,
        displayOrder: 2,
        questions: [
          ...Array.from({ length: 5 }, (_, i) =>
            q({ questionType: 'linear_scale', displayOrder: i + 1, options: { min: 1, max: 5, minLabel: 'Kém', maxLabel: 'Tốt' } }),
          ),
          ...Array.from({ length: 3 }, (_, i) =>
            q({ questionType: 'multiple_choice', displayOrder: 6 + i, options: { choices: ['A', 'B', 'C'], allowOther: false } }),
          ),
          ...Array.from({ length: 2 }, (_, i) => q({ questionType: 'long_text', displayOrder: 9 + i, required: 0 })),
        ],
      },
    ],
  };
}

/** 5,000 responses over 125 course classes (1–2 teachers each) and their 200,000 answers, written by SQL. */
export async function prepare(database: Database) {
  const db = database.db;
  await database.migrate();
  await seedDemo(db);
  await insertBenchStudents(db, { count: RESPONSES, prefix: 'SR', seed: 5_000 });
  const [mod] = await queryRows<{ id: number }>(db, sql`select id from modules where is_current`);
  const [subject] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from subjects order by id limit 1`);
  const teachers = (await queryRows<{ id: number }>(db, sql`select id from teachers order by id`)).map((r) => r.id);
  const [campus] = await queryRows<{ id: number }>(db, sql`select id from campuses order by id limit 1`);
  const classIds: number[] = [];
  for (let i = 0; i < CLASSES; i++) {
    const [c] = await queryRows<{ id: number }>(
      db,
      sql`
      insert into course_classes (code, name, subject_id, module_id, campus_id, grade, capacity)
      values (${`BR-${i + 1}`}, ${`Lớp bench ${i + 1}`}, ${subject.id}, ${mod.id}, ${campus.id}, ${10 + (i % 3)}, 45) returning id`,
    );
    classIds.push(c.id);
    const ts = i % 4 === 0 ? [teachers[i % teachers.length], teachers[(i + 1) % teachers.length]] : [teachers[i % teachers.length]];
    for (const t of ts) await db.execute(sql`insert into course_class_teachers (course_class_id, teacher_id) values (${c.id}, ${t})`);
  }
  const { survey } = await insertTestSurvey(db, surveyInput(mod.id, subject));
  const qs = survey.sections.flatMap((s) => s.questions);
  const cols = [...AGREEMENT_COLUMNS].map((c) => qs[0].gridGroup!.columns.find((x) => x.value === c.value)!);
  const colId = (v: string) => cols.find((c) => c.value === v)!.id!;
  const colLabel = (v: string) => cols.find((c) => c.value === v)!.label;
  const ids = (a: number[]) => sql`${sql.param(a)}::int[]`;
  const texts = (a: string[]) => sql`${sql.param(a)}::text[]`;

  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into survey_responses (survey_id, student_id, course_class_id, teacher_ids, student_grade, campus_id, homeroom_class_id)
    select ${survey.id}, st.id, (${ids(classIds)})[(st.rn % ${CLASSES}) + 1],
      array(select teacher_id from course_class_teachers where course_class_id = (${ids(classIds)})[(st.rn % ${CLASSES}) + 1] order by teacher_id),
      st.grade, st.campus_id, st.homeroom_class_id
    from (select id, grade, campus_id, homeroom_class_id, (row_number() over (order by id) - 1)::int rn from students where student_code like 'SR%') st`);
  await db.execute(sql`
    insert into course_class_students (course_class_id, student_id)
    select course_class_id, student_id from survey_responses where survey_id = ${survey.id}`);
  const grid = qs.filter((q) => q.questionType === 'grid').map((q) => q.id);
  const scale = qs.filter((q) => q.questionType === 'linear_scale').map((q) => q.id);
  const choice = qs.filter((q) => q.questionType === 'multiple_choice').map((q) => q.id);
  const text = qs.filter((q) => q.questionType === 'long_text').map((q) => q.id);
  // Grid: 1–5 at random, 5% "Không có ý kiến"; every 50th response answers 4 to every row (straight-lined).
  await db.execute(sql`
    insert into response_details (response_id, question_id, answer_text, grid_column_id, value_number)
    select x.rid, x.qid, (${texts(['1', '2', '3', '4', '5', 'None'].map(colLabel))})[x.k], (${ids(['1', '2', '3', '4', '5', 'None'].map(colId))})[x.k],
      case when x.k = 6 then null else x.k end
    from (
      select r.id rid, q.qid, case when r.id % 50 = 0 then 4 when random() < 0.05 then 6 else 1 + floor(random() * 5)::int end k
      from survey_responses r cross join unnest(${ids(grid)}) q(qid) where r.survey_id = ${survey.id}
    ) x`);
  await db.execute(sql`
    insert into response_details (response_id, question_id, answer_text, value_number)
    select x.rid, x.qid, x.v::text, x.v from (
      select r.id rid, q.qid, 1 + floor(random() * 5)::int v from survey_responses r cross join unnest(${ids(scale)}) q(qid) where r.survey_id = ${survey.id}
    ) x`);
  await db.execute(sql`
    insert into response_details (response_id, question_id, answer_options)
    select r.id, q.qid, jsonb_build_array((array['A', 'B', 'C'])[1 + floor(random() * 3)::int])
    from survey_responses r cross join unnest(${ids(choice)}) q(qid) where r.survey_id = ${survey.id}`);
  await db.execute(sql`
    insert into response_details (response_id, question_id, answer_text)
    select r.id, q.qid, 'Em mong thầy cô có thêm nhiều bài tập thực hành (' || r.id || ').'
    from survey_responses r cross join unnest(${ids(text)}) q(qid) where r.survey_id = ${survey.id}`);
  await recomputeStraightLined(db, survey.id);
  await db.execute(sql`analyze`);
  const [c] = await queryRows<{ responses: number; answers: number; sl: number; module: number }>(
    db,
    sql`
    select (select count(*)::int from survey_responses where survey_id = ${survey.id}) responses,
      (select count(*)::int from response_details d join survey_responses r on r.id = d.response_id where r.survey_id = ${survey.id}) answers,
      (select count(*)::int from survey_responses where survey_id = ${survey.id} and straight_lined) sl,
      (select count(*)::int from survey_responses r join surveys s on s.id = r.survey_id where s.module_id = ${mod.id}) module`,
  );
  return { surveyId: survey.id, moduleId: mod.id, counts: c };
}

function runBackend(backend: string) {
  return onFreshDatabase(backend, 'results', async (scratch) => {
    const database = await scratch.open();
    try {
      let t0 = performance.now();
      const fx = await prepare(database);
      console.log(
        `  ${backend}: ${fx.counts.responses} responses, ${fx.counts.answers} answers (${fx.counts.sl} straight-lined) written in ${fmt(ms(t0))} ms; module has ${fx.counts.module} responses`,
      );
      const { app, auth, close } = await benchAppOn(database, scratch);
      try {
        const call = async (method: 'GET' | 'POST', url: string) => {
          const res = await app.inject({ method, url: `/api/v1${url}`, headers: auth, payload: method === 'POST' ? {} : undefined });
          if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          return res;
        };
        const runs = QUICK ? 2 : 3;
        const survey = await timeRuns(async () => void (await call('POST', `/surveys/${fx.surveyId}/calculate-results`)), runs, 1);
        const mod = await timeRuns(async () => void (await call('POST', `/surveys/modules/${fx.moduleId}/calculate-results`)), runs, 1);
        const resultsUrl = `/surveys/${fx.surveyId}/results`;
        const cached = await timeRuns(async () => void (await call('GET', resultsUrl)), 50, 3);
        const size = (await call('GET', resultsUrl)).body.length;
        // The same read with the cache off: the stored row and the stale check (no cache) …
        await app.inject({ method: 'POST', url: '/api/v1/surveys/cache/toggle', headers: auth, payload: { enabled: false } });
        const stored = await timeRuns(async () => void (await call('GET', resultsUrl)), 10, 2);
        // … and computed live (a narrowed view is never stored): a teacher-sized slice and the whole school live.
        const live = await timeRuns(async () => void (await call('GET', `${resultsUrl}?compare=true`)), runs, 1);
        const courses = await timeRuns(async () => void (await call('GET', `/surveys/${fx.surveyId}/course-results`)), runs, 1);
        await app.inject({ method: 'POST', url: '/api/v1/surveys/cache/toggle', headers: auth, payload: { enabled: true } });
        t0 = performance.now();
        const xlsx = await call('GET', `/surveys/${fx.surveyId}/export-excel`);
        const exportMs = ms(t0);
        return {
          backend,
          counts: fx.counts,
          survey,
          module: mod,
          cached,
          stored,
          live,
          courses,
          exportMs,
          exportBytes: xlsx.rawPayload.length,
          resultsBytes: size,
        };
      } finally {
        await close();
      }
    } finally {
      await database.close();
    }
  });
}

async function main() {
  console.log(
    `bench/results: ${RESPONSES.toLocaleString('en')} responses × 40 answers over ${CLASSES} course classes (${DBS.join(', ')}); ` +
      `targets on PostgreSQL: recalculation < ${TARGET_RECALC_MS} ms, cached read < ${TARGET_CACHED_MS} ms`,
  );
  const results = [];
  for (const b of DBS) {
    const r = await runBackend(b);
    if (r) results.push(r);
  }
  console.log('');
  printTable(
    [
      'backend',
      'survey recalc (ms)',
      'module recalc (ms)',
      'cached read p50/p95 (ms)',
      'stored read p50 (ms)',
      'live + compare p50 (ms)',
      'course results live (ms)',
      'export (ms)',
    ],
    results.map((r) => [
      r.backend,
      fmt(r.survey.median),
      fmt(r.module.median),
      `${fmt(r.cached.median)} / ${fmt(r.cached.p95)}`,
      fmt(r.stored.median),
      fmt(r.live.median),
      fmt(r.courses.median),
      fmt(r.exportMs),
    ]),
  );
  const pgr = results.find((r) => r.backend === 'postgres');
  const verdicts = results.map((r) => ({
    backend: r.backend,
    recalcPass: r.survey.median < TARGET_RECALC_MS && r.module.median < TARGET_RECALC_MS,
    cachedPass: r.cached.median < TARGET_CACHED_MS,
  }));
  for (const v of verdicts)
    console.log(
      `  ${v.backend}: recalculation < ${TARGET_RECALC_MS} ms ${v.recalcPass ? 'PASS' : 'FAIL'}; cached read < ${TARGET_CACHED_MS} ms ${v.cachedPass ? 'PASS' : 'FAIL'}${v.backend === 'pglite' ? ' (targets are for PostgreSQL)' : ''}`,
    );
  saveResults('results', {
    responses: RESPONSES,
    answers: RESPONSES * 40,
    classes: CLASSES,
    targets: { recalcMs: TARGET_RECALC_MS, cachedMs: TARGET_CACHED_MS },
    results,
    verdicts,
  });
  const pgVerdict = verdicts.find((v) => v.backend === 'postgres');
  if (pgr && pgVerdict && !(pgVerdict.recalcPass && pgVerdict.cachedPass)) process.exit(1);
}

// Run as a script (not when imported for profiling).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
