// Issue 37 point 1: the timers' ticket changes send ticket.updated, recorded in the timer's
// transaction: the redirect to sendIdQueue (02-operations §3 timeSendQueue) and the lane timer
// moving a ticket to nextLaneId (§3 Tag / lane), at a loopback receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/platform/clock.ts';
import { createTag } from '../factories/contact.factory.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { attendanceWithTimers, startClockedApp } from '../timers/support.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let t: TestApp;
let clock: ManualClock;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ t, clock } = await startClockedApp());
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const subscribed = (token: string) => receiver.subscribe(t, token, ['ticket.updated']);

const ticketsOf = (companyId: number) =>
  receiver
    .events('ticket.updated')
    .filter((body) => body.companyId === companyId)
    .map((body) => (body.data as { ticket: { id: number; queueId: number | null; tags: { id: number }[] } }).ticket);

describe('ticket.updated from the timers (issue 37 point 1)', () => {
  it('the redirect timer moving a waiting ticket to sendIdQueue sends ticket.updated with the new queue', async () => {
    const a = await attendanceWithTimers(t, clock, 2);
    const [first, overflow] = a.queues;
    await a.setConnection({ timeSendQueue: 15, sendIdQueue: overflow.id });
    const { ticketId } = await a.inbound('5511933339001', 'Oi');
    await a.put(a.adminSession.token, ticketId, { queueId: first.id });
    await subscribed(a.adminSession.token);
    await a.passMinutes(16);
    expect((await a.ticket(a.adminSession.token, ticketId)).queueId).toBe(overflow.id);
    await eventually(async () => ticketsOf(a.company.id).map((ticket) => [ticket.id, ticket.queueId])).toEqual([[ticketId, overflow.id]]);
  });

  it('the lane timer moving a ticket to nextLaneId sends ticket.updated with the ticket in its new lane', async () => {
    const a = await attendanceWithTimers(t, clock);
    const token = a.adminSession.token;
    const proposal = await createTag(t.db, a.company.id, { name: 'Proposta', kanban: 1 });
    const lead = await createTag(t.db, a.company.id, { name: 'Lead', kanban: 1, timeLane: 2, nextLaneId: proposal.id });
    const { ticketId } = await a.inbound('5511933339002', 'Oi');
    expect((await t.request('PUT', `/ticket-tags/${ticketId}/${lead.id}`, { token })).status).toBe(200);
    await subscribed(token);
    await a.passMinutes(2 * 60);
    await eventually(async () => ticketsOf(a.company.id).map((ticket) => [ticket.id, ticket.tags.map((tag) => tag.id)])).toEqual([[ticketId, [proposal.id]]]);
  });
});
