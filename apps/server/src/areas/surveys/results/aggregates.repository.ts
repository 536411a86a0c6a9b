import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';

/**
 * The SQL behind every results figure (issue 5). Everything is aggregated by PostgreSQL: a figure
 * kind is one GROUP BY over the responses of a "slice", never a loop over answer rows in JS.
 *
 * A slice is the set of responses a figure covers: some surveys, optionally only responses naming
 * some teachers (teacher_ids snapshot) or about some course classes, and — when filtered — without
 * straight-lined responses and without course classes that keep fewer than `minResponses`
 * non-straight-lined responses (counted over the whole class, whatever the narrowing).
 */
export interface Slice {
  surveyIds: number[];
  filtered: boolean;
  minResponses: number;
  /** Responses naming any of these teachers; null = all. */
  teacherIds?: number[] | null;
  courseClassIds?: number[] | null;
  /** Only these grade×campus cells (a school-wide narrowing); null = all. */
  grade?: number | null;
  /**
   * The anonymity floor (anonymity.ts, set by `minPartFor` only): course classes with fewer responses
   * in this slice are left out of every figure built from classes; null = none (school-wide roles).
   */
  minPart?: number | null;
  /**
   * Live figures of open surveys move in steps of k (issue 11): of `surveyIds`, each part keeps only
   * its first ⌊n/k⌋·k responses in submission order, so a figure changes only when k more arrived.
   * Set by `stepFor` (anonymity.ts) only; null = exact.
   */
  step?: { k: number; surveyIds: number[] } | null;
}

const floorOf = (s: Slice) => (s.minPart && s.minPart > 1 ? s.minPart : null);

/**
 * Course classes whose responses did not all name the same set of teachers (the class's teachers
 * changed during the survey): a teacher-narrowed part of such a class differs from the whole class by
 * the responses of one period, so restricted viewers never get it (anonymity.ts).
 */
const mixedParts = (surveyIds: number[]) => sql`select z.survey_id, z.course_class_id from (
    select m.survey_id, m.course_class_id, array(select x from unnest(m.teacher_ids) x order by x) ts
    from survey_responses m where m.survey_id = any(${intArray(surveyIds)}) and m.course_class_id is not null) z
  group by 1, 2 having count(distinct z.ts) > 1`;

export const intArray = (a: readonly number[]) => sql`${sql.param([...a])}::int[]`;

/**
 * Runs one results statement with PostgreSQL's JIT off. These are short aggregates whose estimated
 * cost passes jit_above_cost on a few hundred thousand answers; compiling them took 2 s for a query
 * that runs in 0.1 s (measured with bench/results.ts). `set local` needs a transaction (a savepoint
 * inside a caller's one); PGlite has no JIT and ignores the setting.
 */
export async function analyticRows<T>(db: DbOrTx, q: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<T>(tx, q);
  });
}

/**
 * `resp`: the slice's responses (with `resp_all`, the responses they are chosen from).
 *
 * Steps of k number each part's responses BEFORE any variant narrows them (filtered, teacher): every
 * variant of a live figure is a subset of the same released prefix, the part's first ⌊n/k⌋·k
 * responses. Numbering after the filters made the filtered and unfiltered prefixes different sets, so
 * their difference was one or two of the newest responses (found by an attack review of issue 11).
 * For the same reason the filtered rule's class count is taken over the released responses only.
 * Grade and course class are part keys, so narrowing by them before or after numbering is the same.
 */
