import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk, ZPage } from '@app/shared/api';
import {
  ATTACHMENT_MAX_BYTES,
  DECLARATION_STATUS_LABELS,
  DECLARATION_TRANSITIONS,
  DECLARATION_TRANSITION_NAMES,
  ZBulkApproveInput,
  ZBulkApproveResult,
  ZDeclarationAttachment,
  ZDeclarationCreateInput,
  ZDeclarationDetail,
  ZDeclarationHistoryQuery,
  ZDeclarationHistoryRow,
  ZDeclarationLinesInput,
  ZDeclarationListQuery,
  ZDeclarationPeriod,
  ZPeriodTeacher,
  ZDeclarationPeriodInput,
  ZDeclarationSummary,
  ZDeclarationTransitionInput,
  ZRemindResult,
  type TDeclarationTransition,
} from '@app/shared/declarations';
import type { Db } from '@/db/client';
import { sendXlsx } from '@/lib/xlsx';
import { declarationsExport } from './declarations.export';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { badRequest } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { DECLARATION_OFFICE, DECLARATION_READERS, DECLARATION_REVIEWERS, HISTORY_READERS, PERIOD_WRITERS } from './access';
import { TOO_LARGE, downloadAttachment, removeAttachment, uploadAttachment } from './attachments.service';
import { bulkApprove, createDeclaration, listDeclarations, readDeclaration, saveLines, transition } from './declarations.service';
import { createPeriod, editPeriod, historySearch, listPeriods, periodTeachers, remindTeachers, removePeriod } from './periods.service';

const tags = ['teaching-declarations'];
const BASE = '/teaching/declarations';
const ZAttachmentParams = z.object({ id: ZIdText, attachmentId: ZIdText });
const ZAttachmentQuery = z.object({ lineId: ZIdText.optional() });

const DONE: Record<TDeclarationTransition, string> = {
  submit: 'Đã nộp bản kê khai.',
  approve: 'Đã duyệt bản kê khai.',
  return: 'Đã trả lại bản kê khai.',
  confirm: 'Đã xác nhận bản kê khai.',
  lock: 'Đã khóa bản kê khai.',
  unlock: `Đã mở khóa: bản kê khai về trạng thái «${DECLARATION_STATUS_LABELS[DECLARATION_TRANSITIONS.unlock.to]}».`,
};

