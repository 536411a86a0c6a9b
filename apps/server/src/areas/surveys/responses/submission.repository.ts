import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { TSurvey } from '@app/shared/surveys';
import { queryRows, type Db, type DbOrTx } from '@/db/client';
import { loadSurvey } from '../core/surveys.repository';
import type { NewDetail, StudentRow } from './survey-responses.repository';

/**
 * The submission's own queries (POST /surveys/{id}/responses), shaped for the survey window's peak
 * (issue 4, "Speed": 50 submissions/s): everything the checks need in one round trip, the survey's
 * definition from a cache checked against the database on every call, and the response with all its
 * answers, their reviews and its audit entry in one statement.
 */

const dialect = new PgDialect();

/**
 * Raw SQL as a named prepared statement on the PostgreSQL server (parsed and planned once per
 * connection instead of on every submission); PGlite, in process, runs it as it is. `name` must
 * stand for one SQL text.
 */
async function preparedRows<T>(db: DbOrTx, name: string, q: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, q);
  const { sql: text, params } = dialect.sqlToQuery(q);
  return (await client.query({ name, text, values: params as unknown[] })).rows as T[];
}

export interface SubmissionContext {
  /** Null when the survey does not exist; changes with every update of the survey's row or its subject's. */
  surveyVersion: string | null;
  student: Omit<StudentRow, 'studentCode' | 'fullName'> | null;
  existing: { id: number; submittedAt: string } | null;
  /**
   * The named course class when it is one of the survey's subject in its module: whether the student
   * is enrolled in it and its teachers (name order). Null when no class was named or it is not one.
   */
  courseClass: { enrolled: boolean; teacherIds: number[] } | null;
  /** The survey's score-config questions (straight-lining), never cached: issue 5 edits them apart from the survey. */
  scored: Set<number>;
}

/**
 * One query: the survey's version, the student, their response already stored for (survey, course
 * class), the score-config questions and, for a named course class, the enrolment and the class's
 * teachers. `courseClassId` is the one the payload names (null for none).
 */
export async function submissionContext(
  db: DbOrTx,
  surveyId: number,
  studentId: number,
  courseClassId: number | null,
): Promise<SubmissionContext> {
  const sameClass = courseClassId === null ? sql`r.course_class_id is null` : sql`r.course_class_id = ${courseClassId}`;
  const [row] = await preparedRows<{
    version: string | null;
    student_id: number | null;
    grade: number;
    campus_id: number;
    homeroom_class_id: number | null;
    status: string;
    response_id: number | null;
    submitted_at: Date | string | null;
    scored: number[] | null;
    class: { enrolled: boolean; teachers: number[] | null } | null;
  }>(
    db,
    courseClassId === null ? 'submission_context' : 'submission_context_class',
    sql`
    select (select s.xmin::text || ':' || coalesce(sub.xmin::text, '-') from surveys s left join subjects sub on sub.id = s.subject_id where s.id = ${surveyId}) as version,
           st.id as student_id, st.grade, st.campus_id, st.homeroom_class_id, st.status,
           r.id as response_id, r.submitted_at,
           (select array_agg(c.question_id) from score_configs c where c.survey_id = ${surveyId}) as scored,
           ${
             courseClassId === null
               ? sql`null::json`
               : sql`(
             select json_build_object(
               'enrolled', exists(select 1 from course_class_students e where e.course_class_id = cc.id and e.student_id = ${studentId}),
               'teachers', (select array_agg(t.id order by t.sort_key, t.id) from course_class_teachers ct join teachers t on t.id = ct.teacher_id
                            where ct.course_class_id = cc.id))
             from course_classes cc join surveys s on s.id = ${surveyId}
             where cc.id = ${courseClassId} and cc.subject_id = s.subject_id and cc.module_id = s.module_id)`
           } as class
    from (select 1) one
    left join students st on st.id = ${studentId}
    left join survey_responses r on r.survey_id = ${surveyId} and r.student_id = ${studentId} and ${sameClass}`,
  );
  return {
    surveyVersion: row.version,
    student:
      row.student_id === null
        ? null
        : {
            id: row.student_id,
            grade: row.grade,
            campusId: row.campus_id,
            homeroomClassId: row.homeroom_class_id,
            status: row.status,
          },
    existing: row.response_id === null ? null : { id: row.response_id, submittedAt: new Date(row.submitted_at!).toISOString() },
    scored: new Set((row.scored ?? []).map(Number)),
    courseClass: row.class ? { enrolled: row.class.enrolled, teacherIds: (row.class.teachers ?? []).map(Number) } : null,
  };
}

// ---- the survey's definition, cached per survey and version ----

