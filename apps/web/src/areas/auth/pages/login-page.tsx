import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { CircleAlert } from 'lucide-react';
import { SCHOOL_NAME } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { SchoolMark, useSchoolInfo } from '@/areas/settings/public';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useAuthConfig } from '../api/get-auth-config';
import { useDemoAccounts } from '../api/get-demo-accounts';
import { useDemoLogin, useGoogleLogin, type LoginResult } from '../api/login';
import { useAuth } from '../auth-context';
import { readFrom } from '../auth-redirects';
import { DemoAccountList } from '../components/demo-account-list';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { readGooglePicture } from '../google-identity';

/** / and /login (spec section 2): Google sign-in, and one-click demo accounts when enabled. */
export default function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const from = readFrom(location.state);
  const config = useAuthConfig();
  const devLogin = config.data?.devLogin ?? false;
  const demo = useDemoAccounts(devLogin);
  const google = useGoogleLogin();
  const dev = useDemoLogin();
  const [error, setError] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const succeed = useCallback(
    (result: LoginResult, googlePicture: string | null) => {
      setError(null);
      toast.success(result.message || MSG.loginSuccess);
      auth.login(result.data, { googlePicture, from });
    },
    [auth, from],
  );

  const fail = useCallback((err: unknown) => {
    const message = errorMessage(err, MSG.loginFailed);
    setError(message);
    toast.error(message);
  }, []);

  const onGoogleCredential = useCallback(
    (credential: string) => {
      setError(null);
      const picture = readGooglePicture(credential);
      google.mutate(credential, { onSuccess: (r) => succeed(r, picture), onError: fail });
    },
    [google, succeed, fail],
  );

  const onDemo = useCallback(
    (email: string) => {
      setError(null);
      setPendingEmail(email);
      dev.mutate(email, {
        onSuccess: (r) => succeed(r, null),
        onError: fail,
        onSettled: () => setPendingEmail(null),
      });
    },
    [dev, succeed, fail],
  );

  const school = useSchoolInfo();
  const schoolName = school.data?.name ?? config.data?.schoolName ?? SCHOOL_NAME;
  useEffect(() => {
    document.title = `Đăng nhập | ${schoolName}`;
  }, [schoolName]);

  return (
    <main className="login-backdrop flex min-h-dvh items-start justify-center px-4 py-8 sm:items-center sm:py-12">
      <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-xl sm:p-8">
        <div className="flex flex-col items-center text-center">
          <SchoolMark logoUrl={school.data?.logoUrl} className="size-16" />
          <h1 className="mt-4 text-xl font-bold text-fg sm:text-2xl">{schoolName}</h1>
          <p className="mt-1 text-sm text-muted">Hệ thống quản lý đào tạo và khảo sát học phần</p>
        </div>

        {from ? (
          <p className="mt-6 rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg">
            Vui lòng đăng nhập để tiếp tục truy cập trang bạn vừa mở.
          </p>
        ) : null}

        {error ? (
          <div
            role="alert"
            className="mt-6 flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </div>
        ) : null}

        <div className="mt-6 space-y-6">
          {config.isPending ? (
            <div className="space-y-3" aria-busy="true">
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ) : config.isError ? (
            <div role="alert" className="space-y-3 text-center">
              <p className="text-sm text-danger">{errorMessage(config.error, 'Không thể kết nối tới máy chủ. Vui lòng thử lại sau.')}</p>
              <Button variant="secondary" onClick={() => void config.refetch()}>
                Thử lại
              </Button>
            </div>
          ) : (
            <>
              {config.data.googleClientId ? (
                <section aria-labelledby="google-login-title" className="space-y-3">
                  <h2 id="google-login-title" className="text-center text-sm font-medium text-fg">
                    Đăng nhập bằng tài khoản Google của trường
                  </h2>
                  <GoogleSignInButton clientId={config.data.googleClientId} onCredential={onGoogleCredential} />
                  {google.isPending ? (
                    <div className="flex justify-center">
                      <Spinner label="Đang đăng nhập..." />
                    </div>
                  ) : null}
                </section>
              ) : null}

              {config.data.devLogin ? (
                <section aria-labelledby="demo-login-title" className="space-y-3">
                  <div>
                    <h2 id="demo-login-title" className="text-sm font-medium text-fg">
                      Đăng nhập thử nghiệm
                    </h2>
                    <p className="text-xs text-muted">
                      Chế độ dành cho thử nghiệm: chọn một tài khoản để đăng nhập ngay, không cần Google.
                    </p>
                  </div>
                  {demo.isPending ? (
                    <div className="space-y-2" aria-busy="true">
                      <Skeleton className="h-14 w-full" />
                      <Skeleton className="h-14 w-full" />
                    </div>
                  ) : demo.isError ? (
                    <div role="alert" className="space-y-2">
                      <p className="text-sm text-danger">{errorMessage(demo.error, 'Không tải được danh sách tài khoản thử nghiệm.')}</p>
                      <Button variant="secondary" onClick={() => void demo.refetch()}>
                        Thử lại
                      </Button>
                    </div>
                  ) : (
                    <DemoAccountList accounts={demo.data} pendingEmail={pendingEmail} onSelect={onDemo} />
                  )}
                </section>
              ) : null}

              {!config.data.googleClientId && !config.data.devLogin ? (
                <p role="alert" className="text-center text-sm text-danger">
                  Hệ thống chưa được cấu hình phương thức đăng nhập. Vui lòng liên hệ quản trị viên.
                </p>
              ) : null}
            </>
          )}
        </div>
      </div>
    </main>
  );
}
