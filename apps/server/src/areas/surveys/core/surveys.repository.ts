import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TSurvey, TSurveyQuestion, TSurveySection } from '@app/shared/surveys';
import type { DbOrTx } from '@/db/client';
import { subjects } from '@/db/schema/school';
import { surveyResponses } from '@/db/schema/survey-responses';
import { gridColumns, gridGroups, surveyQuestions, surveySections, surveys } from '@/db/schema/surveys';
import { sanitizeRich } from '@/lib/sanitize';

/**
 * The survey read model every part of the area shares: a survey's rows and its whole tree as
 * GET /surveys/{id} answers it (authoring writes it, responses validate against it, results and
 * texts read its questions).
 */
export type SurveyRow = typeof surveys.$inferSelect;
export type QuestionRow = typeof surveyQuestions.$inferSelect;
export type ColumnRow = typeof gridColumns.$inferSelect;

export async function countResponses(db: DbOrTx, surveyId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(surveyResponses)
    .where(eq(surveyResponses.surveyId, surveyId));
  return Number(r?.n ?? 0);
}

/** The stored parts of one survey, in display order. */
export async function surveyParts(db: DbOrTx, surveyId: number) {
  const sections = await db
    .select()
    .from(surveySections)
    .where(eq(surveySections.surveyId, surveyId))
    .orderBy(asc(surveySections.displayOrder), asc(surveySections.id));
  const sectionIds = sections.map((s) => s.id);
  if (!sectionIds.length)
    return { sections, questions: [] as QuestionRow[], groups: [] as Array<{ id: number; sectionId: number }>, columns: [] as ColumnRow[] };
  const questions = await db
    .select()
    .from(surveyQuestions)
    .where(inArray(surveyQuestions.sectionId, sectionIds))
    .orderBy(asc(surveyQuestions.displayOrder), asc(surveyQuestions.id));
  const groups = await db
    .select({ id: gridGroups.id, sectionId: gridGroups.sectionId })
    .from(gridGroups)
    .where(inArray(gridGroups.sectionId, sectionIds))
    .orderBy(asc(gridGroups.id));
  const columns = groups.length
    ? await db
        .select()
        .from(gridColumns)
        .where(
          inArray(
            gridColumns.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(gridColumns.displayOrder), asc(gridColumns.id))
    : [];
  return { sections, questions, groups, columns };
}
export type SurveyParts = Awaited<ReturnType<typeof surveyParts>>;

/** The survey as GET /surveys/{id} answers it; HTML is sanitized again on the way out. */
export async function loadSurvey(db: DbOrTx, id: number): Promise<TSurvey | null> {
  const [row] = await db
    .select({ s: surveys, subject: { id: subjects.id, name: subjects.name, usesLms: subjects.usesLms } })
    .from(surveys)
    .leftJoin(subjects, eq(subjects.id, surveys.subjectId))
    .where(eq(surveys.id, id))
    .limit(1);
  if (!row) return null;
  const parts = await surveyParts(db, id);
  const columnsOf = new Map<number, ColumnRow[]>();
  for (const c of parts.columns) columnsOf.set(c.groupId, [...(columnsOf.get(c.groupId) ?? []), c]);
  const toQuestion = (q: QuestionRow): TSurveyQuestion => ({
    id: q.id,
    content: sanitizeRich(q.content),
    questionType: q.questionType as TSurveyQuestion['questionType'],
    required: q.required ? 1 : 0,
    displayOrder: q.displayOrder,
    options: (q.options ?? null) as TSurveyQuestion['options'],
    visibleToTeacher: q.visibleToTeacher,
    lmsOnly: q.lmsOnly,
    gridGroup:
      q.gridGroupId === null
        ? null
        : {
            id: q.gridGroupId,
            columns: (columnsOf.get(q.gridGroupId) ?? []).map((c) => ({
              id: c.id,
              label: c.label,
              value: c.value,
              valueNumber: c.valueNumber === null ? null : Number(c.valueNumber),
              displayOrder: c.displayOrder,
            })),
          },
  });
  const sections: TSurveySection[] = parts.sections.map((s) => ({
    id: s.id,
    title: s.title,
    description: sanitizeRich(s.description),
    displayOrder: s.displayOrder,
    questions: parts.questions.filter((q) => q.sectionId === s.id).map(toQuestion),
  }));
  const s = row.s;
  return {
    id: s.id,
    title: s.title,
    description: sanitizeRich(s.description),
    coverImageUrl: s.coverImageUrl,
    surveyType: s.surveyType as TSurvey['surveyType'],
    status: s.status as TSurvey['status'],
    startDate: s.startDate,
    endDate: s.endDate,
    allowedGrades: s.allowedGrades,
    moduleId: s.moduleId,
    subjectId: s.subjectId,
    subject: row.subject?.id ? row.subject : null,
    autoCalculate: s.autoCalculate,
    isTemplate: s.isTemplate,
    sections,
    responseCount: await countResponses(db, id),
    publishedAt: s.publishedAt ? s.publishedAt.toISOString() : null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
