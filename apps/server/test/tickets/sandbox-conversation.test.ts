import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('a whole sandbox conversation (01-core §4 Ticket lifecycle, Messages)', () => {
  it('inbound, accept, reply, transfer, resolve with farewell, reopen', async () => {
    const a = await setupAttendance(t, { queues: 2 });
    const [sales, support] = a.queues;
    // no bot has chosen a queue yet, so only users with allTicket see the new ticket (01-core §6)
    const ana = await a.attendant([sales.id], { allTicket: 'enabled' });
    const bia = await a.attendant([support.id]);

    // a customer writes: a pending ticket without owner, one unread message
    const first = await a.inbound('+55 (11) 98888-7777', 'Olá, preciso de ajuda');
    const ticket = await a.ticket(a.adminSession.token, first.ticketId);
    expect(ticket).toMatchObject({ status: 'pending', userId: null, unreadMessages: 1, lastMessage: 'Olá, preciso de ajuda' });
    expect(ticket.contact.number).toBe('5511988887777');

    // Ana accepts into her queue and answers
    const accepted = await a.put(ana.session.token, first.ticketId, { status: 'open', userId: ana.user.id, queueId: sales.id });
    expect(accepted.body).toMatchObject({ status: 'open', userId: ana.user.id, queueId: sales.id });
    const reply = await t.request('POST', `/messages/${first.ticketId}`, { token: ana.session.token, body: { body: 'Claro! Como posso ajudar?' } });
    expect(reply.status).toBe(201);
    await expect
      .poll(async () => (await t.request('GET', `/sandbox/${a.connection.id}/outbox`, { token: a.adminSession.token })).body.map((m: { body: string }) => m.body))
      .toContain('Claro! Como posso ajudar?');

    // transfer to Bia in the support queue with a private note
    const transferred = await a.put(ana.session.token, first.ticketId, {
      userId: bia.user.id,
      queueId: support.id,
      status: 'open',
      isTransfered: true,
      msgTransfer: 'Cliente quer suporte técnico',
    });
    expect(transferred.body).toMatchObject({ status: 'open', userId: bia.user.id, queueId: support.id, isTransfered: true });

    // Bia resolves with the farewell: the message of the user who closes is sent
    const bob = await t.request('PUT', `/users/${bia.user.id}`, {
      token: a.adminSession.token,
      body: { name: bia.user.name, email: bia.user.email, farewellMessage: 'Tchau, {{name}}!' },
    });
    expect(bob.status).toBe(200);
    const resolved = await a.put(bia.session.token, first.ticketId, { status: 'closed', userId: bia.user.id, sendFarewellMessage: true });
    expect(resolved.body.status).toBe('closed');
    const messages = await t.request('GET', `/messages/${first.ticketId}`, { token: a.adminSession.token });
    const bodies = messages.body.messages.map((m: { body: string; isPrivate: boolean }) => [m.body, m.isPrivate]);
    expect(bodies).toEqual([
      ['Olá, preciso de ajuda', false],
      ['Claro! Como posso ajudar?', false],
      ['Cliente quer suporte técnico', true],
      ['Tchau, Customer 7777!', false],
    ]);

    // Ana no longer sees the closed ticket of another queue; Bia reopens it
    expect((await a.put(ana.session.token, first.ticketId, { status: 'open', userId: ana.user.id })).status).toBe(404);
    const reopened = await a.put(bia.session.token, first.ticketId, { status: 'open', userId: bia.user.id });
    expect(reopened.body).toMatchObject({ status: 'open', userId: bia.user.id, queueId: support.id });

    expect(await a.logTypes(first.ticketId)).toEqual(['create', 'open', 'transfered', 'receivedTransfer', 'closed', 'reopen']);
    // the private note was never handed to the channel
    const outbox = await t.request('GET', `/sandbox/${a.connection.id}/outbox`, { token: a.adminSession.token });
    expect(outbox.body.map((m: { body: string }) => m.body)).not.toContain('Cliente quer suporte técnico');
  });
});
