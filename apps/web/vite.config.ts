import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The framework chunk below is ~520 KB raw (156 KB gzip): the libraries every page loaded anyway.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page starts with (React, the router, TanStack Query, axios, zod,
            // sonner): one chunk that changes only when they do, instead of a few that move with
            // whichever page first shares them (and gzip better together).
            { name: 'framework', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // The student survey form's parts (issue 4: its page's initial JavaScript < 200 KB gzip)
            // in one chunk rather than six small ones; their dependencies stay where they are.
            {
              name: 'student-form',
              test: (id: string) =>
                /[\\/]features[\\/]student-surveys[\\/](components|lib|api)[\\/]/.test(id) ||
                /[\\/]packages[\\/]shared[\\/]src[\\/](surveys|survey-answers|survey-messages|format)\.ts$/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
