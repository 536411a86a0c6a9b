import { lazy, Suspense } from 'react';
import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/areas/auth/public';
import { showsModulePicker } from '@/areas/school/current-module/public';
import { SIDEBAR_ID } from './sidebar';

// Its own chunk: the menus are not needed to show a page (header-actions.tsx says why).
const HeaderActions = lazy(() => import('./header-actions'));

export function Header({
  schoolName,
  sidebarOpen,
  mobile,
  onToggleSidebar,
}: {
  schoolName: string;
  sidebarOpen: boolean;
  mobile: boolean;
  onToggleSidebar: () => void;
}) {
  const { primaryRole } = useAuth();
  // On a phone the module picker needs the room; the school name stays for screen readers.
  const nameClass = mobile && showsModulePicker(primaryRole) ? 'sr-only' : 'min-w-0 flex-1 truncate';
  const ToggleIcon = mobile ? MenuIcon : sidebarOpen ? PanelLeftClose : PanelLeftOpen;
  const label = mobile ? (sidebarOpen ? 'Đóng menu' : 'Mở menu') : sidebarOpen ? 'Thu gọn menu' : 'Mở rộng menu';
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-surface/95 px-3 backdrop-blur sm:px-4">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-label={label}
        aria-expanded={sidebarOpen}
        aria-controls={SIDEBAR_ID}
        className="rounded-lg p-2 text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
      >
        <ToggleIcon aria-hidden="true" className="size-5" />
      </button>
      <p className={`${nameClass} text-sm font-semibold text-fg sm:text-base`}>{schoolName}</p>
      {mobile && showsModulePicker(primaryRole) ? <span className="flex-1" aria-hidden="true" /> : null}
      <div className="flex min-w-0 items-center gap-1">
        <Suspense fallback={<Skeleton className="h-9 w-28" />}>
          <HeaderActions compact={mobile} />
        </Suspense>
      </div>
    </header>
  );
}