export function respCte(s: Slice): SQL {
  const ids = intArray(s.surveyIds);
  const step = s.step && s.step.k > 1 && s.step.surveyIds.length ? s.step : null;
  const cols = sql`r.id, r.survey_id, r.course_class_id, r.teacher_ids, r.student_grade, r.campus_id, r.straight_lined`;
  // Steps of k: per part (survey, class, grade, campus) of a stepped survey, its first ⌊n/k⌋·k responses.
  const all = step
    ? sql`select ${cols} from (
      select ${cols},
        row_number() over (partition by r.survey_id, r.course_class_id, r.student_grade, r.campus_id order by r.submitted_at, r.id) as rn,
        count(*) over (partition by r.survey_id, r.course_class_id, r.student_grade, r.campus_id) as cnt
      from survey_responses r where r.survey_id = any(${ids})) r
    where not (r.survey_id = any(${intArray(step.surveyIds)})) or r.rn <= floor(r.cnt / ${step.k}::float8) * ${step.k}`
    : sql`select ${cols} from survey_responses r where r.survey_id = any(${ids})`;
  const parts: SQL[] = [sql`true`];
  if (s.filtered) {
    parts.push(sql`not r.straight_lined`);
    parts.push(sql`(r.course_class_id is null or (r.survey_id, r.course_class_id) in (
      select x.survey_id, x.course_class_id from resp_all x
      where not x.straight_lined and x.course_class_id is not null
      group by 1, 2 having count(*) >= ${s.minResponses}))`);
  }
  if (s.teacherIds) parts.push(sql`r.teacher_ids && ${intArray(s.teacherIds)}`);
  if (s.courseClassIds) parts.push(sql`r.course_class_id = any(${intArray(s.courseClassIds)})`);
  if (s.grade) parts.push(sql`r.student_grade = ${s.grade}`);
  const chosen = sql`select r.id, r.survey_id, r.course_class_id, r.teacher_ids, r.student_grade, r.campus_id
    from resp_all r where ${sql.join(parts, sql` and `)}`;
  const floor = floorOf(s);
  if (!floor) return sql`resp_all as (${all}), resp as (${chosen})`;
  // The anonymity floor: a class's responses in this slice are kept only when there are enough of them
  // and the class had the same teachers for all its responses.
  return sql`resp_all as (${all}), resp as (
    select id, survey_id, course_class_id, teacher_ids, student_grade, campus_id from (
      select y.*, count(*) over (partition by y.survey_id, y.course_class_id) as part_n from (${chosen}) y) z
    where course_class_id is null
      or (part_n >= ${floor} and (survey_id, course_class_id) not in (${mixedParts(s.surveyIds)})))`;
}

/**
 * `sf`: the numbers that make the score, as a frequency table — one row per (survey, class, teachers,
 * grade, campus, number) with its count, so every figure below aggregates a few thousand rows instead
 * of sorting the answers again. With a score config: the configured questions' numbers; without one:
 * every grid answer with a number. `None` has no number, so it never gets here.
 */
function scoredCtes(s: Slice): SQL {
  return sql`cfg as (select survey_id, question_id from score_configs where survey_id = any(${intArray(s.surveyIds)})),
    has_cfg as (select distinct survey_id from cfg),
    sf as (
      select r.survey_id, r.course_class_id, r.teacher_ids, r.student_grade, r.campus_id, d.value_number::float8 as v, count(*)::int as c
      from resp r
      join response_details d on d.response_id = r.id
      left join cfg cq on cq.survey_id = r.survey_id and cq.question_id = d.question_id
      left join has_cfg h on h.survey_id = r.survey_id
      where d.value_number is not null and (cq.question_id is not null or (h.survey_id is null and d.grid_column_id is not null))
      group by 1, 2, 3, 4, 5, 6)`;
}

/**
 * Count, mean, SAMPLE SD (n − 1) and median per `keys` of a frequency table `src(keys…, v, c)`.
 * The median comes from cumulative counts: the mean of the values at positions ⌊(N+1)/2⌋ and
 * ⌈(N+1)/2⌉. Answers are small whole numbers, so the sums are exact in float8.
 */
