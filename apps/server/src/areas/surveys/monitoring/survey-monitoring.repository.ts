import { sql, type SQL } from 'drizzle-orm';
import type {
  TClassCompletion,
  TGradeCampusCompletion,
  TStudentSurveyStatus,
  TSurveyCompletion,
  TSurveyStudentStatus,
} from '@app/shared/survey-monitoring';
import { SCHOOL_TZ } from '@app/shared/format';
import { queryRows, type DbOrTx } from '@/db/client';
import { foldSql, searchWhere } from '@/db/sql';
import { eligibleItemsSql } from '../core/eligibility.repository';

/**
 * Monitoring queries (issue 5): every figure is one set-based SQL statement over ITEMS.
 *
 * An item is one (survey, student, course class) to answer — the shared eligibility rule
 * (`eligibleItemsSql`, the same one that builds a student's own survey list) — full-joined with the
 * stored responses, so a response whose student has since left or changed grade still counts as done
 * (and as expected). An answered item is placed by the response's snapshot (grade, campus, homeroom
 * class at submission); a pending one by the student as they are now.
 */

/** Which surveys: one, the active ones of a module (null = the current module), or every active one. */
export type Scope = { surveyId: number } | { moduleId: number | null } | { allActive: true };

const currentModule = sql`(select id from modules where is_current limit 1)`;

export function scopeWhere(scope: Scope): SQL {
  if ('surveyId' in scope) return sql`s.id = ${scope.surveyId}`;
  const active = sql`s.status = 'active' and not s.is_template`;
  if ('allActive' in scope) return active;
  return sql`${active} and s.module_id = ${scope.moduleId ?? currentModule}`;
}

/**
 * The `with` list ending in `items`: survey_id, student_id, course_class_id, response_id,
 * submitted_at, homeroom_class_id, grade, campus_id. `students` narrows to students (alias `st`,
 * as they are now) and applies to answered and pending items alike.
 */
export function itemsCte(surveys: SQL, students?: SQL): SQL {
  // Without a student filter the responses need no student row: an answered item is placed by its snapshot.
  const answeredBy = students ? sql`and exists (select 1 from students st where st.id = r.student_id and ${students})` : sql``;
  return sql`sv as (select s.id from surveys s where ${surveys}),
    ex as (${eligibleItemsSql({ surveys: sql`s.id in (select id from sv)`, students })}),
    rs as (select r.id, r.survey_id, r.student_id, r.course_class_id, r.submitted_at, r.homeroom_class_id, r.student_grade, r.campus_id
           from survey_responses r where r.survey_id in (select id from sv) ${answeredBy}),
    items as (
      select coalesce(ex.survey_id, rs.survey_id) as survey_id, coalesce(ex.student_id, rs.student_id) as student_id,
             coalesce(ex.course_class_id, rs.course_class_id) as course_class_id, rs.id as response_id, rs.submitted_at,
             case when rs.id is null then ex.homeroom_class_id else rs.homeroom_class_id end as homeroom_class_id,
             coalesce(rs.student_grade, ex.grade) as grade, coalesce(rs.campus_id, ex.campus_id) as campus_id
      from ex
      -- 0 stands for "no course class" (GENERAL): a FULL JOIN needs a hashable equality, not IS NOT DISTINCT FROM.
      full join rs on rs.survey_id = ex.survey_id and rs.student_id = ex.student_id
        and coalesce(rs.course_class_id, 0) = coalesce(ex.course_class_id, 0))`;
}

/**
 * Completion of the items grouped by `keys` (expression, output name), in two integer-keyed steps —
 * per (group, student), then per group — so it needs neither count(distinct) nor a sort on text
 * (that was 4× slower at 10,000 students). `where` narrows the items first; `from` replaces the
 * items (alias `i`) with a relation built on them (a teacher's items: one row per item and teacher).
 */
