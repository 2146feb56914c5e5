import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    include: ['e2e/**/*.e2e.ts'],
    // the server bundle and the migrated, seeded data folder every file's server starts from
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    // a live update can take seconds on a busy machine; a poll waits for it (it asserts no timing)
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 240_000,
    pool: 'forks',
    // two files at once: a file waits much of its time on its server or its browser, and files
    // share nothing (a server, a data folder, a browser each, on free ports)
    maxWorkers: 2,
    // as in the other suites (vitest.config.ts): a test that passes only on its second attempt
    // is named FLAKY by .ci/run
    retry: process.env.CI ? 1 : 0,
  },
});
