import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk } from '@app/shared/api';
import { ZTimetableDetail } from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { badRequest } from '@/plugins/errors';
import { TIMETABLE_WRITERS } from '../access';
import { asciiSlug, exportTimetableFet, importTimetableFet } from './fet.service';

const tags = ['timetables'];
/** Who may download a version as a `.fet`: the administrator and the academic office. */
export const FET_EXPORTERS = ['ADMIN', 'ACADEMIC_AFFAIR'] as const;

/** FET's result: a multipart upload (field "file") or the XML as a text/plain body. */
async function uploadedText(req: FastifyRequest): Promise<string> {
  if (req.isMultipart()) {
    const file = await req.file();
    if (!file) throw badRequest('Chưa chọn tệp kết quả của FET để nhập.');
    return (await file.toBuffer()).toString('utf8');
  }
  if (typeof req.body === 'string' && req.body.trim()) return req.body;
  throw badRequest('Hãy gửi tệp …_activities.xml hoặc …_data_and_timetable.fet của FET (multipart, trường "file").');
}

/**
 * FET interchange (issue 13):
 *  GET  /timetables/{id}/fet          ADMIN, ACADEMIC_AFFAIR: the version as a FET 6 `.fet` file
 *  POST /timetables/{id}/fet-import   ADMIN: FET's result (activities XML or data_and_timetable .fet) into the draft → ZTimetableDetail
 */
export function timetableFetRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get('/timetables/:id/fet', { config: { roles: FET_EXPORTERS }, schema: { tags, params: ZIdParams } }, async (req, reply) => {
    const { filename, body } = await exportTimetableFet(db, req.params.id);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${asciiSlug(filename)}.fet"; filename*=UTF-8''${encodeURIComponent(filename)}.fet`,
      )
      .send(body);
  });

  r.post(
    '/timetables/:id/fet-import',
    { config: { roles: TIMETABLE_WRITERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZTimetableDetail) } } },
    async (req) => {
      const data = await importTimetableFet({ db, actor: actorOf(req), timetableId: req.params.id, content: await uploadedText(req) });
      return {
        success: true as const,
        data,
        message: `Đã nhập thời khóa biểu từ FET: ${data.lessonCount - data.unplacedCount}/${data.lessonCount} tiết đã xếp, ${data.hardClashCount} xung đột.`,
      };
    },
  );
}
