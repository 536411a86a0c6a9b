import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZBulkQuestionVisibilityInput, ZQuestionType, ZQuestionVisibilityInput } from '@app/shared/surveys';
import type { Db, DbOrTx } from '@/db/client';
import { surveyQuestions, surveySections, surveys } from '@/db/schema/surveys';
import { write } from '@/lib/write';
import { badRequest, notFound } from '@/plugins/errors';
import { ZIdParams } from '@/lib/params';
import { sanitizeRich } from '../core/sanitize';
import { SURVEY_READ, SURVEY_WRITE } from '../access';

/** A question of a template, as the template-questions calls answer it. */
export const ZTemplateQuestion = z.object({
  id: z.number().int(), templateId: z.number().int(), templateTitle: z.string(), sectionId: z.number().int(), sectionTitle: z.string(),
  content: z.string(), questionType: ZQuestionType, displayOrder: z.number().int(), visibleToTeacher: z.boolean(),
});
export type TTemplateQuestion = z.infer<typeof ZTemplateQuestion>;
const tags = ['templates'];

async function templateQuestions(db: DbOrTx, where: ReturnType<typeof and>): Promise<TTemplateQuestion[]> {
  const rows = await db
    .select({
      id: surveyQuestions.id, templateId: surveys.id, templateTitle: surveys.title, sectionId: surveySections.id, sectionTitle: surveySections.title,
      content: surveyQuestions.content, questionType: surveyQuestions.questionType, displayOrder: surveyQuestions.displayOrder, visibleToTeacher: surveyQuestions.visibleToTeacher,
    })
    .from(surveyQuestions)
    .innerJoin(surveySections, eq(surveySections.id, surveyQuestions.sectionId))
    .innerJoin(surveys, eq(surveys.id, surveySections.surveyId))
    .where(and(eq(surveys.isTemplate, true), where))
    .orderBy(asc(surveys.id), asc(surveySections.displayOrder), asc(surveyQuestions.displayOrder));
  return rows.map((r) => ({ ...r, content: sanitizeRich(r.content), questionType: r.questionType as TTemplateQuestion['questionType'] }));
}

/**
 * Spec section 7 "Templates": `visibleToTeacher` of template questions, one or in bulk, and the
 * questions teachers may see. Only template questions; copies keep their own flag (and
 * `source_question_id` leads results back to the template's).
 */
export function templateRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.put('/templates/template-questions/:id/visibility', {
    config: { roles: SURVEY_WRITE },
    schema: { tags, params: ZIdParams, body: ZQuestionVisibilityInput, response: { 200: ZOk(ZTemplateQuestion) } },
  }, async (req) => {
    const data = await write(db, req, async (ctx) => {
      const [before] = await templateQuestions(ctx.tx, eq(surveyQuestions.id, req.params.id));
      if (!before) throw notFound('Không tìm thấy câu hỏi mẫu.');
      await ctx.tx.update(surveyQuestions).set({ visibleToTeacher: req.body.visibleToTeacher, updatedAt: new Date() }).where(eq(surveyQuestions.id, before.id));
      await ctx.log({ action: 'update', entity: 'template_question', entityId: before.id, before: { visibleToTeacher: before.visibleToTeacher }, after: { visibleToTeacher: req.body.visibleToTeacher } });
      return { ...before, visibleToTeacher: req.body.visibleToTeacher };
    });
    return { success: true as const, data, message: 'Đã cập nhật quyền xem của giáo viên.' };
  });

  r.post('/templates/template-questions/bulk-visibility', {
    config: { roles: SURVEY_WRITE },
    schema: { tags, body: ZBulkQuestionVisibilityInput, response: { 200: ZOk(z.object({ updated: z.number().int() })) } },
  }, async (req) => {
    const ids = [...new Set(req.body.questionIds)];
    const updated = await write(db, req, async (ctx) => {
      const found = await templateQuestions(ctx.tx, inArray(surveyQuestions.id, ids));
      const missing = ids.filter((id) => !found.some((q) => q.id === id));
      if (missing.length) throw badRequest(`Không tìm thấy câu hỏi mẫu: ${missing.slice(0, 10).join(', ')}.`, { missing });
      await ctx.tx.update(surveyQuestions).set({ visibleToTeacher: req.body.visibleToTeacher, updatedAt: new Date() }).where(inArray(surveyQuestions.id, ids));
      for (const q of found) {
        await ctx.log({ action: 'update', entity: 'template_question', entityId: q.id, before: { visibleToTeacher: q.visibleToTeacher }, after: { visibleToTeacher: req.body.visibleToTeacher } });
      }
      return ids.length;
    });
    return { success: true as const, data: { updated }, message: `Đã cập nhật ${updated} câu hỏi.` };
  });

  r.get('/templates/template-questions/teacher-visible', {
    config: { roles: SURVEY_READ },
    schema: { tags, response: { 200: ZOk(z.array(ZTemplateQuestion)) } },
  }, async () => ({ success: true as const, data: await templateQuestions(db, eq(surveyQuestions.visibleToTeacher, true)) }));
}
