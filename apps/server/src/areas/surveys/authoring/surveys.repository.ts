import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TSurveyListItem } from '@app/shared/surveys';
import { queryRows, type DbOrTx } from '@/db/client';
import { modules, semesters } from '@/db/schema/academic';
import { courseClasses, courseClassStudents, courseClassTeachers, students, subjects, teachers } from '@/db/schema/school';
import { responseDetails, surveyResponses } from '@/db/schema/survey-responses';
import { surveyQuestions, surveySections, surveys } from '@/db/schema/surveys';
import { orderBy, searchWhere, totalOver } from '@/db/sql';
import type { SurveyRow } from '../core/surveys.repository';

export const SURVEY_SORTS = [
  'title',
  'status',
  'surveyType',
  'startDate',
  'endDate',
  'moduleCode',
  'subjectName',
  'createdAt',
  'updatedAt',
] as const;
export type SurveySort = (typeof SURVEY_SORTS)[number];
const surveySortColumns: Record<SurveySort, AnyColumn | SQL> = {
  title: surveys.title,
  status: surveys.status,
  surveyType: surveys.surveyType,
  startDate: surveys.startDate,
  endDate: surveys.endDate,
  moduleCode: modules.code,
  subjectName: subjects.name,
  createdAt: surveys.createdAt,
  updatedAt: surveys.updatedAt,
};

export interface SurveyFilters {
  search?: string;
  moduleId?: number;
  semesterId?: number;
  academicYearId?: number;
  status?: string;
  surveyType?: string;
  subjectId?: number;
  isTemplate?: boolean;
}

export function surveyWhere(q: SurveyFilters): SQL | undefined {
  return and(
    q.moduleId ? eq(surveys.moduleId, q.moduleId) : undefined,
    q.semesterId ? eq(modules.semesterId, q.semesterId) : undefined,
    q.academicYearId ? eq(semesters.academicYearId, q.academicYearId) : undefined,
    q.status ? eq(surveys.status, q.status) : undefined,
    q.surveyType ? eq(surveys.surveyType, q.surveyType) : undefined,
    q.subjectId ? eq(surveys.subjectId, q.subjectId) : undefined,
    q.isTemplate !== undefined ? eq(surveys.isTemplate, q.isTemplate) : undefined,
    searchWhere(surveys.searchText, q.search),
  );
}

const questionCount = sql<number>`cast((select count(*) from ${surveyQuestions} q join ${surveySections} s on s.id = q.section_id where s.survey_id = ${surveys.id}) as integer)`;
const responseCount = sql<number>`cast((select count(*) from ${surveyResponses} r where r.survey_id = ${surveys.id}) as integer)`;

export async function listSurveys(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({
      s: surveys,
      moduleCode: modules.code,
      subjectName: subjects.name,
      questionCount,
      responseCount,
      total: totalOver,
    })
    .from(surveys)
    .leftJoin(modules, eq(modules.id, surveys.moduleId))
    .leftJoin(semesters, eq(semesters.id, modules.semesterId))
    .leftJoin(subjects, eq(subjects.id, surveys.subjectId))
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  const items: TSurveyListItem[] = rows.map((r) => ({
    id: r.s.id,
    title: r.s.title,
    surveyType: r.s.surveyType as TSurveyListItem['surveyType'],
    status: r.s.status as TSurveyListItem['status'],
    startDate: r.s.startDate,
    endDate: r.s.endDate,
    allowedGrades: r.s.allowedGrades,
    moduleId: r.s.moduleId,
    moduleCode: r.moduleCode,
    subjectId: r.s.subjectId,
    subjectName: r.subjectName,
    isTemplate: r.s.isTemplate,
    autoCalculate: r.s.autoCalculate,
    questionCount: Number(r.questionCount),
    responseCount: Number(r.responseCount),
    createdAt: r.s.createdAt.toISOString(),
    updatedAt: r.s.updatedAt.toISOString(),
  }));
  return { items, total: rows[0]?.total ?? 0 };
}

/** The list's order: the asked sort (then id), else newest first. */
export function surveyListOrder(q: { sort?: SurveySort; order: 'asc' | 'desc' }): SQL[] {
  return q.sort ? orderBy(surveySortColumns, q, [surveys.id]) : [desc(surveys.id)];
}

export async function listSurveysByIds(db: DbOrTx, ids: number[]): Promise<TSurveyListItem[]> {
  return (await listSurveys(db, { where: inArray(surveys.id, ids), order: [asc(surveys.id)], limit: ids.length, offset: 0 })).items;
}

export async function updateSurveyRow(tx: DbOrTx, id: number, values: Partial<typeof surveys.$inferInsert>) {
  await tx.update(surveys).set(values).where(eq(surveys.id, id));
}

