import { Link, useLocation } from 'react-router';
import { X } from 'lucide-react';
import type { TUser } from '@app/shared/auth';
import { SCHOOL_NAME } from '@app/shared/constants';
import { menuFor } from '@app/shared/routes';
import { SchoolMark } from '@/areas/settings/public';
import { navIcon } from './nav-icons';
import { displayNameOf, UserAvatar } from '@/components/ui/user-avatar';

export const SIDEBAR_ID = 'app-sidebar';

export interface SidebarProps {
  user: Pick<TUser, 'displayName' | 'email' | 'roles' | 'primaryRole'> | null;
  photoURL: string | null;
  open: boolean;
  /** Under 768 px the sidebar is an overlay: hidden when closed, full width (w-64) when open. */
  mobile: boolean;
  onClose: () => void;
  shortName?: string;
  /** The school's uploaded logo; the drawn mark when null. */
  logoUrl?: string | null;
}

function samePath(a: string, b: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return trim(a) === trim(b);
}

/** Spec section 2 "Shell": logo, avatar, name, e-mail and the role's grouped navigation. */
export function Sidebar({ user, photoURL, open, mobile, onClose, shortName = SCHOOL_NAME, logoUrl = null }: SidebarProps) {
  const { pathname } = useLocation();
  const collapsed = !mobile && !open;
  const groups = user ? menuFor(user) : [];
  const name = displayNameOf(user?.displayName);

  // On a phone the shadow only while open: closed and off screen it still bled a grey strip into the page's left edge.
  const position = mobile
    ? `fixed inset-y-0 left-0 z-40 w-64 transition-transform duration-200 ${open ? 'translate-x-0 shadow-2xl' : '-translate-x-full'}`
    : `sticky top-0 h-dvh shrink-0 transition-[width] duration-200 ${open ? 'w-64' : 'w-16'}`;

  return (
    <>
      {mobile && open ? (
        <div
          data-testid="sidebar-backdrop"
          aria-hidden="true"
          onClick={onClose}
          className="fixed inset-0 z-30 bg-black/50 backdrop-blur-[1px]"
        />
      ) : null}
      <aside
        id={SIDEBAR_ID}
        aria-label="Thanh điều hướng"
        data-state={open ? 'open' : 'closed'}
        data-collapsed={collapsed ? 'true' : 'false'}
        inert={mobile && !open}
        className={`${position} flex flex-col overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-fg`}
      >
        <div className={`flex h-16 items-center gap-3 border-b border-sidebar-border ${collapsed ? 'justify-center px-2' : 'px-4'}`}>
          <SchoolMark logoUrl={logoUrl} className="size-9 shrink-0" title="Logo nhà trường" />
          {collapsed ? null : (
            <span className="min-w-0 flex-1 truncate text-sm leading-tight font-semibold" title={shortName}>
              {shortName}
            </span>
          )}
          {mobile ? (
            <button
              type="button"
              onClick={onClose}
              aria-label="Đóng menu"
              className="rounded-md p-1.5 text-sidebar-muted hover:bg-sidebar-hover hover:text-sidebar-fg focus-visible:outline-2 focus-visible:outline-sidebar-fg"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          ) : null}
        </div>

        <div
          className={`flex items-center gap-3 border-b border-sidebar-border py-4 ${collapsed ? 'justify-center px-2' : 'px-4'}`}
          title={collapsed ? `${name}${user?.email ? ` (${user.email})` : ''}` : undefined}
        >
          <UserAvatar photoURL={photoURL} displayName={user?.displayName} />
          <div className={collapsed ? 'sr-only' : 'min-w-0'}>
            <p className="truncate text-sm font-semibold" data-testid="sidebar-user-name">
              {name}
            </p>
            {user?.email ? <p className="truncate text-xs text-sidebar-muted">{user.email}</p> : null}
          </div>
        </div>

        <nav aria-label="Điều hướng chính" className="flex-1 overflow-x-hidden overflow-y-auto py-3">
          {groups.map((group, gi) => {
            const headingId = `nav-group-${gi}`;
            return (
              <div key={group.title + gi} role="group" aria-labelledby={headingId} className="mb-3">
                <h2
                  id={headingId}
                  className={collapsed ? 'sr-only' : 'px-4 pb-1 text-[11px] font-semibold tracking-wider text-sidebar-muted uppercase'}
                >
                  {group.title}
                </h2>
                {collapsed && gi > 0 ? <div aria-hidden="true" className="mx-3 mb-2 border-t border-sidebar-border" /> : null}
                <ul className="space-y-0.5 px-2">
                  {group.items.map((item) => {
                    const Icon = navIcon(item.icon);
                    const active = samePath(item.path, pathname);
                    return (
                      <li key={item.path}>
                        <Link
                          to={item.path}
                          aria-current={active ? 'page' : undefined}
                          // On a phone the overlay gets out of the way at once, before the page loads.
                          onClick={mobile ? onClose : undefined}
                          title={collapsed ? item.title : undefined}
                          className={`flex items-center gap-3 rounded-lg py-2 text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sidebar-fg ${
                            collapsed ? 'justify-center px-2' : 'px-3'
                          } ${
                            active
                              ? 'bg-sidebar-active font-medium text-sidebar-active-fg'
                              : 'text-sidebar-fg/85 hover:bg-sidebar-hover hover:text-sidebar-fg'
                          }`}
                        >
                          <Icon aria-hidden="true" className="size-5 shrink-0" />
                          <span className={collapsed ? 'sr-only' : 'truncate'}>{item.title}</span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </nav>
      </aside>
    </>
  );
}
