import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/client';
import type { EventBus } from '@/plugins/events';

/** Course registration: rounds for the administrator and the readers. Being written (issue 14). */
export function registrationRoundRoutes(_app: FastifyInstance, _deps: { db: Db; events: EventBus }) {}
