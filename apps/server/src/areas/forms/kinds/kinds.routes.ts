import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZFormKind, ZFormKindInput, ZFormKindUpdate } from '@app/shared/forms';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { FORM_KIND_READERS, FORM_KIND_WRITERS } from '../access';
import { createKind, editKind, listKinds, removeKind, schoolDaysOff } from './kinds.service';

const tags = ['forms'];

/** Form kinds (issue 17): read by everyone signed in, configured by admin. */
export function formKindRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/forms/kinds',
    { config: { roles: FORM_KIND_READERS }, schema: { tags, response: { 200: ZOk(z.array(ZFormKind)) } } },
    async (req) => ({ success: true as const, data: await listKinds(db, actorOf(req)) }),
  );

  // The school's holidays, for the session counts a student sees while filling a leave (not sessions).
  r.get(
    '/forms/holidays',
    { config: { roles: FORM_KIND_READERS }, schema: { tags, response: { 200: ZOk(z.array(z.string())) } } },
    async () => ({ success: true as const, data: await schoolDaysOff(db) }),
  );

  r.post(
    '/forms/kinds',
    { config: { roles: FORM_KIND_WRITERS }, schema: { tags, body: ZFormKindInput, response: { 200: ZOk(ZFormKind) } } },
    async (req) => ({
      success: true as const,
      data: await createKind({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã thêm loại đơn.',
    }),
  );

  r.put(
    '/forms/kinds/:id',
    { config: { roles: FORM_KIND_WRITERS }, schema: { tags, params: ZIdParams, body: ZFormKindUpdate, response: { 200: ZOk(ZFormKind) } } },
    async (req) => {
      const { version, ...input } = req.body;
      return {
        success: true as const,
        data: await editKind({ db, actor: actorOf(req), id: req.params.id, version, input }),
        message: 'Đã lưu loại đơn.',
      };
    },
  );

  r.delete(
    '/forms/kinds/:id',
    { config: { roles: FORM_KIND_WRITERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeKind({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa loại đơn.' };
    },
  );
}