export function freqStats(src: SQL, keys: string[]): SQL {
  const k = keys.length ? keys : ['_k'];
  const cols = sql.raw(k.join(', '));
  const srcK = keys.length ? src : sql`select 0 as _k, v, c from (${src}) z`;
  return sql`select ${cols}, sum(c)::int as answer_n, sum(v * c) / sum(c) as score,
      case when sum(c) > 1 then sqrt(greatest(sum(v * v * c) - sum(v * c) * sum(v * c) / sum(c), 0) / (sum(c) - 1)) end as sd,
      (min(v) filter (where cum >= floor((tot + 1) / 2.0)) + min(v) filter (where cum >= ceil((tot + 1) / 2.0))) / 2 as median
    from (
      select ${cols}, v, c, sum(c) over (partition by ${cols} order by v) as cum, sum(c) over (partition by ${cols}) as tot
      from (select ${cols}, v, sum(c)::float8 as c from (${srcK}) y group by ${cols}, v) a
    ) b group by ${cols}`;
}

export const AGGREGATE_KINDS = [
  'class',
  'teacher_class',
  'teacher',
  'teacher_module',
  'subject',
  'department',
  'survey',
  'overall',
  'grade_campus',
] as const;
export type AggregateKind = (typeof AGGREGATE_KINDS)[number];

export interface AggregateRow {
  kind: AggregateKind;
  k1: number | null;
  k2: number | null;
  k3: number | null;
  /** Responses behind the figure (classes under the slice's floor left out). */
  n: number;
  /** Responses of every class of the figure, floor or not. */
  allN: number;
  classCount: number;
  answerN: number;
  score: number | null;
  sd: number | null;
  median: number | null;
}

const cols = (kind: string, k: [SQL, SQL, SQL]) => sql`${kind}::text as kind, ${k[0]}::int as k1, ${k[1]}::int as k2, ${k[2]}::int as k3`;
const NULLS: [SQL, SQL, SQL] = [sql`null`, sql`null`, sql`null`];
/**
 * Mean and SAMPLE SD of course-class scores: each class once, however many responses it has. Classes
 * under the floor (`kept` false) are left out; `allN` still counts them.
 */
const overClasses = (kept: SQL) => sql`coalesce(sum(x.n) filter (where ${kept}), 0)::int as n, sum(x.n)::int as "allN",
  count(x.score) filter (where ${kept})::int as "classCount", coalesce(sum(x.answer_n) filter (where ${kept}), 0)::int as "answerN",
  (avg(x.score) filter (where ${kept}))::float8 as score, (stddev_samp(x.score) filter (where ${kept}))::float8 as sd, null::float8 as median`;

const SELECTS: Record<AggregateKind, (teacherFilter: SQL, kept: SQL) => SQL> = {
  class:
    () => sql`select ${cols('class', [sql`survey_id`, sql`course_class_id`, sql`null`])}, n, n as "allN", 1 as "classCount", answer_n as "answerN",
    score, sd, median from cls_s`,
  teacher_class:
    () => sql`select ${cols('teacher_class', [sql`tid`, sql`course_class_id`, sql`survey_id`])}, n, n as "allN", 1 as "classCount", answer_n as "answerN",
    score, sd, median from tc_s`,
  teacher: (_tf, kept) =>
    sql`select ${cols('teacher', [sql`x.tid`, sql`null`, sql`null`])}, ${overClasses(kept)} from tc_s x group by x.tid`,
  teacher_module: (_tf, kept) => sql`select ${cols('teacher_module', [sql`x.tid`, sql`s.module_id`, sql`null`])}, ${overClasses(kept)}
    from tc_s x join surveys s on s.id = x.survey_id group by x.tid, s.module_id`,
  subject: (_tf, kept) => sql`select ${cols('subject', [sql`cc.subject_id`, sql`null`, sql`null`])}, ${overClasses(kept)}
    from cls_s x join course_classes cc on cc.id = x.course_class_id group by cc.subject_id`,
  department: (tf, kept) => sql`select ${cols('department', [sql`cd.department_id`, sql`null`, sql`null`])}, ${overClasses(kept)}
    from cls_s x join (
      select distinct r.survey_id, r.course_class_id, te.department_id
      from resp r cross join unnest(r.teacher_ids) t(tid) join teachers te on te.id = t.tid
      where te.department_id is not null and r.course_class_id is not null ${tf}
    ) cd on cd.survey_id = x.survey_id and cd.course_class_id = x.course_class_id
    group by cd.department_id`,
  // A subject survey: mean of its class scores; a GENERAL one (no classes): its answers pooled.
  survey: (
    _tf,
    kept,
  ) => sql`select ${cols('survey', [sql`x.survey_id`, sql`null`, sql`null`])}, ${overClasses(kept)} from cls_s x group by x.survey_id
    union all
    select ${cols('survey', [sql`g.survey_id`, sql`null`, sql`null`])}, g.n, g.n as "allN", 0 as "classCount", coalesce(p.answer_n, 0) as "answerN",
      p.score, p.sd, p.median
    from (select survey_id, count(*)::int n from resp where course_class_id is null group by 1) g
    left join (${freqStats(sql`select survey_id, v, c from sf where course_class_id is null`, ['survey_id'])}) p on p.survey_id = g.survey_id`,
  overall: (_tf, kept) => sql`select ${cols('overall', NULLS)}, ${overClasses(kept)} from cls_s x`,
  // Grade×campus cuts across classes: its answers pooled.
  grade_campus:
    () => sql`select ${cols('grade_campus', [sql`g.student_grade`, sql`g.campus_id`, sql`null`])}, g.n, g.n as "allN", 0 as "classCount", coalesce(p.answer_n, 0) as "answerN",
      p.score, p.sd, p.median
    from (select student_grade, campus_id, count(*)::int n from resp group by 1, 2) g
    left join (${freqStats(sql`select student_grade, campus_id, v, c from sf`, ['student_grade', 'campus_id'])}) p
      on p.student_grade = g.student_grade and p.campus_id = g.campus_id`,
};

