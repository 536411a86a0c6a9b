import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZSessionIdParams, ZUserSession } from '@app/shared/profile';
import { ROLES } from '@app/shared/roles';
import type { Db } from '@/db/client';
import { actorOf } from '@/plugins/auth';
import { listSessions, revokeOwnSession, signOut, signOutEverywhere } from './sessions.service';

const tags = ['auth'];

/** Sign-out and the caller's own signed-in devices: every role, each person only their own. */
export function sessionRoutes(app: FastifyInstance, deps: { db: Db; tokens: { ttlSeconds: number } }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // Ends this device: the token it was called with stops working (a token from before sessions: all of them).
  r.post('/auth/logout', { config: { roles: ROLES }, schema: { tags, response: { 200: ZOk(z.null()) } } }, async (req) => {
    await signOut(db, actorOf(req), req.sessionId ?? null);
    return { success: true as const, data: null, message: 'Đã đăng xuất.' };
  });

  r.get('/auth/sessions', { config: { roles: ROLES }, schema: { tags, response: { 200: ZOk(z.array(ZUserSession)) } } }, async (req) => ({
    success: true as const,
    data: await listSessions({ db, tokenTtlSeconds: deps.tokens.ttlSeconds }, actorOf(req), req.sessionId ?? null),
  }));

  r.delete(
    '/auth/sessions/:id',
    { config: { roles: ROLES }, schema: { tags, params: ZSessionIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await revokeOwnSession(db, actorOf(req), req.params.id);
      return { success: true as const, data: null, message: 'Đã đăng xuất thiết bị này.' };
    },
  );

  r.post('/auth/sessions/revoke-all', { config: { roles: ROLES }, schema: { tags, response: { 200: ZOk(z.null()) } } }, async (req) => {
    await signOutEverywhere(db, actorOf(req));
    return { success: true as const, data: null, message: 'Đã đăng xuất khỏi mọi thiết bị.' };
  });
}
