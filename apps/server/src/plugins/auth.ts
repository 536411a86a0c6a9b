import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TRole } from '@app/shared/roles';
import { MSG } from '@app/shared/messages';
import type { Db } from '../db/client';
import type { Actor } from './actor';
import type { CallerCache } from './auth-cache';
import { callerQuery, sessionToucher, type UserWithRoles } from './auth.repository';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed to call the route; every /api/v1 route declares them unless public. */
    roles?: readonly TRole[];
    public?: boolean;
    /**
     * The caller may come from this process's cache (plugins/auth-cache.ts: forgotten at the commit of
     * any change of that user), not read at every call: for the few routes whole grades call at once
     * (the registration rush). Every other route reads the caller at every call.
     */
    cachedCaller?: boolean;
  }
  interface FastifyRequest {
    user?: UserWithRoles;
    /** Who is calling, for services and the audit log (set on every protected route). */
    actor?: Actor;
    /** The signed-in device (user_sessions.id) the token names; null for a token issued before sessions. */
    sessionId?: string | null;
  }
  interface FastifyInstance {
    routeTable: RouteInfo[];
    /** The callers kept for `cachedCaller` routes (plugins/auth-cache.ts); null on PGlite. */
    callerCache: CallerCache | null;
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
 * What the guard needs of the session tokens (lib/tokens.ts makes them): the user id and token
 * version of a valid token, else null.
 */
interface SessionVerifier {
  verify(token: string): Promise<{ userId: number; version: number; sessionId: string | null } | null>;
}

/**
 * The server side of the route guard: every /api/v1 route must say who may call it, checked at
 * registration, and every call is checked against the caller's current roles and token version in
 * the database, so a deactivated user, a removed role or a signed-out token stops working at once.
 * A `cachedCaller` route (the registration rush's) checks them against the process's copy of that
 * database row instead (plugins/auth-cache.ts), which the database's triggers make forget the user at
 * the commit of such a change: stopped within the moment the notification takes (a millisecond).
 */
export function registerAuth(app: FastifyInstance, deps: { db: Db; tokens: SessionVerifier; callerCache?: CallerCache | null }) {
  app.decorate('routeTable', [] as RouteInfo[]);
  app.decorate('callerCache', deps.callerCache ?? null);
  const caller = callerQuery(deps.db);
  const touch = sessionToucher(deps.db);
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
    const claims = token ? await deps.tokens.verify(token) : null;
    const load = () => caller(claims!.userId, claims!.sessionId);
    const user = !claims
      ? null
      : cfg.cachedCaller && deps.callerCache
        ? await deps.callerCache.lookup(claims.userId, claims.sessionId, load)
        : await load();
    // "End all sessions" bumps the user's token version: every token issued before is refused. A token naming a
    // session is refused once that session is revoked (sign-out of this device) or gone.
    if (!user || !user.active || claims!.version !== user.tokenVersion) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
    if (claims!.sessionId !== null && (!user.session || user.session.revoked)) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
    const roles = user.roles.map((r) => r.role);
    if (!cfg.roles?.some((r) => roles.includes(r))) throw new AppError('FORBIDDEN', MSG.forbidden);
    if (user.session?.stale) {
      // "Last seen" is a hint on the profile page: a failed write must not fail the call it rides on.
      await touch(claims!.sessionId!).then(
        () => deps.callerCache?.touched(user.id, claims!.sessionId!),
        (err: unknown) => req.log.warn({ err }, 'session last_seen_at not updated'),
      );
    }
    const { teacherId, session: _session, ...row } = user;
    req.user = row;
    req.sessionId = claims!.sessionId;
    req.actor = { userId: user.id, roles, teacherId, studentId: user.studentId ?? null, requestId: req.id, ip: req.ip };
  });
}

/** Who is calling a protected route, for the services it calls. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  return req.actor;
}

/** The caller of a public route (sign-in): nobody yet, known by the request id and address. */
export function anonymousActor(req: FastifyRequest): Actor {
  return { userId: null, roles: [], teacherId: null, studentId: null, requestId: req.id, ip: req.ip };
}

/** The signed-in caller; only call inside a protected route. */
export function currentUser(req: FastifyRequest): UserWithRoles {
  if (!req.user) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  return req.user;
}
