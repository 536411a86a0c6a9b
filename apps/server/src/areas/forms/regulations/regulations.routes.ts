import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk, ZPage } from '@app/shared/api';
import {
  REGULATION_PDF_MAX_BYTES,
  REGULATION_STATUSES,
  ZAckReport,
  ZAckStudent,
  ZHomeroomAckStatus,
  ZReaderRegulation,
  ZReaderRegulationDetail,
  ZRegulation,
  ZRegulationDetail,
  ZRegulationInput,
  ZRegulationTransition,
} from '@app/shared/regulations';
import { formatDateTime } from '@app/shared/format';
import type { Db } from '@/db/client';
import { listQuery, zBoolFilter } from '@/lib/list';
import { ZIdParams } from '@/lib/params';
import { sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { actorOf } from '@/plugins/auth';
import { badRequest } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import {
  REGULATION_ACKNOWLEDGERS,
  REGULATION_HOMEROOM,
  REGULATION_READERS,
  REGULATION_REPORT_READERS,
  REGULATION_WRITERS,
} from '../access';
import { disposition } from '../core/disposition';
import {
  PDF_TOO_LARGE,
  ackClassStudents,
  ackMissingRows,
  ackReport,
  acknowledgeRegulation,
  changeStatus,
  createRegulation,
  editRegulation,
  homeroomStatus,
  listRegulations,
  pdfFile,
  publishedList,
  publishedRead,
  readRegulation,
  regulationCategories,
  removeRegulation,
  uploadPdf,
} from './regulations.service';

const tags = ['regulations'];
const BASE = '/regulations';
const category = z.string().trim().max(80).optional();
const ZAdminQuery = listQuery(['updatedAt'] as const, { status: z.enum(REGULATION_STATUSES).optional(), category });
const ZReaderQuery = listQuery(['publishedAt'] as const, { category, pending: zBoolFilter });
const ZClassParams = z.object({ id: ZIdText, classId: ZIdText });
const ZVersionQuery = z.object({ version: z.coerce.number().int().positive() });

/** Regulations (issue 17): admin's documents, the readers' list and PDFs, acknowledgements and their reports. */
export function regulationsRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  // ---------------------------------------------------------------- admin
  r.get(
    BASE,
    { config: { roles: REGULATION_WRITERS }, schema: { tags, querystring: ZAdminQuery, response: { 200: ZOk(ZPage(ZRegulation)) } } },
    async (req) => ({ success: true as const, data: await listRegulations(db, req.query) }),
  );
  r.post(
    BASE,
    { config: { roles: REGULATION_WRITERS }, schema: { tags, body: ZRegulationInput, response: { 200: ZOk(ZRegulationDetail) } } },
    async (req) => ({
      success: true as const,
      data: await createRegulation({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã lưu bản nháp văn bản.',
    }),
  );

  // ---------------------------------------------------------------- readers (static paths before /:id)
  r.get(
    `${BASE}/categories`,
    { config: { roles: REGULATION_READERS }, schema: { tags, response: { 200: ZOk(z.array(z.string())) } } },
    async (req) => ({ success: true as const, data: await regulationCategories(db, actorOf(req)) }),
  );
  r.get(
    `${BASE}/published`,
    {
      config: { roles: REGULATION_READERS },
      schema: { tags, querystring: ZReaderQuery, response: { 200: ZOk(ZPage(ZReaderRegulation)) } },
    },
    async (req) => ({ success: true as const, data: await publishedList(db, actorOf(req), req.query) }),
  );
  r.get(
    `${BASE}/published/:id`,
    { config: { roles: REGULATION_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZReaderRegulationDetail) } } },
    async (req) => ({ success: true as const, data: await publishedRead(db, actorOf(req), req.params.id) }),
  );
  r.get(
    `${BASE}/homeroom`,
    { config: { roles: REGULATION_HOMEROOM }, schema: { tags, response: { 200: ZOk(z.array(ZHomeroomAckStatus)) } } },
    async (req) => ({ success: true as const, data: await homeroomStatus(db, actorOf(req)) }),
  );

  r.get(
    `${BASE}/:id`,
    { config: { roles: REGULATION_WRITERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZRegulationDetail) } } },
    async (req) => ({ success: true as const, data: await readRegulation(db, req.params.id) }),
  );
  r.put(
    `${BASE}/:id`,
    {
      config: { roles: REGULATION_WRITERS },
      schema: { tags, params: ZIdParams, body: ZRegulationInput, response: { 200: ZOk(ZRegulationDetail) } },
    },
    async (req) => ({
      success: true as const,
      data: await editRegulation({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: req.body.reacknowledge ? 'Đã lưu văn bản; học sinh cần xác nhận lại.' : 'Đã lưu văn bản.',
    }),
  );
  r.delete(
    `${BASE}/:id`,
    { config: { roles: REGULATION_WRITERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeRegulation({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa bản nháp.' };
    },
  );
  r.post(
    `${BASE}/:id/pdf`,
    {
      config: { roles: REGULATION_WRITERS },
      schema: { tags, params: ZIdParams, querystring: ZVersionQuery, response: { 200: ZOk(ZRegulationDetail) } },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Hãy gửi tệp PDF (multipart, trường "file").');
      const file = await req.file({ limits: { fileSize: REGULATION_PDF_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('Chưa chọn tệp PDF.');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw badRequest(PDF_TOO_LARGE);
      }
      if (file.file.truncated) throw badRequest(PDF_TOO_LARGE);
      const out = await uploadPdf({
        db,
        actor: actorOf(req),
        id: req.params.id,
        version: req.query.version,
        fileName: file.filename,
        data,
      });
      return { success: true as const, data: out, message: 'Đã tải tệp PDF lên.' };
    },
  );
  for (const [path, to, message] of [
    ['publish', 'published', 'Đã ban hành văn bản.'],
    ['archive', 'archived', 'Đã lưu trữ văn bản.'],
  ] as const) {
    r.post(
      `${BASE}/:id/${path}`,
      {
        config: { roles: REGULATION_WRITERS },
        schema: { tags, params: ZIdParams, body: ZRegulationTransition, response: { 200: ZOk(ZRegulationDetail) } },
      },
      async (req) => ({
        success: true as const,
        data: await changeStatus({ db, events, actor: actorOf(req), id: req.params.id, version: req.body.version, to }),
        message,
      }),
    );
  }

  r.get(`${BASE}/:id/pdf`, { config: { roles: REGULATION_READERS }, schema: { tags, params: ZIdParams } }, async (req, reply) => {
    const f = await pdfFile(db, actorOf(req), req.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', disposition('inline', f.name, 'van-ban.pdf'))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(f.data);
  });
  r.post(
    `${BASE}/:id/acknowledge`,
    { config: { roles: REGULATION_ACKNOWLEDGERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZReaderRegulationDetail) } } },
    async (req) => ({
      success: true as const,
      data: await acknowledgeRegulation({ db, actor: actorOf(req), id: req.params.id }),
      message: 'Đã ghi nhận xác nhận của bạn.',
    }),
  );

  // ---------------------------------------------------------------- reports
  r.get(
    `${BASE}/:id/report`,
    { config: { roles: REGULATION_REPORT_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZAckReport) } } },
    async (req) => ({ success: true as const, data: await ackReport(db, actorOf(req), req.params.id) }),
  );
  r.get(
    `${BASE}/:id/report/classes/:classId`,
    { config: { roles: REGULATION_REPORT_READERS }, schema: { tags, params: ZClassParams, response: { 200: ZOk(z.array(ZAckStudent)) } } },
    async (req) => ({ success: true as const, data: await ackClassStudents(db, actorOf(req), req.params.id, req.params.classId) }),
  );
  r.get(
    `${BASE}/:id/report/export`,
    { config: { roles: REGULATION_REPORT_READERS }, schema: { tags, params: ZIdParams } },
    async (req, reply) => {
      const { title, rows } = await ackMissingRows(db, actorOf(req), req.params.id);
      const body = await xlsxBuffer({
        sheet: 'Chưa xác nhận',
        columns: [
          { header: 'Lớp', width: 14, value: (x) => x.className },
          { header: 'Mã học sinh', width: 14, value: (x) => x.studentCode },
          { header: 'Họ và tên', width: 30, value: (x) => x.fullName },
          { header: 'Văn bản', width: 50, value: () => title },
          {
            header: 'Trạng thái',
            width: 16,
            value: (x) => (x.acknowledgedAt ? `Đã xác nhận ${formatDateTime(x.acknowledgedAt)}` : 'Chưa xác nhận'),
          },
        ],
        rows,
      });
      return sendXlsx(reply, `chua-xac-nhan-van-ban-${req.params.id}`, body);
    },
  );
}