/** Teaching declarations (issue 15 "Declarations"): periods, declarations, their workflow, evidence files and history. */
export function declarationRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  // ---------------------------------------------------------------- periods
  r.get(
    `${BASE}/periods`,
    { config: { roles: DECLARATION_READERS }, schema: { tags, response: { 200: ZOk(z.array(ZDeclarationPeriod)) } } },
    async (req) => ({ success: true as const, data: await listPeriods(db, actorOf(req)) }),
  );
  r.get(
    `${BASE}/periods/:id/export`,
    { config: { roles: DECLARATION_READERS }, schema: { tags, params: ZIdParams } },
    async (req, reply) => {
      const file = await declarationsExport(db, actorOf(req), req.params.id);
      return sendXlsx(reply, file.filename, file.body);
    },
  );
  r.get(
    `${BASE}/periods/:id/teachers`,
    { config: { roles: DECLARATION_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZPeriodTeacher)) } } },
    async (req) => ({ success: true as const, data: await periodTeachers(db, actorOf(req), req.params.id) }),
  );
  r.post(
    `${BASE}/periods`,
    { config: { roles: PERIOD_WRITERS }, schema: { tags, body: ZDeclarationPeriodInput, response: { 200: ZOk(ZDeclarationPeriod) } } },
    async (req) => ({
      success: true as const,
      data: await createPeriod({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã mở kỳ kê khai.',
    }),
  );
  r.put(
    `${BASE}/periods/:id`,
    {
      config: { roles: PERIOD_WRITERS },
      schema: { tags, params: ZIdParams, body: ZDeclarationPeriodInput, response: { 200: ZOk(ZDeclarationPeriod) } },
    },
    async (req) => ({
      success: true as const,
      data: await editPeriod({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã lưu kỳ kê khai.',
    }),
  );
  r.delete(`${BASE}/periods/:id`, { config: { roles: PERIOD_WRITERS }, schema: { tags, params: ZIdParams } }, async (req) => {
    await removePeriod({ db, actor: actorOf(req), id: req.params.id });
    return { success: true as const, data: null, message: 'Đã xóa kỳ kê khai.' };
  });
  r.post(
    `${BASE}/periods/:id/remind`,
    { config: { roles: DECLARATION_OFFICE }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZRemindResult) } } },
    async (req) => {
      const data = await remindTeachers({ db, events, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data, message: `Đã nhắc ${data.reminded} giáo viên chưa nộp bản kê khai.` };
    },
  );

  // ---------------------------------------------------------------- history search
  r.get(
    `${BASE}/history`,
    {
      config: { roles: HISTORY_READERS },
      schema: { tags, querystring: ZDeclarationHistoryQuery, response: { 200: ZOk(ZPage(ZDeclarationHistoryRow)) } },
    },
    async (req) => ({ success: true as const, data: await historySearch(db, req.query) }),
  );

  // ---------------------------------------------------------------- declarations
  r.get(
    BASE,
    {
      config: { roles: DECLARATION_READERS },
      schema: { tags, querystring: ZDeclarationListQuery, response: { 200: ZOk(ZPage(ZDeclarationSummary)) } },
    },
    async (req) => ({ success: true as const, data: await listDeclarations(db, actorOf(req), req.query) }),
  );
  r.post(
    BASE,
    { config: { roles: DECLARATION_READERS }, schema: { tags, body: ZDeclarationCreateInput, response: { 200: ZOk(ZDeclarationDetail) } } },
    async (req) => ({
      success: true as const,
      data: await createDeclaration({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo bản kê khai.',
    }),
  );
  r.post(
    `${BASE}/bulk-approve`,
    { config: { roles: DECLARATION_REVIEWERS }, schema: { tags, body: ZBulkApproveInput, response: { 200: ZOk(ZBulkApproveResult) } } },
    async (req) => {
      const data = await bulkApprove({ db, actor: actorOf(req), ids: req.body.ids, events });
      return { success: true as const, data, message: `Đã duyệt ${data.approved.length} bản kê khai.` };
    },
  );
  r.get(
    `${BASE}/:id`,
    { config: { roles: DECLARATION_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZDeclarationDetail) } } },
    async (req) => ({ success: true as const, data: await readDeclaration(db, actorOf(req), req.params.id) }),
  );
  r.put(
    `${BASE}/:id/lines`,
    {
      config: { roles: DECLARATION_READERS },
      schema: { tags, params: ZIdParams, body: ZDeclarationLinesInput, response: { 200: ZOk(ZDeclarationDetail) } },
    },
    async (req) => ({
      success: true as const,
      data: await saveLines({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã lưu bản kê khai.',
    }),
  );
  for (const action of DECLARATION_TRANSITION_NAMES)
    r.post(
      `${BASE}/:id/${action}`,
      {
        config: { roles: DECLARATION_READERS },
        schema: { tags, params: ZIdParams, body: ZDeclarationTransitionInput, response: { 200: ZOk(ZDeclarationDetail) } },
      },
      async (req) => ({
        success: true as const,
        data: await transition({ db, actor: actorOf(req), id: req.params.id, action, input: req.body, events }),
        message: DONE[action],
      }),
    );

  // ---------------------------------------------------------------- evidence files
  r.post(
    `${BASE}/:id/attachments`,
    {
      config: { roles: DECLARATION_READERS },
      schema: { tags, params: ZIdParams, querystring: ZAttachmentQuery, response: { 200: ZOk(ZDeclarationAttachment) } },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Hãy gửi tệp minh chứng (multipart, trường "file").');
      const file = await req.file({ limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('Chưa chọn tệp minh chứng.');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw badRequest(TOO_LARGE);
      }
      if (file.file.truncated) throw badRequest(TOO_LARGE);
      const out = await uploadAttachment({
        db,
        actor: actorOf(req),
        id: req.params.id,
        lineId: req.query.lineId ?? null,
        fileName: file.filename,
        data,
      });
      return { success: true as const, data: out, message: 'Đã tải minh chứng lên.' };
    },
  );
  r.get(
    `${BASE}/:id/attachments/:attachmentId`,
    { config: { roles: DECLARATION_READERS }, schema: { tags, params: ZAttachmentParams } },
    async (req, reply) => {
      const f = await downloadAttachment(db, actorOf(req), req.params.id, req.params.attachmentId);
      const ascii =
        f.fileName
          .normalize('NFD')
          .replace(/[^\x20-\x7e]/g, '')
          .replace(/["\\]/g, '') || 'minh-chung';
      return reply
        .type(f.mimeType)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.fileName)}`)
        .header('x-content-type-options', 'nosniff')
        .send(f.data);
    },
  );
  r.delete(
    `${BASE}/:id/attachments/:attachmentId`,
    { config: { roles: DECLARATION_READERS }, schema: { tags, params: ZAttachmentParams } },
    async (req) => {
      await removeAttachment({ db, actor: actorOf(req), id: req.params.id, attachmentId: req.params.attachmentId });
      return { success: true as const, data: null, message: 'Đã xóa minh chứng.' };
    },
  );
}
