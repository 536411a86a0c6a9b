import type { TSurvey, TSurveyInput } from '@app/shared/surveys';
import type { Tx } from '@/db/client';
import { found } from '@/lib/write';
import { insertSurveyRow, setSourceQuestions, surveyValues, writeSurveyTree } from './survey-tree.repository';
import { loadSurvey, surveyParts } from '../core/surveys.repository';

export interface CopyTarget {
  title: string;
  isTemplate: boolean;
  moduleId: number | null;
  subjectId: number | null;
  startDate: string | null;
  endDate: string | null;
  allowedGrades: number[];
  /** Leave out the LMS-only questions (a subject that does not use the LMS). */
  dropLmsOnly: boolean;
  createdBy: number | null;
}

/** A survey's sections as ZSurveyInput sections without ids: grid groups keyed by their old id. */
export function sectionsWithoutIds(src: TSurvey, dropLmsOnly: boolean): TSurveyInput['sections'] {
  return src.sections.map((s) => ({
    title: s.title,
    description: s.description,
    displayOrder: s.displayOrder,
    questions: s.questions
      .filter((q) => !(dropLmsOnly && q.lmsOnly))
      .map((q) => ({
        content: q.content,
        questionType: q.questionType,
        required: q.required,
        displayOrder: q.displayOrder,
        options: q.options as TSurveyInput['sections'][number]['questions'][number]['options'],
        visibleToTeacher: q.visibleToTeacher,
        lmsOnly: q.lmsOnly,
        gridGroup: q.gridGroup
          ? {
              key: String(q.gridGroup.id),
              columns: q.gridGroup.columns.map((c) => ({
                label: c.label,
                value: c.value,
                valueNumber: c.valueNumber,
                displayOrder: c.displayOrder,
              })),
            }
          : null,
      })),
  }));
}

/**
 * The one copy of a survey (clone and apply-template): a new draft with the source's sections,
 * questions and grid groups, `template_id` = the source, and each question's `source_question_id`
 * = the root question it descends from (the template question, across any number of copies).
 */
export async function copySurvey(tx: Tx, sourceId: number, target: CopyTarget): Promise<number> {
  const src = found(await loadSurvey(tx, sourceId), 'khảo sát nguồn');
  const row = await insertSurveyRow(tx, {
    ...surveyValues({
      title: target.title,
      description: src.description,
      coverImageUrl: src.coverImageUrl,
      surveyType: src.surveyType,
      status: 'draft',
      startDate: target.startDate,
      endDate: target.endDate,
      allowedGrades: target.allowedGrades as TSurveyInput['allowedGrades'],
      moduleId: target.moduleId,
      subjectId: target.subjectId,
      autoCalculate: src.autoCalculate,
      isTemplate: target.isTemplate,
      sections: [],
    }),
    templateId: src.id,
    createdBy: target.createdBy,
  });
  await writeSurveyTree(tx, row.id, sectionsWithoutIds(src, target.dropLmsOnly), { sanitized: true });

  // Line the new questions up with their sources: (section order, question order) is unique per survey.
  const srcParts = await surveyParts(tx, sourceId);
  const srcSectionOrder = new Map(srcParts.sections.map((s) => [s.id, s.displayOrder]));
  const rootOf = new Map(
    srcParts.questions.map((q) => [`${srcSectionOrder.get(q.sectionId)}:${q.displayOrder}`, q.sourceQuestionId ?? q.id]),
  );
  const newParts = await surveyParts(tx, row.id);
  const newSectionOrder = new Map(newParts.sections.map((s) => [s.id, s.displayOrder]));
  await setSourceQuestions(
    tx,
    newParts.questions.flatMap((q) => {
      const root = rootOf.get(`${newSectionOrder.get(q.sectionId)}:${q.displayOrder}`);
      return root === undefined ? [] : [{ id: q.id, source: root }];
    }),
  );
  return row.id;
}
