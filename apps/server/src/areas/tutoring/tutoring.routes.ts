import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import {
  ZAttendanceInput,
  ZAttendanceSheet,
  ZMyTutoring,
  ZTutoringGroup,
  ZTutoringGroupDetail,
  ZTutoringGroupInput,
  ZTutoringReport,
  ZTutoringReportQuery,
  ZTutoringSession,
  ZTutoringSessionInput,
} from '@app/shared/tutoring';
import type { Db } from '@/db/client';
import { listQuery, zIdFilter } from '@/lib/list';
import { ZIdParams } from '@/lib/params';
import { sendXlsx } from '@/lib/xlsx';
import { actorOf } from '@/plugins/auth';
import { TUTORING_MANAGERS, TUTORING_OWN, TUTORING_TEACHERS } from './access';
import { reportWorkbook } from './tutoring.export';
import {
  attendanceSheet,
  createGroup,
  createSession,
  editGroup,
  editSession,
  listGroups,
  myTutoring,
  readGroup,
  removeGroup,
  removeSession,
  saveAttendance,
  sessionsOf,
  tutoringReport,
} from './tutoring.service';

const tags = ['tutoring'];
const ZGroupQuery = listQuery(['name'] as const, { semesterId: zIdFilter });

/** Tutoring groups, sessions, attendance and reports (issue 15), registered by routes.ts under /api/v1. */
export function tutoringRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/tutoring/groups',
    { config: { roles: TUTORING_MANAGERS }, schema: { tags, querystring: ZGroupQuery, response: { 200: ZOk(ZPage(ZTutoringGroup)) } } },
    async (req) => ({ success: true as const, data: await listGroups(db, req.query) }),
  );

  r.post(
    '/tutoring/groups',
    { config: { roles: TUTORING_MANAGERS }, schema: { tags, body: ZTutoringGroupInput, response: { 200: ZOk(ZTutoringGroupDetail) } } },
    async (req) => ({
      success: true as const,
      data: await createGroup({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo nhóm phụ đạo.',
    }),
  );

  r.get(
    '/tutoring/groups/:id',
    { config: { roles: TUTORING_TEACHERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZTutoringGroupDetail) } } },
    async (req) => ({ success: true as const, data: await readGroup(db, actorOf(req), req.params.id) }),
  );

  r.put(
    '/tutoring/groups/:id',
    {
      config: { roles: TUTORING_MANAGERS },
      schema: { tags, params: ZIdParams, body: ZTutoringGroupInput, response: { 200: ZOk(ZTutoringGroupDetail) } },
    },
    async (req) => ({
      success: true as const,
      data: await editGroup({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã lưu nhóm phụ đạo.',
    }),
  );

  r.delete(
    '/tutoring/groups/:id',
    { config: { roles: TUTORING_MANAGERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeGroup({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa nhóm phụ đạo.' };
    },
  );

  r.get(
    '/tutoring/groups/:id/sessions',
    { config: { roles: TUTORING_TEACHERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZTutoringSession)) } } },
    async (req) => ({ success: true as const, data: await sessionsOf(db, actorOf(req), req.params.id) }),
  );

  r.post(
    '/tutoring/groups/:id/sessions',
    {
      config: { roles: TUTORING_MANAGERS },
      schema: { tags, params: ZIdParams, body: ZTutoringSessionInput, response: { 200: ZOk(ZTutoringSession) } },
    },
    async (req) => ({
      success: true as const,
      data: await createSession({ db, actor: actorOf(req), groupId: req.params.id, input: req.body }),
      message: 'Đã thêm buổi phụ đạo.',
    }),
  );

  r.put(
    '/tutoring/sessions/:id',
    {
      config: { roles: TUTORING_MANAGERS },
      schema: { tags, params: ZIdParams, body: ZTutoringSessionInput, response: { 200: ZOk(ZTutoringSession) } },
    },
    async (req) => ({
      success: true as const,
      data: await editSession({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã lưu buổi phụ đạo.',
    }),
  );

  r.delete(
    '/tutoring/sessions/:id',
    { config: { roles: TUTORING_MANAGERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeSession({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa buổi phụ đạo.' };
    },
  );

  r.get(
    '/tutoring/sessions/:id/attendance',
    { config: { roles: TUTORING_TEACHERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZAttendanceSheet) } } },
    async (req) => ({ success: true as const, data: await attendanceSheet(db, actorOf(req), req.params.id) }),
  );

  r.put(
    '/tutoring/sessions/:id/attendance',
    {
      config: { roles: TUTORING_TEACHERS },
      schema: { tags, params: ZIdParams, body: ZAttendanceInput, response: { 200: ZOk(ZAttendanceSheet) } },
    },
    async (req) => ({
      success: true as const,
      data: await saveAttendance({ db, actor: actorOf(req), sessionId: req.params.id, input: req.body }),
      message: 'Đã lưu điểm danh.',
    }),
  );

  r.get('/tutoring/mine', { config: { roles: TUTORING_OWN }, schema: { tags, response: { 200: ZOk(ZMyTutoring) } } }, async (req) => ({
    success: true as const,
    data: await myTutoring(db, actorOf(req)),
  }));

  r.get(
    '/tutoring/report',
    { config: { roles: TUTORING_MANAGERS }, schema: { tags, querystring: ZTutoringReportQuery, response: { 200: ZOk(ZTutoringReport) } } },
    async (req) => ({ success: true as const, data: await tutoringReport(db, req.query) }),
  );

  r.get(
    '/tutoring/report/export',
    { config: { roles: TUTORING_MANAGERS }, schema: { tags, querystring: ZTutoringReportQuery } },
    async (req, reply) => {
      const file = await reportWorkbook(await tutoringReport(db, req.query));
      return sendXlsx(reply, file.filename, file.body);
    },
  );
}
