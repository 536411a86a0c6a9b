import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk, ZPage } from '@app/shared/api';
import { formatDateTime } from '@app/shared/format';
import { ROLE_LABELS, ZRole } from '@app/shared/roles';
import { ZUserInput, ZUserRow, type TUserRow } from '@app/shared/school';
import type { Db } from '@/db/client';
import { listQuery, zBoolFilter } from '@/lib/list';
import { write } from '@/lib/write';
import { sendXlsx, xlsxBuffer, type XlsxColumn } from '@/lib/xlsx';
import { USER_SORTS } from './users.repository';
import { createUser, deactivateUser, endSessions, getUser, updateUser, userExportRows, userPage } from './users.service';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
// Accounts decide who may do what: only an admin manages them.
import { SCHOOL_WRITERS as ADMIN } from '../access';

const tags = ['users'];
const ZUserQuery = listQuery(USER_SORTS, { role: ZRole.optional(), active: zBoolFilter });

/** The export's first columns are the import's, so an exported list can be edited and imported back. */
const EXPORT_COLUMNS: XlsxColumn<TUserRow>[] = [
  { header: 'E-mail', width: 34, value: (u) => u.email },
  { header: 'Tên hiển thị', width: 28, value: (u) => u.displayName },
  { header: 'Vai trò', width: 40, value: (u) => u.roles.map((r) => ROLE_LABELS[r.role]).join(', ') },
  { header: 'Trạng thái', value: (u) => (u.active ? 'Hoạt động' : 'Vô hiệu') },
  { header: 'Đăng nhập gần nhất', width: 20, value: (u) => formatDateTime(u.lastLoginAt) },
  { header: 'Ngày tạo', width: 20, value: (u) => formatDateTime(u.createdAt) },
];

export function userRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/users',
    {
      config: { roles: ADMIN },
      schema: { tags, querystring: ZUserQuery, response: { 200: ZOk(ZPage(ZUserRow)) } },
    },
    async (req) => ({ success: true as const, data: await userPage(db, req.query) }),
  );

  r.get(
    '/users/export',
    {
      config: { roles: ADMIN },
      schema: { tags, querystring: ZUserQuery },
    },
    async (req, reply) => {
      const rows = await userExportRows(db, req.query);
      return sendXlsx(reply, 'Danh sách tài khoản', await xlsxBuffer({ sheet: 'Tài khoản', columns: EXPORT_COLUMNS, rows }));
    },
  );

  r.get(
    '/users/:id',
    {
      config: { roles: ADMIN },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZUserRow) } },
    },
    async (req) => ({ success: true as const, data: await getUser(db, req.params.id) }),
  );

  r.post(
    '/users',
    {
      config: { roles: ADMIN },
      schema: { tags, body: ZUserInput, response: { 200: ZOk(ZUserRow) } },
    },
    async (req) => {
      const id = await write(db, actorOf(req), (ctx) => createUser(ctx, req.body));
      return { success: true as const, data: await getUser(db, id), message: 'Đã tạo tài khoản.' };
    },
  );

  r.put(
    '/users/:id',
    {
      config: { roles: ADMIN },
      schema: { tags, params: ZIdParams, body: ZUserInput, response: { 200: ZOk(ZUserRow) } },
    },
    async (req) => {
      await write(db, actorOf(req), (ctx) => updateUser(ctx, req.params.id, req.body));
      return { success: true as const, data: await getUser(db, req.params.id), message: 'Đã cập nhật tài khoản.' };
    },
  );

  r.delete(
    '/users/:id',
    {
      config: { roles: ADMIN },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZUserRow) } },
    },
    async (req) => {
      await write(db, actorOf(req), (ctx) => deactivateUser(ctx, req.params.id));
      return { success: true as const, data: await getUser(db, req.params.id), message: 'Đã vô hiệu hóa tài khoản.' };
    },
  );

  // "Đăng xuất mọi phiên": every token of the account issued so far stops working; the account stays active.
  r.post(
    '/users/:id/sessions/revoke',
    {
      config: { roles: ADMIN },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZUserRow) } },
    },
    async (req) => {
      await write(db, actorOf(req), (ctx) => endSessions(ctx, req.params.id, 'end_sessions'));
      return { success: true as const, data: await getUser(db, req.params.id), message: 'Đã đăng xuất mọi phiên của tài khoản.' };
    },
  );
}
