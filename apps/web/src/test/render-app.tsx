import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import type { TUser } from '@app/shared/auth';
import { STORAGE_KEYS } from '@app/shared/constants';
import type { TModule } from '@app/shared/school';
import { Providers } from '@/app/providers';
import { routes } from '@/app/router';
import { AuthContext, RedirectGuard, type AuthContextValue } from '@/areas/auth/public';
import { CurrentModuleContext, type CurrentModuleValue } from '@/areas/school/current-module/public';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, ok, type MockRoutes } from './mock-api';

export interface RenderAppOptions {
  path: string;
  /** Signed in as this user: a token is stored and /auth/verify answers with the user. */
  user?: TUser;
  config?: { googleClientId: string | null; devLogin: boolean; schoolName: string };
  api?: MockRoutes;
}

export const TEST_SCHOOL = 'Trường THPT Chuyên Thử Nghiệm';

/** The real route table, providers, query client and API client; only the HTTP transport is fake. */
export function renderApp({ path, user, config, api = {} }: RenderAppOptions) {
  if (user) localStorage.setItem(STORAGE_KEYS.token, `token-${user.id}`);
  const mock = mockApi({
    'GET /v1/auth/config': () => ok(config ?? { googleClientId: null, devLogin: false, schoolName: TEST_SCHOOL }),
    'GET /v1/school': () => ok({ name: config?.schoolName ?? TEST_SCHOOL, address: '', logoUrl: null }),
    ...(user ? { 'GET /v1/auth/verify': () => ok(user) } : {}),
    ...api,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = createQueryClient();
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, client, mock };
}

/** A signed-in user's auth value, as AuthProvider would give it (login and logout do nothing unless given). */
export function authValue(user: TUser | null, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'authenticated',
    user,
    primaryRole: user?.primaryRole ?? null,
    photoURL: null,
    homePath: '/',
    postLoginTarget: null,
    signedOutByUser: false,
    redirects: new RedirectGuard(),
    login: () => {},
    logout: () => {},
    ...overrides,
  };
}

/** The header's current module: one module (null: none yet), already loaded. */
export function currentModuleValue(module: TModule | null): CurrentModuleValue {
  return { module, modules: module ? [module] : [], setModule: () => {}, reload: async () => {}, status: 'success' };
}

export interface RenderUiOptions {
  /** The address, with its query; default '/list'. */
  path?: string;
  /** The route `ui` answers (its params read from `path`); '*' (the default) answers every path, else other paths render a marker (test id "where") showing where the app went. */
  routePath?: string;
  /** Navigation state of the first entry. */
  state?: unknown;
  /** Signed in: a user, or a whole auth value (`authValue(null)`: signed in without a user). Without it no AuthContext is provided. */
  auth?: TUser | AuthContextValue;
  /** The current module (a module, null for none yet, or a whole value). Without it no CurrentModuleContext is provided. */
  module?: TModule | null | CurrentModuleValue;
}

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}${loc.search}|${JSON.stringify(loc.state ?? null)}`}</p>;
}

/**
 * A component or page alone (not the route table): inside a memory router (lists keep their state in
 * the address), a query client and a toaster, with the signed-in user and current module if given.
 */
export function renderUi(ui: ReactElement, { path = '/list', routePath = '*', state, auth, module }: RenderUiOptions = {}) {
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
  let page = <RouterProvider router={router} />;
  if (module !== undefined) {
    const value = module && 'setModule' in module ? module : currentModuleValue(module);
    page = <CurrentModuleContext.Provider value={value}>{page}</CurrentModuleContext.Provider>;
  }
  if (auth) page = <AuthContext.Provider value={'redirects' in auth ? auth : authValue(auth)}>{page}</AuthContext.Provider>;
  const view = render(
    <QueryClientProvider client={client}>
      {page}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