export function completionBy(keys: Array<[SQL, string]>, where: SQL = sql`true`, from: SQL = sql`items i`): SQL {
  const inner = keys.map(([e, name]) => sql`${e} as ${sql.identifier(name)}`);
  const names = keys.map(([, name]) => sql.identifier(name));
  const groupInner = sql.join([...keys.map(([e]) => e), sql`i.student_id`], sql`, `);
  return sql`select ${sql.join([...names, sql``], sql`, `)}
      sum(ps.n)::int as expected, sum(ps.d)::int as done, round(100.0 * sum(ps.d) / nullif(sum(ps.n), 0), 1)::float8 as rate,
      count(*)::int as students, (count(*) filter (where ps.d = ps.n))::int as "studentsDone"
    from (select ${sql.join([...inner, sql`count(*) as n, count(i.response_id) as d`], sql`, `)}
          from ${from} where ${where} group by ${groupInner}) ps
    ${names.length ? sql`group by ${sql.join(names, sql`, `)}` : sql``}`;
}
export const COMPLETION_COLS = (alias: string) =>
  sql.raw(`${alias}.expected, ${alias}.done, ${alias}.rate, ${alias}.students, ${alias}."studentsDone"`);
const ZERO_COLS = (alias: string) =>
  sql.raw(
    `coalesce(${alias}.expected, 0) as expected, coalesce(${alias}.done, 0) as done, ${alias}.rate, coalesce(${alias}.students, 0) as students, coalesce(${alias}."studentsDone", 0) as "studentsDone"`,
  );
export const AGG_JSON = (alias: string) =>
  sql.raw(
    `'expected', coalesce(${alias}.expected, 0), 'done', coalesce(${alias}.done, 0), 'rate', ${alias}.rate, 'students', coalesce(${alias}.students, 0), 'studentsDone', coalesce(${alias}."studentsDone", 0)`,
  );
/** Student names sort by their key byte by byte (vietnameseNameSortKey). */
const NAME_ORDER = sql`st.sort_key collate "C"`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const withTotal = <T extends { total?: number }>(rows: T[]) => ({
  items: rows.map(({ total: _t, ...r }) => r as Omit<T, 'total'>),
  total: Number(rows[0]?.total ?? 0),
});

// ---- Per survey ----

/** The survey columns of ZSurveyCompletion (alias `s`, module `m`); `today` is the school's date. */
export const surveyCols = (
  today: string,
) => sql`s.id as "surveyId", s.title, s.survey_type as "surveyType", s.status, sub.name as "subjectName",
  s.module_id as "moduleId", m.code as "moduleCode", to_char(s.start_date, 'YYYY-MM-DD') as "startDate",
  to_char(s.end_date, 'YYYY-MM-DD') as "endDate", s.allowed_grades as "allowedGrades", (s.end_date - ${today}::date)::int as "daysLeft"`;

export interface SurveyListFilter {
  moduleId?: number;
  surveyId?: number;
  status?: string;
  search?: string;
  limit: number;
  offset: number;
}

/** Surveys (not templates) with their completion, one page: active first, then newest start. */
export async function surveyCompletionPage(db: DbOrTx, f: SurveyListFilter, today: string) {
  const where = sql.join(
    [
      sql`not s.is_template`,
      f.moduleId ? sql`s.module_id = ${f.moduleId}` : undefined,
      f.surveyId ? sql`s.id = ${f.surveyId}` : undefined,
      f.status ? sql`s.status = ${f.status}` : undefined,
      searchWhere(sql`s.search_text`, f.search),
    ].filter((x): x is SQL => !!x),
    sql` and `,
  );
  const order = sql`(s.status = 'active') desc, s.start_date desc nulls last, s.id desc`;
  const rows = await queryRows<TSurveyCompletion & { total: number }>(
    db,
    sql`with sp as (select s.id, count(*) over () as total from surveys s where ${where} order by ${order} limit ${f.limit} offset ${f.offset}),
      ${itemsCte(sql`s.id in (select id from sp)`)},
      g as (${completionBy([[sql`i.survey_id`, 'survey_id']])})
      select ${surveyCols(today)}, ${ZERO_COLS('g')}, sp.total::int as total
      from sp join surveys s on s.id = sp.id
      left join subjects sub on sub.id = s.subject_id
      left join modules m on m.id = s.module_id
      left join g on g.survey_id = s.id
      order by ${order}`,
  );
  return withTotal(rows);
}

