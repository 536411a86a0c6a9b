import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { sendXlsx, type SheetLimits } from '@/lib/xlsx';
import { actorOf } from '@/plugins/auth';
import { badRequest } from '@/plugins/errors';
import { IMPORT_KINDS } from '../core/import-kind';
import { kindOf, runImport, templateBuffer, type ImportKinds } from './imports.service';
import { SCHOOL_WRITERS as ADMIN } from '../access';

const ZKindParams = z.object({ kind: z.enum(IMPORT_KINDS) });

export function importRoutes(app: FastifyInstance, deps: { db: Db; importKinds: ImportKinds; imports: SheetLimits }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/imports/templates/:kind',
    {
      config: { roles: ADMIN },
      schema: { tags: ['imports'], params: ZKindParams },
    },
    async (req, reply) => {
      const kind = kindOf(deps.importKinds, req.params.kind);
      const body = await templateBuffer(kind);
      return sendXlsx(reply, `mau-nhap-${kind.kind}`, body);
    },
  );

  r.post(
    '/imports/:kind',
    {
      config: { roles: ADMIN },
      schema: {
        tags: ['imports'],
        params: ZKindParams,
        querystring: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
      },
    },
    async (req) => {
      const kind = kindOf(deps.importKinds, req.params.kind);
      if (!req.isMultipart()) throw badRequest('Hãy gửi tệp .xlsx hoặc .csv (multipart, trường "file").');
      const file = await req.file();
      if (!file) throw badRequest('Chưa chọn tệp để nhập.');
      const buf = await file.toBuffer();
      const dryRun = req.query.dryRun === 'true';
      const result = await runImport({
        db: deps.db,
        kind,
        file: buf,
        filename: file.filename,
        dryRun,
        actor: actorOf(req),
        limits: deps.imports,
      });
      const message = dryRun
        ? `Kiểm tra xong: ${result.valid} dòng hợp lệ, ${result.invalid} dòng lỗi.`
        : `Đã nhập ${result.total} dòng (${result.created} mới, ${result.updated} cập nhật).`;
      return { success: true as const, message, data: result };
    },
  );
}
