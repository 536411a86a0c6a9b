import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/client';
import type { EventBus } from '@/plugins/events';

/** Course registration: the student's own registration (GET /registration/me, register, drop, swap). Being written (issue 14). */
export function registrationMeRoutes(_app: FastifyInstance, _deps: { db: Db; events: EventBus }) {}