/** GET /surveys/stats in one statement; `today` is the school's date (YYYY-MM-DD). */
export async function surveyStats(db: DbOrTx, today: string) {
  const [row] = await queryRows<{ surveys: unknown; responses: unknown; completion: unknown; active: unknown }>(
    db,
    sql`with ${itemsCte(scopeWhere({ allActive: true }))},
      per as (${completionBy([[sql`i.survey_id`, 'survey_id']])}),
      al as (${completionBy([])})
      select
        (select json_build_object('total', count(*) filter (where not is_template), 'draft', count(*) filter (where status = 'draft' and not is_template),
                'active', count(*) filter (where status = 'active'), 'closed', count(*) filter (where status = 'closed'),
                'templates', count(*) filter (where is_template)) from surveys) as surveys,
        (select json_build_object('total', count(*), 'today', count(*) filter (
                where submitted_at >= (${today}::date::timestamp at time zone ${SCHOOL_TZ}))) from survey_responses) as responses,
        (select json_build_object(${AGG_JSON('al')}) from al) as completion,
        (select coalesce(json_agg(json_build_object(
                'surveyId', s.id, 'title', s.title, 'surveyType', s.survey_type, 'status', s.status, 'subjectName', sub.name,
                'moduleId', s.module_id, 'moduleCode', m.code, 'startDate', s.start_date, 'endDate', s.end_date,
                'allowedGrades', s.allowed_grades, 'daysLeft', s.end_date - ${today}::date, ${AGG_JSON('p')})
              order by s.end_date nulls last, s.title, s.id), '[]'::json)
         from surveys s left join per p on p.survey_id = s.id left join subjects sub on sub.id = s.subject_id left join modules m on m.id = s.module_id
         where s.status = 'active' and not s.is_template) as active`,
  );
  return row;
}

// ---- Per homeroom class, per grade × campus ----

export interface ClassFilter {
  search?: string;
  grade?: number;
  campusId?: number;
  /** Only this class (the homeroom teacher's view). */
  homeroomClassId?: number;
  limit?: number;
  offset?: number;
}

/** Completion per homeroom class (students without one in a null row), ordered grade, campus, name. */
export async function completionByClass(db: DbOrTx, scope: Scope, f: ClassFilter = {}) {
  const where = sql.join(
    [
      sql`true`,
      searchWhere(foldSql(sql`coalesce(h.name, '') || ' ' || coalesce(t.full_name, '')`), f.search),
      f.grade ? sql`h.grade = ${f.grade}` : undefined,
      f.campusId ? sql`h.campus_id = ${f.campusId}` : undefined,
    ].filter((x): x is SQL => !!x),
    sql` and `,
  );
  const page = f.limit !== undefined ? sql`limit ${f.limit} offset ${f.offset ?? 0}` : sql``;
  const rows = await queryRows<TClassCompletion & { total: number }>(
    db,
    sql`with ${itemsCte(scopeWhere(scope))},
      g as (${completionBy([[sql`i.homeroom_class_id`, 'homeroom_class_id']])})
      select g.homeroom_class_id as "homeroomClassId", h.name as "homeroomClassName", h.grade, h.campus_id as "campusId",
             c.name as "campusName", t.full_name as "homeroomTeacherName", ${COMPLETION_COLS('g')}, (count(*) over ())::int as total
      from g
      left join homeroom_classes h on h.id = g.homeroom_class_id
      left join campuses c on c.id = h.campus_id
      left join teachers t on t.id = h.homeroom_teacher_id
      where ${where}
      order by h.grade nulls last, c.name, h.name, g.homeroom_class_id
      ${page}`,
  );
  return withTotal(rows);
}

export async function completionByGradeCampus(db: DbOrTx, scope: Scope): Promise<TGradeCampusCompletion[]> {
  return queryRows<TGradeCampusCompletion>(
    db,
    sql`with ${itemsCte(scopeWhere(scope))},
      g as (${completionBy([
        [sql`i.grade`, 'grade'],
        [sql`i.campus_id`, 'campus_id'],
      ])})
      select g.grade, g.campus_id as "campusId", c.name as "campusName", ${COMPLETION_COLS('g')}
      from g join campuses c on c.id = g.campus_id
      order by g.grade, c.name, g.campus_id`,
  );
}

/** One class's completion per survey in scope (surveys with nothing to answer in the class are left out). */
export async function classCompletionBySurvey(
  db: DbOrTx,
  scope: Scope,
  homeroomClassId: number,
  today: string,
): Promise<TSurveyCompletion[]> {
  return queryRows<TSurveyCompletion>(
    db,
    sql`with ${itemsCte(scopeWhere(scope))},
      g as (${completionBy([[sql`i.survey_id`, 'survey_id']], sql`i.homeroom_class_id = ${homeroomClassId}`)})
      select ${surveyCols(today)}, ${COMPLETION_COLS('g')}
      from g join surveys s on s.id = g.survey_id
      left join subjects sub on sub.id = s.subject_id
      left join modules m on m.id = s.module_id
      order by s.end_date nulls last, s.title, s.id`,
  );
}

