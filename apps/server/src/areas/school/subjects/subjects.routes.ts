import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import { SUBJECT_KIND_LABELS, SUBJECT_KINDS, ZSubject, ZSubjectInput } from '@app/shared/school';
import type { Db } from '@/db/client';
import { listQuery, zIdFilter } from '@/lib/list';
import { sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { SUBJECT_SORTS } from './subjects.repository';
import { createSubject, editSubject, getSubject, removeSubject, subjectExportRows, subjectPage } from './subjects.service';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
// Subjects fill pickers in every area (spec section 7 lists GET /subjects), so any signed-in role may read them.
import { SCHOOL_READERS as READ, SCHOOL_WRITERS as WRITE } from '../access';

const tags = ['subjects'];

const ZSubjectQuery = listQuery(SUBJECT_SORTS, {
  departmentId: zIdFilter,
  kind: z.enum(SUBJECT_KINDS, { error: 'Loại môn phải là môn chung, môn chuyên hoặc tự chọn.' }).optional(),
});

export function subjectRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/subjects',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZSubjectQuery, response: { 200: ZOk(ZPage(ZSubject)) } },
    },
    async (req) => ({ success: true as const, data: await subjectPage(db, req.query) }),
  );

  r.get('/subjects/export', { config: { roles: READ }, schema: { tags, querystring: ZSubjectQuery } }, async (req, reply) => {
    const buf = await xlsxBuffer({
      sheet: 'Môn học',
      rows: await subjectExportRows(db, req.query),
      columns: [
        { header: 'Mã môn', value: (s) => s.code },
        { header: 'Tên môn học', width: 28, value: (s) => s.name },
        { header: 'Tổ chuyên môn', width: 28, value: (s) => s.departmentName },
        { header: 'Loại môn', width: 14, value: (s) => SUBJECT_KIND_LABELS[s.kind] },
        { header: 'Dùng LMS', value: (s) => (s.usesLms ? 'Có' : 'Không') },
      ],
    });
    return sendXlsx(reply, 'Danh sách môn học', buf);
  });

  r.get(
    '/subjects/:id',
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZSubject) } },
    },
    async (req) => ({ success: true as const, data: await getSubject(db, req.params.id) }),
  );

  r.post(
    '/subjects',
    {
      config: { roles: WRITE },
      schema: { tags, body: ZSubjectInput, response: { 200: ZOk(ZSubject) } },
    },
    async (req) => ({
      success: true as const,
      data: await createSubject({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo môn học.',
    }),
  );

  r.put(
    '/subjects/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZSubjectInput, response: { 200: ZOk(ZSubject) } },
    },
    async (req) => ({
      success: true as const,
      data: await editSubject({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã cập nhật môn học.',
    }),
  );

  r.delete(
    '/subjects/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZSubject) } },
    },
    async (req) => ({
      success: true as const,
      data: await removeSubject({ db, actor: actorOf(req), id: req.params.id }),
      message: 'Đã xóa môn học.',
    }),
  );
}
