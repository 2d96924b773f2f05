import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx', 'apps/admin/src/**/*.test.tsx'],
    testTimeout: 30_000,
    // afterAll hooks check the whole ledger (reconcileMoney) on what the file built: on PGlite with the
    // machine shared (load 8–9) one took over 60 s (promotions.test.ts, 2026-11-27; 15 s for the whole
    // file alone). A bound, not an expectation.
    hookTimeout: 180_000,
    // PGlite is ~300 MB per instance and PostgreSQL has 2 cores here: keep workers few.
    maxWorkers: 2,
  },
});
