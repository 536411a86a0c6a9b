import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk } from '@app/shared/api';
import { ZProfileRecords } from '@app/shared/profile';
import type { Db } from '@/db/client';
import { actorOf } from '@/plugins/auth';
import { PROFILE_READERS } from './access';
import { profileRecords } from './profile.service';

/** GET /profile: the caller's own student or teacher record, read-only (their devices are /auth/sessions). */
export function profileRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/profile',
    { config: { roles: PROFILE_READERS }, schema: { tags: ['profile'], response: { 200: ZOk(ZProfileRecords) } } },
    async (req) => ({ success: true as const, data: await profileRecords(deps.db, actorOf(req)) }),
  );
}
