import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { TRole } from '@app/shared/roles';
import { canAccess } from '@app/shared/routes';
import { FullPageSpinner, SectionSpinner } from '@/components/ui/spinner';
import { useAuth } from '../auth-context';
import { roleNames, UNAUTHORIZED_PATH } from '../auth-redirects';
import { useGuardedRedirect } from '../use-guarded-redirect';

/**
 * Spec section 4, route guard: a spinner while verifying; signed out → / remembering the origin;
 * roles that do not permit the route (checked over all of the user's roles) → /unauthorized.
 * Without `roles` any signed-in user passes.
 */
export function RouteGuard({
  roles,
  inline = false,
  children,
}: {
  roles?: readonly TRole[];
  /** Inside the shell the waiting state fills the content area, not the whole screen. */
  inline?: boolean;
  children: ReactNode;
}) {
  const Wait = inline ? SectionSpinner : FullPageSpinner;
  const auth = useAuth();
  const location = useLocation();

  let target: string | null = null;
  let from: string | null = null;
  if (auth.status === 'unauthenticated') {
    target = '/';
    from = auth.signedOutByUser ? null : location.pathname + location.search;
  } else if (auth.status === 'authenticated' && roles && !canAccess(roleNames(auth.user), roles)) {
    target = UNAUTHORIZED_PATH;
  }
  useGuardedRedirect('guard', target, from);

  if (auth.status === 'verifying') return <Wait label="Đang kiểm tra phiên đăng nhập..." />;
  if (target) return <Wait label="Đang chuyển hướng..." />;
  return <>{children}</>;
}
