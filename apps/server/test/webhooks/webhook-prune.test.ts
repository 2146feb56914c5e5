// Issue 37 point 1 (the deliveries the screen lists): the daily prune deletes delivered and failed
// webhook deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS; recent ones and pending ones stay.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../src/db/schema.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { scheduleWebhookPrune } from '../../src/modules/webhooks/webhook-prune.jobs.ts';
import { createCompany } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const DAY_MS = 24 * 3600 * 1000;
const clock = manualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webhookDeliveryRetentionDays: 30 }, { clock });
});
afterAll(async () => {
  await t?.close();
});

const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

describe('webhook delivery retention (issue 37 point 1)', () => {
  it('the daily prune deletes delivered and failed deliveries past the retention, keeps recent and pending ones, and queues the next day', async () => {
    const { company } = await createCompany(t.db);
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ companyId: company.id, url: 'https://crm.example.com/hook', events: ['ticket.created'], secret: 'sealed' })
      .returning();
    const delivery = (eventId: string, state: 'pending' | 'delivered' | 'failed', createdAt: Date) => ({
      companyId: company.id,
      endpointId: endpoint.id,
      eventId,
      event: 'ticket.created',
      payload: {},
      state,
      createdAt,
    });
    await t.db
      .insert(webhookDeliveries)
      .values([
        delivery('old-delivered', 'delivered', daysAgo(31)),
        delivery('old-failed', 'failed', daysAgo(45)),
        delivery('old-pending', 'pending', daysAgo(40)),
        delivery('recent-delivered', 'delivered', daysAgo(29)),
        delivery('recent-failed', 'failed', daysAgo(1)),
      ]);

    await scheduleWebhookPrune(t.db, clock);
    // a second process starting the same day
    await scheduleWebhookPrune(t.db, clock);
    await t.app.jobs.runDue();

    const left = await t.db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(left.map((row) => row.eventId).sort()).toEqual(['old-pending', 'recent-delivered', 'recent-failed']);
    const runs = await t.db.select().from(jobs).where(eq(jobs.kind, 'webhook.prune'));
    expect(runs.filter((job) => job.state === 'completed')).toHaveLength(1);
    const tomorrow = new Date(clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
    expect(runs.filter((job) => job.state === 'waiting').map((job) => job.singletonKey)).toEqual([tomorrow]);
  });
});
