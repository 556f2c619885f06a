import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web's build id, normally set by apps/web/vite.config.ts.
  define: { __GUICHET_BUILD_ID__: JSON.stringify('test') },
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/api/test/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
      'apps/web/test/**/*.test.ts',
      'apps/pro/app/**/*.test.{ts,tsx}',
      'apps/pro/test/**/*.test.ts',
      // Several API processes on one PostgreSQL server: only when there is one (PGlite is in-process).
      ...(process.env.DATABASE_URL ? ['apps/api/test-postgres/**/*.test.ts'] : []),
      // Abuse-limit counters shared through a Redis server: only when there is one.
      ...(process.env.REDIS_URL ? ['apps/api/test-redis/**/*.test.ts'] : []),
    ],
    environment: 'node',
    // An unexpected console.error fails its test.
    setupFiles: ['./vitest.setup.ts'],
    // API suites each build an app on a fresh in-memory PGlite (or a fresh schema of DATABASE_URL).
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
