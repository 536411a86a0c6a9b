import { and, asc, eq, sql } from 'drizzle-orm';
import { makeSurvey } from '@app/shared/survey-fixtures';
import type { DbOrTx } from '@/db/client';
import { courseClasses, courseClassTeachers, students, subjects, teachers } from '@/db/schema/school';
import { responseDetails, responseReviews } from '@/db/schema/survey-responses';
import { addResponses, currentModuleId, insertTestSurvey } from '@/test/surveys';
import { opaqueIds } from '../core/opaque-id';

/**
 * Tests only: a subject survey of the current module about one demo course class, and responses
 * with free-text answers stored straight into the tables (as the submission stores them: details
 * plus a `pending` review per free text), so these tests do not depend on the submission path.
 * Each text comes with its bare ids (for the tables) and its tokens (what the API sends and takes).
 */
export async function reviewFixture(db: DbOrTx) {
  const moduleId = await currentModuleId(db);
  const [cls] = await db
    .select({ id: courseClasses.id, subjectId: courseClasses.subjectId })
    .from(courseClasses)
    .where(
      and(
        eq(courseClasses.moduleId, moduleId),
        sql`exists (select 1 from ${courseClassTeachers} ct where ct.course_class_id = ${courseClasses.id})`,
      ),
    )
    .orderBy(asc(courseClasses.id))
    .limit(1);
  const classTeachers = await db
    .select({ id: teachers.id, fullName: teachers.fullName })
    .from(courseClassTeachers)
    .innerJoin(teachers, eq(teachers.id, courseClassTeachers.teacherId))
    .where(eq(courseClassTeachers.courseClassId, cls.id));
  const [sub] = await db.select().from(subjects).where(eq(subjects.id, cls.subjectId));
  const made = await insertTestSurvey(
    db,
    makeSurvey({
      moduleId,
      subjectId: sub.id,
      subject: { id: sub.id, name: sub.name, usesLms: sub.usesLms },
      status: 'active',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    }),
  );
  const pool = await db
    .select({ id: students.id, grade: students.grade, campusId: students.campusId })
    .from(students)
    .orderBy(asc(students.id))
    .limit(200);
  let next = 0;
  const opaque = await opaqueIds(db);

  /** One response with the given texts: short text (101), long text (102), "Khác" of a choice (103). */
  async function respond(texts: { short?: string; long?: string; other?: string }) {
    const st = pool[next++];
    const [r] = await addResponses(db, [
      {
        surveyId: made.survey.id,
        studentId: st.id,
        courseClassId: cls.id,
        teacherIds: classTeachers.map((x) => x.id),
        studentGrade: st.grade,
        campusId: st.campusId,
      },
    ]);
    const rows = [
      ...(texts.short !== undefined ? [{ key: 'short', questionId: made.qid(101), answerText: texts.short }] : []),
      ...(texts.long !== undefined ? [{ key: 'long', questionId: made.qid(102), answerText: texts.long }] : []),
      ...(texts.other !== undefined
        ? [{ key: 'other', questionId: made.qid(103), answerOptions: ['other'], otherValue: texts.other }]
        : []),
      { key: 'scale', questionId: made.qid(106), answerText: '4', valueNumber: 4 },
    ];
    const ids: Record<string, Ids> = {};
    for (const { key, ...row } of rows) {
      const [d] = await db
        .insert(responseDetails)
        .values({ responseId: r.id, ...row })
        .returning({ id: responseDetails.id });
      let reviewId: number | null = null;
      if (key !== 'scale')
        [{ id: reviewId }] = await db.insert(responseReviews).values({ responseDetailId: d.id }).returning({ id: responseReviews.id });
      ids[key] = {
        detailId: d.id,
        reviewId,
        detailToken: opaque.encode('detail', d.id),
        reviewToken: reviewId === null ? null : opaque.encode('review', reviewId),
      };
    }
    type Text = { detailId: number; reviewId: number; detailToken: number; reviewToken: number };
    return { responseId: r.id, studentId: st.id, ...ids } as {
      responseId: number;
      studentId: number;
      short: Text;
      long: Text;
      other: Text;
      scale: { detailId: number; reviewId: null; detailToken: number; reviewToken: null };
    };
  }

  return {
    moduleId,
    survey: made.survey,
    qid: made.qid,
    classId: cls.id,
    teacherNames: classTeachers.map((x) => x.fullName),
    respond,
    opaque,
  };
}

interface Ids {
  detailId: number;
  reviewId: number | null;
  detailToken: number;
  reviewToken: number | null;
}
