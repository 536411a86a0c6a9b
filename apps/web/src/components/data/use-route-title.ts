import { useLocation } from 'react-router';
import { findRoute } from '@app/shared/routes';

/** The page's title as the menu names it (APP_ROUTES), so header and sidebar always agree. */
export function useRouteTitle(fallback = ''): string {
  const { pathname } = useLocation();
  return findRoute(pathname)?.title ?? fallback;
}