// ---- Per student ----

export const STUDENT_ITEM_SORT = {
  fullName: NAME_ORDER,
  studentCode: sql`st.student_code`,
  homeroomClassName: sql`h.name`,
  submittedAt: sql`i.submitted_at`,
} as const;

export interface SurveyStudentsFilter {
  search?: string;
  done?: boolean;
  homeroomClassId?: number;
  grade?: number;
  campusId?: number;
  courseClassId?: number;
  sort?: keyof typeof STUDENT_ITEM_SORT;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Each item of one survey: the student (and course class), done or not, when. */
export async function surveyStudents(db: DbOrTx, surveyId: number, f: SurveyStudentsFilter) {
  const where = sql.join(
    [
      sql`true`,
      searchWhere(sql`st.search_text`, f.search),
      f.done === undefined ? undefined : f.done ? sql`i.response_id is not null` : sql`i.response_id is null`,
      f.homeroomClassId ? sql`i.homeroom_class_id = ${f.homeroomClassId}` : undefined,
      f.grade ? sql`i.grade = ${f.grade}` : undefined,
      f.campusId ? sql`i.campus_id = ${f.campusId}` : undefined,
      f.courseClassId ? sql`i.course_class_id = ${f.courseClassId}` : undefined,
    ].filter((x): x is SQL => !!x),
    sql` and `,
  );
  const dir = f.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const first = f.sort ? sql`${STUDENT_ITEM_SORT[f.sort]} ${dir}, ` : sql``;
  // The page is chosen on integer joins; the course class names are looked up for its rows only.
  const rows = await queryRows<
    Omit<TSurveyStudentStatus, 'submittedAt'> & { submittedAt: Date | string | null; total: number; rn: number }
  >(
    db,
    sql`with ${itemsCte(scopeWhere({ surveyId }))},
      pg as (
        select st.id as "studentId", st.student_code as "studentCode", st.full_name as "fullName", i.grade, i.campus_id as "campusId",
               c.name as "campusName", i.homeroom_class_id as "homeroomClassId", h.name as "homeroomClassName",
               i.course_class_id as "courseClassId", (i.response_id is not null) as done,
               i.submitted_at as "submittedAt", (count(*) over ())::int as total,
               row_number() over (order by ${first}h.name nulls last, ${NAME_ORDER}, st.id, i.course_class_id nulls first) as rn
        from items i
        join students st on st.id = i.student_id
        join campuses c on c.id = i.campus_id
        left join homeroom_classes h on h.id = i.homeroom_class_id
        where ${where}
        order by rn
        limit ${f.limit} offset ${f.offset})
      select pg.*, cc.name as "courseClassName" from pg left join course_classes cc on cc.id = pg."courseClassId" order by pg.rn`,
  );
  const page = withTotal(rows);
  return { items: page.items.map(({ rn: _rn, ...r }) => ({ ...r, submittedAt: iso(r.submittedAt) })), total: page.total };
}

export interface AllStudentsFilter {
  surveyId?: number;
  moduleId?: number;
  search?: string;
  homeroomClassId?: number;
  /** Only students of these homeroom classes (a homeroom teacher's own). */
  homeroomClassIds?: number[];
  grade?: number;
  campusId?: number;
  status?: 'done' | 'not_done';
  limit: number;
  offset: number;
}

/** Students (as they are now) across the surveys in scope: how many items, how many done, what is pending. */
export async function allStudentsStatus(db: DbOrTx, f: AllStudentsFilter) {
  const filters = [
    searchWhere(sql`st.search_text`, f.search),
    f.homeroomClassId ? sql`st.homeroom_class_id = ${f.homeroomClassId}` : undefined,
    f.homeroomClassIds ? sql`st.homeroom_class_id = any(${`{${f.homeroomClassIds.join(',')}}`}::int[])` : undefined,
    f.grade ? sql`st.grade = ${f.grade}` : undefined,
    f.campusId ? sql`st.campus_id = ${f.campusId}` : undefined,
  ].filter((x): x is SQL => !!x);
  const studentWhere = filters.length ? sql.join(filters, sql` and `) : undefined;
  const scope: Scope = f.surveyId ? { surveyId: f.surveyId } : { moduleId: f.moduleId ?? null };
  const statusWhere = f.status === 'done' ? sql`p.done = p.expected` : f.status === 'not_done' ? sql`p.done < p.expected` : sql`true`;
  const rows = await queryRows<
    Omit<TStudentSurveyStatus, 'lastSubmittedAt' | 'status'> & { lastSubmittedAt: Date | string | null; total: number; rn: number }
  >(
    db,
    // Count per student, take the page, and only then list what the page's students still have to answer.
    sql`with ${itemsCte(scopeWhere(scope), studentWhere)},
      p as (select i.student_id, count(*)::int as expected, count(i.response_id)::int as done, max(i.submitted_at) as last
            from items i group by i.student_id),
      pg as (
        select st.id as "studentId", st.student_code as "studentCode", st.full_name as "fullName", st.grade, st.campus_id as "campusId",
               c.name as "campusName", st.homeroom_class_id as "homeroomClassId", h.name as "homeroomClassName",
               p.expected, p.done, p.last as "lastSubmittedAt", (count(*) over ())::int as total,
               row_number() over (order by h.name nulls last, ${NAME_ORDER}, st.id) as rn
        from p
        join students st on st.id = p.student_id
        join campuses c on c.id = st.campus_id
        left join homeroom_classes h on h.id = st.homeroom_class_id
        where ${statusWhere}
        order by rn
        limit ${f.limit} offset ${f.offset}),
      pend as (
        select i.student_id, json_agg(json_build_object('surveyId', s.id, 'title', s.title, 'courseClassId', cc.id, 'courseClassName', cc.name)
                 order by s.end_date nulls last, s.title, cc.name) as pending
        from items i
        join surveys s on s.id = i.survey_id left join course_classes cc on cc.id = i.course_class_id
        -- The page's ids as one array, built once: PostgreSQL otherwise loops the page over every item.
        where i.response_id is null and i.student_id = any((select array_agg("studentId") from pg)::int[])
        group by i.student_id)
      select pg.*, coalesce(pend.pending, '[]'::json) as pending
      from pg left join pend on pend.student_id = pg."studentId"
      order by pg.rn`,
  );
  const page = withTotal(rows);
  return {
    items: page.items.map(({ rn: _rn, ...r }): TStudentSurveyStatus => ({
      ...r,
      status: r.done >= r.expected ? 'done' : 'not_done',
      lastSubmittedAt: iso(r.lastSubmittedAt),
    })),
    total: page.total,
  };
}

// ---- Lookups ----

export async function surveyRef(db: DbOrTx, id: number) {
  const [row] = await queryRows<{ id: number; title: string; isTemplate: boolean }>(
    db,
    sql`select id, title, is_template as "isTemplate" from surveys where id = ${id}`,
  );
  return row ?? null;
}

export async function moduleRef(db: DbOrTx, moduleId: number | null) {
  const [row] = await queryRows<{ id: number; code: string }>(
    db,
    sql`select id, code from modules where id = ${moduleId ?? currentModule}`,
  );
  return row ?? null;
}

/** The homeroom classes whose homeroom teacher is the user's own teacher record. */
export async function ownHomeroomClassIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select h.id from homeroom_classes h join teachers t on t.id = h.homeroom_teacher_id where t.user_id = ${userId} order by h.id`,
  );
  return rows.map((r) => r.id);
}

export async function homeroomClassRef(db: DbOrTx, id: number) {
  const [row] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from homeroom_classes where id = ${id}`);
  return row ?? null;
}

/**
 * The students with an account who must answer a survey open on `today` (the shared eligibility rule), and
 * whether each has answered everything it asks of them: the notifications area's "survey opened" and
 * "closing in 2 days and not done" (issue 17).
 */
export async function openSurveyStudentRows(
  db: DbOrTx,
  today: string,
): Promise<Array<{ surveyId: number; title: string; endDate: string; userId: number; done: boolean }>> {
  return queryRows(
    db,
    sql`with items as (${eligibleItemsSql({ surveys: sql`s.status = 'active' and s.start_date <= ${today}::date and s.end_date >= ${today}::date` })})
        select i.survey_id as "surveyId", s.title, s.end_date::text as "endDate", u.id as "userId",
               bool_and(exists (select 1 from survey_responses r where r.survey_id = i.survey_id and r.student_id = i.student_id
                                  and r.course_class_id is not distinct from i.course_class_id)) as done
        from items i join surveys s on s.id = i.survey_id join users u on u.student_id = i.student_id and u.active
        group by i.survey_id, s.title, s.end_date, u.id
        order by i.survey_id, u.id`,
  );
}
