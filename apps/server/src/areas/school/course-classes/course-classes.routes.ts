import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZListQuery, ZOk, ZPage } from '@app/shared/api';
import { ZCourseClass, ZCourseClassInput, ZEnrolInput, ZEnrolment, ZGrade } from '@app/shared/school';
import type { Db } from '@/db/client';
import { listQuery, page, zIdFilter } from '@/lib/list';
import { found, write } from '@/lib/write';
import { MAX_SHEET_ROWS, sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { COURSE_CLASS_SORTS, findCourseClass, listCourseClasses, listEnrolments, type CourseClassRow } from './course-classes.repository';
import {
  createCourseClass,
  deleteCourseClass,
  enrolStudents,
  scopeOf,
  toCourseClassJson,
  unenrolStudent,
  updateCourseClass,
  visibleCourseClass,
} from './course-classes.service';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { userIdOf } from '@/plugins/actor';
import { COURSE_CLASS_READERS as READ, COURSE_CLASS_TEACHERS, SCHOOL_WRITERS as WRITE } from '../access';

const ZListCourseClasses = listQuery(COURSE_CLASS_SORTS, {
  moduleId: zIdFilter,
  subjectId: zIdFilter,
  teacherId: zIdFilter,
  campusId: zIdFilter,
  grade: ZGrade.optional(),
});
const ZStudentParams = ZIdParams.extend({ studentId: ZIdText });
const tags = ['course-classes'];

type ListQ = z.output<typeof ZListCourseClasses>;
const filtersOf = (q: ListQ) => ({
  moduleId: q.moduleId,
  subjectId: q.subjectId,
  teacherId: q.teacherId,
  campusId: q.campusId,
  grade: q.grade,
  search: q.search,
});

export function courseClassRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // Writes are admin-only, so the answer needs no scope check.
  const one = async (id: number) => toCourseClassJson(found(await findCourseClass(db, id), 'lớp học phần'));

  r.get(
    '/course-classes',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZListCourseClasses, response: { 200: ZOk(ZPage(ZCourseClass)) } },
    },
    async (req) => {
      const q = req.query;
      const res = await listCourseClasses(db, {
        scope: scopeOf(actorOf(req)),
        filters: filtersOf(q),
        sort: q.sort,
        order: q.order,
        page: q,
      });
      return { success: true as const, data: page(res.items.map(toCourseClassJson), res.total, q) };
    },
  );

  r.get(
    '/course-classes/mine',
    {
      config: { roles: COURSE_CLASS_TEACHERS },
      schema: { tags, querystring: ZListCourseClasses, response: { 200: ZOk(ZPage(ZCourseClass)) } },
    },
    async (req) => {
      const q = req.query;
      // Only the classes the caller teaches, whatever else their roles would let them see.
      const scope = { kind: 'own' as const, userId: userIdOf(actorOf(req)), asHead: false };
      const res = await listCourseClasses(db, { scope, filters: filtersOf(q), sort: q.sort, order: q.order, page: q });
      return { success: true as const, data: page(res.items.map(toCourseClassJson), res.total, q) };
    },
  );

  r.get(
    '/course-classes/export',
    {
      config: { roles: READ },
      schema: { tags, querystring: ZListCourseClasses },
    },
    async (req, reply) => {
      const q = req.query;
      const res = await listCourseClasses(db, {
        scope: scopeOf(actorOf(req)),
        filters: filtersOf(q),
        sort: q.sort,
        order: q.order,
        max: MAX_SHEET_ROWS,
      });
      const body = await xlsxBuffer<CourseClassRow>({ sheet: 'Lớp học phần', columns: EXPORT_COLUMNS, rows: res.items });
      return sendXlsx(reply, 'lop-hoc-phan', body);
    },
  );

  r.get(
    '/course-classes/:id',
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZCourseClass) } },
    },
    async (req) => ({ success: true as const, data: toCourseClassJson(await visibleCourseClass(db, actorOf(req), req.params.id)) }),
  );

  r.post(
    '/course-classes',
    {
      config: { roles: WRITE },
      schema: { tags, body: ZCourseClassInput, response: { 200: ZOk(ZCourseClass) } },
    },
    async (req) => {
      const id = await write(db, actorOf(req), (ctx) => createCourseClass(ctx, req.body));
      const data = await one(id);
      return { success: true as const, message: `Đã tạo lớp học phần ${data.code}.`, data };
    },
  );

  r.put(
    '/course-classes/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZCourseClassInput, response: { 200: ZOk(ZCourseClass) } },
    },
    async (req) => {
      await write(db, actorOf(req), (ctx) => updateCourseClass(ctx, req.params.id, req.body));
      const data = await one(req.params.id);
      return { success: true as const, message: `Đã cập nhật lớp học phần ${data.code}.`, data };
    },
  );

  r.delete(
    '/course-classes/:id',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ id: z.number().int() })) } },
    },
    async (req) => {
      const row = await write(db, actorOf(req), (ctx) => deleteCourseClass(ctx, req.params.id));
      return { success: true as const, message: `Đã xóa lớp học phần ${row.code}.`, data: { id: row.id } };
    },
  );

  r.get(
    '/course-classes/:id/students',
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, querystring: ZListQuery, response: { 200: ZOk(ZPage(ZEnrolment)) } },
    },
    async (req) => {
      await visibleCourseClass(db, actorOf(req), req.params.id);
      const q = req.query;
      const res = await listEnrolments(db, { classId: req.params.id, search: q.search, page: q.page, limit: q.limit });
      return { success: true as const, data: page(res.items, res.total, q) };
    },
  );

  r.post(
    '/course-classes/:id/students',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZEnrolInput, response: { 200: ZOk(ZCourseClass) } },
    },
    async (req) => {
      const res = await write(db, actorOf(req), (ctx) => enrolStudents(ctx, req.params.id, req.body.studentIds));
      const data = await one(req.params.id);
      const skipped = res.skipped ? ` Bỏ qua ${res.skipped} học sinh đã ghi danh từ trước.` : '';
      return { success: true as const, message: `Đã ghi danh ${res.added} học sinh vào lớp học phần ${data.code}.${skipped}`, data };
    },
  );

  r.delete(
    '/course-classes/:id/students/:studentId',
    {
      config: { roles: WRITE },
      schema: { tags, params: ZStudentParams, response: { 200: ZOk(ZCourseClass) } },
    },
    async (req) => {
      await write(db, actorOf(req), (ctx) => unenrolStudent(ctx, req.params.id, req.params.studentId));
      const data = await one(req.params.id);
      return { success: true as const, message: `Đã xóa học sinh khỏi lớp học phần ${data.code}.`, data };
    },
  );
}

/** Column headers follow the import template, so an export can be edited and imported back. */
const EXPORT_COLUMNS = [
  { header: 'Mã lớp học phần', value: (r: CourseClassRow) => r.code },
  { header: 'Tên lớp học phần', width: 30, value: (r: CourseClassRow) => r.name },
  { header: 'Mã môn', value: (r: CourseClassRow) => r.subjectCode },
  { header: 'Môn học', width: 20, value: (r: CourseClassRow) => r.subjectName },
  { header: 'Mã học phần', value: (r: CourseClassRow) => r.moduleCode },
  { header: 'Cơ sở', width: 20, value: (r: CourseClassRow) => r.campusName },
  { header: 'Khối', value: (r: CourseClassRow) => r.grade },
  { header: 'Giáo viên', width: 24, value: (r: CourseClassRow) => r.teachers.map((t) => t.staffCode).join(', ') },
  { header: 'Tên giáo viên', width: 36, value: (r: CourseClassRow) => r.teachers.map((t) => t.fullName).join(', ') },
  { header: 'Sĩ số tối đa', value: (r: CourseClassRow) => r.capacity },
  { header: 'Đã ghi danh', value: (r: CourseClassRow) => r.enrolledCount },
];
