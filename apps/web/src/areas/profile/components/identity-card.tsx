import { ROLE_LABELS } from '@app/shared/roles';
import { Badge } from '@/components/data/badge';
import { displayNameOf, UserAvatar } from '@/components/ui/user-avatar';
import { useAuth } from '@/areas/auth/public';
import { Fields } from './fields';

/** Who is signed in: photo (from Google, else the initial), name, e-mail, roles with the primary one first. */
export function IdentityCard() {
  const { user, primaryRole, photoURL } = useAuth();
  if (!user) return null;
  const name = displayNameOf(user.displayName);
  const others = user.roles.filter((r) => r.role !== primaryRole);
  return (
    <section aria-label="Tài khoản" className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex items-center gap-4">
        <UserAvatar photoURL={photoURL} displayName={user.displayName} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-fg">{name}</p>
          <p className="text-sm break-all text-muted">{user.email}</p>
        </div>
      </div>
      <div className="mt-5">
        <Fields
          rows={[
            ['Họ và tên', name],
            ['E-mail', user.email],
            ['Vai trò chính', primaryRole ? <Badge tone="primary">{ROLE_LABELS[primaryRole]}</Badge> : null],
            [
              'Vai trò khác',
              others.length ? (
                <ul aria-label="Vai trò khác" className="flex flex-wrap gap-1.5">
                  {others.map((r) => (
                    <li key={r.role}>
                      <Badge>{ROLE_LABELS[r.role]}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                'Không có'
              ),
            ],
          ]}
        />
      </div>
    </section>
  );
}
