import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '../auth-context';
import { UNAUTHORIZED_PATH } from '../auth-redirects';

/** /unauthorized (spec section 2): shown when the user's roles do not permit a route. */
export default function UnauthorizedPage() {
  const auth = useAuth();
  if (auth.status === 'verifying') return <FullPageSpinner label="Đang kiểm tra phiên đăng nhập..." />;
  const signedIn = auth.status === 'authenticated';
  const hasHome = signedIn && auth.homePath !== UNAUTHORIZED_PATH;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-8 text-center shadow-lg">
        <ShieldAlert aria-hidden="true" className="mx-auto size-12 text-danger" />
        <h1 className="mt-4 text-xl font-semibold text-fg">Không có quyền truy cập</h1>
        <p className="mt-2 text-sm text-muted">
          {signedIn && !hasHome
            ? 'Tài khoản của bạn chưa được gán vai trò nào trong hệ thống. Vui lòng liên hệ quản trị viên.'
            : 'Bạn không có quyền truy cập trang này. Nếu cần quyền truy cập, vui lòng liên hệ quản trị viên.'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {hasHome ? (
            <Link to={auth.homePath} replace className={buttonClass('primary')}>
              Về trang tổng quan
            </Link>
          ) : null}
          {signedIn ? (
            <Button variant={hasHome ? 'secondary' : 'primary'} onClick={auth.logout}>
              Đăng xuất
            </Button>
          ) : (
            <Link to="/" replace className={buttonClass('primary')}>
              Về trang đăng nhập
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
