import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute } from '@app/shared/routes';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Each page module is its own chunk, loaded when its route is first opened, so the sign-in bundle
 * stays small as feature pages grow. Later issues register their pages in PAGES by path; a route
 * without an entry is a dashboard (no `planned` marker) or an honest "not yet" page.
 */
const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page'));
const PlannedPage = lazy(() => import('../features/planned/pages/planned-page'));

const PAGES: Partial<Record<string, Page>> = {};

export function pageFor(route: AppRoute): Page {
  return PAGES[route.path] ?? (route.planned ? PlannedPage : DashboardPage);
}
