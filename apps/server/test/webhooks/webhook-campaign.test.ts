// Issue 37 point 1: campaign.finished when a campaign reaches FINALIZADA (02-operations §4 Campaign
// status), and message.updated for an attendant's edit, at a loopback receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/platform/clock.ts';
import { campaignCompany } from '../campaigns/support.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

const MONDAY_9 = '2026-03-02T12:00:00Z';
const clock = manualClock(MONDAY_9);
let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({ timeZone: 'America/Sao_Paulo' }, { clock });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const subscribe = async (call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: { secret?: string } }>, events: string[]) => {
  const created = await call('POST', '/webhook-endpoints', { url: receiver.url, events });
  expect(created.status).toBe(201);
  receiver.useSecret(created.body.secret ?? '');
};

describe('campaign and message edit webhook events (issue 37 point 1)', () => {
  it('a campaign that sent to its whole list sends campaign.finished once, with its counts', async () => {
    const s = await campaignCompany(t, clock);
    await subscribe(s.call, ['campaign.finished']);
    await s.alwaysOpen();
    const list = await s.contactList(2);
    const campaign = (await s.create({ name: 'Aviso', message1: 'Olá {{name}}', contactListId: list.id, scheduledAt: '2026-03-02T15:00:00Z' })).body;
    await s.runAt('2026-03-02T15:00:00Z');
    expect(await s.show(campaign.id)).toMatchObject({ status: 'FINALIZADA' });
    const ofCompany = () => receiver.events('campaign.finished').filter((body) => body.companyId === s.company.id);
    await eventually(async () => ofCompany().length).toBe(1);
    expect(ofCompany()[0].data).toMatchObject({ campaign: { id: campaign.id, name: 'Aviso', status: 'FINALIZADA', counts: { contacts: 2, delivered: 2 } } });
  });

  it("an attendant's edit of a message sends message.updated with the new text", async () => {
    const s = await campaignCompany(t, clock);
    await subscribe(s.call, ['message.updated']);
    const { ticketId } = await s.inbound('5511922221111', 'Oi');
    await s.put(s.token, ticketId, { status: 'open', userId: s.admin.id, queueId: s.queues[0].id });
    const sent = await s.call('POST', `/messages/${ticketId}`, { body: 'Bom dia' });
    expect(sent.status).toBeLessThan(300);
    // the send answers the messages it wrote
    const [{ id: messageId }] = sent.body as unknown as { id: number }[];
    expect(await s.call('POST', `/messages/edit/${messageId}`, { body: 'Bom dia!' })).toMatchObject({ status: 200 });
    await eventually(async () =>
      receiver
        .events('message.updated')
        .filter((body) => body.companyId === s.company.id)
        .map((body) => (body.data as { message: { body: string; isEdited: boolean } }).message)
        .some((message) => message.body === 'Bom dia!' && message.isEdited),
    ).toBe(true);
  });
});
