import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/client';
import type { EventBus } from '@/plugins/events';
import { registrationMeRoutes } from './me.routes';
import { registrationRoundRoutes } from './rounds.routes';

/** Every course-registration route (issue 14), registered by routes.ts under /api/v1. */
export function registrationRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  registrationRoundRoutes(app, deps);
  registrationMeRoutes(app, deps);
}
