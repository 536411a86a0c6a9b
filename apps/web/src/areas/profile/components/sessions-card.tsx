import { useState } from 'react';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { formatDateTime } from '@app/shared/format';
import type { TUserSession } from '@app/shared/profile';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Button } from '@/components/ui/button';
import { CardEmpty, CardPanel } from '@/components/ui/card-panel';
import { useAuth } from '@/areas/auth/public';
import { useSessions } from '../api/list-sessions';
import { useRevokeAllSessions } from '../api/revoke-all-sessions';
import { useRevokeSession } from '../api/revoke-session';

/**
 * The devices signed in to this account: each can be signed out from here; "Đăng xuất khỏi mọi thiết bị"
 * ends them all, this one too (this tab goes to the sign-in page).
 */
export function SessionsCard() {
  const q = useSessions();
  const { logout } = useAuth();
  const revoke = useRevokeSession();
  // The server has ended this token: sign out here without waiting for a call to answer 401.
  const revokeAll = useRevokeAllSessions(logout);
  const [ending, setEnding] = useState<TUserSession | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const sessions = q.data ?? [];

  return (
    <CardPanel
      title="Thiết bị đang đăng nhập"
      description="Các trình duyệt và thiết bị đang đăng nhập vào tài khoản của bạn."
      loading={q.isPending}
      error={q.isError ? q.error : undefined}
      errorText="Không thể tải danh sách thiết bị. Vui lòng thử lại sau."
      onRetry={() => void q.refetch()}
    >
      {sessions.length ? (
        <ul aria-label="Thiết bị đang đăng nhập" className="divide-y divide-border">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0">
              <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
                  {s.device}
                  {s.current ? <Badge tone="primary">Thiết bị này</Badge> : null}
                </p>
                {/* On a phone the two moments go on two lines rather than breaking inside a date. */}
                <p className="text-xs text-muted">
                  <span className="block sm:inline">Đăng nhập lúc {formatDateTime(s.createdAt)}</span>
                  <span className="hidden sm:inline"> · </span>
                  <span className="block sm:inline">Hoạt động gần nhất {formatDateTime(s.lastSeenAt)}</span>
                </p>
              </div>
              {s.current ? null : (
                <Button variant="secondary" onClick={() => setEnding(s)} aria-label={`Đăng xuất ${s.device}`}>
                  <LogOut aria-hidden="true" className="size-4" />
                  Đăng xuất
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <CardEmpty>Phiên đăng nhập hiện tại được tạo trước khi có danh sách thiết bị, nên chưa hiện ở đây.</CardEmpty>
      )}
      <div className="mt-4 border-t border-border pt-4">
        <Button variant="secondary" onClick={() => setEndingAll(true)} className="text-danger">
          <LogOut aria-hidden="true" className="size-4" />
          Đăng xuất khỏi mọi thiết bị
        </Button>
      </div>
      <ConfirmDialog
        open={ending !== null}
        title="Đăng xuất thiết bị này?"
        description={ending?.device}
        message="Thiết bị đó sẽ phải đăng nhập lại. Các thiết bị khác không bị ảnh hưởng."
        confirmLabel="Đăng xuất"
        onClose={() => setEnding(null)}
        onConfirm={() => revoke.mutateAsync(ending!.id)}
      />
      <ConfirmDialog
        open={endingAll}
        title="Đăng xuất khỏi mọi thiết bị?"
        message="Mọi thiết bị, kể cả thiết bị này, sẽ phải đăng nhập lại. Dùng khi bạn quên đăng xuất ở máy khác hoặc nghi ngờ tài khoản bị người khác dùng."
        confirmLabel="Đăng xuất khỏi mọi thiết bị"
        onClose={() => setEndingAll(false)}
        onConfirm={() => revokeAll.mutateAsync()}
      />
    </CardPanel>
  );
}
