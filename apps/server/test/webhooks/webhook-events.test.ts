// Issue 37 point 1: the changes that send webhook events, recorded in the change's transaction and
// received, signed, by a loopback receiver: a ticket's events in the order they happened, nothing
// for a change that rolled back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents, type WebhookBody } from '@atende/shared/webhooks';
import { jobs, tickets, webhookDeliveries } from '../../src/db/schema.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { recordTicketEvent } from '../../src/modules/tickets/ticket-webhooks.steps.ts';
import { webhookDeliveryJob } from '../../src/modules/webhooks/webhook-delivery.jobs.ts';
import { createTag } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import { dueRetriesNow } from '../helpers/jobs.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const subscribed = (token: string, events: readonly string[] = webhookEvents) => receiver.subscribe(t, token, events);

const ofCompany = (companyId: number) => receiver.events().filter((body) => body.companyId === companyId);
const ticketIdOf = (body: WebhookBody) => {
  const data = body.data as { message?: { ticketId: number }; ticket?: { id: number } };
  return data.message?.ticketId ?? data.ticket?.id;
};

describe('webhook events (issue 37 point 1)', () => {
  it("a customer's first message sends contact.created, and ticket.created then message.created; an attendant's reply message.created, then message.updated once the channel took it", async () => {
    const a = await setupAttendance(t);
    await subscribed(a.adminSession.token);
    const first = await a.inbound('5511988887777', 'Olá, preciso de ajuda');
    // one ticket's events keep their order; the contact's are another sequence and may arrive
    // before or between them when deliveries run side by side
    await eventually(async () => ofCompany(a.company.id).map((body) => body.event).sort()).toEqual(['contact.created', 'message.created', 'ticket.created']);
    const [opened, arrived] = ofCompany(a.company.id).filter((body) => body.event !== 'contact.created');
    expect([opened.event, arrived.event]).toEqual(['ticket.created', 'message.created']);
    expect(opened.data).toMatchObject({ ticket: { id: first.ticketId, status: 'pending', contact: { number: '5511988887777' } } });
    expect(arrived.data).toMatchObject({ message: { id: first.messageId, ticketId: first.ticketId, body: 'Olá, preciso de ajuda', fromMe: false } });

    await a.put(a.adminSession.token, first.ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const reply = await t.request('POST', `/messages/${first.ticketId}`, { token: a.adminSession.token, body: { body: 'Claro, já vejo' } });
    expect(reply.status).toBeLessThan(300);
    // taking the ticket is its own event, before the reply's
    await eventually(async () => ofCompany(a.company.id)[3]?.event).toBe('ticket.updated');
    const messageEvents = () => ofCompany(a.company.id).slice(3).filter((body) => body.event.startsWith('message.'));
    await eventually(async () => messageEvents().map((body) => [body.event, (body.data as { message: { fromMe: boolean } }).message.fromMe])).toEqual(
      expect.arrayContaining([
        ['message.created', true],
        ['message.updated', true],
      ]),
    );
  });

  it("a customer's first message sends contact.created; an attendant taking and closing a ticket sends ticket.updated then ticket.closed (no rating asked); a contact added and changed sends contact.created and contact.updated", async () => {
    const a = await setupAttendance(t);
    await subscribed(a.adminSession.token, ['ticket.updated', 'ticket.closed', 'contact.created', 'contact.updated']);
    const { ticketId } = await a.inbound('5511944443333', 'Oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    await a.put(a.adminSession.token, ticketId, { status: 'closed' });
    await eventually(async () => ofCompany(a.company.id).map((body) => body.event)).toEqual(['contact.created', 'ticket.updated', 'ticket.closed']);
    const [, taken, closed] = ofCompany(a.company.id);
    expect(taken.data).toMatchObject({ ticket: { id: ticketId, status: 'open', userId: a.admin.id, queueId: a.queues[0].id } });
    expect(closed.data).toMatchObject({ ticket: { id: ticketId, status: 'closed' }, rating: null });

    const created = await t.request('POST', '/contacts', { token: a.adminSession.token, body: { name: 'Fornecedor', number: '5511933332222' } });
    expect(created.status).toBeLessThan(300);
    const changed = await t.request('PUT', `/contacts/${created.body.id}`, { token: a.adminSession.token, body: { name: 'Fornecedor Principal', number: '5511933332222' } });
    expect(changed.status).toBe(200);
    expect((await t.request('PUT', `/contacts/toggleDisableBot/${created.body.id}`, { token: a.adminSession.token })).status).toBe(200);
    await eventually(async () =>
      ofCompany(a.company.id)
        .slice(3)
        .map((body) => [body.event, (body.data as { contact: { name: string; disableBot: boolean } }).contact.name, (body.data as { contact: { disableBot: boolean } }).contact.disableBot]),
    ).toEqual([
      ['contact.created', 'Fornecedor', false],
      ['contact.updated', 'Fornecedor Principal', false],
      ['contact.updated', 'Fornecedor Principal', true],
    ]);
  });

  it("a ticket put in a kanban lane sends ticket.updated with its tags as they now are", async () => {
    const a = await setupAttendance(t);
    const lane = await createTag(t.db, a.company.id, { name: 'Proposta', kanban: 1 });
    await subscribed(a.adminSession.token, ['ticket.updated']);
    const { ticketId } = await a.inbound('5511955556666', 'Oi');
    expect((await t.request('PUT', `/ticket-tags/${ticketId}/${lane.id}`, { token: a.adminSession.token })).status).toBe(200);
    await eventually(async () => ofCompany(a.company.id).map((body) => (body.data as { ticket: { tags: { name: string }[] } }).ticket.tags.map((tag) => tag.name))).toEqual([['Proposta']]);
  });

  it('closing every waiting ticket at once sends ticket.closed for each', async () => {
    const a = await setupAttendance(t);
    await subscribed(a.adminSession.token, ['ticket.closed']);
    const first = await a.inbound('5511977771111', 'Oi');
    const second = await a.inbound('5511977772222', 'Olá');
    expect(await t.request('POST', '/tickets/closeAll', { token: a.adminSession.token, body: { status: 'pending' } })).toMatchObject({ status: 200, body: { closed: 2 } });
    await eventually(async () => ofCompany(a.company.id).map(ticketIdOf).sort()).toEqual([first.ticketId, second.ticketId].sort());
  });

  it('the external messages API sending with closeTicket sends ticket.created, message.created and ticket.closed, in that order', async () => {
    const a = await setupAttendance(t);
    await subscribed(a.adminSession.token, ['ticket.created', 'message.created', 'ticket.closed']);
    const connectionToken = (await t.request('GET', `/whatsapp/${a.connection.id}`, { token: a.adminSession.token })).body.token as string;
    const sent = await fetch(`${t.url}/api/messages/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${connectionToken}` },
      body: JSON.stringify({ number: '5511966661111', body: 'Seu boleto', closeTicket: true }),
    });
    expect(sent.status).toBe(200);
    await eventually(async () => ofCompany(a.company.id).map((body) => body.event)).toEqual(['ticket.created', 'message.created', 'ticket.closed']);
  });

  it("one ticket's events reach an endpoint in the order they happened, even when the first waits for its retries", async () => {
    const a = await setupAttendance(t);
    await subscribed(a.adminSession.token, ['message.created']);
    receiver.answerNext({ status: 503 });
    const sent: number[] = [];
    for (const text of ['um', 'dois', 'três']) sent.push((await a.inbound('5511977776666', text)).messageId);
    await eventually(async () => {
      await dueRetriesNow(t.db, webhookDeliveryJob.name);
      return ofCompany(a.company.id).length;
    }).toBe(3);
    expect(ofCompany(a.company.id).map((body) => (body.data as { message: { id: number } }).message.id)).toEqual(sent);
    expect(new Set(ofCompany(a.company.id).map(ticketIdOf)).size).toBe(1);
  });

  it('a change that rolls back records no delivery and queues no job; an endpoint not subscribed to the event gets nothing', async () => {
    const a = await setupAttendance(t);
    await subscribed(a.adminSession.token, ['ticket.created']);
    const { ticketId } = await a.inbound('5511966665555', 'Oi');
    await eventually(async () => ofCompany(a.company.id).map((body) => body.event)).toEqual(['ticket.created']);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const deliveriesBefore = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, a.company.id));
    const jobsBefore = await t.db.select().from(jobs).where(eq(jobs.kind, webhookDeliveryJob.name));
    await expect(
      withTransaction(t.db, async (tx) => {
        await recordTicketEvent(tx, 'created', ticket);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, a.company.id))).toEqual(deliveriesBefore);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, webhookDeliveryJob.name))).toHaveLength(jobsBefore.length);
    // the message itself was not asked for
    expect(deliveriesBefore.map((delivery) => delivery.event)).toEqual(['ticket.created']);
  });
});
