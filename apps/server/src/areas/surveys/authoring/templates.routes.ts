import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZBulkQuestionVisibilityInput, ZQuestionVisibilityInput } from '@app/shared/surveys';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { SURVEY_READ, SURVEY_WRITE } from '../access';
import { setQuestionsVisibilityBulk, setQuestionVisibility, teacherVisibleQuestions, ZTemplateQuestion } from './templates.service';

const tags = ['templates'];

/**
 * Spec section 7 "Templates": `visibleToTeacher` of template questions, one or in bulk, and the
 * questions teachers may see (templates.service.ts).
 */
export function templateRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.put(
    '/templates/template-questions/:id/visibility',
    {
      config: { roles: SURVEY_WRITE },
      schema: { tags, params: ZIdParams, body: ZQuestionVisibilityInput, response: { 200: ZOk(ZTemplateQuestion) } },
    },
    async (req) => {
      const data = await setQuestionVisibility(db, actorOf(req), req.params.id, req.body.visibleToTeacher);
      return { success: true as const, data, message: 'Đã cập nhật quyền xem của giáo viên.' };
    },
  );

  r.post(
    '/templates/template-questions/bulk-visibility',
    {
      config: { roles: SURVEY_WRITE },
      schema: { tags, body: ZBulkQuestionVisibilityInput, response: { 200: ZOk(z.object({ updated: z.number().int() })) } },
    },
    async (req) => {
      const updated = await setQuestionsVisibilityBulk(db, actorOf(req), req.body.questionIds, req.body.visibleToTeacher);
      return { success: true as const, data: { updated }, message: `Đã cập nhật ${updated} câu hỏi.` };
    },
  );

  r.get(
    '/templates/template-questions/teacher-visible',
    {
      config: { roles: SURVEY_READ },
      schema: { tags, response: { 200: ZOk(z.array(ZTemplateQuestion)) } },
    },
    async () => ({ success: true as const, data: await teacherVisibleQuestions(db) }),
  );
}