/**
 * Several figure kinds of one slice in one statement: the answers are read once into `sf`, and every
 * kind is a GROUP BY over it or over the per-class scores `cls_s` / per-(teacher, class) `tc_s`.
 * With `teacherIds`, teacher figures list only those teachers. The slice's floor leaves small classes
 * out of the figures over classes (class rows themselves are all listed, so they can be marked hidden);
 * pooled kinds (grade×campus, GENERAL surveys) are not for floored slices.
 */
export async function aggregates(db: DbOrTx, s: Slice, kinds: readonly AggregateKind[]): Promise<AggregateRow[]> {
  if (!kinds.length || !s.surveyIds.length) return [];
  const tf = s.teacherIds ? sql`and t.tid = any(${intArray(s.teacherIds)})` : sql``;
  const floor = floorOf(s);
  const kept = floor ? sql`(x.n >= ${floor} and (x.survey_id, x.course_class_id) not in (select * from mixed))` : sql`true`;
  const all = { ...s, minPart: null };
  const rows = await analyticRows<AggregateRow>(
    db,
    sql`
    with ${respCte(all)}, ${scoredCtes(all)},
    mixed as (${floor ? mixedParts(s.surveyIds) : sql`select null::int as survey_id, null::int as course_class_id where false`}),
    cls as (select survey_id, course_class_id, count(*)::int n from resp where course_class_id is not null group by 1, 2),
    cls_p as (${freqStats(sql`select survey_id, course_class_id, v, c from sf where course_class_id is not null`, ['survey_id', 'course_class_id'])}),
    cls_s as (select c.survey_id, c.course_class_id, c.n, coalesce(p.answer_n, 0) answer_n, p.score, p.sd, p.median
              from cls c left join cls_p p on p.survey_id = c.survey_id and p.course_class_id = c.course_class_id),
    tc as (select r.survey_id, r.course_class_id, t.tid, count(*)::int n
           from resp r cross join unnest(r.teacher_ids) t(tid) where r.course_class_id is not null ${tf} group by 1, 2, 3),
    tc_p as (${freqStats(
      sql`select s.survey_id, s.course_class_id, t.tid, s.v, s.c from sf s cross join unnest(s.teacher_ids) t(tid)
               where s.course_class_id is not null ${tf}`,
      ['survey_id', 'course_class_id', 'tid'],
    )}),
    tc_s as (select c.survey_id, c.course_class_id, c.tid, c.n, coalesce(p.answer_n, 0) answer_n, p.score, p.sd, p.median
             from tc c left join tc_p p on p.survey_id = c.survey_id and p.course_class_id = c.course_class_id and p.tid = c.tid)
    ${sql.join(
      kinds.map((k) => sql`(${SELECTS[k](tf, kept)})`),
      sql` union all `,
    )}`,
  );
  return rows.map((r) => ({
    ...r,
    n: Number(r.n ?? 0),
    allN: Number(r.allN ?? r.n ?? 0),
    classCount: Number(r.classCount ?? 0),
    answerN: Number(r.answerN ?? 0),
    score: r.score === null ? null : Number(r.score),
    sd: r.sd === null ? null : Number(r.sd),
    median: r.median === null ? null : Number(r.median),
  }));
}

