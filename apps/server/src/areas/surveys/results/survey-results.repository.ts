import { and, eq, sql } from 'drizzle-orm';
import { FILTER_MIN_RESPONSES_DEFAULT } from '@app/shared/survey-results';
import { queryRows, type DbOrTx } from '@/db/client';
import { appSettings } from '@/db/schema/settings';
import { scoreConfigs, surveyResults, surveys } from '@/db/schema/surveys';
import { eligibleItemsSql } from '../core/eligibility.repository';
import { intArray } from './aggregates.repository';

/** Look-ups, stored results, score config and settings of the results area (issue 5). */

/** app_settings key: course classes with fewer (non-straight-lined) responses are left out of filtered figures. */
export const MIN_RESPONSES_SETTING = 'survey_results.min_responses_per_class';
/** app_settings key: whether the results cache is on (POST /surveys/cache/toggle). */
export const CACHE_ENABLED_SETTING = 'survey_results.cache_enabled';

export async function readSetting<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row ? (row.value as T) : undefined;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown) {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

export async function minResponsesSetting(db: DbOrTx): Promise<number> {
  const v = Number(await readSetting<number>(db, MIN_RESPONSES_SETTING));
  return Number.isInteger(v) && v >= 1 ? v : FILTER_MIN_RESPONSES_DEFAULT;
}

export interface SurveyMeta {
  id: number;
  title: string;
  surveyType: 'GENERAL' | 'SUBJECT_SPECIFIC';
  status: string;
  isTemplate: boolean;
  moduleId: number | null;
  subjectId: number | null;
  subjectName: string | null;
  autoCalculate: boolean;
  /** Published to teachers and heads (issue 11; publication.service.ts). */
  publishedAt: string | null;
}

export async function surveyMeta(db: DbOrTx, id: number): Promise<SurveyMeta | null> {
  const [row] = await queryRows<SurveyMeta>(
    db,
    sql`
    select s.id, s.title, s.survey_type as "surveyType", s.status, s.is_template as "isTemplate", s.module_id as "moduleId",
      s.subject_id as "subjectId", sub.name as "subjectName", s.auto_calculate as "autoCalculate",
      s.published_at::text as "publishedAt"
    from surveys s left join subjects sub on sub.id = s.subject_id where s.id = ${id}`,
  );
  return row ?? null;
}

export async function setAutoCalculate(db: DbOrTx, id: number, enabled: boolean) {
  await db.update(surveys).set({ autoCalculate: enabled, updatedAt: new Date() }).where(eq(surveys.id, id));
}

export async function moduleMeta(db: DbOrTx, id: number) {
  const [row] = await queryRows<{ id: number; code: string; name: string; startDate: string }>(
    db,
    sql`
    select id, code, name, start_date::text as "startDate" from modules where id = ${id}`,
  );
  return row ?? null;
}

/** The module's surveys that can have answers (every non-template one). */
export async function moduleSurveyIds(db: DbOrTx, moduleId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from surveys where module_id = ${moduleId} and not is_template order by id`,
  );
  return rows.map((r) => r.id);
}

/** Every survey with a response naming the teacher (any module): the trend's surveys. */
export async function surveysNamingTeacher(db: DbOrTx, teacherId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select distinct survey_id as id from survey_responses where teacher_ids @> array[${teacherId}]::int[]`,
  );
  return rows.map((r) => r.id);
}

export async function moduleIdsOfSurveys(db: DbOrTx, surveyIds: number[]): Promise<number[]> {
  if (!surveyIds.length) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select distinct module_id as id from surveys where id = any(${intArray(surveyIds)}) and module_id is not null`,
  );
  return rows.map((r) => r.id);
}

export async function modulesByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return queryRows<{ id: number; code: string; name: string; startDate: string }>(
    db,
    sql`
    select id, code, name, start_date::text as "startDate" from modules where id = any(${intArray(ids)}) order by start_date, id`,
  );
}

// ---- Who is asking ----

export async function teacherOfUser(db: DbOrTx, userId: number) {
  const [row] = await queryRows<{ id: number; fullName: string; departmentId: number | null }>(
    db,
    sql`
    select id, full_name as "fullName", department_id as "departmentId" from teachers where user_id = ${userId}`,
  );
  return row ?? null;
}

export async function departmentsHeadedBy(db: DbOrTx, teacherId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select department_id as id from department_heads where teacher_id = ${teacherId}`);
  return rows.map((r) => r.id);
}

export async function teachersOfDepartments(db: DbOrTx, departmentIds: number[]): Promise<number[]> {
  if (!departmentIds.length) return [];
  const rows = await queryRows<{ id: number }>(db, sql`select id from teachers where department_id = any(${intArray(departmentIds)})`);
  return rows.map((r) => r.id);
}

