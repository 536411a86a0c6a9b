import { defineConfig } from 'vitest/config';

// Browser tests only; run through e2e/run.mjs, which starts the server and sets E2E_BASE_URL.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
