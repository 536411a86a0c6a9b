import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SCHOOL_NAME } from '@app/shared/constants';
import { findRoute } from '@app/shared/routes';
import { SectionSpinner } from '@/components/ui/spinner';
import { useAuth, useAuthConfig } from '@/areas/auth/public';
import { CurrentModuleProvider } from '@/areas/school/current-module/public';
import { useSchoolInfo } from '@/areas/settings/public';
import { Header } from './header';
import { PageScroll } from './page-scroll';
import { Sidebar } from './sidebar';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';

const MAIN_ID = 'main-content';

/**
 * The signed-in layout (spec section 2, "Shell"). At 768 px or more the sidebar starts open and
 * collapses to icons; below it starts closed and opens as an overlay over a dark backdrop.
 */
export default function AppShell() {
  const { user, photoURL } = useAuth();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState(desktop);
  const { pathname } = useLocation();
  const config = useAuthConfig();
  // The school's name and logo from the settings (one query, refreshed by a save on /admin/settings).
  const school = useSchoolInfo();
  const schoolName = school.data?.name ?? config.data?.schoolName ?? SCHOOL_NAME;

  // Crossing the breakpoint resets the sidebar to that size's starting state.
  useEffect(() => setOpen(desktop), [desktop]);

  // On a phone the overlay closes once the user has picked a page.
  useEffect(() => {
    if (!desktop) setOpen(false);
  }, [pathname, desktop]);

  useEffect(() => {
    if (desktop || !open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [desktop, open]);

  useEffect(() => {
    const title = findRoute(pathname)?.title;
    document.title = title ? `${title} | ${schoolName}` : schoolName;
  }, [pathname, schoolName]);

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((o) => !o), []);

  return (
    <CurrentModuleProvider>
      <PageScroll mainId={MAIN_ID} />
      <div className="flex min-h-dvh bg-bg text-fg">
        <a
          href={`#${MAIN_ID}`}
          className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Bỏ qua đến nội dung chính
        </a>
        <Sidebar
          user={user}
          photoURL={photoURL}
          open={open}
          mobile={!desktop}
          onClose={close}
          shortName={schoolName.replace(/^Trường\s+/i, '')}
          logoUrl={school.data?.logoUrl ?? null}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <Header schoolName={schoolName} sidebarOpen={open} mobile={!desktop} onToggleSidebar={toggle} />
          <main id={MAIN_ID} tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6 lg:p-8">
            <Suspense fallback={<SectionSpinner />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </CurrentModuleProvider>
  );
}
