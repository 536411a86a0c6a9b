import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import { SCHOOL_TZ } from '@app/shared/format';
import { ROLE_LABELS } from '@app/shared/roles';
import { ZSystemLog, ZSystemLogDetail, ZSystemLogFacets } from '@app/shared/school';
import { actionLabel, changeText, entityLabel } from '@app/shared/system-log';
import type { Db } from '@/db/client';
import { listQuery, offsetOf, page, zIdFilter } from '@/lib/list';
import { MAX_SHEET_ROWS, sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { logFacets, LOG_SORTS } from './system-logs.repository';
import { exportSystemLogs, listSystemLogs, systemLogDetail } from './system-logs.service';
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
/**
 * One code or several joined by commas (a filter entry standing for the codes that share a label:
 * `entity=student,students`). A dropdown sends "" for "all": treat it as no filter.
 */
const codes = z
  .string()
  .max(1000)
  .optional()
  .transform((v) => {
    const list = (v ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    return list.length ? list : undefined;
  })
  .refine((l) => !l || (l.length <= 50 && l.every((c) => c.length <= 100)), 'Bộ lọc không hợp lệ.');

/** Log ids are bigint (the log outgrows integer ids long before any other table). */
const ZLogParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const ZLogQuery = listQuery(LOG_SORTS, { actorId: zIdFilter, entity: codes, action: codes, from: day('Từ ngày'), to: day('Đến ngày') });

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
      const { items, total } = await listSystemLogs(db, { ...req.query, offset: offsetOf(req.query) });
      return { success: true as const, data: page(items, total, req.query) };
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
      const { rows, names } = await exportSystemLogs(db, { ...req.query, limit: MAX_SHEET_ROWS });
      const buf = await xlsxBuffer({
        sheet: 'Nhật ký hệ thống',
        rows,
        columns: [
          { header: 'Thời gian', width: 20, value: (l) => when(l.createdAt) },
          { header: 'Người thực hiện', width: 24, value: (l) => l.actor.name },
          { header: 'E-mail', width: 30, value: (l) => l.actor.email },
          { header: 'Vai trò', width: 20, value: (l) => (l.actor.role ? ROLE_LABELS[l.actor.role] : null) },
          { header: 'Hành động', width: 18, value: (l) => actionLabel(l.action) },
          { header: 'Đối tượng', width: 22, value: (l) => entityLabel(l.entity) },
          { header: 'Tên đối tượng', width: 28, value: (l) => l.entityName },
          { header: 'Mã đối tượng', value: (l) => l.entityId },
          // Excel holds at most 32,767 characters in a cell.
          { header: 'Nội dung thay đổi', width: 60, value: (l) => changeText(l, names).slice(0, 32_000) },
          { header: 'Dữ liệu gốc trước', width: 40, value: (l) => json(l.before) },
          { header: 'Dữ liệu gốc sau', width: 40, value: (l) => json(l.after) },
          { header: 'Địa chỉ IP', width: 16, value: (l) => l.ip },
          { header: 'Mã yêu cầu', width: 38, value: (l) => l.requestId },
        ],
      });
      return sendXlsx(reply, 'Nhật ký hệ thống', buf);
    },
  );

  r.get(
    '/system-logs/:id',
    {
      config: { roles: ADMIN },
      schema: { tags, params: ZLogParams, response: { 200: ZOk(ZSystemLogDetail) } },
    },
    async (req) => ({ success: true as const, data: await systemLogDetail(db, req.params.id) }),
  );
}
