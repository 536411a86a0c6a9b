import type { TAnswers, TSurvey } from '@app/shared/surveys';
import type { DbOrTx } from '../../db/client';
import { gridColumns, gridGroups, surveyQuestions, surveys, surveySections } from '../../db/schema/surveys';
import { loadSurvey } from '../surveys/surveys.repository';

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
            q.gridGroup.columns.map((c) => ({ groupId: g.id, label: c.label, value: c.value, valueNumber: c.valueNumber, displayOrder: c.displayOrder })),
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
