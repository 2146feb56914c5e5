// Issue 37 point 1: the rotation handing an unaccepted ticket to the next attendant (02-operations §3
// Queue rotate / tempoRoteador) sends ticket.updated with the new owner, recorded in the timer's
// transaction, at a loopback receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/platform/clock.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { setupFlow, startFlowApp } from '../flow/flow-setup.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let t: TestApp;
let clock: ManualClock;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ t, clock } = await startFlowApp());
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('ticket.updated from the rotation (issue 37 point 1, 02-operations §3 tempoRoteador)', () => {
  it('the rotation handing an unaccepted ticket to the next online attendant sends ticket.updated with the new owner', async () => {
    const f = await setupFlow(t);
    const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.', ativarRoteador: true, tempoRoteador: 5 });
    await f.configureConnection({ queueIds: [sales.id] });
    const ana = await f.attendant([sales.id], { online: true });
    const bia = await f.attendant([sales.id], { online: true });
    const { ticketId } = await f.inbound('5511966669001', 'Oi');
    expect((await f.ticketOf(ticketId)).userId).toBe(ana.user.id);

    await receiver.subscribe(t, f.token, ['ticket.updated']);
    clock.advance(5 * 60_000);
    await t.app.jobs.runDue();

    expect((await f.ticketOf(ticketId)).userId).toBe(bia.user.id);
    await eventually(async () =>
      receiver
        .events('ticket.updated')
        .map((body) => (body.data as { ticket: { id: number; userId: number | null } }).ticket)
        .map((ticket) => [ticket.id, ticket.userId]),
    ).toEqual([[ticketId, bia.user.id]]);
  });
});
