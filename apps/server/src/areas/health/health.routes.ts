import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { pingDatabase } from './health.repository';

export function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  const ZHealth = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } },
    },
    async (req, reply) => {
      try {
        await pingDatabase(deps.db);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', db: 'error' });
      }
    },
  );
}
