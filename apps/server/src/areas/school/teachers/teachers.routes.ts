import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk, ZPage } from '@app/shared/api';
import { ZTeacher, ZTeacherInput, type TTeacher } from '@app/shared/school';
import type { Db } from '@/db/client';
import { listQuery, zIdFilter } from '@/lib/list';
import { write } from '@/lib/write';
import { sendXlsx, xlsxBuffer, type XlsxColumn } from '@/lib/xlsx';
import { TEACHER_SORTS } from './teachers.repository';
import {
  createTeacher,
  deleteTeacher,
  getTeacher,
  readableTeacher,
  teacherExportRows,
  teacherPage,
  updateTeacher,
} from './teachers.service';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { SCHOOL_WRITERS as WRITE, TEACHER_READERS as READ } from '../access';

const tags = ['teachers'];
const ZTeacherQuery = listQuery(TEACHER_SORTS, { departmentId: zIdFilter, subjectId: zIdFilter });

/** The export's first columns are the import's, so an exported list can be edited and imported back. */
const EXPORT_COLUMNS: XlsxColumn<TTeacher>[] = [
  { header: 'Mã giáo viên', value: (t) => t.staffCode },
  { header: 'Họ và tên', width: 28, value: (t) => t.fullName },
  { header: 'E-mail', width: 32, value: (t) => t.email },
  { header: 'Tổ chuyên môn', width: 24, value: (t) => t.departmentName },
  { header: 'Môn dạy', width: 24, value: (t) => t.subjects.map((s) => s.code).join(', ') },
  { header: 'Tổ trưởng/tổ phó', value: (t) => (t.isHead ? 'Có' : '') },
];

export function teacherRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/teachers',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZTeacherQuery, response: { 200: ZOk(ZPage(ZTeacher)) } },
    },
    async (req) => ({ success: true as const, data: await teacherPage(db, actorOf(req), req.query) }),
  );

  r.get(
    '/teachers/export',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZTeacherQuery },
    },
    async (req, reply) => {
      const rows = await teacherExportRows(db, actorOf(req), req.query);
      return sendXlsx(reply, 'Danh sách giáo viên', await xlsxBuffer({ sheet: 'Giáo viên', columns: EXPORT_COLUMNS, rows }));
    },
  );

  r.get(
    '/teachers/:id',
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZTeacher) } },
    },
    async (req) => ({ success: true as const, data: await readableTeacher(db, actorOf(req), req.params.id) }),
  );

  r.post(
    '/teachers',
    {
      config: { roles: WRITE },
      schema: { tags, body: ZTeacherInput, response: { 200: ZOk(ZTeacher) } },
    },
    async (req) => {
      const id = await write(db, actorOf(req), (ctx) => createTeacher(ctx, req.body));
      return { success: true as const, data: await getTeacher(db, id), message: 'Đã tạo giáo viên.' };
    },
  );

  r.put(
    '/teachers/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZTeacherInput, response: { 200: ZOk(ZTeacher) } },
    },
    async (req) => {
      await write(db, actorOf(req), (ctx) => updateTeacher(ctx, req.params.id, req.body));
      return { success: true as const, data: await getTeacher(db, req.params.id), message: 'Đã cập nhật giáo viên.' };
    },
  );

  r.delete(
    '/teachers/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZTeacher) } },
    },
    async (req) => ({
      success: true as const,
      data: await write(db, actorOf(req), (ctx) => deleteTeacher(ctx, req.params.id)),
      message: 'Đã xóa giáo viên.',
    }),
  );
}
