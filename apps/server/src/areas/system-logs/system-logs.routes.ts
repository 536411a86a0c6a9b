import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import { SCHOOL_TZ } from '@app/shared/format';
import { ZSystemLog, ZSystemLogFacets } from '@app/shared/school';
import type { Db } from '@/db/client';
import { listQuery, offsetOf, page, zIdFilter } from '@/lib/list';
import { MAX_SHEET_ROWS, sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { countLogs, listLogs, logFacets, logOrder, logWhere, LOG_SORTS } from './system-logs.repository';
import { SYSTEM_LOG_READERS as ADMIN } from './access';

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} phải là ngày hợp lệ (YYYY-MM-DD).`)
    // zod runs this even when the pattern failed, so an unparsable text must not reach toISOString().
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, `${label} phải là ngày hợp lệ.`)
    .optional();
/** A dropdown sends "" for "all": treat it as no filter. */
const name = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

const ZLogQuery = listQuery(LOG_SORTS, { actorId: zIdFilter, entity: name, action: name, from: day('Từ ngày'), to: day('Đến ngày') });

// Excel holds at most 32,767 characters in a cell.
const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v).slice(0, 32_000));
const moment = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL_TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const when = (iso: string) => moment.format(new Date(iso)).replace(',', '');

/** The audit log that write() fills, read-only: every write by anyone, for the admin. */
export function systemLogRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['system-logs'];

  r.get(
    '/system-logs',
    {
      config: { roles: ADMIN },
      schema: { tags, querystring: ZLogQuery, response: { 200: ZOk(ZPage(ZSystemLog)) } },
    },
    async (req) => {
      const q = req.query;
      const where = await logWhere(db, q);
      const [items, total] = await Promise.all([
        listLogs(db, { where, order: logOrder(q), limit: q.limit, offset: offsetOf(q) }),
        countLogs(db, where),
      ]);
      return { success: true as const, data: page(items, total, q) };
    },
  );

  r.get(
    '/system-logs/entities',
    {
      config: { roles: ADMIN },
      schema: { tags, response: { 200: ZOk(ZSystemLogFacets) } },
    },
    async () => ({ success: true as const, data: await logFacets(db) }),
  );

  r.get(
    '/system-logs/export',
    {
      config: { roles: ADMIN },
      schema: { tags, querystring: ZLogQuery },
    },
    async (req, reply) => {
      const rows = await listLogs(db, {
        where: await logWhere(db, req.query),
        order: logOrder(req.query),
        limit: MAX_SHEET_ROWS,
        offset: 0,
      });
      const buf = await xlsxBuffer({
        sheet: 'Nhật ký hệ thống',
        rows,
        columns: [
          { header: 'Thời gian', width: 20, value: (l) => when(l.createdAt) },
          { header: 'Người thực hiện', width: 24, value: (l) => l.actorName ?? 'Hệ thống' },
          { header: 'E-mail', width: 30, value: (l) => l.actorEmail },
          { header: 'Hành động', value: (l) => l.action },
          { header: 'Đối tượng', width: 18, value: (l) => l.entity },
          { header: 'Mã đối tượng', value: (l) => l.entityId },
          { header: 'Trước', width: 50, value: (l) => json(l.before) },
          { header: 'Sau', width: 50, value: (l) => json(l.after) },
          { header: 'Địa chỉ IP', width: 16, value: (l) => l.ip },
          { header: 'Mã yêu cầu', width: 38, value: (l) => l.requestId },
        ],
      });
      return sendXlsx(reply, 'Nhật ký hệ thống', buf);
    },
  );
}
