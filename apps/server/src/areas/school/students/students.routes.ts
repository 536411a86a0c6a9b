import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import { formatDate } from '@app/shared/format';
import { GENDER_LABELS, STUDENT_STATUSES, STUDENT_STATUS_LABELS, ZGrade, ZStudent, ZStudentInput, type TStudent } from '@app/shared/school';
import type { Db } from '@/db/client';
import { listQuery, zIdFilter } from '@/lib/list';
import { write } from '@/lib/write';
import { sendXlsx, xlsxBuffer, type XlsxColumn } from '@/lib/xlsx';
import { STUDENT_SORTS } from './students.repository';
import {
  createStudent,
  deleteStudent,
  getStudent,
  readableStudent,
  studentExportRows,
  studentPage,
  updateStudent,
} from './students.service';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { SCHOOL_WRITERS as WRITE, STUDENT_RECORD_READERS, STUDENT_WIDE_READERS as READ } from '../access';

const tags = ['students'];
const ZStudentQuery = listQuery(STUDENT_SORTS, {
  grade: ZGrade.optional(),
  campusId: zIdFilter,
  homeroomClassId: zIdFilter,
  status: z.enum(STUDENT_STATUSES, { error: 'Trạng thái không hợp lệ.' }).optional(),
});

/** The export's columns are the import's, so an exported list can be edited and imported back. */
const EXPORT_COLUMNS: XlsxColumn<TStudent>[] = [
  { header: 'Mã học sinh', value: (s) => s.studentCode },
  { header: 'Họ và tên', width: 28, value: (s) => s.fullName },
  { header: 'E-mail', width: 32, value: (s) => s.email },
  { header: 'Ngày sinh', value: (s) => formatDate(s.dateOfBirth) },
  { header: 'Giới tính', value: (s) => GENDER_LABELS[s.gender] },
  { header: 'Khối', value: (s) => s.grade },
  { header: 'Cơ sở', width: 24, value: (s) => s.campusName },
  { header: 'Lớp chủ nhiệm', width: 18, value: (s) => s.homeroomClassName },
  { header: 'Trạng thái', width: 18, value: (s) => STUDENT_STATUS_LABELS[s.status] },
];

export function studentRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/students',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZStudentQuery, response: { 200: ZOk(ZPage(ZStudent)) } },
    },
    async (req) => ({ success: true as const, data: await studentPage(db, req.query) }),
  );

  r.get(
    '/students/export',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZStudentQuery },
    },
    async (req, reply) => {
      const rows = await studentExportRows(db, req.query);
      return sendXlsx(reply, 'Danh sách học sinh', await xlsxBuffer({ sheet: 'Học sinh', columns: EXPORT_COLUMNS, rows }));
    },
  );

  r.get(
    '/students/:id',
    {
      config: { roles: STUDENT_RECORD_READERS },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZStudent) } },
    },
    async (req) => ({ success: true as const, data: await readableStudent(db, actorOf(req), req.params.id) }),
  );

  r.post(
    '/students',
    {
      config: { roles: WRITE },
      schema: { tags, body: ZStudentInput, response: { 200: ZOk(ZStudent) } },
    },
    async (req) => {
      const id = await write(db, actorOf(req), (ctx) => createStudent(ctx, req.body));
      return { success: true as const, data: await getStudent(db, id), message: 'Đã tạo học sinh.' };
    },
  );

  r.put(
    '/students/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZStudentInput, response: { 200: ZOk(ZStudent) } },
    },
    async (req) => {
      await write(db, actorOf(req), (ctx) => updateStudent(ctx, req.params.id, req.body));
      return { success: true as const, data: await getStudent(db, req.params.id), message: 'Đã cập nhật học sinh.' };
    },
  );

  r.delete(
    '/students/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZStudent) } },
    },
    async (req) => ({
      success: true as const,
      data: await write(db, actorOf(req), (ctx) => deleteStudent(ctx, req.params.id)),
      message: 'Đã xóa học sinh.',
    }),
  );
}
