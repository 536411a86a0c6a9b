import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk } from '@app/shared/api';
import { ZGenerateInput, ZGeneratorRun } from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { TIMETABLE_WRITERS } from './access';
import { latestRun, startRun, stopRun } from './generate.service';

const tags = ['timetables'];

/** The automatic generator of a draft ("Xếp tự động"): start, progress, stop (issue 13). */
export function timetableGenerateRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.post(
    '/timetables/:id/generate',
    {
      config: { roles: TIMETABLE_WRITERS },
      schema: { tags, params: ZIdParams, body: ZGenerateInput.optional(), response: { 200: ZOk(ZGeneratorRun) } },
    },
    async (req) => {
      const input = ZGenerateInput.parse(req.body ?? {});
      const data = await startRun({ db, actor: actorOf(req), timetableId: req.params.id, ...input });
      return { success: true as const, data, message: 'Đang xếp tự động…' };
    },
  );

  r.get(
    '/timetables/:id/generate',
    { config: { roles: TIMETABLE_WRITERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZGeneratorRun.nullable()) } } },
    async (req) => ({ success: true as const, data: latestRun(req.params.id) }),
  );

  r.delete(
    '/timetables/:id/generate',
    { config: { roles: TIMETABLE_WRITERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZGeneratorRun) } } },
    async (req) => ({
      success: true as const,
      data: await stopRun(req.params.id),
      message: 'Đã dừng xếp tự động; kết quả tốt nhất đã được lưu vào bản nháp.',
    }),
  );
}
