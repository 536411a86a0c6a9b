import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk, ZPage } from '@app/shared/api';
import {
  ZApplyTemplateInput,
  ZCloneSurveyInput,
  ZSurvey,
  ZSurveyInput,
  ZSurveyListItem,
  ZSurveyListQuery,
  ZSurveyQuestion,
  ZSurveySection,
  ZSurveyStatus,
} from '@app/shared/surveys';
import type { Db } from '@/db/client';
import { write } from '@/lib/write';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { badRequest, notFound } from '@/plugins/errors';
import { ZIdParams } from '@/lib/params';
import { SURVEY_READ, SURVEY_READ_ONE, SURVEY_WRITE } from '../access';
import { SURVEY_SORTS } from './surveys.repository';
import {
  applyTemplate,
  cloneSurvey,
  createSurvey,
  editSurvey,
  getSurveyFor,
  removeSurvey,
  setSurveyStatus,
  surveyPage,
} from './surveys.service';

const tags = ['surveys'];

/**
 * ZSurvey as a response schema: the serializer *encodes* through the schema, and the shared
 * option shapes and `required` flag hold one-way transforms (parse-side normalising), which zod
 * refuses to encode. The values are already in their normal form here, so those two fields are
 * described without the transforms.
 */
export const ZSurveyOut = ZSurvey.extend({
  sections: z.array(
    ZSurveySection.extend({
      questions: z.array(ZSurveyQuestion.extend({ required: z.union([z.literal(1), z.literal(0)]), options: z.json().nullable() })),
    }),
  ),
});
const ZSurveyQuery = ZSurveyListQuery.extend({ sort: z.enum(SURVEY_SORTS).optional(), order: z.enum(['asc', 'desc']).default('asc') });
const ZOneQuery = z.object({ courseClassId: ZIdText.optional() });

export const COVER_MAX_BYTES = 2 * 1024 * 1024;
const COVER_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The image kind by its first bytes, whatever the file claims to be. */
export function imageKind(buf: Buffer): 'png' | 'jpg' | 'webp' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export function surveyRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus; dataDir?: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;
  const uploadsDir = join(deps.dataDir ?? 'data', 'uploads');

  r.get(
    '/surveys',
    {
      config: { roles: SURVEY_READ },
      schema: { tags, querystring: ZSurveyQuery, response: { 200: ZOk(ZPage(ZSurveyListItem)) } },
    },
    async (req) => ({ success: true as const, data: await surveyPage(db, req.query) }),
  );

  r.post(
    '/surveys/clone',
    {
      config: { roles: SURVEY_WRITE },
      schema: { tags, body: ZCloneSurveyInput, response: { 200: ZOk(ZSurveyOut) } },
    },
    async (req) => ({
      success: true as const,
      data: await cloneSurvey({ db, events, actor: actorOf(req), input: req.body }),
      message: 'Đã nhân bản khảo sát.',
    }),
  );

  r.post(
    '/surveys/apply-template',
    {
      config: { roles: SURVEY_WRITE },
      schema: { tags, body: ZApplyTemplateInput, response: { 200: ZOk(z.array(ZSurveyListItem)) } },
    },
    async (req) => {
      const data = await applyTemplate({ db, events, actor: actorOf(req), input: req.body });
      return { success: true as const, data, message: `Đã tạo ${data.length} khảo sát từ mẫu.` };
    },
  );

  r.post(
    '/surveys/uploads/cover',
    {
      config: { roles: SURVEY_WRITE },
      schema: { tags, response: { 200: ZOk(z.object({ url: z.string() })) } },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Hãy gửi ảnh bìa (multipart, trường "file").');
      const file = await req.file({ limits: { fileSize: COVER_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('Chưa chọn ảnh bìa.');
      let buf: Buffer;
      try {
        buf = await file.toBuffer();
      } catch {
        throw badRequest('Ảnh bìa tối đa 2 MB.');
      }
      if (file.file.truncated || buf.length > COVER_MAX_BYTES) throw badRequest('Ảnh bìa tối đa 2 MB.');
      const kind = imageKind(buf);
      if (!kind) throw badRequest('Ảnh bìa phải là tệp PNG, JPEG hoặc WebP.');
      const name = `${randomBytes(16).toString('hex')}.${kind}`;
      await write(db, actorOf(req), async (ctx) => {
        await mkdir(uploadsDir, { recursive: true });
        await writeFile(join(uploadsDir, name), buf, { flag: 'wx' });
        await ctx.log({
          action: 'upload',
          entity: 'survey_cover',
          entityId: name,
          after: { name, bytes: buf.length, originalName: file.filename },
        });
      });
      return { success: true as const, data: { url: `/uploads/${name}` }, message: 'Đã tải ảnh bìa lên.' };
    },
  );

  r.get(
    '/surveys/:id',
    {
      config: { roles: SURVEY_READ_ONE },
      schema: { tags, params: ZIdParams, querystring: ZOneQuery, response: { 200: ZOk(ZSurveyOut) } },
    },
    async (req) => ({ success: true as const, data: await getSurveyFor(db, actorOf(req), req.params.id, req.query.courseClassId) }),
  );

  r.post(
    '/surveys',
    {
      config: { roles: SURVEY_WRITE },
      schema: { tags, body: ZSurveyInput, response: { 200: ZOk(ZSurveyOut) } },
    },
    async (req) => ({
      success: true as const,
      data: await createSurvey({ db, events, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo khảo sát.',
    }),
  );

  r.put(
    '/surveys/:id',
    {
      config: { roles: SURVEY_WRITE },
      schema: { tags, params: ZIdParams, body: ZSurveyInput, response: { 200: ZOk(ZSurveyOut) } },
    },
    async (req) => ({
      success: true as const,
      data: await editSurvey({ db, events, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã cập nhật khảo sát.',
    }),
  );

  r.patch(
    '/surveys/:id/status',
    {
      config: { roles: SURVEY_WRITE },
      schema: { tags, params: ZIdParams, body: z.object({ status: ZSurveyStatus }), response: { 200: ZOk(ZSurveyOut) } },
    },
    async (req) => ({
      success: true as const,
      data: await setSurveyStatus({ db, events, actor: actorOf(req), id: req.params.id, status: req.body.status }),
      message: 'Đã cập nhật trạng thái khảo sát.',
    }),
  );

  r.delete(
    '/surveys/:id',
    {
      config: { roles: SURVEY_WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZSurveyOut) } },
    },
    async (req) => ({
      success: true as const,
      data: await removeSurvey({ db, events, actor: actorOf(req), id: req.params.id }),
      message: 'Đã xóa khảo sát.',
    }),
  );
}

/**
 * Uploaded cover images, at `/uploads/{name}` outside the API prefix: public, since <img> cannot send
 * the bearer token, and the names are random.
 */
export function coverFileRoutes(app: FastifyInstance, deps: { dataDir?: string }) {
  const uploadsDir = join(deps.dataDir ?? 'data', 'uploads');
  app.get<{ Params: { name: string } }>('/uploads/:name', async (req, reply) => {
    const name = req.params.name;
    if (!COVER_NAME.test(name)) throw notFound('Không tìm thấy tệp.');
    let buf: Buffer;
    try {
      buf = await readFile(join(uploadsDir, name));
    } catch {
      throw notFound('Không tìm thấy tệp.');
    }
    return reply
      .type(CONTENT_TYPES[name.split('.').pop()!])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(buf);
  });
}
