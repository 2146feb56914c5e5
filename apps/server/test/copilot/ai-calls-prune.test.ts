// Task point 2 of issue 42 point 5 (the admin's per-month figures): the daily prune on the job
// runner deletes the copilot's calls made before the oldest month kept (AI_CALLS_RETENTION_MONTHS,
// 13 by default: the current month and the twelve before), in every company, and queues the next day.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiCalls, jobs } from '../../src/db/schema.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { aiCallsPruneJob, scheduleAiCallsPrune } from '../../src/modules/copilot/ai-calls-prune.jobs.ts';
import { createCompany } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// January: the oldest month kept is January of the year before
const clock = manualClock('2026-01-10T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
});

describe('the copilot calls’ retention (issue 42 point 5)', () => {
  it('the daily prune keeps the current month and the twelve before, deletes older calls of every company, and queues the next day', async () => {
    const [{ company: a }, { company: b }] = await Promise.all([createCompany(t.db), createCompany(t.db)]);
    const call = (companyId: number, feature: string, createdAt: string) => ({ companyId, feature, tokensIn: 10, tokensOut: 5, createdAt: new Date(createdAt) });
    await t.db
      .insert(aiCalls)
      .values([
        call(a.id, 'last-moment-before', '2024-12-31T23:59:59.999Z'),
        call(a.id, 'oldest-month-kept', '2025-01-01T00:00:00.000Z'),
        call(a.id, 'this-month', '2026-01-10T11:00:00.000Z'),
        call(b.id, 'other-company-old', '2024-06-15T09:00:00.000Z'),
        call(b.id, 'other-company-kept', '2025-07-15T09:00:00.000Z'),
      ]);

    await scheduleAiCallsPrune(t.db, clock);
    await t.app.jobs.runDue();

    const left = await t.db.select({ feature: aiCalls.feature }).from(aiCalls).where(inArray(aiCalls.companyId, [a.id, b.id]));
    expect(left.map((row) => row.feature).sort()).toEqual(['oldest-month-kept', 'other-company-kept', 'this-month']);
    const runs = await t.db.select().from(jobs).where(eq(jobs.kind, aiCallsPruneJob.name));
    expect(runs.filter((job) => job.state === 'completed').map((job) => job.singletonKey)).toEqual(['2026-01-10']);
    expect(runs.filter((job) => job.state === 'waiting').map((job) => job.singletonKey)).toEqual(['2026-01-11']);
  });
});
