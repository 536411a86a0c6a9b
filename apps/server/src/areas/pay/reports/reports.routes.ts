import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk } from '@app/shared/api';
import { ZPayOverview, ZPayReport, ZPayReportQuery } from '@app/shared/pay';
import type { Db } from '@/db/client';
import { sendXlsx } from '@/lib/xlsx';
import { PAY_READERS } from '@/areas/pay/access';
import { payReportExport } from './reports.export';
import { payOverview, payReport } from './reports.service';

const tags = ['pay-reports'];

/** Financial reports of teacher pay and the overview the dashboards read (issue 16). */
export function payReportRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/pay/reports',
    { config: { roles: PAY_READERS }, schema: { tags, querystring: ZPayReportQuery, response: { 200: ZOk(ZPayReport) } } },
    async (req) => ({ success: true as const, data: await payReport(db, req.query.academicYearId) }),
  );
  r.get('/pay/reports/export', { config: { roles: PAY_READERS }, schema: { tags, querystring: ZPayReportQuery } }, async (req, reply) => {
    const file = await payReportExport(db, req.query.academicYearId);
    return sendXlsx(reply, file.filename, file.body);
  });
  r.get('/pay/overview', { config: { roles: PAY_READERS }, schema: { tags, response: { 200: ZOk(ZPayOverview) } } }, async () => ({
    success: true as const,
    data: await payOverview(db),
  }));
}
