import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZAuthConfig, ZDemoAccount, ZDevLoginRequest, ZGoogleLoginRequest, ZLoginData, ZUser } from '@app/shared/auth';
import { ROLES } from '@app/shared/roles';
import { MSG } from '@app/shared/messages';
import { AppError } from '@/plugins/errors';
import { anonymousActor, currentUser } from '@/plugins/auth';
import { toUserJson } from '@/areas/school/users/users.service';
import { demoAccounts, signInForDemo, signInWithGoogle, type AuthDeps } from './auth.service';
import { sessionRoutes } from './sessions.routes';

export type AuthRouteDeps = Omit<AuthDeps, 'db'> & {
  googleClientId: string | null;
  devLogin: boolean;
  schoolName: string;
  rateLimit: number;
};

export function authRoutes(app: FastifyInstance, deps: AuthRouteDeps & Pick<AuthDeps, 'db'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signInLimit = { max: deps.rateLimit, timeWindow: '1 minute' };

  r.get(
    '/auth/config',
    {
      config: { public: true },
      schema: { tags: ['auth'], response: { 200: ZOk(ZAuthConfig) } },
    },
    async () => ({
      success: true as const,
      data: { googleClientId: deps.googleClientId, devLogin: deps.devLogin, schoolName: deps.schoolName },
    }),
  );

  r.post(
    '/auth/google',
    {
      config: { public: true, rateLimit: signInLimit },
      schema: { tags: ['auth'], body: ZGoogleLoginRequest, response: { 200: ZOk(ZLoginData) } },
    },
    async (req) => ({
      success: true as const,
      message: MSG.loginSuccess,
      data: await signInWithGoogle(deps, anonymousActor(req), { googleToken: req.body.googleToken, userAgent: req.headers['user-agent'] }),
    }),
  );

  r.post(
    '/auth/dev-login',
    {
      config: { public: true, rateLimit: signInLimit },
      schema: { tags: ['auth'], body: ZDevLoginRequest, response: { 200: ZOk(ZLoginData) } },
    },
    async (req) => {
      if (!deps.devLogin) throw new AppError('DEV_LOGIN_DISABLED', MSG.devLoginDisabled);
      const data = await signInForDemo(deps, anonymousActor(req), { email: req.body.email, userAgent: req.headers['user-agent'] });
      return { success: true as const, message: MSG.loginSuccess, data };
    },
  );

  r.get(
    '/auth/demo-accounts',
    {
      config: { public: true },
      schema: { tags: ['auth'], response: { 200: ZOk(z.array(ZDemoAccount)) } },
    },
    async () => {
      if (!deps.devLogin) throw new AppError('DEV_LOGIN_DISABLED', MSG.devLoginDisabled);
      return { success: true as const, data: await demoAccounts(deps.db) };
    },
  );

  r.get(
    '/auth/verify',
    {
      config: { roles: ROLES },
      schema: { tags: ['auth'], response: { 200: ZOk(ZUser) } },
    },
    async (req) => ({ success: true as const, data: toUserJson(currentUser(req)) }),
  );

  sessionRoutes(app, deps);
}
