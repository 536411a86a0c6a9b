import { and, eq } from 'drizzle-orm';
import type { TAnswers, TSurvey } from '@app/shared/surveys';
import type { DbOrTx } from '@/db/client';
import { modules } from '@/db/schema/academic';
import { courseClasses, courseClassStudents, courseClassTeachers } from '@/db/schema/school';
import { surveyResponses } from '@/db/schema/survey-responses';
import { gridColumns, gridGroups, surveyQuestions, surveys, surveySections } from '@/db/schema/surveys';
import { CURRENT_MODULE_CODE } from '@/seed/demo-school';
import { schoolToday } from '@/areas/surveys/core/school-day';
import { loadSurvey } from '@/areas/surveys/core/surveys.repository';

/**
 * Tests only: surveys on top of the school builder (test/school.ts): a survey stored from a
 * `TSurvey`, the school day, responses stored as a submission stores them, and the PUT body of a survey.
 */

/**
 * Tests only: stores a survey given in the `ZSurvey` shape (e.g. `makeSurvey()` with a real module
 * and subject) straight into the tables, without the authoring module. The ids in the input are
 * ignored; `qid(oldId)` gives the stored question id and `answers()` re-keys form answers.
 */
export async function insertTestSurvey(db: DbOrTx, input: TSurvey) {
  const [s] = await db
    .insert(surveys)
    .values({
      title: input.title,
      description: input.description,
      coverImageUrl: input.coverImageUrl,
      surveyType: input.surveyType,
      status: input.status,
      startDate: input.startDate,
      endDate: input.endDate,
      allowedGrades: input.allowedGrades,
      moduleId: input.moduleId,
      subjectId: input.surveyType === 'GENERAL' ? null : input.subjectId,
      isTemplate: input.isTemplate,
      autoCalculate: input.autoCalculate,
    })
    .returning({ id: surveys.id });
  const questionIds = new Map<number, number>();
  for (const sec of input.sections) {
    const [row] = await db
      .insert(surveySections)
      .values({ surveyId: s.id, title: sec.title, description: sec.description, displayOrder: sec.displayOrder })
      .returning({ id: surveySections.id });
    const groups = new Map<number, number>();
    for (const q of sec.questions) {
      let groupId: number | null = null;
      if (q.gridGroup) {
        const key = q.gridGroup.id;
        if (!groups.has(key)) {
          const [g] = await db.insert(gridGroups).values({ sectionId: row.id }).returning({ id: gridGroups.id });
          await db.insert(gridColumns).values(
            q.gridGroup.columns.map((c) => ({
              groupId: g.id,
              label: c.label,
              value: c.value,
              valueNumber: c.valueNumber,
              displayOrder: c.displayOrder,
            })),
          );
          groups.set(key, g.id);
        }
        groupId = groups.get(key)!;
      }
      const [qr] = await db
        .insert(surveyQuestions)
        .values({
          sectionId: row.id,
          content: q.content,
          questionType: q.questionType,
          required: q.required === 1,
          displayOrder: q.displayOrder,
          options: q.options,
          visibleToTeacher: q.visibleToTeacher,
          lmsOnly: q.lmsOnly,
          gridGroupId: groupId,
        })
        .returning({ id: surveyQuestions.id });
      questionIds.set(q.id, qr.id);
    }
  }
  const survey = (await loadSurvey(db, s.id))!;
  const qid = (old: number) => {
    const id = questionIds.get(old);
    if (id === undefined) throw new Error(`no question ${old} in the test survey`);
    return id;
  };
  const answers = (a: TAnswers): TAnswers => Object.fromEntries(Object.entries(a).map(([k, v]) => [qid(Number(k)), v]));
  return { survey, qid, answers };
}

/** Response rows (as a submission stores them, without details), inserted in order; the stored rows. */
export const addResponses = (db: DbOrTx, list: Array<typeof surveyResponses.$inferInsert>) =>
  db.insert(surveyResponses).values(list).returning();

/** The demo school's current module. */
export async function currentModuleId(db: DbOrTx) {
  const [{ id }] = await db.select({ id: modules.id }).from(modules).where(eq(modules.code, CURRENT_MODULE_CODE));
  return id;
}

/** Tests only: the school's today moved by `offset` days (YYYY-MM-DD), for survey windows. */
export function schoolDay(offset: number): string {
  const d = new Date(`${schoolToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/**
 * Tests only: the demo's current module and the first of the student's course classes in it that has
 * teachers (what a subject survey's submission needs).
 */
export async function currentClassWithTeachers(db: DbOrTx, studentId: number) {
  const moduleId = await currentModuleId(db);
  const classes = await db
    .select({ id: courseClasses.id, subjectId: courseClasses.subjectId })
    .from(courseClasses)
    .innerJoin(courseClassStudents, eq(courseClassStudents.courseClassId, courseClasses.id))
    .where(and(eq(courseClassStudents.studentId, studentId), eq(courseClasses.moduleId, moduleId)));
  for (const c of classes) {
    const teacherIds = (
      await db.select({ id: courseClassTeachers.teacherId }).from(courseClassTeachers).where(eq(courseClassTeachers.courseClassId, c.id))
    ).map((r) => r.id);
    if (teacherIds.length) return { moduleId, cls: { ...c, teacherIds } };
  }
  throw new Error(`student ${studentId} has no course class with teachers in the current module`);
}

/** Tests only: the GET shape of a survey turned back into a PUT body (ids kept, grid groups keyed by their id). */
export function surveyPutBody(s: TSurvey) {
  return {
    title: s.title,
    description: s.description,
    coverImageUrl: s.coverImageUrl,
    surveyType: s.surveyType,
    status: s.status,
    startDate: s.startDate,
    endDate: s.endDate,
    allowedGrades: s.allowedGrades,
    moduleId: s.moduleId,
    subjectId: s.subjectId,
    autoCalculate: s.autoCalculate,
    isTemplate: s.isTemplate,
    sections: s.sections.map((sec) => ({
      id: sec.id,
      title: sec.title,
      description: sec.description,
      displayOrder: sec.displayOrder,
      questions: sec.questions.map((q) => ({
        id: q.id,
        content: q.content,
        questionType: q.questionType,
        required: q.required,
        displayOrder: q.displayOrder,
        options: q.options ?? undefined,
        visibleToTeacher: q.visibleToTeacher,
        lmsOnly: q.lmsOnly,
        gridGroup: q.gridGroup ? { id: q.gridGroup.id, key: String(q.gridGroup.id), columns: q.gridGroup.columns } : null,
      })),
    })),
  };
}

/**
 * Tests only: closes a survey and publishes its results to teachers and heads (issue 11) straight in
 * the table, whatever its pending texts (fixtures that test figures, not the publication rules:
 * those go through POST /surveys/{id}/publish).
 */
export async function publishForTest(db: DbOrTx, surveyId: number) {
  await db.update(surveys).set({ status: 'closed', publishedAt: new Date() }).where(eq(surveys.id, surveyId));
}