export async function teacherBrief(db: DbOrTx, id: number) {
  const [row] = await queryRows<{ id: number; fullName: string; departmentId: number | null; departmentName: string | null }>(
    db,
    sql`
    select t.id, t.full_name as "fullName", t.department_id as "departmentId", d.name as "departmentName"
    from teachers t left join departments d on d.id = t.department_id where t.id = ${id}`,
  );
  return row ?? null;
}

/** Course classes a teacher teaches now or was named for in a response of these surveys. */
export async function classesOfTeacher(db: DbOrTx, teacherIds: number[], surveyIds: number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select course_class_id as id from course_class_teachers where teacher_id = any(${intArray(teacherIds)})
    union
    select distinct course_class_id from survey_responses
    where survey_id = any(${intArray(surveyIds)}) and course_class_id is not null and teacher_ids && ${intArray(teacherIds)}`,
  );
  return rows.map((r) => r.id);
}

// ---- Names for figures ----

export interface ClassInfo {
  id: number;
  code: string;
  name: string;
  subjectId: number;
  subjectName: string;
  departmentId: number | null;
  departmentName: string | null;
  moduleId: number;
  grade: number;
  campusId: number;
  campusName: string;
  enrolled: number;
}

const classInfoSelect = sql`select cc.id, cc.code, cc.name, cc.subject_id as "subjectId", sub.name as "subjectName",
    sub.department_id as "departmentId", dep.name as "departmentName", cc.module_id as "moduleId", cc.grade,
    cc.campus_id as "campusId", ca.name as "campusName",
    (select count(*)::int from course_class_students e where e.course_class_id = cc.id) as enrolled
  from course_classes cc join subjects sub on sub.id = cc.subject_id left join departments dep on dep.id = sub.department_id
  join campuses ca on ca.id = cc.campus_id`;

export async function classInfos(db: DbOrTx, ids: number[]): Promise<Map<number, ClassInfo>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<ClassInfo>(db, sql`${classInfoSelect} where cc.id = any(${intArray(ids)})`);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every course class of a subject in a module: the classes a subject survey is about ("active courses"). */
export async function classesOfSubject(db: DbOrTx, subjectId: number, moduleId: number): Promise<ClassInfo[]> {
  return queryRows<ClassInfo>(
    db,
    sql`${classInfoSelect} where cc.subject_id = ${subjectId} and cc.module_id = ${moduleId} order by cc.code, cc.id`,
  );
}

/** Teachers per course class: the responses' snapshot when there are responses, else the class's teachers now. */
export async function teachersOfClassesIn(db: DbOrTx, surveyIds: number[], classIds: number[]) {
  const by = new Map<number, Array<{ id: number; fullName: string }>>();
  if (!classIds.length) return by;
  const rows = await queryRows<{ classId: number; id: number; fullName: string }>(
    db,
    sql`
    with snap as (
      select distinct r.course_class_id, t.tid from survey_responses r cross join unnest(r.teacher_ids) t(tid)
      where r.survey_id = any(${intArray(surveyIds)}) and r.course_class_id = any(${intArray(classIds)})
    ), now_t as (
      select course_class_id, teacher_id as tid from course_class_teachers
      where course_class_id = any(${intArray(classIds)}) and course_class_id not in (select course_class_id from snap)
    )
    select x.course_class_id as "classId", te.id, te.full_name as "fullName"
    from (select * from snap union select * from now_t) x join teachers te on te.id = x.tid
    order by te.sort_key, te.id`,
  );
  for (const r of rows) by.set(r.classId, [...(by.get(r.classId) ?? []), { id: r.id, fullName: r.fullName }]);
  return by;
}

export async function namesOf(db: DbOrTx, table: 'teachers' | 'subjects' | 'departments' | 'campuses', ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; name: string; departmentId: number | null }>();
  const q = {
    teachers: sql`select id, full_name as name, department_id as "departmentId" from teachers`,
    subjects: sql`select id, name, department_id as "departmentId" from subjects`,
    departments: sql`select id, name, null::int as "departmentId" from departments`,
    campuses: sql`select id, name, null::int as "departmentId" from campuses`,
  }[table];
  const rows = await queryRows<{ id: number; name: string; departmentId: number | null }>(db, sql`${q} where id = any(${intArray(ids)})`);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function surveyBriefs(db: DbOrTx, ids: number[]) {
  if (!ids.length)
    return new Map<
      number,
      { id: number; title: string; surveyType: 'GENERAL' | 'SUBJECT_SPECIFIC'; subjectId: number | null; subjectName: string | null }
    >();
  const rows = await queryRows<{
    id: number;
    title: string;
    surveyType: 'GENERAL' | 'SUBJECT_SPECIFIC';
    subjectId: number | null;
    subjectName: string | null;
  }>(
    db,
    sql`
    select s.id, s.title, s.survey_type as "surveyType", s.subject_id as "subjectId", sub.name as "subjectName"
    from surveys s left join subjects sub on sub.id = s.subject_id where s.id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Who must answer, per grade×campus (the response rate's denominator): one unit per (student, course class). */
export async function eligibleByGradeCampus(db: DbOrTx, surveyIds: number[]) {
  if (!surveyIds.length) return new Map<string, number>();
  const rows = await queryRows<{ grade: number; campusId: number; n: number }>(
    db,
    sql`
    select st.grade, st.campus_id as "campusId", count(*)::int n
    from (${eligibleItemsSql({ surveys: sql`s.id = any(${intArray(surveyIds)})` })}) e join students st on st.id = e.student_id
    group by 1, 2`,
  );
  return new Map(rows.map((r) => [`${r.grade}:${r.campusId}`, Number(r.n)]));
}

// ---- Score config and straight-lining ----

export async function scoreQuestionIds(db: DbOrTx, surveyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: scoreConfigs.questionId })
    .from(scoreConfigs)
    .where(eq(scoreConfigs.surveyId, surveyId))
    .orderBy(scoreConfigs.questionId);
  return rows.map((r) => r.id);
}

