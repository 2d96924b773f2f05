import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is ~300 MB per instance and PostgreSQL has 2 cores here: keep workers few.
    maxWorkers: 2,
  },
});
