// Issue 37 point 1: a ticket closed by its customer's rating (02-operations §5 NPS scale) sends
// ticket.updated when it starts waiting for the rating, then ticket.closed with the rating.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/integration-conversation.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { attendanceWithTimers, startClockedApp } from '../timers/support.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let t: TestApp;
let clock: Awaited<ReturnType<typeof startClockedApp>>['clock'];
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ t, clock } = await startClockedApp());
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('rating webhook events (issue 37 point 1)', () => {
  it("closing asks for the rating (ticket.updated, status nps); the customer's 9 closes it: ticket.closed with { rate: 9 }", async () => {
    const a = await attendanceWithTimers(t, clock);
    await a.setSetting('userRating', 'enabled');
    await a.setConnection({ ratingMessage: 'De 0 a 10, que nota você dá?', expiresTicketNPS: 30 });
    await receiver.subscribe(t, a.adminSession.token, ['ticket.updated', 'ticket.closed']);
    const { ticketId } = await a.inbound('5511911112222', 'Oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    await a.put(a.adminSession.token, ticketId, { status: 'closed', userId: a.admin.id });
    await a.inbound('5511911112222', '9');

    const ofCompany = () => receiver.events().filter((body) => body.companyId === a.company.id);
    await eventually(async () => ofCompany().map((body) => [body.event, (body.data as { ticket: { status: string } }).ticket.status])).toEqual([
      ['ticket.updated', 'open'],
      ['ticket.updated', 'nps'],
      ['ticket.closed', 'closed'],
    ]);
    expect(ofCompany()[2].data).toMatchObject({ ticket: { id: ticketId, userRating: { rate: 9 } }, rating: { rate: 9 } });
  });
});
