import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId, ZIdText, ZOk } from '@app/shared/api';
import { ZEditResult, ZLessonEdit, ZPublishInput, ZTimetable, ZTimetableDetail } from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { TIMETABLE_WRITERS, TIMETABLE_WIDE_READERS } from './access';
import { createDraft, editLessons, listVersions, publishTimetable, timetableDetail } from './versions.service';

const tags = ['timetables'];
/** POST /timetables: the module of the new draft, and its name (default "Thời khóa biểu <module> – bản n"). */
export const ZTimetableCreateInput = z.object({ moduleId: ZId, name: z.string().trim().max(200).optional() });

/** Timetable versions: list, new draft, detail, edits, publishing (issue 13). */
export function timetableVersionRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  r.get(
    '/timetables',
    {
      config: { roles: TIMETABLE_WIDE_READERS },
      schema: { tags, querystring: z.object({ moduleId: ZIdText }), response: { 200: ZOk(z.array(ZTimetable)) } },
    },
    async (req) => ({ success: true as const, data: await listVersions(db, req.query.moduleId) }),
  );

  r.post(
    '/timetables',
    { config: { roles: TIMETABLE_WRITERS }, schema: { tags, body: ZTimetableCreateInput, response: { 200: ZOk(ZTimetableDetail) } } },
    async (req) => {
      const data = await createDraft({ db, actor: actorOf(req), input: req.body });
      return {
        success: true as const,
        data,
        message: data.basedOnId
          ? 'Đã tạo bản nháp từ thời khóa biểu đã công bố.'
          : `Đã tạo bản nháp với ${data.lessonCount} tiết chưa xếp.`,
      };
    },
  );

  r.get(
    '/timetables/:id',
    { config: { roles: TIMETABLE_WIDE_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZTimetableDetail) } } },
    async (req) => ({ success: true as const, data: await timetableDetail(db, req.params.id) }),
  );

  r.post(
    '/timetables/:id/edits',
    { config: { roles: TIMETABLE_WRITERS }, schema: { tags, params: ZIdParams, body: ZLessonEdit, response: { 200: ZOk(ZEditResult) } } },
    async (req) => ({
      success: true as const,
      data: await editLessons({ db, actor: actorOf(req), timetableId: req.params.id, edit: req.body }),
    }),
  );

  r.post(
    '/timetables/:id/publish',
    { config: { roles: TIMETABLE_WRITERS }, schema: { tags, params: ZIdParams, body: ZPublishInput, response: { 200: ZOk(ZTimetable) } } },
    async (req) => ({
      success: true as const,
      data: await publishTimetable({ db, events, actor: actorOf(req), timetableId: req.params.id, effectiveFrom: req.body.effectiveFrom }),
      message: 'Đã công bố thời khóa biểu.',
    }),
  );
}
