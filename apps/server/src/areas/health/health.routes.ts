import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { pingDatabase } from './health.repository';

/** The health check answers within this time whatever the database does (a monitor's own timeout is usually 2 s or more). */
const PING_TIMEOUT_MS = 1_500;

/** True when the database answered `select 1` within `ms`; the timer never outlives the call. */
async function databaseAnswers(db: Db, ms = PING_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([pingDatabase(db).then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  const ZHealth = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'down']) });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } },
    },
    async (req, reply) => {
      let up: boolean;
      try {
        up = await databaseAnswers(deps.db);
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        up = false;
      }
      if (up) return { status: 'ok' as const, db: 'ok' as const };
      req.log.warn('health check: the database did not answer in time');
      return reply.status(503).send({ status: 'error', db: 'down' });
    },
  );
}