type Cached = { version: string; survey: Promise<TSurvey | null> };
/** Per database (tests and benchmarks open several in one process); a few hundred surveys at most are open at once. */
const caches = new WeakMap<object, Map<number, Cached>>();
const MAX_SURVEYS = 200;

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/**
 * The survey as `loadSurvey` gives it (sanitized HTML and all), loaded once per version: a survey
 * changes rarely, while its window sends thousands of submissions that each re-read ~45 rows and
 * re-sanitize every question without it. `version` comes from `submissionContext` in the same
 * request, so an edit or a status change (they update the survey's row: `writeSurveyTree` touches it
 * for every change of its parts) or a change of its subject is seen by the very next submission, in
 * this process or any other. Loaded after the version was read, an entry is never older than its
 * version. Frozen: the checks share it and must not change it.
 */
export function surveyForSubmission(db: Db, surveyId: number, version: string): Promise<TSurvey | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(surveyId);
  if (hit && hit.version === version) return hit.survey;
  const survey = loadSurvey(db, surveyId).then((s) => {
    if (!s) return null;
    delete s.responseCount; // changes with every response: not part of the definition
    return deepFreeze(s);
  });
  const entry: Cached = { version, survey };
  cache.delete(surveyId);
  cache.set(surveyId, entry); // newest last: the oldest goes first when full
  if (cache.size > MAX_SURVEYS) cache.delete(cache.keys().next().value!);
  survey.catch(() => {
    if (cache.get(surveyId) === entry) cache.delete(surveyId);
  });
  return survey;
}

// ---- the response and its answers, one statement ----

export interface NewSubmission {
  surveyId: number;
  studentId: number;
  courseClassId: number | null;
  teacherIds: number[];
  studentGrade: number;
  campusId: number;
  homeroomClassId: number | null;
  straightLined: boolean;
}

/**
 * Inserts the response `ON CONFLICT (survey_id, student_id, course_class_id) DO NOTHING` (the
 * one-response rule, held by `survey_responses_one_uq`), its answers (one multi-row insert from a
 * JSON array, whatever their number), a `pending` review for each free-text answer and the audit
 * entry (`create survey_response`, the columns `audit()` fills: actor, request, address), in one
 * statement: all of it or nothing. Null when a response was already there (a concurrent one
 * committed first): then nothing of this one is stored, not even the audit entry.
 */
export async function insertSubmission(
  tx: DbOrTx,
  r: NewSubmission,
  details: Array<{ row: Omit<NewDetail, 'responseId'>; reviewed: boolean }>,
  audit: { actorId: number | null; requestId: string | null; ip: string | null; after: Record<string, unknown> },
): Promise<{ id: number; submittedAt: Date; answers: number } | null> {
  const json = JSON.stringify(
    details.map(({ row: d, reviewed }) => ({
      question_id: d.questionId,
      answer_text: d.answerText ?? null,
      answer_options: d.answerOptions ?? null,
      other_value: d.otherValue ?? null,
      grid_column_id: d.gridColumnId ?? null,
      value_number: d.valueNumber ?? null,
      reviewed,
    })),
  );
  const teachers = `{${r.teacherIds.map(Number).join(',')}}`;
  const [row] = await preparedRows<{ id: number; submitted_at: Date | string; answers: number }>(
    tx,
    'submission_insert',
    sql`
    with a as (
      select * from jsonb_to_recordset(${json}::jsonb)
        as x(question_id int, answer_text text, answer_options jsonb, other_value text, grid_column_id int, value_number numeric, reviewed boolean)
    ), r as (
      insert into survey_responses (survey_id, student_id, course_class_id, teacher_ids, student_grade, campus_id, homeroom_class_id, straight_lined)
      values (${r.surveyId}, ${r.studentId}, ${r.courseClassId}, ${teachers}::int[], ${r.studentGrade}, ${r.campusId}, ${r.homeroomClassId}, ${r.straightLined})
      on conflict (survey_id, student_id, course_class_id) do nothing
      returning id, submitted_at
    ), d as (
      insert into response_details (response_id, question_id, answer_text, answer_options, other_value, grid_column_id, value_number)
      select r.id, a.question_id, a.answer_text, a.answer_options, a.other_value, a.grid_column_id, a.value_number from r, a
      returning id, question_id
    ), v as (
      insert into response_reviews (response_detail_id, status)
      select d.id, 'pending' from d join a on a.question_id = d.question_id where a.reviewed
    ), l as (
      insert into audit_logs (actor_id, action, entity, entity_id, after, request_id, ip)
      select ${audit.actorId}, 'create', 'survey_response', r.id::text, ${JSON.stringify(audit.after)}::jsonb, ${audit.requestId}, ${audit.ip} from r
    )
    select r.id, r.submitted_at, (select count(*)::int from d) as answers from r`,
  );
  return row ? { id: row.id, submittedAt: new Date(row.submitted_at), answers: Number(row.answers) } : null;
}
