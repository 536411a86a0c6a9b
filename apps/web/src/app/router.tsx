import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { firstSegment } from '@app/shared/roles';
import { APP_ROUTES } from '@app/shared/routes';
import { FullPageSpinner } from '@/components/ui/spinner';
import { AuthProvider, PublicOnlyRoute, RouteGuard } from '@/areas/auth/public';
import { pageFor } from './pages';

const AppShell = lazy(() => import('./shell/app-shell'));
// Only a signed-out visitor needs the sign-in page (Google button, demo accounts): not every page's first load.
const LoginPage = lazy(() => import('@/areas/auth/pages/login-page'));
const UnauthorizedPage = lazy(() => import('@/areas/auth/pages/unauthorized-page'));

function Root() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/** /admin, /student, … redirect to their dashboard (spec section 2). */
export const AREA_INDEXES = [...new Set(APP_ROUTES.map((r) => firstSegment(r.path)))]
  .filter((area) => APP_ROUTES.some((r) => r.path === `/${area}/dashboard`))
  .map((area) => ({ path: `/${area}`, target: `/${area}/dashboard` }));

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/',
        element: (
          <PublicOnlyRoute>
            <Suspense fallback={<FullPageSpinner />}>
              <LoginPage />
            </Suspense>
          </PublicOnlyRoute>
        ),
      },
      {
        path: '/login',
        element: (
          <PublicOnlyRoute>
            <Suspense fallback={<FullPageSpinner />}>
              <LoginPage />
            </Suspense>
          </PublicOnlyRoute>
        ),
      },
      {
        path: '/unauthorized',
        element: (
          <Suspense fallback={<FullPageSpinner />}>
            <UnauthorizedPage />
          </Suspense>
        ),
      },
      {
        // Any signed-in user gets the shell; each page below checks its own roles.
        element: (
          <RouteGuard>
            <Suspense fallback={<FullPageSpinner />}>
              <AppShell />
            </Suspense>
          </RouteGuard>
        ),
        children: APP_ROUTES.map((route) => {
          const Page = pageFor(route);
          return {
            path: route.path,
            element: (
              <RouteGuard roles={route.roles} inline>
                <Page />
              </RouteGuard>
            ),
          };
        }),
      },
      ...AREA_INDEXES.map(({ path, target }) => ({ path, element: <Navigate to={target} replace /> })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
