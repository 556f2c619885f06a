import { availableParallelism } from 'node:os';
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
    // Vitest's default is one worker per core but one: a single worker on a two-core machine, which then sat
    // half idle (14 minutes of CPU in 24 of wall time) while files waited on PGlite, sockets and the processes
    // they start. Three at least: the whole suite in half the time there, each file still in its own worker.
    maxWorkers: Math.max(3, availableParallelism()),
    // An unexpected console.error fails its test.
    setupFiles: ['./vitest.setup.ts'],
    // API suites each build an app on a fresh in-memory PGlite (or a fresh schema of DATABASE_URL).
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
