import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';
import { campuses, courseClasses, courseClassTeachers, homeroomClasses, students, teachers } from '@/db/schema/school';
import { gridColumns, surveyQuestions, surveys, surveySections } from '@/db/schema/surveys';
import { responseDetails, responseReviews, surveyResponses } from '@/db/schema/survey-responses';
import { eligibleItemsSql } from '../core/eligibility.repository';

/** Queries of the response side (issue 4): eligibility, the one-response insert, staff reads. */

export interface StudentRow {
  id: number;
  studentCode: string;
  fullName: string;
  grade: number;
  campusId: number;
  homeroomClassId: number | null;
  status: string;
}

export async function findStudent(db: DbOrTx, id: number): Promise<StudentRow | null> {
  const [row] = await db
    .select({
      id: students.id,
      studentCode: students.studentCode,
      fullName: students.fullName,
      grade: students.grade,
      campusId: students.campusId,
      homeroomClassId: students.homeroomClassId,
      status: students.status,
    })
    .from(students)
    .where(eq(students.id, id));
  return row ?? null;
}

export interface TeacherRef {
  id: number;
  displayName: string;
}

/** Teachers of course classes, by class, in name order. */
export async function teachersOfClasses(db: DbOrTx, classIds: number[]): Promise<Map<number, TeacherRef[]>> {
  const by = new Map<number, TeacherRef[]>();
  if (!classIds.length) return by;
  const rows = await db
    .select({ classId: courseClassTeachers.courseClassId, id: teachers.id, displayName: teachers.fullName })
    .from(courseClassTeachers)
    .innerJoin(teachers, eq(teachers.id, courseClassTeachers.teacherId))
    .where(inArray(courseClassTeachers.courseClassId, classIds))
    .orderBy(asc(teachers.sortKey), asc(teachers.id));
  for (const r of rows) by.set(r.classId, [...(by.get(r.classId) ?? []), { id: r.id, displayName: r.displayName }]);
  return by;
}

export async function teachersByIds(db: DbOrTx, ids: number[]): Promise<Map<number, TeacherRef>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: teachers.id, displayName: teachers.fullName }).from(teachers).where(inArray(teachers.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const sameClass = (courseClassId: number | null): SQL =>
  courseClassId === null ? isNull(surveyResponses.courseClassId) : eq(surveyResponses.courseClassId, courseClassId);

export async function findResponse(db: DbOrTx, surveyId: number, studentId: number, courseClassId: number | null) {
  const [row] = await db
    .select({ id: surveyResponses.id, submittedAt: surveyResponses.submittedAt })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.studentId, studentId), sameClass(courseClassId)));
  return row ?? null;
}

/** An answer row as stored (the submission inserts them: submission.repository.ts). */
export type NewDetail = typeof responseDetails.$inferInsert;

// ---- GET /surveys/students/{id} ----

export interface OpenSurveyRow {
  surveyId: number;
  title: string;
  description: string | null;
  coverImageUrl: string | null;
  surveyType: string;
  startDate: string | null;
  endDate: string | null;
  subjectId: number | null;
  subjectName: string | null;
  usesLms: boolean | null;
  courseClassId: number | null;
  courseClassName: string | null;
  responseId: number | null;
  submittedAt: string | Date | null;
  teacherIds: number[] | null;
}

const SURVEY_COLS = sql`s.id as "surveyId", s.title, s.description, s.cover_image_url as "coverImageUrl", s.survey_type as "surveyType",
  to_char(s.start_date, 'YYYY-MM-DD') as "startDate", to_char(s.end_date, 'YYYY-MM-DD') as "endDate",
  s.subject_id as "subjectId", sub.name as "subjectName", sub.uses_lms as "usesLms"`;

/**
 * What the student must answer now: active, not a template, the student's grade allowed, today
 * inside start..end; GENERAL once, SUBJECT_SPECIFIC once per enrolled course class of its subject in
 * its module. Each with the student's response to it, if any.
 */
