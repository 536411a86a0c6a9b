import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk } from '@app/shared/api';
import { WEEK_VIEWS, ZFreeRoom, ZFreeRoomsQuery, ZWeekView } from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { actorOf } from '@/plugins/auth';
import { ROOM_READERS, WEEK_READERS } from './access';
import { findFreeRooms, weekView } from './week.service';

const tags = ['timetables'];
const ZWeekQuery = z.object({
  view: z.enum(WEEK_VIEWS, { error: 'Cách xem thời khóa biểu không hợp lệ.' }),
  /** The student, teacher, department, room, campus, homeroom or course class; the caller's own when left out. */
  id: ZIdText.optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày không hợp lệ.')
    .optional(),
});

/** Week views and free rooms (issue 13): the published version in force for the week asked. */
export function timetableWeekRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/timetables/week',
    { config: { roles: WEEK_READERS }, schema: { tags, querystring: ZWeekQuery, response: { 200: ZOk(ZWeekView) } } },
    async (req) => ({ success: true as const, data: await weekView(db, actorOf(req), req.query) }),
  );

  r.get(
    '/timetables/free-rooms',
    { config: { roles: ROOM_READERS }, schema: { tags, querystring: ZFreeRoomsQuery, response: { 200: ZOk(z.array(ZFreeRoom)) } } },
    async (req) => ({ success: true as const, data: await findFreeRooms(db, req.query) }),
  );
}
