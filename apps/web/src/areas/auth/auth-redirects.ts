import { LANDING_PATHS, type TRole } from '@app/shared/roles';
import { canAccess, findRoute } from '@app/shared/routes';
import type { TUser } from '@app/shared/auth';
import { normalizePath } from './redirect-guard';

export const UNAUTHORIZED_PATH = '/unauthorized';

/** Where a signed-in user belongs: the primary role's landing path (spec section 2). */
export function homePathFor(primaryRole: TRole | null): string {
  // A user without any known role has no area; the unauthorized page explains and offers logout.
  return primaryRole ? LANDING_PATHS[primaryRole] : UNAUTHORIZED_PATH;
}

export function roleNames(user: Pick<TUser, 'roles'> | null): string[] {
  return (user?.roles ?? []).map((r) => r.role);
}

/** The guard's rule over all of the user's roles; paths outside APP_ROUTES are not protected pages. */
export function mayVisit(user: Pick<TUser, 'roles'> | null, path: string): boolean {
  const route = findRoute(normalizePath(path));
  return Boolean(route && canAccess(roleNames(user), route.roles));
}

/** After sign-in: the remembered origin when the user may open it, else the role's dashboard. */
export function postLoginTarget(user: Pick<TUser, 'roles'>, primaryRole: TRole | null, from: string | null | undefined): string {
  if (from && from.startsWith('/') && !from.startsWith('//') && mayVisit(user, from)) return from;
  return homePathFor(primaryRole);
}

/** The origin a guard stored in location state, if it is a usable in-app path. */
export function readFrom(state: unknown): string | null {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  }
  return null;
}
