import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import type { TUser } from '@app/shared/auth';
import type { TModule } from '@app/shared/school';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { AuthContext, type AuthContextValue } from '@/areas/auth/auth-context';
import { CurrentModuleContext, type CurrentModuleValue } from '@/areas/school/current-module/current-module-context';

const STUDENT = makeUser(['STUDENT'], { studentId: 5001 });

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}${loc.search}|${JSON.stringify(loc.state ?? null)}`}</p>;
}

/**
 * Tests only: a survey page (or part of one) inside a memory router (with navigation state), a query
 * client, a toaster and a signed-in user (a student unless told). The page answers `routePath` (its
 * params read from `path`); other paths render a marker that shows where the app went, unless
 * `routePath` is '*'. With `module` (null: none yet), the header's current module is provided too.
 */
export function renderSurveyPage(
  ui: ReactElement,
  {
    path,
    routePath = path,
    state,
    user = STUDENT,
    module,
  }: {
    path: string;
    routePath?: string;
    state?: unknown;
    user?: TUser | null;
    module?: TModule | null;
  },
) {
  const client = createQueryClient();
  const [pathname, search] = path.split('?');
  const router = createMemoryRouter(
    routePath === '*'
      ? [{ path: '*', element: ui }]
      : [
          { path: routePath, element: ui },
          { path: '*', element: <Where /> },
        ],
    { initialEntries: [{ pathname, search: search === undefined ? '' : `?${search}`, state }] },
  );
  const auth = {
    status: 'authenticated',
    user,
    primaryRole: user?.primaryRole ?? 'STUDENT',
    photoURL: null,
  } as unknown as AuthContextValue;
  const current: CurrentModuleValue | null =
    module === undefined
      ? null
      : { module, modules: module ? [module] : [], setModule: () => {}, reload: async () => {}, status: 'success' };
  const page = <RouterProvider router={router} />;
  const view = render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        {current ? <CurrentModuleContext.Provider value={current}>{page}</CurrentModuleContext.Provider> : page}
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