// ---- Questions ----

export interface QuestionStatRow {
  questionId: number;
  key: string | null;
  n: number;
  answered: number;
  answerN: number;
  noOpinion: number;
  mean: number | null;
  sd: number | null;
  median: number | null;
}

/** The breakdown dimension of a per-question figure: none, per course class, per teacher, per grade×campus. Keys are text, never null ('' = none / no class), so joins stay plain equalities the planner estimates well. */
export type Dim = 'none' | 'courseClass' | 'teacher' | 'gradeCampus';
const dimKey = (dim: Dim): { from: SQL; key: SQL } => {
  switch (dim) {
    case 'none':
      return { from: sql``, key: sql`''::text` };
    case 'courseClass':
      return { from: sql``, key: sql`coalesce(r.course_class_id::text, '')` };
    case 'teacher':
      return { from: sql`cross join unnest(r.teacher_ids) t(tid)`, key: sql`t.tid::text` };
    case 'gradeCampus':
      return { from: sql``, key: sql`r.student_grade || ':' || r.campus_id` };
  }
};

/**
 * Per question (and per `dim` value), from one read of the answers grouped into a frequency table
 * `g`: answers, numbered answers, "Không có ý kiến" answers, mean, SAMPLE SD and median of the numbers,
 * `n` = responses of that dim value; and how many answers chose each grid column, scale number or
 * choice (a checkbox answer counts once per choice).
 */
export async function questionFigures(db: DbOrTx, s: Slice, dim: Dim = 'none', keyFilter?: SQL) {
  const d = dimKey(dim);
  const rows = await analyticRows<{
    via: 'stat' | DistributionRow['via'];
    questionId: number;
    key: string | null;
    n: number;
    answered: number;
    answerN: number;
    noOpinion: number;
    mean: number | null;
    sd: number | null;
    median: number | null;
    okey: string | null;
    count: number;
  }>(
    db,
    sql`
    with ${respCte(s)},
    keyed as (select r.id, ${d.key} as key from resp r ${d.from} ${keyFilter ? sql`where ${keyFilter}` : sql``}),
    sizes as (select key, count(*)::int n from keyed group by key),
    g as (select d.question_id, k.key, d.grid_column_id, d.value_number::float8 as v, d.answer_options, count(*)::float8 as c
          from keyed k join response_details d on d.response_id = k.id group by 1, 2, 3, 4, 5),
    st as (select question_id, key, sum(c)::int answered, coalesce(sum(c) filter (where v is not null), 0)::int answer_n,
             coalesce(sum(c) filter (where grid_column_id is not null and v is null), 0)::int no_opinion
           from g group by 1, 2),
    num as (${freqStats(sql`select question_id, key, v, c from g where v is not null`, ['question_id', 'key'])})
    select 'stat' as via, st.question_id as "questionId", st.key, sz.n, st.answered, st.answer_n as "answerN", st.no_opinion as "noOpinion",
      num.score as mean, num.sd, num.median, null::text as okey, 0 as count
    from st join sizes sz on sz.key = st.key
    left join num on num.question_id = st.question_id and num.key = st.key
    union all
    select 'column', question_id, key, 0, 0, 0, 0, null, null, null, grid_column_id::text, sum(c)::int from g
    where grid_column_id is not null group by question_id, key, grid_column_id
    union all
    select 'number', question_id, key, 0, 0, 0, 0, null, null, null, v::text, sum(c)::int from g
    where grid_column_id is null and v is not null and answer_options is null group by question_id, key, v
    union all
    select 'option', g.question_id, g.key, 0, 0, 0, 0, null, null, null, o.v, sum(g.c)::int from g
    cross join lateral jsonb_array_elements_text(case when jsonb_typeof(g.answer_options) = 'array' then g.answer_options else '[]'::jsonb end) o(v)
    where g.answer_options is not null group by g.question_id, g.key, o.v`,
  );
  const num = (x: number | null) => (x === null ? null : Number(x));
  const stats: QuestionStatRow[] = [];
  const dist: Array<DistributionRow & { key2: string | null }> = [];
  for (const r of rows) {
    if (r.via === 'stat')
      stats.push({
        questionId: r.questionId,
        key: r.key,
        n: Number(r.n),
        answered: Number(r.answered),
        answerN: Number(r.answerN),
        noOpinion: Number(r.noOpinion),
        mean: num(r.mean),
        sd: num(r.sd),
        median: num(r.median),
      });
    else dist.push({ questionId: r.questionId, key: r.okey!, via: r.via, count: Number(r.count), key2: r.key });
  }
  return { stats, dist };
}

