import { z } from 'zod';
import { ZQuestionType } from '@app/shared/surveys';
import type { Db, DbOrTx } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { write } from '@/lib/write';
import { badRequest, notFound } from '@/plugins/errors';
import { sanitizeRich } from '@/lib/sanitize';
import {
  setQuestionsVisibility,
  teacherVisibleTemplateQuestions,
  templateQuestionsByIds,
  type TemplateQuestionRow,
} from './templates.repository';

/** A question of a template, as the template-questions calls answer it. */
export const ZTemplateQuestion = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  templateTitle: z.string(),
  sectionId: z.number().int(),
  sectionTitle: z.string(),
  content: z.string(),
  questionType: ZQuestionType,
  displayOrder: z.number().int(),
  visibleToTeacher: z.boolean(),
});
export type TTemplateQuestion = z.infer<typeof ZTemplateQuestion>;

const shown = (rows: TemplateQuestionRow[]): TTemplateQuestion[] =>
  rows.map((r) => ({ ...r, content: sanitizeRich(r.content), questionType: r.questionType as TTemplateQuestion['questionType'] }));

const byIds = async (db: DbOrTx, ids: number[]) => shown(await templateQuestionsByIds(db, ids));

/**
 * Spec section 7 "Templates": `visibleToTeacher` of template questions, one or in bulk, and the
 * questions teachers may see. Only template questions; copies keep their own flag (and
 * `source_question_id` leads results back to the template's).
 */
export async function teacherVisibleQuestions(db: Db): Promise<TTemplateQuestion[]> {
  return shown(await teacherVisibleTemplateQuestions(db));
}

export async function setQuestionVisibility(db: Db, actor: Actor, id: number, visibleToTeacher: boolean): Promise<TTemplateQuestion> {
  return write(db, actor, async (ctx) => {
    const [before] = await byIds(ctx.tx, [id]);
    if (!before) throw notFound('Không tìm thấy câu hỏi mẫu.');
    await setQuestionsVisibility(ctx.tx, [before.id], visibleToTeacher);
    await ctx.log({
      action: 'update',
      entity: 'template_question',
      entityId: before.id,
      before: { visibleToTeacher: before.visibleToTeacher },
      after: { visibleToTeacher },
    });
    return { ...before, visibleToTeacher };
  });
}

export async function setQuestionsVisibilityBulk(db: Db, actor: Actor, questionIds: number[], visibleToTeacher: boolean): Promise<number> {
  const ids = [...new Set(questionIds)];
  return write(db, actor, async (ctx) => {
    const found = await byIds(ctx.tx, ids);
    const missing = ids.filter((id) => !found.some((q) => q.id === id));
    if (missing.length) throw badRequest(`Không tìm thấy câu hỏi mẫu: ${missing.slice(0, 10).join(', ')}.`, { missing });
    await setQuestionsVisibility(ctx.tx, ids, visibleToTeacher);
    for (const q of found) {
      await ctx.log({
        action: 'update',
        entity: 'template_question',
        entityId: q.id,
        before: { visibleToTeacher: q.visibleToTeacher },
        after: { visibleToTeacher },
      });
    }
    return ids.length;
  });
}
