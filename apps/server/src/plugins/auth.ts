import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { ROLES, type TRole } from '@app/shared/roles';
import { MSG } from '@app/shared/messages';
import type { Db } from '../db/client';
import { userRoles, users } from '../db/schema/users';
import type { UserWithRoles } from '../areas/school/users/users.repository';
import type { SessionTokens } from '../lib/tokens';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed to call the route; every /api/v1 route declares them unless public. */
    roles?: readonly TRole[];
    public?: boolean;
  }
  interface FastifyRequest {
    user?: UserWithRoles;
  }
  interface FastifyInstance {
    routeTable: RouteInfo[];
  }
}

export interface RouteInfo {
  method: string;
  url: string;
  roles: readonly TRole[] | null;
  public: boolean;
}

export const API_PREFIX = '/api/v1';

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

/**
 * The caller with their roles (primary first, then in ROLES order, as `findUserById` gives them) in
 * one round trip, as a prepared statement: it runs before every protected call, so it is built and
 * planned once instead of two queries built each time.
 */
function callerQuery(db: Db) {
  const roleOrder = sql.raw(`array_position(array[${ROLES.map((r) => `'${r}'`).join(',')}]::text[], r.role)`);
  const roles = sql<UserWithRoles['roles']>`coalesce((select json_agg(json_build_object('role', r.role, 'isPrimary', r.is_primary)
    order by r.is_primary desc, ${roleOrder}) from ${userRoles} r where r.user_id = ${users.id}), '[]'::json)`;
  return db.select({ ...getTableColumns(users), roles }).from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('auth_caller');
}

/**
 * The server side of the route guard: every /api/v1 route must say who may call it, checked at
 * registration, and every call is checked against the caller's current roles in the database,
 * so a deactivated user or a removed role stops working at once.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Db; tokens: SessionTokens }) {
  app.decorate('routeTable', [] as RouteInfo[]);
  const caller = callerQuery(deps.db);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const cfg = (route.config ?? {}) as { roles?: readonly TRole[]; public?: boolean };
    if (!cfg.public && (!cfg.roles || cfg.roles.length === 0)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no roles`);
    }
    for (const m of ([] as string[]).concat(route.method as string | string[])) {
      if (m === 'HEAD') continue;
      app.routeTable.push({ method: m, url: route.url, roles: cfg.roles ?? null, public: !!cfg.public });
    }
  });

  app.addHook('onRequest', async (req) => {
    const routeUrl = req.routeOptions.url;
    if (!routeUrl || !routeUrl.startsWith(API_PREFIX)) return;
    const cfg = req.routeOptions.config;
    if (cfg.public) return;
    const token = bearer(req);
    const userId = token ? await deps.tokens.verify(token) : null;
    const user: UserWithRoles | null = userId ? ((await caller.execute({ id: userId }))[0] ?? null) : null;
    if (!user || !user.active) throw new AppError('UNAUTHENTICATED', 401, MSG.sessionExpired);
    const roles = user.roles.map((r) => r.role);
    if (!cfg.roles?.some((r) => roles.includes(r))) throw new AppError('FORBIDDEN', 403, MSG.forbidden);
    req.user = user;
  });
}

/** The signed-in caller; only call inside a protected route. */
export function currentUser(req: FastifyRequest): UserWithRoles {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 401, MSG.sessionExpired);
  return req.user;
}

export function hasAnyRole(user: UserWithRoles, roles: readonly TRole[]) {
  return user.roles.some((r) => roles.includes(r.role));
}
