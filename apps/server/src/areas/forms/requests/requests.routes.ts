import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk, ZPage } from '@app/shared/api';
import {
  FORM_FILE_MAX_BYTES,
  ZClassAbsences,
  ZFormDecision,
  ZFormFile,
  ZFormListQuery,
  ZFormSave,
  ZFormVersion,
  ZStudentForm,
  ZStudentFormDetail,
} from '@app/shared/forms';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { sendXlsx } from '@/lib/xlsx';
import { actorOf } from '@/plugins/auth';
import { badRequest } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { disposition } from '../core/disposition';
import { FORM_DECIDERS, FORM_LIST_READERS, FORM_READERS, FORM_STUDENTS, FORM_WIDE_READERS } from '../access';
import { formsSheet } from './requests.export';
import {
  classAbsences,
  decideForm,
  downloadFile,
  exportRows,
  listForms,
  myForms,
  readForm,
  removeDraft,
  saveForm,
  uploadFile,
  withdrawForm,
} from './requests.service';

const tags = ['forms'];
const TOO_LARGE = 'Tệp đính kèm tối đa 5 MB.';
const ZFileParams = z.object({ id: ZIdText, fileId: ZIdText });
const ZFileQuery = z.object({ field: z.string().regex(/^[a-z][a-zA-Z0-9_]{0,39}$/, 'Mục đính kèm không hợp lệ.') });

/** Student forms (issue 17): the student's own, the school's list, decisions, absences, attachments. */
export function formRequestRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  r.get(
    '/forms/mine',
    { config: { roles: FORM_STUDENTS }, schema: { tags, response: { 200: ZOk(z.array(ZStudentForm)) } } },
    async (req) => ({ success: true as const, data: await myForms(db, actorOf(req)) }),
  );

  r.post(
    '/forms/mine',
    { config: { roles: FORM_STUDENTS }, schema: { tags, body: ZFormSave, response: { 200: ZOk(ZStudentFormDetail) } } },
    async (req) => {
      const data = await saveForm({ db, actor: actorOf(req), events, input: req.body });
      return { success: true as const, data, message: req.body.submit ? 'Đã gửi đơn.' : 'Đã lưu nháp.' };
    },
  );

  r.get(
    '/forms/requests',
    { config: { roles: FORM_LIST_READERS }, schema: { tags, querystring: ZFormListQuery, response: { 200: ZOk(ZPage(ZStudentForm)) } } },
    async (req) => ({ success: true as const, data: await listForms(db, actorOf(req), req.query) }),
  );

  r.get(
    '/forms/requests/export',
    { config: { roles: FORM_WIDE_READERS }, schema: { tags, querystring: ZFormListQuery } },
    async (req, reply) => {
      const { filename, body } = await formsSheet(await exportRows(db, actorOf(req), req.query));
      return sendXlsx(reply, filename, body);
    },
  );

  r.get(
    '/forms/requests/:id',
    { config: { roles: FORM_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZStudentFormDetail) } } },
    async (req) => ({ success: true as const, data: await readForm(db, actorOf(req), req.params.id) }),
  );

  r.post(
    '/forms/requests/:id/decide',
    {
      config: { roles: FORM_DECIDERS },
      schema: { tags, params: ZIdParams, body: ZFormDecision, response: { 200: ZOk(ZStudentFormDetail) } },
    },
    async (req) => {
      const data = await decideForm({ db, actor: actorOf(req), events, id: req.params.id, input: req.body });
      const message =
        data.status === 'escalated'
          ? 'Đã duyệt và chuyển Hiệu trưởng quyết định.'
          : { approve: 'Đã duyệt đơn.', reject: 'Đã không duyệt đơn.', return: 'Đã trả lại đơn để học sinh sửa.' }[req.body.action];
      return { success: true as const, data, message };
    },
  );

  r.post(
    '/forms/requests/:id/withdraw',
    {
      config: { roles: FORM_STUDENTS },
      schema: { tags, params: ZIdParams, body: ZFormVersion, response: { 200: ZOk(ZStudentFormDetail) } },
    },
    async (req) => ({
      success: true as const,
      data: await withdrawForm({ db, actor: actorOf(req), id: req.params.id, version: req.body.version }),
      message: 'Đã rút đơn.',
    }),
  );

  r.delete(
    '/forms/requests/:id',
    { config: { roles: FORM_STUDENTS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeDraft({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa đơn nháp.' };
    },
  );

  r.post(
    '/forms/requests/:id/files',
    {
      config: { roles: FORM_STUDENTS },
      schema: { tags, params: ZIdParams, querystring: ZFileQuery, response: { 200: ZOk(ZFormFile) } },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Hãy gửi tệp đính kèm (multipart, trường "file").');
      const file = await req.file({ limits: { fileSize: FORM_FILE_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('Chưa chọn tệp đính kèm.');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw badRequest(TOO_LARGE);
      }
      if (file.file.truncated) throw badRequest(TOO_LARGE);
      const out = await uploadFile({
        db,
        actor: actorOf(req),
        id: req.params.id,
        fieldKey: req.query.field,
        fileName: file.filename,
        data,
      });
      return { success: true as const, data: out, message: 'Đã tải tệp lên.' };
    },
  );

  r.get(
    '/forms/requests/:id/files/:fileId',
    { config: { roles: FORM_READERS }, schema: { tags, params: ZFileParams } },
    async (req, reply) => {
      const f = await downloadFile(db, actorOf(req), req.params.id, req.params.fileId);
      return reply
        .type(f.mimeType)
        .header('content-disposition', disposition('attachment', f.fileName, 'tep-dinh-kem'))
        .header('x-content-type-options', 'nosniff')
        .send(f.data);
    },
  );

  r.get(
    '/forms/classes/:id/absences',
    { config: { roles: FORM_LIST_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZClassAbsences) } } },
    async (req) => ({ success: true as const, data: await classAbsences(db, actorOf(req), req.params.id) }),
  );
}
