import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { queryClient } from './lib/query-client';
import { applyTheme, getTheme } from './lib/theme';
import './index.css';

// index.html already applied the theme; this covers a value it did not recognise.
applyTheme(getTheme());

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
