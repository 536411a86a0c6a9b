import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk } from '@app/shared/api';
import { ZAssignTeachers, ZAssignmentBoard, ZTeacherDuty, ZTeacherDutyInput, ZTeacherPosition } from '@app/shared/teaching';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { ASSIGNERS } from './access';
import { assignmentBoard, assignTeachers, setTeacherPosition } from './assignments.service';
import { createDuty, editDuty, listDuties, removeDuty } from './duties.service';

const tags = ['teaching'];

/** Teaching assignments (issue 15): the board, a course class's teachers, duties of a year, positions. */
export function teachingAssignmentRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/teaching/assignments',
    {
      config: { roles: ASSIGNERS },
      schema: {
        tags,
        querystring: z.object({ moduleId: ZIdText, departmentId: ZIdText.optional() }),
        response: { 200: ZOk(ZAssignmentBoard) },
      },
    },
    async (req) => ({ success: true as const, data: await assignmentBoard(db, actorOf(req), req.query) }),
  );

  r.put(
    '/teaching/assignments/course-classes/:id/teachers',
    {
      config: { roles: ASSIGNERS },
      schema: { tags, params: ZIdParams, body: ZAssignTeachers, response: { 200: ZOk(ZAssignmentBoard) } },
    },
    async (req) => ({
      success: true as const,
      data: await assignTeachers({ db, actor: actorOf(req), courseClassId: req.params.id, teacherIds: req.body.teacherIds }),
      message: 'Đã phân công giáo viên.',
    }),
  );

  r.get(
    '/teaching/duties',
    {
      config: { roles: ASSIGNERS },
      schema: {
        tags,
        querystring: z.object({ teacherId: ZIdText.optional(), academicYearId: ZIdText.optional() }),
        response: { 200: ZOk(z.array(ZTeacherDuty)) },
      },
    },
    async (req) => ({ success: true as const, data: await listDuties(db, actorOf(req), req.query) }),
  );

  r.post(
    '/teaching/duties',
    { config: { roles: ASSIGNERS }, schema: { tags, body: ZTeacherDutyInput, response: { 200: ZOk(ZTeacherDuty) } } },
    async (req) => ({
      success: true as const,
      data: await createDuty({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã thêm nhiệm vụ.',
    }),
  );

  r.put(
    '/teaching/duties/:id',
    { config: { roles: ASSIGNERS }, schema: { tags, params: ZIdParams, body: ZTeacherDutyInput, response: { 200: ZOk(ZTeacherDuty) } } },
    async (req) => ({
      success: true as const,
      data: await editDuty({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã lưu nhiệm vụ.',
    }),
  );

  r.delete(
    '/teaching/duties/:id',
    { config: { roles: ASSIGNERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeDuty({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa nhiệm vụ.' };
    },
  );

  r.put(
    '/teaching/teachers/:id/position',
    {
      config: { roles: ASSIGNERS },
      schema: {
        tags,
        params: ZIdParams,
        body: ZTeacherPosition,
        response: { 200: ZOk(ZTeacherPosition.extend({ id: z.number().int() })) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await setTeacherPosition({ db, actor: actorOf(req), teacherId: req.params.id, position: req.body.position }),
      message: 'Đã lưu chức vụ.',
    }),
  );
}
