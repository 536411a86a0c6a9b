import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { apiClient } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

/** Renders a component inside a router (lists keep state in the URL), a query client and a toaster. */
export function renderWithData(ui: ReactElement, path = '/list') {
  const client = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** The query parameters of every request (the mock transport only sees the path). */
export function captureParams() {
  const seen: Array<{ url: string; params: Record<string, string> }> = [];
  const id = apiClient.interceptors.request.use((config) => {
    seen.push({ url: config.url ?? '', params: { ...(config.params as Record<string, string> | undefined) } });
    return config;
  });
  return { seen, stop: () => apiClient.interceptors.request.eject(id) };
}