export async function openSurveysFor(db: DbOrTx, student: { id: number; grade: number }, today: string): Promise<OpenSurveyRow[]> {
  // The rule of who must answer lives in eligibleItemsSql (monitoring counts with the same one).
  const open = sql`s.status = 'active' and s.start_date <= ${today}::date and s.end_date >= ${today}::date`;
  const items = eligibleItemsSql({ surveys: open, students: sql`st.id = ${student.id}` });
  return queryRows<OpenSurveyRow>(
    db,
    sql`select ${SURVEY_COLS}, cc.id as "courseClassId", cc.name as "courseClassName",
          r.id as "responseId", r.submitted_at as "submittedAt", r.teacher_ids as "teacherIds"
        from (${items}) x
        join surveys s on s.id = x.survey_id
        left join subjects sub on sub.id = s.subject_id
        left join course_classes cc on cc.id = x.course_class_id
        left join survey_responses r on r.survey_id = x.survey_id and r.student_id = x.student_id
          and r.course_class_id is not distinct from x.course_class_id`,
  );
}

/** Every survey the student has answered (whatever its status now). */
export async function answeredSurveysOf(db: DbOrTx, studentId: number): Promise<OpenSurveyRow[]> {
  return queryRows<OpenSurveyRow>(
    db,
    sql`select ${SURVEY_COLS}, cc.id as "courseClassId", cc.name as "courseClassName",
          r.id as "responseId", r.submitted_at as "submittedAt", r.teacher_ids as "teacherIds"
        from survey_responses r
        join surveys s on s.id = r.survey_id
        left join subjects sub on sub.id = s.subject_id
        left join course_classes cc on cc.id = r.course_class_id
        where r.student_id = ${studentId}`,
  );
}

// ---- Staff reads ----

export interface ResponseRow {
  id: number;
  surveyId: number;
  studentId: number;
  studentCode: string;
  studentName: string;
  courseClassId: number | null;
  courseClassName: string | null;
  teacherIds: number[];
  studentGrade: number;
  campusId: number;
  campusName: string;
  homeroomClassId: number | null;
  homeroomClassName: string | null;
  straightLined: boolean;
  submittedAt: Date;
}

const responseSelect = {
  id: surveyResponses.id,
  surveyId: surveyResponses.surveyId,
  studentId: surveyResponses.studentId,
  studentCode: students.studentCode,
  studentName: students.fullName,
  courseClassId: surveyResponses.courseClassId,
  courseClassName: courseClasses.name,
  teacherIds: surveyResponses.teacherIds,
  studentGrade: surveyResponses.studentGrade,
  campusId: surveyResponses.campusId,
  campusName: campuses.name,
  homeroomClassId: surveyResponses.homeroomClassId,
  homeroomClassName: homeroomClasses.name,
  straightLined: surveyResponses.straightLined,
  submittedAt: surveyResponses.submittedAt,
};

function responseQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(responseSelect)
    .from(surveyResponses)
    .innerJoin(students, eq(students.id, surveyResponses.studentId))
    .innerJoin(campuses, eq(campuses.id, surveyResponses.campusId))
    .leftJoin(courseClasses, eq(courseClasses.id, surveyResponses.courseClassId))
    .leftJoin(homeroomClasses, eq(homeroomClasses.id, surveyResponses.homeroomClassId))
    .where(where);
}

export async function listResponses(db: DbOrTx, surveyId: number, q: { courseClassId?: number; limit: number; offset: number }) {
  const where = and(
    eq(surveyResponses.surveyId, surveyId),
    q.courseClassId ? eq(surveyResponses.courseClassId, q.courseClassId) : undefined,
  );
  const items: ResponseRow[] = await responseQuery(db, where)
    .orderBy(desc(surveyResponses.submittedAt), desc(surveyResponses.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ n }] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(surveyResponses)
    .where(where);
  return { items, total: Number(n) };
}

/** Every response of the slice (staff other than ADMIN: anonymised and paged together, staff-view.ts). */
export async function sliceOfResponses(db: DbOrTx, surveyId: number, courseClassId?: number): Promise<ResponseRow[]> {
  return responseQuery(
    db,
    and(eq(surveyResponses.surveyId, surveyId), courseClassId ? eq(surveyResponses.courseClassId, courseClassId) : undefined),
  );
}

