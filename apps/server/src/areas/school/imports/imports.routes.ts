import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { sendXlsx, type SheetLimits } from '@/lib/xlsx';
import { hasAnyRole } from '@/plugins/actor';
import { actorOf } from '@/plugins/auth';
import { AppError, badRequest } from '@/plugins/errors';
import { IMPORT_KINDS } from '../core/import-kind';
import { errorRowsBuffer, fileSlug, kindOf, runImport, templateBuffer, type ImportKinds } from './imports.service';
import { SCHOOL_WRITERS } from '../access';

const ZKindParams = z.object({ kind: z.enum(IMPORT_KINDS) });
const ZBool = z.enum(['true', 'false']).default('false');

/** The uploaded file (multipart, field "file"). */
async function uploaded(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest('Hãy gửi tệp .xlsx hoặc .csv (multipart, trường "file").');
  const file = await req.file();
  if (!file) throw badRequest('Chưa chọn tệp để nhập.');
  return { file: await file.toBuffer(), filename: file.filename };
}

export function importRoutes(app: FastifyInstance, deps: { db: Db; importKinds: ImportKinds; imports: SheetLimits }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The routes admit every role some kind names; each call then checks the kind's own roles.
  const IMPORTERS = [...new Set(deps.importKinds.flatMap((k) => k.roles ?? SCHOOL_WRITERS))];
  const kindFor = (req: FastifyRequest, name: string) => {
    const kind = kindOf(deps.importKinds, name);
    if (!hasAnyRole(actorOf(req), kind.roles ?? SCHOOL_WRITERS)) throw new AppError('FORBIDDEN');
    return kind;
  };

  r.get(
    '/imports/templates/:kind',
    {
      config: { roles: IMPORTERS },
      schema: { tags: ['imports'], params: ZKindParams },
    },
    async (req, reply) => {
      const kind = kindFor(req, req.params.kind);
      const body = await templateBuffer(deps.db, kind);
      return sendXlsx(reply, `mau-nhap-${fileSlug(kind)}`, body);
    },
  );

  r.post(
    '/imports/:kind',
    {
      config: { roles: IMPORTERS },
      schema: {
        tags: ['imports'],
        params: ZKindParams,
        querystring: z.object({
          dryRun: ZBool,
          /** Import only the rows without issues (the preview's fingerprint required). */
          validOnly: ZBool,
          fingerprint: z
            .string()
            .regex(/^[0-9a-f]{32}$/)
            .optional(),
        }),
      },
    },
    async (req) => {
      const kind = kindFor(req, req.params.kind);
      const dryRun = req.query.dryRun === 'true';
      const result = await runImport({
        db: deps.db,
        kind,
        ...(await uploaded(req)),
        dryRun,
        validOnly: req.query.validOnly === 'true',
        fingerprint: req.query.fingerprint,
        actor: actorOf(req),
        limits: deps.imports,
      });
      const skipped = result.validOnly && result.invalid ? `; bỏ qua ${result.invalid} dòng lỗi` : '';
      const message = dryRun
        ? `Kiểm tra xong: ${result.valid} dòng hợp lệ, ${result.invalid} dòng lỗi.`
        : `Đã nhập ${result.valid} dòng (${result.created} mới, ${result.updated} cập nhật)${skipped}.`;
      return { success: true as const, message, data: result };
    },
  );

  // Reads the file again and answers its bad rows as a sheet to fix and import again.
  r.post(
    '/imports/:kind/errors',
    {
      config: { roles: IMPORTERS },
      schema: { tags: ['imports'], params: ZKindParams },
    },
    async (req, reply) => {
      const kind = kindFor(req, req.params.kind);
      const body = await errorRowsBuffer({ db: deps.db, kind, ...(await uploaded(req)), limits: deps.imports });
      return sendXlsx(reply, `loi-nhap-${fileSlug(kind)}`, body);
    },
  );
}
