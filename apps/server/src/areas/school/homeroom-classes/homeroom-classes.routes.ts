import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import { formatDate } from '@app/shared/format';
import { GENDER_LABELS, STUDENT_STATUS_LABELS, ZGrade, ZHomeroomClass, ZHomeroomClassInput, ZStudent } from '@app/shared/school';
import type { Db } from '@/db/client';
import { listQuery, zIdFilter } from '@/lib/list';
import { sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { CLASS_STUDENT_SORTS } from '../students/students.service';
import { HOMEROOM_SORTS } from './homeroom-classes.repository';
import {
  classStudentExportRows,
  classStudents,
  createHomeroomClass,
  editHomeroomClass,
  homeroomExportRows,
  homeroomPage,
  myHomeroomClasses,
  readableHomeroomClass,
  removeHomeroomClass,
} from './homeroom-classes.service';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
// Readers: the service narrows a homeroom teacher to their own classes. "My classes" is asked by any
// teacher: one may be made homeroom teacher before getting the role.
import { HOMEROOM_MINE_READERS as MINE, HOMEROOM_READERS as READ, SCHOOL_WRITERS as WRITE } from '../access';

const ZHomeroomQuery = listQuery(HOMEROOM_SORTS, {
  academicYearId: zIdFilter,
  grade: ZGrade.optional(),
  campusId: zIdFilter,
  homeroomTeacherId: zIdFilter,
});
const ZClassStudentQuery = listQuery(CLASS_STUDENT_SORTS);

export function homeroomClassRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['homeroom-classes'];

  r.get(
    '/homeroom-classes',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZHomeroomQuery, response: { 200: ZOk(ZPage(ZHomeroomClass)) } },
    },
    async (req) => ({ success: true as const, data: await homeroomPage({ db, actor: actorOf(req), q: req.query }) }),
  );

  r.get(
    '/homeroom-classes/mine',
    {
      config: { roles: MINE },
      schema: { tags, response: { 200: ZOk(z.array(ZHomeroomClass)) } },
    },
    async (req) => ({ success: true as const, data: await myHomeroomClasses(db, actorOf(req)) }),
  );

  r.get(
    '/homeroom-classes/export',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZHomeroomQuery },
    },
    async (req, reply) => {
      const rows = await homeroomExportRows({ db, actor: actorOf(req), q: req.query });
      const buf = await xlsxBuffer({
        sheet: 'Lớp chủ nhiệm',
        rows,
        columns: [
          { header: 'Năm học', value: (c) => c.academicYearName },
          { header: 'Tên lớp', width: 20, value: (c) => c.name },
          { header: 'Khối', value: (c) => c.grade },
          { header: 'Cơ sở', width: 24, value: (c) => c.campusName },
          { header: 'Giáo viên chủ nhiệm', width: 28, value: (c) => c.homeroomTeacherName },
          { header: 'Sĩ số', value: (c) => c.studentCount },
        ],
      });
      return sendXlsx(reply, 'Danh sách lớp chủ nhiệm', buf);
    },
  );

  r.get(
    '/homeroom-classes/:id',
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZHomeroomClass) } },
    },
    async (req) => ({ success: true as const, data: await readableHomeroomClass({ db, actor: actorOf(req), id: req.params.id }) }),
  );

  r.get(
    '/homeroom-classes/:id/students',
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, querystring: ZClassStudentQuery, response: { 200: ZOk(ZPage(ZStudent)) } },
    },
    async (req) => ({ success: true as const, data: await classStudents({ db, actor: actorOf(req), id: req.params.id, q: req.query }) }),
  );

  r.get(
    '/homeroom-classes/:id/students/export',
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, querystring: ZClassStudentQuery },
    },
    async (req, reply) => {
      const { cls, rows: students } = await classStudentExportRows({ db, actor: actorOf(req), id: req.params.id, q: req.query });
      const rows = students.map((s, i) => ({ ...s, no: i + 1 }));
      const buf = await xlsxBuffer({
        // Excel refuses these characters in a sheet name.
        sheet: cls.name.replace(/[:\\/?*[\]]/g, '-'),
        rows,
        columns: [
          { header: 'STT', width: 6, value: (s) => s.no },
          { header: 'Mã học sinh', value: (s) => s.studentCode },
          { header: 'Họ và tên', width: 28, value: (s) => s.fullName },
          { header: 'Ngày sinh', value: (s) => formatDate(s.dateOfBirth) },
          { header: 'Giới tính', value: (s) => GENDER_LABELS[s.gender] },
          { header: 'E-mail', width: 30, value: (s) => s.email },
          { header: 'Trạng thái', width: 18, value: (s) => STUDENT_STATUS_LABELS[s.status] },
        ],
      });
      return sendXlsx(reply, `Lớp ${cls.name} - ${cls.academicYearName}`, buf);
    },
  );

  r.post(
    '/homeroom-classes',
    {
      config: { roles: WRITE },
      schema: { tags, body: ZHomeroomClassInput, response: { 200: ZOk(ZHomeroomClass) } },
    },
    async (req) => ({
      success: true as const,
      data: await createHomeroomClass({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo lớp chủ nhiệm.',
    }),
  );

  r.put(
    '/homeroom-classes/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZHomeroomClassInput, response: { 200: ZOk(ZHomeroomClass) } },
    },
    async (req) => ({
      success: true as const,
      data: await editHomeroomClass({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã cập nhật lớp chủ nhiệm.',
    }),
  );

  r.delete(
    '/homeroom-classes/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZHomeroomClass) } },
    },
    async (req) => ({
      success: true as const,
      data: await removeHomeroomClass({ db, actor: actorOf(req), id: req.params.id }),
      message: 'Đã xóa lớp chủ nhiệm.',
    }),
  );
}
