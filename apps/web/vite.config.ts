import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
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
            // in one chunk rather than six small ones; their dependencies stay where they are. Not
            // core's HighlightedText, which only the text-review and theme pages show.
            {
              name: 'student-form',
              test: (id: string) =>
                (/[\\/]areas[\\/]surveys[\\/](core[\\/](components|lib|api)|student[\\/](lib|api))[\\/]/.test(id) &&
                  !/[\\/]highlighted-text\.tsx$/.test(id)) ||
                /[\\/]packages[\\/]shared[\\/]src[\\/](surveys|survey-answers|survey-messages|format)\.ts$/.test(id),
              includeDependenciesRecursively: false,
            },
            // What the signed-in shell (which every signed-in page loads first) and the student form
            // share with other pages: a dozen tiny modules that would otherwise be ~20 chunks of a few
            // hundred bytes each, gzipped one by one. One chunk is ~3 KB gzip smaller (issue 4's budget).
            {
              name: 'shell-shared',
              test: (id: string) =>
                /[\\/]apps[\\/]web[\\/]src[\\/](lib[\\/](storage|use-media-query|api-client)|components[\\/]ui[\\/](school-logo|skeleton|button)|areas[\\/]auth[\\/]api[\\/]get-auth-config|areas[\\/]school[\\/]current-module[\\/]current-module-context)\.tsx?$/.test(
                  id,
                ) ||
                /[\\/]packages[\\/]shared[\\/]src[\\/](constants|roles|school|zod-locale|messages|routes|api|auth)\.ts$/.test(id) ||
                /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]vi\.js$/.test(id) ||
                /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/.test(id) ||
                /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](x|chart-column|calendar-days|clipboard-list|file-text|history|layers|users|arrow-left|circle-alert|refresh-cw)\.js$/.test(
                  id,
                ),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
