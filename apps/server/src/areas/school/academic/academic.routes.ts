import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import { formatDate } from '@app/shared/format';
import { ZAcademicYear, ZAcademicYearInput, ZModule, ZModuleInput, ZSemester, ZSemesterInput } from '@app/shared/school';
import type { Db } from '@/db/client';
import { listQuery, zIdFilter } from '@/lib/list';
import { sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { YEAR_SORTS } from './academic-years.repository';
import { MODULE_SORTS } from './modules.repository';
import { SEMESTER_SORTS } from './semesters.repository';
import {
  createModule,
  createSemester,
  createYear,
  currentModuleOfSemester,
  currentSemesterModules,
  editModule,
  editSemester,
  editYear,
  getCurrentSemester,
  getModule,
  getSemester,
  getYear,
  moduleExportRows,
  modulePage,
  moveModule,
  moveSemester,
  removeModule,
  removeSemester,
  removeYear,
  semesterExportRows,
  semesterPage,
  yearExportRows,
  yearPage,
} from './academic.service';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { SCHOOL_READERS as READ, SCHOOL_WRITERS as WRITE } from '../access';

/**
 * Spec section 7 "Academic structure" paths. Every signed-in user's web app loads the current
 * semester's modules and the pickers, so every read is open to all roles; writes are the admin's.
 */
const BASE = '/academic-years';
const tags = ['academic'];

const ZYearQuery = listQuery(YEAR_SORTS);
const ZSemesterQuery = listQuery(SEMESTER_SORTS, { academicYearId: zIdFilter });
const ZModuleQuery = listQuery(MODULE_SORTS, { semesterId: zIdFilter, academicYearId: zIdFilter });
const ZMoveSemester = z.object({
  academicYearId: z.number({ error: 'Năm học là bắt buộc.' }).int().positive('Năm học không hợp lệ.'),
});
const ZMoveModule = z.object({
  semesterId: z.number({ error: 'Học kỳ là bắt buộc.' }).int().positive('Học kỳ không hợp lệ.'),
});
const yesNo = (b: boolean) => (b ? 'Có' : 'Không');

export function academicRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // ---- Academic years ----
  r.get(
    `${BASE}/academic-years`,
    {
      config: { roles: READ },
      schema: { tags, querystring: ZYearQuery, response: { 200: ZOk(ZPage(ZAcademicYear)) } },
    },
    async (req) => ({ success: true as const, data: await yearPage(db, req.query) }),
  );

  r.get(`${BASE}/academic-years/export`, { config: { roles: READ }, schema: { tags, querystring: ZYearQuery } }, async (req, reply) => {
    const buf = await xlsxBuffer({
      sheet: 'Năm học',
      rows: await yearExportRows(db, req.query),
      columns: [
        { header: 'Tên năm học', width: 18, value: (y) => y.name },
        { header: 'Ngày bắt đầu', value: (y) => formatDate(y.startDate) },
        { header: 'Ngày kết thúc', value: (y) => formatDate(y.endDate) },
        { header: 'Hiện tại', value: (y) => yesNo(y.isCurrent) },
        { header: 'Số học kỳ', value: (y) => y.semesterCount },
      ],
    });
    return sendXlsx(reply, 'Danh sách năm học', buf);
  });

  r.get(
    `${BASE}/academic-years/:id`,
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZAcademicYear) } },
    },
    async (req) => ({ success: true as const, data: await getYear(db, req.params.id) }),
  );

  r.post(
    `${BASE}/academic-years`,
    {
      config: { roles: WRITE },
      schema: { tags, body: ZAcademicYearInput, response: { 200: ZOk(ZAcademicYear) } },
    },
    async (req) => ({
      success: true as const,
      data: await createYear({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo năm học.',
    }),
  );

  r.put(
    `${BASE}/academic-years/:id`,
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZAcademicYearInput, response: { 200: ZOk(ZAcademicYear) } },
    },
    async (req) => ({
      success: true as const,
      data: await editYear({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã cập nhật năm học.',
    }),
  );

  r.delete(
    `${BASE}/academic-years/:id`,
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZAcademicYear) } },
    },
    async (req) => ({
      success: true as const,
      data: await removeYear({ db, actor: actorOf(req), id: req.params.id }),
      message: 'Đã xóa năm học.',
    }),
  );

  // ---- Semesters ----
  r.get(
    `${BASE}/semesters`,
    {
      config: { roles: READ },
      schema: { tags, querystring: ZSemesterQuery, response: { 200: ZOk(ZPage(ZSemester)) } },
    },
    async (req) => ({ success: true as const, data: await semesterPage(db, req.query) }),
  );

  r.get(`${BASE}/semesters/export`, { config: { roles: READ }, schema: { tags, querystring: ZSemesterQuery } }, async (req, reply) => {
    const buf = await xlsxBuffer({
      sheet: 'Học kỳ',
      rows: await semesterExportRows(db, req.query),
      columns: [
        { header: 'Năm học', width: 18, value: (s) => s.academicYearName },
        { header: 'Tên học kỳ', width: 18, value: (s) => s.name },
        { header: 'Ngày bắt đầu', value: (s) => formatDate(s.startDate) },
        { header: 'Ngày kết thúc', value: (s) => formatDate(s.endDate) },
        { header: 'Hiện tại', value: (s) => yesNo(s.isCurrent) },
      ],
    });
    return sendXlsx(reply, 'Danh sách học kỳ', buf);
  });

  r.get(
    `${BASE}/semesters/current`,
    {
      config: { roles: READ },
      schema: { tags, response: { 200: ZOk(ZSemester) } },
    },
    async () => ({ success: true as const, data: await getCurrentSemester(db) }),
  );

  r.get(
    `${BASE}/semesters/:id`,
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZSemester) } },
    },
    async (req) => ({ success: true as const, data: await getSemester(db, req.params.id) }),
  );

  r.get(
    `${BASE}/semesters/:id/modules/current`,
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZModule) } },
    },
    async (req) => ({ success: true as const, data: await currentModuleOfSemester(db, req.params.id) }),
  );

  r.post(
    `${BASE}/semesters`,
    {
      config: { roles: WRITE },
      schema: { tags, body: ZSemesterInput, response: { 200: ZOk(ZSemester) } },
    },
    async (req) => ({
      success: true as const,
      data: await createSemester({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo học kỳ.',
    }),
  );

  r.put(
    `${BASE}/semesters/:id`,
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZSemesterInput, response: { 200: ZOk(ZSemester) } },
    },
    async (req) => ({
      success: true as const,
      data: await editSemester({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã cập nhật học kỳ.',
    }),
  );

  r.patch(
    `${BASE}/semesters/:id/academic-year`,
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZMoveSemester, response: { 200: ZOk(ZSemester) } },
    },
    async (req) => ({
      success: true as const,
      data: await moveSemester({ db, actor: actorOf(req), id: req.params.id, academicYearId: req.body.academicYearId }),
      message: 'Đã chuyển học kỳ sang năm học khác.',
    }),
  );

  r.delete(
    `${BASE}/semesters/:id`,
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZSemester) } },
    },
    async (req) => ({
      success: true as const,
      data: await removeSemester({ db, actor: actorOf(req), id: req.params.id }),
      message: 'Đã xóa học kỳ.',
    }),
  );

  // ---- Modules ----
  r.get(
    `${BASE}/modules`,
    {
      config: { roles: READ },
      schema: { tags, querystring: ZModuleQuery, response: { 200: ZOk(ZPage(ZModule)) } },
    },
    async (req) => ({ success: true as const, data: await modulePage(db, req.query) }),
  );

  r.get(`${BASE}/modules/export`, { config: { roles: READ }, schema: { tags, querystring: ZModuleQuery } }, async (req, reply) => {
    const buf = await xlsxBuffer({
      sheet: 'Học phần',
      rows: await moduleExportRows(db, req.query),
      columns: [
        { header: 'Mã học phần', width: 16, value: (m) => m.code },
        { header: 'Tên học phần', width: 28, value: (m) => m.name },
        { header: 'Học kỳ', width: 14, value: (m) => m.semesterName },
        { header: 'Năm học', width: 14, value: (m) => m.academicYearName },
        { header: 'Ngày bắt đầu', value: (m) => formatDate(m.startDate) },
        { header: 'Ngày kết thúc', value: (m) => formatDate(m.endDate) },
        { header: 'Hiện tại', value: (m) => yesNo(m.isCurrent) },
      ],
    });
    return sendXlsx(reply, 'Danh sách học phần', buf);
  });

  r.get(
    `${BASE}/current-semester/modules`,
    {
      config: { roles: READ },
      schema: { tags, response: { 200: ZOk(z.object({ items: z.array(ZModule) })) } },
    },
    async () => ({ success: true as const, data: { items: await currentSemesterModules(db) } }),
  );

  r.get(
    `${BASE}/modules/:id`,
    {
      config: { roles: READ },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZModule) } },
    },
    async (req) => ({ success: true as const, data: await getModule(db, req.params.id) }),
  );

  r.post(
    `${BASE}/modules`,
    {
      config: { roles: WRITE },
      schema: { tags, body: ZModuleInput, response: { 200: ZOk(ZModule) } },
    },
    async (req) => ({
      success: true as const,
      data: await createModule({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo học phần.',
    }),
  );

  r.put(
    `${BASE}/modules/:id`,
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZModuleInput, response: { 200: ZOk(ZModule) } },
    },
    async (req) => ({
      success: true as const,
      data: await editModule({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã cập nhật học phần.',
    }),
  );

  r.patch(
    `${BASE}/modules/:id/semester`,
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, body: ZMoveModule, response: { 200: ZOk(ZModule) } },
    },
    async (req) => ({
      success: true as const,
      data: await moveModule({ db, actor: actorOf(req), id: req.params.id, semesterId: req.body.semesterId }),
      message: 'Đã chuyển học phần sang học kỳ khác.',
    }),
  );

  r.delete(
    `${BASE}/modules/:id`,
    {
      config: { roles: WRITE },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZModule) } },
    },
    async (req) => ({
      success: true as const,
      data: await removeModule({ db, actor: actorOf(req), id: req.params.id }),
      message: 'Đã xóa học phần.',
    }),
  );
}
