import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/db/client';

export function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  const ZHealth = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { public: true },
    schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } },
  }, async (req, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, db: 'ok' as const };
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', db: 'error' });
    }
  });
}
