import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import { CLASSROOM_KINDS, CLASSROOM_KIND_LABELS, ZCampus, ZCampusInput, ZClassroom, ZClassroomInput } from '@app/shared/school';
import { formatDateTime } from '@app/shared/format';
import type { Db } from '@/db/client';
import { listQuery, zIdFilter } from '@/lib/list';
import { sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { CAMPUS_SORTS } from './campuses.repository';
import { CLASSROOM_SORTS } from './classrooms.repository';
import {
  campusExportRows,
  campusPage,
  classroomExportRows,
  classroomPage,
  createCampus,
  createClassroom,
  editCampus,
  editClassroom,
  getCampus,
  getClassroom,
  removeCampus,
  removeClassroom,
} from './facilities.service';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
// Campuses and classrooms are picked everywhere (forms, filters), so any signed-in role may read them;
// downloading whole lists is for the staff who manage or plan with them.
import { FACILITY_EXPORTERS as EXPORT, FACILITY_WRITERS as WRITE, SCHOOL_READERS as READ } from '../access';

const ZCampusQuery = listQuery(CAMPUS_SORTS);
const ZClassroomQuery = listQuery(CLASSROOM_SORTS, {
  campusId: zIdFilter,
  kind: z.enum(CLASSROOM_KINDS, { error: 'Loại phòng không hợp lệ.' }).optional(),
});

export function facilityRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // ---- Campuses ----
  r.get(
    '/campuses',
    {
      config: { roles: READ },
      schema: { tags: ['facilities'], querystring: ZCampusQuery, response: { 200: ZOk(ZPage(ZCampus)) } },
    },
    async (req) => ({ success: true as const, data: await campusPage(db, req.query) }),
  );

  r.get(
    '/campuses/export',
    {
      config: { roles: EXPORT },
      schema: { tags: ['facilities'], querystring: ZCampusQuery },
    },
    async (req, reply) => {
      const rows = await campusExportRows(db, req.query);
      const buf = await xlsxBuffer({
        sheet: 'Cơ sở',
        rows,
        columns: [
          { header: 'Mã cơ sở', value: (c) => c.code },
          { header: 'Tên cơ sở', width: 30, value: (c) => c.name },
          { header: 'Địa chỉ', width: 40, value: (c) => c.address },
          { header: 'Số phòng học', value: (c) => c.classroomCount },
          { header: 'Ngày tạo', width: 18, value: (c) => formatDateTime(c.createdAt) },
        ],
      });
      return sendXlsx(reply, 'Danh sách cơ sở', buf);
    },
  );

  r.get(
    '/campuses/:id',
    {
      config: { roles: READ },
      schema: { tags: ['facilities'], params: ZIdParams, response: { 200: ZOk(ZCampus) } },
    },
    async (req) => ({ success: true as const, data: await getCampus(db, req.params.id) }),
  );

  r.post(
    '/campuses',
    {
      config: { roles: WRITE },
      schema: { tags: ['facilities'], body: ZCampusInput, response: { 200: ZOk(ZCampus) } },
    },
    async (req) => ({
      success: true as const,
      data: await createCampus({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo cơ sở.',
    }),
  );

  r.put(
    '/campuses/:id',
    {
      config: { roles: WRITE },
      schema: { tags: ['facilities'], params: ZIdParams, body: ZCampusInput, response: { 200: ZOk(ZCampus) } },
    },
    async (req) => ({
      success: true as const,
      data: await editCampus({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã cập nhật cơ sở.',
    }),
  );

  r.delete(
    '/campuses/:id',
    {
      config: { roles: WRITE },
      schema: { tags: ['facilities'], params: ZIdParams, response: { 200: ZOk(ZCampus) } },
    },
    async (req) => ({
      success: true as const,
      data: await removeCampus({ db, actor: actorOf(req), id: req.params.id }),
      message: 'Đã xóa cơ sở.',
    }),
  );

  // ---- Classrooms ----
  r.get(
    '/classrooms',
    {
      config: { roles: READ },
      schema: { tags: ['facilities'], querystring: ZClassroomQuery, response: { 200: ZOk(ZPage(ZClassroom)) } },
    },
    async (req) => ({ success: true as const, data: await classroomPage(db, req.query) }),
  );

  r.get(
    '/classrooms/export',
    {
      config: { roles: EXPORT },
      schema: { tags: ['facilities'], querystring: ZClassroomQuery },
    },
    async (req, reply) => {
      const rows = await classroomExportRows(db, req.query);
      const buf = await xlsxBuffer({
        sheet: 'Phòng học',
        rows,
        columns: [
          { header: 'Cơ sở', width: 24, value: (c) => c.campusName },
          { header: 'Mã phòng', value: (c) => c.code },
          { header: 'Tên phòng', width: 28, value: (c) => c.name },
          { header: 'Sức chứa', value: (c) => c.capacity },
          { header: 'Loại phòng', width: 20, value: (c) => CLASSROOM_KIND_LABELS[c.kind] },
        ],
      });
      return sendXlsx(reply, 'Danh sách phòng học', buf);
    },
  );

  r.get(
    '/classrooms/:id',
    {
      config: { roles: READ },
      schema: { tags: ['facilities'], params: ZIdParams, response: { 200: ZOk(ZClassroom) } },
    },
    async (req) => ({ success: true as const, data: await getClassroom(db, req.params.id) }),
  );

  r.post(
    '/classrooms',
    {
      config: { roles: WRITE },
      schema: { tags: ['facilities'], body: ZClassroomInput, response: { 200: ZOk(ZClassroom) } },
    },
    async (req) => ({
      success: true as const,
      data: await createClassroom({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo phòng học.',
    }),
  );

  r.put(
    '/classrooms/:id',
    {
      config: { roles: WRITE },
      schema: { tags: ['facilities'], params: ZIdParams, body: ZClassroomInput, response: { 200: ZOk(ZClassroom) } },
    },
    async (req) => ({
      success: true as const,
      data: await editClassroom({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã cập nhật phòng học.',
    }),
  );

  r.delete(
    '/classrooms/:id',
    {
      config: { roles: WRITE },
      schema: { tags: ['facilities'], params: ZIdParams, response: { 200: ZOk(ZClassroom) } },
    },
    async (req) => ({
      success: true as const,
      data: await removeClassroom({ db, actor: actorOf(req), id: req.params.id }),
      message: 'Đã xóa phòng học.',
    }),
  );
}
