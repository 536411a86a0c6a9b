import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/client';
import type { EventBus } from '@/plugins/events';
import { timetableCalendarRoutes } from './calendar.routes';
import { timetableFetRoutes } from './fet/fet.routes';
import { timetableGenerateRoutes } from './generate.routes';
import { timetableSetupRoutes } from './setup.routes';
import { timetableVersionRoutes } from './versions.routes';
import { timetableWeekRoutes } from './week.routes';

/** Every timetable route (issue 13), registered by routes.ts under /api/v1. */
export function timetableRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  timetableSetupRoutes(app, deps);
  timetableWeekRoutes(app, deps);
  timetableVersionRoutes(app, deps);
  timetableGenerateRoutes(app, deps);
  timetableCalendarRoutes(app, deps);
  timetableFetRoutes(app, deps);
}
