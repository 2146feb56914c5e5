import { configDefaults, defineConfig } from 'vitest/config';

// the cluster test runs several server processes over one PostgreSQL server and Redis
const clusterServices = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

// CI runs a failed test once more. One that passes then is a flake, not a pass: .ci/run names it
// FLAKY with its first error just above the total, so it is seen and mended without a rare
// failure blocking a submission. Anywhere else a failure is final.
const retry = process.env.CI ? 1 : 0;

// Two cores: at most two test files at once, each with its own database.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], retry } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], retry } },
      {
        test: {
          name: 'server',
          retry,
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // without those services (npm test, on PGlite) it is not part of the run
          exclude: clusterServices ? configDefaults.exclude : [...configDefaults.exclude, 'apps/server/test/cluster/**'],
          // migrates and seeds one template database per run; each test file starts from a copy
          globalSetup: ['apps/server/test/helpers/database-template.ts'],
          // a worker runs its files one after another in one process, so the server's modules
          // (Fastify, Baileys, drizzle…) load once per worker rather than once per file; every
          // file starts its own app and database, and nothing in them is global
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // an expect.poll waits for work the server does after its answer (a job, an event, a
          // send to a fake channel); two test files and their servers share two cores, so it gets
          // more than the default second before it counts as never coming
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
