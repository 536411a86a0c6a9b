import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TUser } from '@app/shared/auth';
import { STORAGE_KEYS } from '@app/shared/constants';
import { Providers } from '@/app/providers';
import { routes } from '@/app/router';
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
