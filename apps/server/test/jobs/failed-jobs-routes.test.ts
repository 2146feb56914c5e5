// The super admin's routes for jobs that gave up (issue 12 point 2): list the failed ones, retry
// one (back in the queue, run again), discard one. Nobody else reaches them.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema.ts';
import { enqueueJob } from '../../src/platform/jobs/jobs.repo.ts';
import { createCompany } from '../factories/company.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { gate, testKind, type TestPayload } from './support.ts';

let t: TestApp;
let superToken: string;
let companyId: number;
beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
  companyId = (await createCompany(t.db)).company.id;
});
afterAll(() => t.close());

// A kind that fails once per label and then succeeds; with one attempt allowed, its first run fails it.
const flakyKind = () => {
  const kind = testKind({ maxAttempts: 1 });
  const failedOnce = new Set<string>();
  const succeeded = new Map<string, ReturnType<typeof gate>>();
  t.app.jobs.register(kind, {
    run: async ({ label }: TestPayload) => {
      if (!failedOnce.has(label)) {
        failedOnce.add(label);
        throw new Error(`provider down for ${label}`);
      }
      succeeded.get(label)?.open();
    },
  });
  const onSuccess = (label: string) => {
    const done = gate();
    succeeded.set(label, done);
    return done.opened;
  };
  return { kind, onSuccess };
};

const stateOf = async (id: number) => (await t.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id)))[0]?.state;

const idOf = async (kindName: string, label: string) =>
  (await t.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, kindName), sql`${jobs.payload}->>'label' = ${label}`)))[0].id;

// enqueued like any job; the running app's runner takes it at once and fails it
const failedJob = async (flaky: ReturnType<typeof flakyKind>, label: string, singletonKey?: string) => {
  await enqueueJob(t.db, flaky.kind, { companyId, label }, { singletonKey });
  const id = await idOf(flaky.kind.name, label);
  await expect.poll(() => stateOf(id)).toBe('failed');
  return id;
};

const listFailed = async (query = '') => t.request('GET', `/jobs/failed${query}`, { token: superToken });

describe('failed jobs for the super admin (issue 12 point 2)', () => {
  it('lists failed jobs with their kind, company, attempts and last error, filtered by kind', async () => {
    const flaky = flakyKind();
    const id = await failedJob(flaky, 'listed');
    const answer = await listFailed(`?kind=${flaky.kind.name}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ count: 1, hasMore: false });
    expect(answer.body.jobs).toEqual([
      expect.objectContaining({
        id,
        kind: flaky.kind.name,
        companyId,
        state: 'failed',
        attempts: 1,
        lastError: 'provider down for listed',
        payload: { companyId, label: 'listed' },
      }),
    ]);
    expect((await listFailed()).body.jobs.map((job: { id: number }) => job.id)).toContain(id);
  });

  it('retry puts a failed job back in the queue and the runner runs it', async () => {
    const flaky = flakyKind();
    const id = await failedJob(flaky, 'retried');
    const ran = flaky.onSuccess('retried');
    const answer = await t.request('POST', `/jobs/${id}/retry`, { token: superToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, state: 'waiting', attempts: 0 });
    await ran;
    await expect.poll(() => stateOf(id)).toBe('completed');
    expect((await listFailed(`?kind=${flaky.kind.name}`)).body.jobs).toEqual([]);
    // only a failed job can be retried
    expect((await t.request('POST', `/jobs/${id}/retry`, { token: superToken })).status).toBe(404);
    expect((await t.request('POST', '/jobs/999999999/retry', { token: superToken })).body).toEqual({ error: 'ERR_NOT_FOUND' });
  });

  it('a failed job whose key a newer job already holds is not retried (409)', async () => {
    const flaky = flakyKind();
    const id = await failedJob(flaky, 'superseded', 'ticket:1');
    await enqueueJob(t.db, flaky.kind, { companyId, label: 'newer' }, { singletonKey: 'ticket:1', runAt: new Date('2999-01-01') });
    const answer = await t.request('POST', `/jobs/${id}/retry`, { token: superToken });
    expect(answer).toMatchObject({ status: 409, body: { error: 'ERR_JOB_SUPERSEDED' } });
    expect(await stateOf(id)).toBe('failed');
  });

  it('discard deletes a failed job; nothing else can be discarded', async () => {
    const flaky = flakyKind();
    const id = await failedJob(flaky, 'discarded');
    expect((await t.request('DELETE', `/jobs/${id}`, { token: superToken })).status).toBe(204);
    expect(await stateOf(id)).toBeUndefined();
    expect((await t.request('DELETE', `/jobs/${id}`, { token: superToken })).status).toBe(404);
    await enqueueJob(t.db, flaky.kind, { companyId, label: 'later' }, { runAt: new Date('2999-01-01') });
    expect((await t.request('DELETE', `/jobs/${await idOf(flaky.kind.name, 'later')}`, { token: superToken })).status).toBe(404);
  });

  it('a company admin, an attendant and an anonymous caller reach none of them', async () => {
    const flaky = flakyKind();
    const id = await failedJob(flaky, 'guarded');
    const a = await setupAttendance(t);
    const attendant = await a.attendant([a.queues[0].id]);
    for (const token of [a.adminSession.token, attendant.session.token]) {
      expect((await t.request('GET', '/jobs/failed', { token })).status).toBe(403);
      expect((await t.request('POST', `/jobs/${id}/retry`, { token })).status).toBe(403);
      expect((await t.request('DELETE', `/jobs/${id}`, { token })).status).toBe(403);
    }
    expect((await t.request('GET', '/jobs/failed')).status).toBe(401);
    expect(await stateOf(id)).toBe('failed');
  });
});