export async function questionStats(db: DbOrTx, s: Slice, dim: Dim = 'none', keyFilter?: SQL): Promise<QuestionStatRow[]> {
  return (await questionFigures(db, s, dim, keyFilter)).stats;
}

/** Responses of the slice per `dim` value (for the anonymity rule among siblings). */
export async function sliceSizes(db: DbOrTx, s: Slice, dim: Dim): Promise<Map<string | null, number>> {
  const d = dimKey(dim);
  const rows = await queryRows<{ key: string | null; n: number }>(
    db,
    sql`
    with ${respCte(s)} select ${d.key} as key, count(*)::int n from resp r ${d.from} group by 1`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

export interface DistributionRow {
  questionId: number;
  /** grid column id, scale number or choice value, as text. */
  key: string;
  via: 'column' | 'number' | 'option';
  count: number;
}

/** `surveyId:classId` of the classes whose responses named different sets of teachers (see `mixedParts`). */
export async function mixedClasses(db: DbOrTx, surveyIds: number[]): Promise<Set<string>> {
  if (!surveyIds.length) return new Set();
  const rows = await queryRows<{ survey_id: number; course_class_id: number }>(db, mixedParts(surveyIds));
  return new Set(rows.map((r) => `${r.survey_id}:${r.course_class_id}`));
}

/**
 * Responses and straight-lined responses per course class, whatever the filter (a course result's
 * context); with `step`, of the responses the stepped figures keep (a count would otherwise tell
 * whether the last response was straight-lined). Class null: the survey's responses without a class.
 */
export async function classCounts(db: DbOrTx, surveyIds: number[], teacherIds?: number[] | null, step?: Slice['step']) {
  const rows = await queryRows<{ surveyId: number; courseClassId: number | null; total: number; straightLined: number }>(
    db,
    sql`
    with ${respCte({ surveyIds, filtered: false, minResponses: 1, teacherIds: teacherIds ?? null, step })}
    select r.survey_id as "surveyId", r.course_class_id as "courseClassId", count(*)::int total,
      count(*) filter (where x.straight_lined)::int as "straightLined"
    from resp r join survey_responses x on x.id = r.id
    group by 1, 2`,
  );
  const byClass = new Map<string, { surveyId: number; courseClassId: number; total: number; straightLined: number }>();
  for (const r of rows)
    if (r.courseClassId !== null) byClass.set(`${r.surveyId}:${r.courseClassId}`, { ...r, courseClassId: r.courseClassId });
  return Object.assign(byClass, { straightLinedAll: rows.reduce((a, r) => a + Number(r.straightLined), 0) });
}
