import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { surveyQuestions, surveySections, surveys } from '@/db/schema/surveys';

/** A question of a template with its template and section, as stored (content not yet sanitized). */
export interface TemplateQuestionRow {
  id: number;
  templateId: number;
  templateTitle: string;
  sectionId: number;
  sectionTitle: string;
  content: string;
  questionType: string;
  displayOrder: number;
  visibleToTeacher: boolean;
}

async function templateQuestionRows(db: DbOrTx, where: SQL | undefined): Promise<TemplateQuestionRow[]> {
  return db
    .select({
      id: surveyQuestions.id,
      templateId: surveys.id,
      templateTitle: surveys.title,
      sectionId: surveySections.id,
      sectionTitle: surveySections.title,
      content: surveyQuestions.content,
      questionType: surveyQuestions.questionType,
      displayOrder: surveyQuestions.displayOrder,
      visibleToTeacher: surveyQuestions.visibleToTeacher,
    })
    .from(surveyQuestions)
    .innerJoin(surveySections, eq(surveySections.id, surveyQuestions.sectionId))
    .innerJoin(surveys, eq(surveys.id, surveySections.surveyId))
    .where(and(eq(surveys.isTemplate, true), where))
    .orderBy(asc(surveys.id), asc(surveySections.displayOrder), asc(surveyQuestions.displayOrder));
}

/** Template questions among `ids`. */
export function templateQuestionsByIds(db: DbOrTx, ids: number[]) {
  return templateQuestionRows(db, inArray(surveyQuestions.id, ids));
}

/** Template questions teachers may see. */
export function teacherVisibleTemplateQuestions(db: DbOrTx) {
  return templateQuestionRows(db, eq(surveyQuestions.visibleToTeacher, true));
}

export async function setQuestionsVisibility(tx: DbOrTx, ids: number[], visibleToTeacher: boolean) {
  await tx.update(surveyQuestions).set({ visibleToTeacher, updatedAt: new Date() }).where(inArray(surveyQuestions.id, ids));
}
