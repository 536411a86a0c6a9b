import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { loadGoogleIdentity } from '../google-identity';

/** Renders Google's own sign-in button; hands the credential (ID token) to `onCredential`. */
export function GoogleSignInButton({ clientId, onCredential }: { clientId: string; onCredential: (credential: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    loadGoogleIdentity().then(
      (gsi) => {
        const el = container.current;
        if (cancelled || !el) return;
        gsi.initialize({
          client_id: clientId,
          callback: (response) => callback.current(response.credential),
          ux_mode: 'popup',
          context: 'signin',
        });
        el.replaceChildren();
        gsi.renderButton(el, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          logo_alignment: 'left',
          locale: 'vi',
          // Google draws the button in an iframe of fixed width (200-400 px).
          width: Math.max(200, Math.min(400, Math.floor(el.clientWidth || 320))),
        });
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, attempt]);

  return (
    <div className="w-full">
      <div ref={container} className="flex min-h-11 w-full justify-center" />
      {status === 'loading' ? (
        <div className="flex justify-center">
          <Spinner label="Đang tải nút đăng nhập Google..." />
        </div>
      ) : null}
      {status === 'error' ? (
        <p className="text-center text-sm text-danger" role="alert">
          Không tải được dịch vụ đăng nhập của Google. Vui lòng kiểm tra kết nối mạng{' '}
          <button type="button" className="font-medium underline" onClick={() => setAttempt((n) => n + 1)}>
            và thử lại
          </button>
          .
        </p>
      ) : null}
    </div>
  );
}
