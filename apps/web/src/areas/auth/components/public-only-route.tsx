import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '../auth-context';
import { postLoginTarget, readFrom } from '../auth-redirects';
import { useGuardedRedirect } from '../use-guarded-redirect';

/** / and /login: a signed-in user goes on to the role's dashboard (or the remembered origin). */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  // Right after sign-in the provider navigates itself ~100 ms later; do not race it.
  const target =
    auth.status === 'authenticated' && auth.user && !auth.postLoginTarget
      ? postLoginTarget(auth.user, auth.primaryRole, readFrom(location.state))
      : null;
  useGuardedRedirect('auth', target);

  if (auth.status === 'verifying') return <FullPageSpinner label="Đang kiểm tra phiên đăng nhập..." />;
  if (auth.status === 'authenticated') return <FullPageSpinner label="Đang chuyển đến trang của bạn..." />;
  return <>{children}</>;
}