export async function deleteSurveyRow(tx: DbOrTx, id: number) {
  await tx.delete(surveys).where(eq(surveys.id, id));
}

export async function studentGrade(db: DbOrTx, studentId: number): Promise<number | null> {
  const [st] = await db.select({ grade: students.grade }).from(students).where(eq(students.id, studentId)).limit(1);
  return st?.grade ?? null;
}

/** Whether the student has a response to the survey (for that course class when one is given). */
export async function hasAnswered(db: DbOrTx, surveyId: number, studentId: number, courseClassId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.surveyId, surveyId),
        eq(surveyResponses.studentId, studentId),
        courseClassId === undefined ? undefined : eq(surveyResponses.courseClassId, courseClassId),
      ),
    )
    .limit(1);
  return !!row;
}

export async function lockSurvey(db: DbOrTx, id: number): Promise<SurveyRow | null> {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, id)).for('update').limit(1);
  return row ?? null;
}
/** What the answers of a survey pin down: answered questions, the option values and grid columns chosen. */
export async function answeredParts(db: DbOrTx, surveyId: number) {
  const qs = await queryRows<{ question_id: number }>(
    db,
    sql`
    select distinct d.question_id from ${responseDetails} d join ${surveyResponses} r on r.id = d.response_id where r.survey_id = ${surveyId}`,
  );
  const opts = await queryRows<{ question_id: number; value: string }>(
    db,
    sql`
    select distinct d.question_id, v.value from ${responseDetails} d join ${surveyResponses} r on r.id = d.response_id
    cross join lateral jsonb_array_elements_text(case when jsonb_typeof(d.answer_options) = 'array' then d.answer_options else '[]'::jsonb end) as v(value)
    where r.survey_id = ${surveyId}`,
  );
  const cols = await queryRows<{ grid_column_id: number; question_id: number }>(
    db,
    sql`
    select distinct on (d.grid_column_id) d.grid_column_id, d.question_id from ${responseDetails} d join ${surveyResponses} r on r.id = d.response_id
    where r.survey_id = ${surveyId} and d.grid_column_id is not null`,
  );
  const optionValues = new Map<number, Set<string>>();
  for (const o of opts) optionValues.set(Number(o.question_id), (optionValues.get(Number(o.question_id)) ?? new Set()).add(o.value));
  return {
    questions: new Set(qs.map((q) => Number(q.question_id))),
    optionValues,
    columns: new Map(cols.map((c) => [Number(c.grid_column_id), Number(c.question_id)])),
  };
}

export async function moduleExists(db: DbOrTx, id: number) {
  return (await db.select({ id: modules.id }).from(modules).where(eq(modules.id, id)).limit(1)).length > 0;
}
export async function findSubjectBrief(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: subjects.id, name: subjects.name, usesLms: subjects.usesLms })
    .from(subjects)
    .where(eq(subjects.id, id))
    .limit(1);
  return row ?? null;
}

/** A course class of the subject in the module, with its teachers; null when it is not one. */
export async function surveyCourseClass(db: DbOrTx, courseClassId: number, subjectId: number, moduleId: number) {
  const [cc] = await db
    .select({ id: courseClasses.id, name: courseClasses.name })
    .from(courseClasses)
    .where(and(eq(courseClasses.id, courseClassId), eq(courseClasses.subjectId, subjectId), eq(courseClasses.moduleId, moduleId)))
    .limit(1);
  if (!cc) return null;
  const ts = await db
    .select({ id: teachers.id, displayName: teachers.fullName })
    .from(courseClassTeachers)
    .innerJoin(teachers, eq(teachers.id, courseClassTeachers.teacherId))
    .where(eq(courseClassTeachers.courseClassId, courseClassId))
    .orderBy(asc(teachers.sortKey), asc(teachers.id));
  return { ...cc, teachers: ts };
}

export async function isEnrolled(db: DbOrTx, studentId: number, courseClassId: number) {
  return (
    (
      await db
        .select({ c: courseClassStudents.courseClassId })
        .from(courseClassStudents)
        .where(and(eq(courseClassStudents.studentId, studentId), eq(courseClassStudents.courseClassId, courseClassId)))
        .limit(1)
    ).length > 0
  );
}

export async function enrolledInSubject(db: DbOrTx, studentId: number, subjectId: number, moduleId: number) {
  return (
    (
      await db
        .select({ c: courseClassStudents.courseClassId })
        .from(courseClassStudents)
        .innerJoin(courseClasses, eq(courseClasses.id, courseClassStudents.courseClassId))
        .where(
          and(eq(courseClassStudents.studentId, studentId), eq(courseClasses.subjectId, subjectId), eq(courseClasses.moduleId, moduleId)),
        )
        .limit(1)
    ).length > 0
  );
}
