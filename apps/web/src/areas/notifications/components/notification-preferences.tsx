import { kindConcerns, NOTIFICATION_KIND_LABELS, type TNotificationPreference } from '@app/shared/notifications';
import { useAuth } from '@/areas/auth/public';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { usePreferences, useSavePreferences } from '../api/preferences';

function Switch({
  checked,
  disabled,
  label,
  onChange,
}: {
  checked: boolean;
  disabled?: boolean;
  label: string;
  onChange: (v: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50 ${
        checked ? 'bg-primary' : 'bg-surface-2 ring-1 ring-border'
      }`}
    >
      <span
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}

/**
 * Which notifications the signed-in user receives (issue 17): each kind in the app and by e-mail.
 * A kind never chosen follows the school's default. E-mail goes with the in-app notice, and only when
 * the server sends e-mail. Each switch saves at once (audited). The profile page places this. Only the
 * kinds one of the user's roles can receive are listed (a student is not offered pay runs).
 */
export function NotificationPreferences() {
  const { user } = useAuth();
  const roles = (user?.roles ?? []).map((r) => r.role);
  const prefs = usePreferences();
  const save = useSavePreferences();
  if (prefs.isPending) return <Spinner />;
  if (prefs.isError)
    return <LoadError error={prefs.error} onRetry={() => void prefs.refetch()} fallback="Không tải được lựa chọn nhận thông báo." />;
  const { emailAvailable } = prefs.data;
  const items = prefs.data.items.filter((p) => kindConcerns(p.kind, roles));
  if (items.length === 0) return <p className="text-sm text-muted">Vai trò của bạn hiện không nhận loại thông báo nào.</p>;
  const change = (p: TNotificationPreference, next: { inApp: boolean; email: boolean }) =>
    save.mutate({ items: [{ kind: p.kind, inApp: next.inApp, email: next.inApp && next.email }] });
  return (
    <div>
      {!emailAvailable ? (
        <p className="mb-2 text-xs text-muted">Máy chủ chưa được cấu hình gửi e-mail: chỉ nhận thông báo trong ứng dụng.</p>
      ) : null}
      <table className="w-full text-sm">
        <caption className="sr-only">Lựa chọn nhận thông báo</caption>
        <thead>
          <tr className="text-left text-xs text-muted">
            <th scope="col" className="py-2 font-medium">
              Loại thông báo
            </th>
            <th scope="col" className="px-2 py-2 text-center font-medium">
              Trong ứng dụng
            </th>
            <th scope="col" className="px-2 py-2 text-center font-medium">
              E-mail
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => {
            const label = NOTIFICATION_KIND_LABELS[p.kind];
            return (
              <tr key={p.kind} className="border-t border-border">
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  {label}
                  {p.isDefault ? <span className="ml-1 text-xs text-muted">(mặc định)</span> : null}
                </th>
                <td className="px-2 py-2 text-center">
                  <Switch
                    checked={p.inApp}
                    disabled={save.isPending}
                    label={`${label}: trong ứng dụng`}
                    onChange={(v) => change(p, { inApp: v, email: p.email })}
                  />
                </td>
                <td className="px-2 py-2 text-center">
                  <Switch
                    checked={p.email}
                    disabled={save.isPending || !emailAvailable || !p.inApp}
                    label={`${label}: e-mail`}
                    onChange={(v) => change(p, { inApp: p.inApp, email: v })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
