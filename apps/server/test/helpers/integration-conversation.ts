// A sandbox connection whose new conversations go to a queue integration (or, with `attach:
// 'queue'`, its only queue holds the integration), and a way to walk an integration job through its
// retries without waiting for the backoff.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { queues } from '../../src/db/schema.ts';
import { integrationReplyJob } from '../../src/modules/integration-replies/integration-reply.jobs.ts';
import { sandboxOutbox, setupAttendance, ticketMessages } from './attendance.ts';
import { dueRetriesNow } from './jobs.ts';
import type { TestApp } from './test-app.ts';

// the machine running the suite may be busy: the jobs get time, no test asserts how fast they are
export const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

export const integrationConversation = async (t: TestApp, integration: Record<string, unknown>, attach: 'connection' | 'queue' = 'connection') => {
  const a = await setupAttendance(t);
  const token = a.adminSession.token;
  const created = await t.request('POST', '/queueIntegration', { token, body: integration });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const integrationId = created.body.id as number;
  if (attach === 'connection') await t.request('PUT', `/whatsapp/${a.connection.id}`, { token, body: { integrationId } });
  else {
    await t.db.update(queues).set({ integrationId }).where(eq(queues.id, a.queues[0].id));
    await t.request('PUT', `/whatsapp/${a.connection.id}`, { token, body: { queueIds: [a.queues[0].id] } });
  }
  const said = async (ticketId: number) => (await ticketMessages(t, ticketId)).filter((m) => m.fromMe);
  const outbox = (ticketId: number) => sandboxOutbox(t, token, a.connection.id, ticketId);
  return { ...a, token, integrationId, integration: created.body as Record<string, unknown>, said, outbox };
};

export const runIntegrationRetriesUntil = async (t: TestApp, done: () => Promise<boolean>) => {
  await eventually(async () => {
    await dueRetriesNow(t.db, integrationReplyJob.name);
    await t.app.jobs.runDue();
    return done();
  }).toBe(true);
};
