import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk } from '@app/shared/api';
import { ZCoefficientInput, ZCoefficientListQuery, ZCoefficientVersion, ZTeacherCoefficientPage } from '@app/shared/pay';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { sendXlsx } from '@/lib/xlsx';
import { actorOf } from '@/plugins/auth';
import { PAY_MANAGERS, PAY_READERS } from '../access';
import { coefficientsExport } from './coefficients.export';
import { createCoefficient, editCoefficient, listCoefficients, removeCoefficient, teacherCoefficients } from './coefficients.service';

const tags = ['pay'];

/** Teachers' coefficients (issue 16 "Coefficients"): the list, export, one teacher's versions, create, edit, delete. */
export function payCoefficientRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/pay/coefficients',
    {
      config: { roles: PAY_READERS },
      schema: { tags, querystring: ZCoefficientListQuery, response: { 200: ZOk(ZTeacherCoefficientPage) } },
    },
    async (req) => ({ success: true as const, data: await listCoefficients(db, req.query) }),
  );

  r.get('/pay/coefficients/export', { config: { roles: PAY_READERS }, schema: { tags } }, async (_req, reply) => {
    const file = await coefficientsExport(db);
    return sendXlsx(reply, file.filename, file.body);
  });

  r.get(
    '/pay/coefficients/teachers/:teacherId',
    {
      config: { roles: PAY_READERS },
      schema: { tags, params: z.object({ teacherId: ZIdText }), response: { 200: ZOk(z.array(ZCoefficientVersion)) } },
    },
    async (req) => ({ success: true as const, data: await teacherCoefficients(db, req.params.teacherId) }),
  );

  r.post(
    '/pay/coefficients',
    { config: { roles: PAY_MANAGERS }, schema: { tags, body: ZCoefficientInput, response: { 200: ZOk(ZCoefficientVersion) } } },
    async (req) => ({
      success: true as const,
      data: await createCoefficient({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã thêm hệ số lương.',
    }),
  );

  r.put(
    '/pay/coefficients/:id',
    {
      config: { roles: PAY_MANAGERS },
      schema: { tags, params: ZIdParams, body: ZCoefficientInput, response: { 200: ZOk(ZCoefficientVersion) } },
    },
    async (req) => ({
      success: true as const,
      data: await editCoefficient({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã lưu hệ số lương.',
    }),
  );

  r.delete(
    '/pay/coefficients/:id',
    { config: { roles: PAY_MANAGERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeCoefficient({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa phiên bản hệ số lương.' };
    },
  );
}
