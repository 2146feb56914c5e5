// Blocking a contact blocks (issue 35 point 2; 01-core §4 Contacts, active false means blocked):
// through the sandbox channel over HTTP, a blocked contact's message opens no ticket and gets no
// greeting, one sent while its ticket is live is stored there unanswered, and unblocking restores
// the normal flow (docs/tickets.md "Blocked contacts").
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { setupFlow, startFlowApp } from '../flow/flow-setup.ts';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  ({ t, clock } = await startFlowApp());
});
afterAll(() => t?.close());

const MENU = 'Olá! Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas';

const setup = async () => {
  const f = await setupFlow(t);
  const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.' });
  const support = await f.queue({ name: 'Suporte', greetingMessage: 'Suporte.' });
  await f.configureConnection({ greetingMessage: 'Olá! Escolha:', queueIds: [sales.id, support.id] });
  const contact = async (number: string) => {
    const created = await t.request('POST', '/contacts', { token: f.token, body: { name: `Cliente ${number.slice(-4)}`, number } });
    expect(created.status).toBe(201);
    return created.body as { id: number };
  };
  const block = async (contactId: number, active: boolean) => {
    const answer = await t.request('PUT', `/contacts/block/${contactId}`, { token: f.token, body: { active } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: contactId, active });
  };
  const sandboxSend = (from: string, body: string) =>
    t.request('POST', `/sandbox/${f.connection.id}/messages`, { token: f.token, body: { from, name: 'Cliente', body } });
  const ticketsOf = (contactId: number) => t.db.select().from(tickets).where(and(eq(tickets.companyId, f.company.id), eq(tickets.contactId, contactId)));
  return { f, contact, block, sandboxSend, ticketsOf };
};

describe('a blocked contact (issue 35 point 2, 01-core §4 Contacts)', () => {
  it('opens no ticket and gets no greeting while blocked; unblocked, the next message gets the normal flow', async () => {
    const { f, contact, block, sandboxSend, ticketsOf } = await setup();
    const blockedNumber = '5511966610001';
    const blocked = await contact(blockedNumber);
    await block(blocked.id, false);

    const dropped = await sandboxSend(blockedNumber, 'Oi, ainda estou aqui?');
    expect(dropped.status).toBe(202);
    expect(dropped.body).toMatchObject({ messageId: null, ticketId: null, contactId: blocked.id, blocked: true });

    // a marker: another customer's greeting, written after the blocked message was handled
    const other = await f.inbound('5511966610002', 'Oi');
    await f.botSaid(other.ticketId, [MENU]);
    expect(await ticketsOf(blocked.id)).toEqual([]);
    const sent = (await t.request('GET', `/sandbox/${f.connection.id}/outbox`, { token: f.token })).body as { ticketId: number }[];
    expect(sent.map((message) => message.ticketId)).toEqual([other.ticketId]);
    const waiting = (await t.request('GET', '/tickets?status=pending&showAll=true', { token: f.token })).body.tickets as { contactId: number }[];
    expect(waiting.map((ticket) => ticket.contactId)).not.toContain(blocked.id);

    await block(blocked.id, true);
    clock.advance(60_000);
    const again = await sandboxSend(blockedNumber, 'Oi');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ contactId: blocked.id, blocked: false });
    await f.botSaid(again.body.ticketId, [MENU]);
    expect(await f.ticketOf(again.body.ticketId)).toMatchObject({ status: 'pending', contactId: blocked.id });
  });

  it('blocked during a conversation: its messages are stored on the live ticket, and nothing answers them', async () => {
    const { f, block, sandboxSend } = await setup();
    const number = '5511966620001';
    const first = await f.inbound(number, 'Oi');
    await f.botSaid(first.ticketId, [MENU]);
    await block(first.contactId as number, false);

    // an invalid option would have the bot send the menu again; blocked, nothing answers
    const later = await sandboxSend(number, 'quero falar com alguém');
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ ticketId: first.ticketId, blocked: true });
    const marker = await f.inbound('5511966620002', 'Oi');
    await f.botSaid(marker.ticketId, [MENU]);
    await f.botSaid(first.ticketId, [MENU]);
    const stored = (await t.request('GET', `/messages/${first.ticketId}`, { token: f.token })).body.messages as { body: string; fromMe: boolean }[];
    expect(stored.filter((message) => !message.fromMe).map((message) => message.body)).toEqual(['Oi', 'quero falar com alguém']);
  });
});
