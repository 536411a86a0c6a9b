import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZCalendarFeed } from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { actorOf } from '@/plugins/auth';
import { notFound } from '@/plugins/errors';
import { CALENDAR_FEED_USERS } from './access';
import { feedOf, feedText, makeFeed, revokeFeed } from './calendar.service';

const tags = ['timetables'];

/** A person's private iCalendar link (make, read, revoke) and the public feed behind it (issue 13). */
export function timetableCalendarRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/timetables/calendar-feed',
    { config: { roles: CALENDAR_FEED_USERS }, schema: { tags, response: { 200: ZOk(ZCalendarFeed) } } },
    async (req) => ({ success: true as const, data: await feedOf(db, actorOf(req)) }),
  );

  r.post(
    '/timetables/calendar-feed',
    { config: { roles: CALENDAR_FEED_USERS }, schema: { tags, response: { 200: ZOk(ZCalendarFeed) } } },
    async (req) => ({
      success: true as const,
      data: await makeFeed(db, actorOf(req), `${req.protocol}://${req.host}`),
      message: 'Đã tạo liên kết lịch. Hãy sao chép ngay: liên kết chỉ hiện một lần.',
    }),
  );

  r.delete(
    '/timetables/calendar-feed',
    { config: { roles: CALENDAR_FEED_USERS }, schema: { tags, response: { 200: ZOk(ZCalendarFeed) } } },
    async (req) => ({ success: true as const, data: await revokeFeed(db, actorOf(req)), message: 'Đã thu hồi liên kết lịch.' }),
  );

  // Public: the link's token is the only key (Google Calendar fetches it without signing in).
  r.get(
    '/calendar/:file',
    { config: { public: true }, schema: { tags, params: z.object({ file: z.string().max(200) }) } },
    async (req, reply) => {
      const m = /^(.+)\.ics$/.exec(req.params.file);
      if (!m) throw notFound('Không tìm thấy lịch.');
      const text = await feedText(db, m[1]);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=900')
        .header('content-disposition', 'inline; filename="thoi-khoa-bieu.ics"')
        .send(text);
    },
  );
}
