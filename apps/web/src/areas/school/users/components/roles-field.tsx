import { ROLE_LABELS, ROLES, type TRole, type TUserRole } from '@app/shared/roles';
import { useField } from '@/components/data/form-context';

/**
 * The user's roles: tick any number, and pick exactly one as the primary role (radio), which
 * decides the landing page and menu (spec section 4). Ticking the first role makes it primary;
 * unticking the primary role passes it to the next ticked one, so the rule holds while editing.
 */
export function RolesField({ name = 'roles' }: { name?: string }) {
  const f = useField<TUserRole[] | undefined>(name);
  const roles = f.value ?? [];
  const has = (role: TRole) => roles.some((r) => r.role === role);
  const primary = roles.find((r) => r.isPrimary)?.role ?? null;

  const toggle = (role: TRole, on: boolean) => {
    if (on) {
      f.setValue([...roles, { role, isPrimary: roles.length === 0 || primary === null }]);
      return;
    }
    const rest = roles.filter((r) => r.role !== role);
    if (role === primary && rest.length) rest[0] = { ...rest[0], isPrimary: true };
    f.setValue(rest);
  };
  const makePrimary = (role: TRole) => f.setValue(roles.map((r) => ({ ...r, isPrimary: r.role === role })));

  const errorId = `${f.id}-error`;
  return (
    <fieldset id={f.id} tabIndex={-1} aria-describedby={f.error ? errorId : `${f.id}-hint`} aria-invalid={f.error ? true : undefined}>
      <legend className="text-sm font-medium text-fg">
        Vai trò
        <span className="text-danger" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <p id={`${f.id}-hint`} className="mt-0.5 text-xs text-muted">
        Chọn các vai trò, rồi chọn một vai trò chính (quyết định trang chủ và menu).
      </p>
      <ul className={`mt-2 divide-y divide-border rounded-lg border ${f.error ? 'border-danger' : 'border-border'}`}>
        {ROLES.map((role) => {
          const checked = has(role);
          return (
            <li key={role} className="flex items-center justify-between gap-3 px-3 py-2">
              <label className="flex min-w-0 cursor-pointer items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={f.disabled}
                  onChange={(e) => toggle(role, e.target.checked)}
                  className="size-4 shrink-0 accent-primary"
                />
                <span className="truncate">{ROLE_LABELS[role]}</span>
              </label>
              <label
                className={`flex shrink-0 items-center gap-1.5 text-xs ${checked ? 'cursor-pointer text-fg' : 'text-muted opacity-60'}`}
              >
                <input
                  type="radio"
                  name={`${f.id}-primary`}
                  checked={primary === role}
                  disabled={!checked || f.disabled}
                  onChange={() => makePrimary(role)}
                  aria-label={`${ROLE_LABELS[role]} là vai trò chính`}
                  className="size-4 accent-primary"
                />
                Vai trò chính
              </label>
            </li>
          );
        })}
      </ul>
      {f.error ? (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-danger">
          {f.error}
        </p>
      ) : null}
    </fieldset>
  );
}
