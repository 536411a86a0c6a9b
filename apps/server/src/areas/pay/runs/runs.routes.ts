import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk } from '@app/shared/api';
import {
  ZPayLineDetail,
  ZPayLineListQuery,
  ZPayLinePage,
  ZPayRunCreate,
  ZPayRunDetail,
  ZPayRunListQuery,
  ZPayRunSummary,
  ZPayRunVersion,
  ZPayStatement,
  ZPayTransition,
} from '@app/shared/pay';
import { ZPage } from '@app/shared/api';
import type { Db } from '@/db/client';
import { sendXlsx } from '@/lib/xlsx';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { PAY_APPROVERS, PAY_MANAGERS, PAY_READERS, PAY_STATEMENT_READERS } from '../access';
import { payrollSheet } from './runs.export';
import { createRun, listLines, listRuns, myStatements, readLine, readRun, recomputeRun, removeRun, transitionRun } from './runs.service';

const tags = ['pay'];
const ZLineParams = z.object({ id: ZIdText, teacherId: ZIdText });
/** Submit and pay are the accountant's, approve and return the principal's: the service checks which. */
const TRANSITION_ROLES = [...new Set([...PAY_MANAGERS, ...PAY_APPROVERS])];
const LINE_READERS = [...new Set([...PAY_READERS, ...PAY_STATEMENT_READERS])];

/** Pay runs (issue 16 "Pay runs"): create, recompute, the workflow, lines with their explanation, the payroll sheet, statements. */
export function payRunRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus; schoolName: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  r.get(
    '/pay/runs',
    { config: { roles: PAY_READERS }, schema: { tags, querystring: ZPayRunListQuery, response: { 200: ZOk(ZPage(ZPayRunSummary)) } } },
    async (req) => ({ success: true as const, data: await listRuns(db, req.query) }),
  );

  r.post(
    '/pay/runs',
    { config: { roles: PAY_MANAGERS }, schema: { tags, body: ZPayRunCreate, response: { 200: ZOk(ZPayRunDetail) } } },
    async (req) => ({
      success: true as const,
      data: await createRun({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo và tính đợt tiền dạy thêm giờ.',
    }),
  );

  r.get(
    '/pay/runs/:id',
    { config: { roles: PAY_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZPayRunDetail) } } },
    async (req) => ({ success: true as const, data: await readRun(db, req.params.id) }),
  );

  r.get(
    '/pay/runs/:id/lines',
    {
      config: { roles: PAY_READERS },
      schema: { tags, params: ZIdParams, querystring: ZPayLineListQuery, response: { 200: ZOk(ZPayLinePage) } },
    },
    async (req) => ({ success: true as const, data: await listLines(db, req.params.id, req.query) }),
  );

  r.get(
    '/pay/runs/:id/lines/:teacherId',
    { config: { roles: LINE_READERS }, schema: { tags, params: ZLineParams, response: { 200: ZOk(ZPayLineDetail) } } },
    async (req) => ({ success: true as const, data: await readLine(db, actorOf(req), req.params.id, req.params.teacherId) }),
  );

  r.post(
    '/pay/runs/:id/recompute',
    { config: { roles: PAY_MANAGERS }, schema: { tags, params: ZIdParams, body: ZPayRunVersion, response: { 200: ZOk(ZPayRunDetail) } } },
    async (req) => ({
      success: true as const,
      data: await recomputeRun({ db, actor: actorOf(req), id: req.params.id, version: req.body.version }),
      message: 'Đã tính lại đợt tiền dạy thêm giờ.',
    }),
  );

  r.post(
    '/pay/runs/:id/transition',
    {
      config: { roles: TRANSITION_ROLES },
      schema: { tags, params: ZIdParams, body: ZPayTransition, response: { 200: ZOk(ZPayRunDetail) } },
    },
    async (req) => {
      const data = await transitionRun({ db, actor: actorOf(req), events, id: req.params.id, input: req.body });
      const messages = {
        submit: 'Đã trình Hiệu trưởng duyệt.',
        approve: 'Đã duyệt đợt tiền dạy thêm giờ.',
        return: 'Đã trả lại đợt tiền dạy thêm giờ.',
        pay: 'Đã xác nhận chi trả; số liệu của đợt được giữ nguyên từ nay.',
      };
      return { success: true as const, data, message: messages[req.body.action] };
    },
  );

  r.delete(
    '/pay/runs/:id',
    { config: { roles: PAY_MANAGERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeRun({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa đợt tính.' };
    },
  );

  r.get('/pay/runs/:id/export', { config: { roles: PAY_READERS }, schema: { tags, params: ZIdParams } }, async (req, reply) => {
    const { filename, body } = await payrollSheet(db, req.params.id, deps.schoolName);
    return sendXlsx(reply, filename, body);
  });

  r.get(
    '/pay/statements/mine',
    { config: { roles: PAY_STATEMENT_READERS }, schema: { tags, response: { 200: ZOk(z.array(ZPayStatement)) } } },
    async (req) => ({ success: true as const, data: await myStatements(db, actorOf(req)) }),
  );
}
