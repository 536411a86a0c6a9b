import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk } from '@app/shared/api';
import { ZDashboard } from '@app/shared/auth';
import { ROLES } from '@app/shared/roles';
import type { Db } from '@/db/client';
import type { AppConfig } from '@/config';
import { actorOf, currentUser } from '@/plugins/auth';
import { dashboardFor } from './dashboard.service';

export function dashboardRoutes(app: FastifyInstance, deps: { db: Db; results: AppConfig['results'] }) {
  // k is the school's setting (settings area): read when a dashboard is asked for, never kept.
  const service = {
    db: deps.db,
    get minGroupSize() {
      return deps.results.minGroupSize;
    },
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      config: { roles: ROLES },
      schema: { tags: ['dashboard'], response: { 200: ZOk(ZDashboard) } },
    },
    async (req) => {
      return { success: true as const, data: await dashboardFor(service, actorOf(req), currentUser(req)) };
    },
  );
}
