import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk, ZPage } from '@app/shared/api';
import { ZDepartment, ZDepartmentInput } from '@app/shared/school';
import type { Db } from '@/db/client';
import { listQuery } from '@/lib/list';
import { sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { DEPARTMENT_SORTS } from './departments.repository';
import {
  createDepartment,
  departmentExportRows,
  departmentPage,
  editDepartment,
  getDepartment,
  removeDepartment,
} from './departments.service';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
// Departments fill pickers and filters in every area, so any signed-in role may read them.
import { SCHOOL_READERS as READ, SCHOOL_WRITERS as WRITE } from '../access';

const tags = ['departments'];

const ZDepartmentQuery = listQuery(DEPARTMENT_SORTS);

export function departmentRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/departments',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZDepartmentQuery, response: { 200: ZOk(ZPage(ZDepartment)) } },
    },
    async (req) => ({ success: true as const, data: await departmentPage(db, req.query) }),
  );

  r.get('/departments/export', { config: { roles: READ }, schema: { tags, querystring: ZDepartmentQuery } }, async (req, reply) => {
    const buf = await xlsxBuffer({
      sheet: 'Tổ chuyên môn',
      rows: await departmentExportRows(db, req.query),
      columns: [
        { header: 'Mã tổ', value: (d) => d.code },
        { header: 'Tên tổ chuyên môn', width: 30, value: (d) => d.name },
        { header: 'Tổ trưởng/tổ phó', width: 40, value: (d) => d.heads.map((h) => `${h.fullName} (${h.staffCode})`).join(', ') },
        { header: 'Số giáo viên', value: (d) => d.teacherCount },
        { header: 'Số môn học', value: (d) => d.subjectCount },
      ],
    });
    return sendXlsx(reply, 'Danh sách tổ chuyên môn', buf);
  });

  r.get(
    '/departments/:id',
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZDepartment) } },
    },
    async (req) => ({ success: true as const, data: await getDepartment(db, req.params.id) }),
  );

  r.post(
    '/departments',
    {
      config: { roles: WRITE },
      schema: { tags, body: ZDepartmentInput, response: { 200: ZOk(ZDepartment) } },
    },
    async (req) => ({
      success: true as const,
      data: await createDepartment({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo tổ chuyên môn.',
    }),
  );

  r.put(
    '/departments/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZDepartmentInput, response: { 200: ZOk(ZDepartment) } },
    },
    async (req) => ({
      success: true as const,
      data: await editDepartment({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã cập nhật tổ chuyên môn.',
    }),
  );

  r.delete(
    '/departments/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZDepartment) } },
    },
    async (req) => ({
      success: true as const,
      data: await removeDepartment({ db, actor: actorOf(req), id: req.params.id }),
      message: 'Đã xóa tổ chuyên môn.',
    }),
  );
}
