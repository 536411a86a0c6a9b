import { ZQuestionOptions, type TSurvey, type TSurveyQuestion } from '@app/shared/surveys';
import { toSurveyBody, type SurveyDraft } from './survey-draft';

/** Ids for parts not saved yet; far above any real id so the two never meet. */
const TEMP_BASE = 1_900_000_000;

/**
 * The draft as GET /surveys/{id} would answer it, for the student renderer's preview: unsaved
 * parts get temporary ids, grid rows share their group, options that do not parse yet are left out.
 */
export function draftToSurvey(d: SurveyDraft, extra: Pick<TSurvey, 'subject'> & { id?: number }): TSurvey {
  const { body } = toSurveyBody(d);
  let temp = TEMP_BASE;
  const groupIds = new Map<string, number>();
  const now = new Date().toISOString();
  return {
    id: extra.id ?? ++temp,
    title: body.title,
    description: body.description,
    coverImageUrl: body.coverImageUrl,
    surveyType: body.surveyType,
    status: body.status,
    startDate: body.startDate,
    endDate: body.endDate,
    allowedGrades: body.allowedGrades,
    moduleId: body.moduleId,
    subjectId: body.subjectId,
    subject: extra.subject,
    autoCalculate: body.autoCalculate,
    isTemplate: body.isTemplate,
    createdAt: now,
    updatedAt: now,
    sections: body.sections.map((s) => ({
      id: s.id ?? ++temp,
      title: s.title,
      description: s.description,
      displayOrder: s.displayOrder,
      questions: s.questions.map((q): TSurveyQuestion => {
        const g = q.gridGroup;
        let gridGroup: TSurveyQuestion['gridGroup'] = null;
        if (g) {
          const gid = g.id ?? groupIds.get(g.key) ?? ++temp;
          groupIds.set(g.key, gid);
          gridGroup = {
            id: gid,
            columns: g.columns.map((c, i) => ({
              id: c.id ?? gid * 100 + i,
              label: c.label,
              value: c.value,
              valueNumber: typeof c.valueNumber === 'number' ? c.valueNumber : null,
              displayOrder: typeof c.displayOrder === 'number' ? c.displayOrder : i,
            })),
          };
        }
        const options = ZQuestionOptions.safeParse(q.options);
        return {
          id: q.id ?? ++temp,
          content: q.content,
          questionType: q.questionType,
          required: q.required === 1 ? 1 : 0,
          displayOrder: q.displayOrder,
          options: q.options !== null && options.success ? options.data : null,
          visibleToTeacher: q.visibleToTeacher,
          lmsOnly: q.lmsOnly,
          gridGroup,
        };
      }),
    })),
  };
}
