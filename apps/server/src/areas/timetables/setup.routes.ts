import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk } from '@app/shared/api';
import {
  ZGridChange,
  ZPeriodGrid,
  ZPeriodGridInput,
  ZSubjectPeriodPlan,
  ZTeacherAvailability,
  ZTeacherAvailabilityInput,
} from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { AVAILABILITY_READERS, AVAILABILITY_WRITERS, GRID_READERS, PERIOD_PLAN_READERS, TIMETABLE_WRITERS } from './access';
import { availabilityOf, gridsOf, periodPlans, saveAvailability, saveGrid, savePeriodPlans } from './setup.service';

const tags = ['timetables'];

/** Period grids, subject × grade periods per week, teachers' availability (issue 13). */
export function timetableSetupRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  r.get(
    '/timetables/grids',
    { config: { roles: GRID_READERS }, schema: { tags, response: { 200: ZOk(z.array(ZPeriodGrid)) } } },
    async () => ({ success: true as const, data: await gridsOf(db) }),
  );

  r.put(
    '/timetables/grids/:campusId',
    {
      config: { roles: TIMETABLE_WRITERS },
      schema: { tags, params: z.object({ campusId: ZIdText }), body: ZPeriodGridInput, response: { 200: ZOk(ZGridChange) } },
    },
    async (req) => {
      const data = await saveGrid({ db, events, actor: actorOf(req), campusId: req.params.campusId, input: req.body });
      const n = data.unplacedLessons.length;
      return {
        success: true as const,
        data,
        message: n ? `Đã lưu khung tiết. ${n} tiết nằm ngoài khung mới đã chuyển sang chưa xếp.` : 'Đã lưu khung tiết.',
      };
    },
  );

  r.get(
    '/timetables/period-plans',
    { config: { roles: PERIOD_PLAN_READERS }, schema: { tags, response: { 200: ZOk(z.array(ZSubjectPeriodPlan)) } } },
    async () => ({ success: true as const, data: await periodPlans(db) }),
  );

  r.put(
    '/timetables/period-plans',
    {
      config: { roles: TIMETABLE_WRITERS },
      schema: { tags, body: z.array(ZSubjectPeriodPlan).max(2000), response: { 200: ZOk(z.array(ZSubjectPeriodPlan)) } },
    },
    async (req) => ({
      success: true as const,
      data: await savePeriodPlans({ db, actor: actorOf(req), plans: req.body }),
      message: 'Đã lưu số tiết mỗi tuần.',
    }),
  );

  r.get(
    '/timetables/availability',
    {
      config: { roles: AVAILABILITY_READERS },
      schema: { tags, querystring: z.object({ teacherId: ZIdText.optional() }), response: { 200: ZOk(ZTeacherAvailability) } },
    },
    async (req) => ({ success: true as const, data: await availabilityOf(db, actorOf(req), req.query.teacherId) }),
  );

  r.put(
    '/timetables/availability/:teacherId',
    {
      config: { roles: AVAILABILITY_WRITERS },
      schema: {
        tags,
        params: z.object({ teacherId: ZIdText }),
        body: ZTeacherAvailabilityInput,
        response: { 200: ZOk(ZTeacherAvailability) },
      },
    },
    async (req) => {
      const data = await saveAvailability({ db, actor: actorOf(req), teacherId: req.params.teacherId, input: req.body });
      const pending = data.unavailable.some((u) => u.status === 'pending');
      return {
        success: true as const,
        data,
        message: pending ? 'Đã lưu lịch bận. Các tiết bận mới đang chờ tổ trưởng duyệt.' : 'Đã lưu lịch bận.',
      };
    },
  );
}
