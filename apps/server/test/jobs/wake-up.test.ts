// Two servers over one database (two processes of one deployment): a job enqueued through the
// first is run by the second at once, woken by the database's notification rather than its poll
// (set to an hour here). On a PostgreSQL server (TEST_DATABASE_URL) each app has its own
// connections and the second LISTENs on its own; PGlite is one process, its signal in-process.
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { enqueueJob } from '../../src/platform/jobs/jobs.repo.ts';
import { createCompany } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { openTestDatabase, reopenableTestDatabase } from '../helpers/test-database.ts';
import { gate, testKind } from './support.ts';

const HOUR_MS = 3_600_000;
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const store = onServer ? await reopenableTestDatabase() : undefined;
const first: Database = store ? await store.open() : await openTestDatabase();
const second: Database = store ? await store.open() : first;

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  await first.close();
  if (second !== first) await second.close();
  await store?.drop();
});

// the runner's own settings, its poll slowed to an hour
const slowPoll = { leaseSeconds: 60, concurrency: 4, pollMs: HOUR_MS, retentionHours: 24, shutdownMs: 10_000 };

const startOver = async (database: Database) => {
  const app = await startTestApp({ jobs: slowPoll }, { database });
  apps.push(app);
  return app;
};

describe('job wake-up across processes (issue 12 point 1: other processes wake at once, not at the next poll)', () => {
  it('a job enqueued in a transaction through app A is run by app B as soon as it commits', async () => {
    const a = await startOver(first);
    const b = await startOver(second);

    // only B knows the kind, so only B can run it; B's start-up claim found nothing to do
    const kind = testKind();
    const ran = gate();
    let runner = '';
    b.app.jobs.register(kind, {
      run: async ({ label }) => {
        runner = label;
        ran.open();
      },
    });
    const { company } = await createCompany(a.db);
    await a.db.transaction((tx) => enqueueJob(tx, kind, { companyId: company.id, label: 'from A' }));

    await ran.opened;
    expect(runner).toBe('from A');
  });
});
