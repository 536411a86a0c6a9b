import { LoaderCircle, LogIn } from 'lucide-react';
import type { TDemoAccount } from '@app/shared/auth';
import { ROLE_LABELS, ROLES, type TRole } from '@app/shared/roles';

export interface DemoAccountGroup {
  role: TRole | null;
  title: string;
  accounts: TDemoAccount[];
}

/** Groups demo accounts by primary role in the order of ROLES; accounts without one come last. */
export function groupDemoAccounts(accounts: readonly TDemoAccount[]): DemoAccountGroup[] {
  const groups: DemoAccountGroup[] = [];
  for (const role of ROLES) {
    const inRole = accounts.filter((a) => a.primaryRole === role);
    if (inRole.length) groups.push({ role, title: ROLE_LABELS[role], accounts: inRole });
  }
  const rest = accounts.filter((a) => !a.primaryRole);
  if (rest.length) groups.push({ role: null, title: 'Khác', accounts: rest });
  return groups;
}

const hintId = (email: string) => `demo-hint-${email.replace(/[^a-z0-9]/gi, '-')}`;

export function DemoAccountList({
  accounts,
  pendingEmail,
  onSelect,
}: {
  accounts: readonly TDemoAccount[];
  pendingEmail: string | null;
  onSelect: (email: string) => void;
}) {
  const groups = groupDemoAccounts(accounts);
  if (!groups.length) return <p className="text-sm text-muted">Chưa có tài khoản thử nghiệm nào.</p>;

  return (
    <div className="space-y-4">
      {groups.map((group) => (
        <section key={group.role ?? 'other'} aria-labelledby={`demo-group-${group.role ?? 'other'}`}>
          <h3 id={`demo-group-${group.role ?? 'other'}`} className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
            {group.title}
          </h3>
          <ul className="space-y-2">
            {group.accounts.map((account) => {
              const extra = account.roles.filter((r) => r !== account.primaryRole);
              const pending = pendingEmail === account.email;
              return (
                <li key={account.email}>
                  <button
                    type="button"
                    onClick={() => onSelect(account.email)}
                    disabled={pendingEmail !== null}
                    aria-label={`Đăng nhập với ${account.displayName ?? account.email} (${account.email})`}
                    aria-describedby={account.hint ? hintId(account.email) : undefined}
                    className="flex w-full items-center gap-3 rounded-lg border border-border bg-surface px-3 py-2.5 text-left transition-colors hover:border-primary hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-fg">{account.displayName ?? account.email}</span>
                      <span className="block truncate text-xs text-muted">{account.email}</span>
                      {account.hint ? (
                        <span id={hintId(account.email)} className="mt-0.5 block text-xs text-fg">
                          {account.hint}
                        </span>
                      ) : null}
                      {extra.length ? (
                        <span className="mt-1 flex flex-wrap gap-1">
                          {extra.map((r) => (
                            <span key={r} className="rounded bg-surface-2 px-1.5 py-0.5 text-[11px] text-muted">
                              + {ROLE_LABELS[r]}
                            </span>
                          ))}
                        </span>
                      ) : null}
                    </span>
                    {pending ? (
                      <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin text-primary" />
                    ) : (
                      <LogIn aria-hidden="true" className="size-4 shrink-0 text-muted" />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
