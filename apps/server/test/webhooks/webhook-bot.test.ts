// Issue 37 point 1: the bot choosing a ticket's queue from the customer's answer (02-operations §7
// Queues and chatbot) sends ticket.updated, after the message that chose it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupFlow, startFlowApp } from '../flow/flow-setup.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ t } = await startFlowApp());
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('bot webhook events (issue 37 point 1)', () => {
  it("the customer's '1' puts the ticket in the queue it names: ticket.updated with a queue", async () => {
    const f = await setupFlow(t);
    const sales = await f.queue({ name: 'Vendas' });
    const support = await f.queue({ name: 'Suporte' });
    await f.configureConnection({ greetingMessage: 'Escolha um setor:', queueIds: [sales.id, support.id] });
    await receiver.subscribe(t, f.adminSession.token, ['ticket.updated']);
    const { ticketId } = await f.inbound('5511900005555', 'Oi');
    await f.inbound('5511900005555', '1');
    const ofCompany = () => receiver.events('ticket.updated').filter((body) => body.companyId === f.company.id);
    await eventually(async () => ofCompany().map((body) => (body.data as { ticket: { id: number; queueId: number | null } }).ticket)).toEqual([
      expect.objectContaining({ id: ticketId, queueId: expect.any(Number) }),
    ]);
  });
});