export async function addScoreQuestions(db: DbOrTx, surveyId: number, questionIds: number[]) {
  if (!questionIds.length) return;
  await db
    .insert(scoreConfigs)
    .values(questionIds.map((questionId) => ({ surveyId, questionId })))
    .onConflictDoNothing();
}

export async function removeScoreQuestions(db: DbOrTx, surveyId: number, questionIds?: number[]) {
  await db
    .delete(scoreConfigs)
    .where(
      questionIds
        ? and(eq(scoreConfigs.surveyId, surveyId), sql`${scoreConfigs.questionId} = any(${intArray(questionIds)})`)
        : eq(scoreConfigs.surveyId, surveyId),
    );
}

export async function responseTotals(db: DbOrTx, surveyIds: number[]) {
  const [row] = await queryRows<{ n: number; straightLined: number; latest: string | null }>(
    db,
    sql`
    select count(*)::int n, count(*) filter (where straight_lined)::int as "straightLined", max(submitted_at) as latest
    from survey_responses where survey_id = any(${intArray(surveyIds)})`,
  );
  return { n: Number(row?.n ?? 0), straightLined: Number(row?.straightLined ?? 0), latest: row?.latest ? new Date(row.latest) : null };
}

// ---- Stored results ----

export type StoredKind = 'questions' | 'course_classes' | 'grade_campus' | 'module';
export interface StoredScope {
  kind: StoredKind;
  surveyId?: number | null;
  moduleId?: number | null;
  filtered: boolean;
}

export async function readStored(db: DbOrTx, s: StoredScope) {
  const [row] = await queryRows<{ data: unknown; responseCount: number; computedAt: string }>(
    db,
    sql`
    select data, response_count as "responseCount", computed_at as "computedAt" from survey_results
    where kind = ${s.kind} and filtered = ${s.filtered}
      and survey_id is not distinct from ${s.surveyId ?? null}::int and module_id is not distinct from ${s.moduleId ?? null}::int`,
  );
  return row ? { data: row.data, responseCount: Number(row.responseCount), computedAt: new Date(row.computedAt) } : null;
}

export async function writeStored(db: DbOrTx, s: StoredScope & { data: unknown; responseCount: number; computedAt: Date }) {
  await db
    .insert(surveyResults)
    .values({
      kind: s.kind,
      surveyId: s.surveyId ?? null,
      moduleId: s.moduleId ?? null,
      filtered: s.filtered,
      data: s.data,
      responseCount: s.responseCount,
      computedAt: s.computedAt,
    })
    .onConflictDoUpdate({
      target: [surveyResults.surveyId, surveyResults.moduleId, surveyResults.kind, surveyResults.filtered],
      set: { data: s.data, responseCount: s.responseCount, computedAt: s.computedAt },
    });
}

/** Drops stored results a score change or a survey edit made wrong: the survey's and its module's (or modules'). Returns the rows deleted. */
export async function dropStored(db: DbOrTx, surveyId: number, moduleIds: number | null | number[]): Promise<number> {
  const mods = (Array.isArray(moduleIds) ? moduleIds : [moduleIds]).filter((m): m is number => m !== null);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    delete from survey_results where survey_id = ${surveyId} or module_id = any(${intArray(mods)}) returning id`,
  );
  return rows.length;
}
