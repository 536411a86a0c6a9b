import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link } from 'react-router';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useAuth } from '@/areas/auth/public';
import { displayNameOf, UserAvatar } from '@/components/ui/user-avatar';

/** The header's account menu: the profile page ("Thông tin cá nhân", every role) and sign-out. */
export function UserMenu() {
  const { user, photoURL, logout } = useAuth();
  const name = displayNameOf(user?.displayName);

  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={`Tài khoản: ${name}`}
        className="flex items-center gap-2 rounded-lg p-1 pr-2 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary data-open:bg-surface-2"
      >
        <UserAvatar photoURL={photoURL} displayName={user?.displayName} size="sm" />
        <span className="hidden max-w-40 truncate text-sm font-medium text-fg sm:inline">{name}</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-muted sm:inline" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-60 rounded-xl border border-border bg-surface p-1.5 text-fg shadow-xl focus:outline-none"
      >
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold">{name}</p>
          {user?.email ? <p className="truncate text-xs text-muted">{user.email}</p> : null}
        </div>
        <MenuSeparator className="my-1 h-px bg-border" />
        <MenuItem>
          <Link to="/profile" className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-surface-2">
            <UserRound aria-hidden="true" className="size-4 text-muted" />
            Thông tin cá nhân
          </Link>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            onClick={logout}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-danger data-focus:bg-danger/10"
          >
            <LogOut aria-hidden="true" className="size-4" />
            Đăng xuất
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
