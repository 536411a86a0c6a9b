import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import type { TUser } from '@app/shared/auth';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { AuthContext, type AuthContextValue } from '@/areas/auth/auth-context';

export const STUDENT = makeUser(['STUDENT'], { studentId: 5001 });

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}${loc.search}|${JSON.stringify(loc.state ?? null)}`}</p>;
}

/**
 * A student page inside a memory router (with navigation state), a query client, a toaster and a
 * signed-in student. Other student paths render a marker that shows where the app went.
 */
export function renderStudentPage(ui: ReactElement, { path, routePath = path, state, user = STUDENT }: {
  path: string;
  routePath?: string;
  state?: unknown;
  user?: TUser | null;
}) {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }] },
  );
  const auth = { status: 'authenticated', user, primaryRole: 'STUDENT', photoURL: null } as unknown as AuthContextValue;
  const view = render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
