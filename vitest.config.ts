import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // The API test files wait on PostgreSQL and HTTP far more than they compute, and each has
          // its own database: four at a time take less than half the time of one even on two cores
          // (bench/RESULTS.md, "API test workers"). API_TEST_WORKERS overrides it.
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 4),
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
    ],
  },
});