/** Whether the user is the homeroom teacher of the student's (current) homeroom class. */
export async function isHomeroomTeacherOf(db: DbOrTx, userId: number, studentId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from students st join homeroom_classes h on h.id = st.homeroom_class_id
        join teachers t on t.id = h.homeroom_teacher_id where st.id = ${studentId} and t.user_id = ${userId}`,
  );
  return rows.length > 0;
}

export async function findResponseRow(db: DbOrTx, id: number): Promise<ResponseRow | null> {
  const [row] = await responseQuery(db, eq(surveyResponses.id, id));
  return row ?? null;
}

export async function responsesOfStudent(db: DbOrTx, surveyId: number, studentId: number, courseClassId?: number): Promise<ResponseRow[]> {
  return responseQuery(
    db,
    and(
      eq(surveyResponses.surveyId, surveyId),
      eq(surveyResponses.studentId, studentId),
      courseClassId ? eq(surveyResponses.courseClassId, courseClassId) : undefined,
    ),
  ).orderBy(asc(surveyResponses.id));
}

export interface DetailRow {
  id: number;
  responseId: number;
  questionId: number;
  sectionId: number;
  sectionDisplayOrder: number;
  questionDisplayOrder: number;
  questionType: string;
  content: string;
  answerText: string | null;
  answerOptions: unknown;
  otherValue: string | null;
  gridColumnId: number | null;
  gridColumnLabel: string | null;
  valueNumber: number | null;
  reviewStatus: string | null;
}

export async function detailsOf(db: DbOrTx, responseIds: number[]): Promise<DetailRow[]> {
  if (!responseIds.length) return [];
  const rows = await db
    .select({
      id: responseDetails.id,
      responseId: responseDetails.responseId,
      questionId: responseDetails.questionId,
      sectionId: surveyQuestions.sectionId,
      sectionDisplayOrder: surveySections.displayOrder,
      questionDisplayOrder: surveyQuestions.displayOrder,
      questionType: surveyQuestions.questionType,
      content: surveyQuestions.content,
      answerText: responseDetails.answerText,
      answerOptions: responseDetails.answerOptions,
      otherValue: responseDetails.otherValue,
      gridColumnId: responseDetails.gridColumnId,
      gridColumnLabel: gridColumns.label,
      valueNumber: responseDetails.valueNumber,
      reviewStatus: responseReviews.status,
    })
    .from(responseDetails)
    .innerJoin(surveyQuestions, eq(surveyQuestions.id, responseDetails.questionId))
    .innerJoin(surveySections, eq(surveySections.id, surveyQuestions.sectionId))
    .leftJoin(gridColumns, eq(gridColumns.id, responseDetails.gridColumnId))
    .leftJoin(responseReviews, eq(responseReviews.responseDetailId, responseDetails.id))
    .where(inArray(responseDetails.responseId, responseIds))
    .orderBy(asc(responseDetails.responseId), asc(surveySections.displayOrder), asc(surveyQuestions.displayOrder), asc(responseDetails.id));
  return rows.map((r) => ({ ...r, valueNumber: r.valueNumber === null ? null : Number(r.valueNumber) }));
}

export async function countDetails(db: DbOrTx, responseIds: number[]): Promise<number> {
  if (!responseIds.length) return 0;
  const [{ n }] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(responseDetails)
    .where(inArray(responseDetails.responseId, responseIds));
  return Number(n);
}

/** Locks the student's responses to the survey (all, or the one about a course class) before deleting them. */
export async function lockResponsesOfStudent(tx: DbOrTx, surveyId: number, studentId: number, courseClassId?: number) {
  return tx
    .select({
      id: surveyResponses.id,
      courseClassId: surveyResponses.courseClassId,
      teacherIds: surveyResponses.teacherIds,
      straightLined: surveyResponses.straightLined,
      submittedAt: surveyResponses.submittedAt,
    })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.surveyId, surveyId),
        eq(surveyResponses.studentId, studentId),
        courseClassId ? eq(surveyResponses.courseClassId, courseClassId) : undefined,
      ),
    )
    .for('update');
}

export async function deleteResponses(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return;
  await tx.delete(surveyResponses).where(inArray(surveyResponses.id, ids));
}

export async function surveyExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.id, id));
  return !!row;
}
