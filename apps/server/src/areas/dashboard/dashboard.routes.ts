import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { ZOk } from '@app/shared/api';
import { ZDashboard } from '@app/shared/auth';
import { ROLES } from '@app/shared/roles';
import type { Db } from '@/db/client';
import { auditLogs } from '@/db/schema/audit';
import { currentUser } from '@/plugins/auth';
import { dashboardFor } from './dashboard.service';

export function dashboardRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get('/dashboard', {
    config: { roles: ROLES },
    schema: { tags: ['dashboard'], response: { 200: ZOk(ZDashboard) } },
  }, async (req) => {
    const user = currentUser(req);
    // The sign-in that started this session is the newest; the one before it is "previous".
    const logins = await deps.db
      .select({ at: auditLogs.createdAt })
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, user.id), eq(auditLogs.action, 'login'), lt(auditLogs.createdAt, sql`now()`)))
      .orderBy(desc(auditLogs.createdAt))
      .limit(2);
    return { success: true as const, data: await dashboardFor(deps.db, user, logins[1]?.at ?? null) };
  });
}
