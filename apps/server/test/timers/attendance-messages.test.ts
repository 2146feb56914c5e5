import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { attendanceWithTimers, startClockedApp } from './support.ts';

let t: TestApp;
let clock: Awaited<ReturnType<typeof startClockedApp>>['clock'];
beforeAll(async () => {
  ({ t, clock } = await startClockedApp());
});
afterAll(() => t?.close());

// A ticket Ana holds in the first of two queues, and Bia, who works the second.
const heldByAna = async (customer: string) => {
  const a = await attendanceWithTimers(t, clock, 2);
  const [sales, support] = a.queues;
  const ana = await a.attendant([sales.id], { name: 'Ana', allTicket: 'enabled' });
  const bia = await a.attendant([support.id], { name: 'Bia' });
  const { ticketId } = await a.inbound(customer, 'Oi');
  await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: sales.id });
  return { a, ana, bia, sales, support, ticketId };
};

describe('messages around the attendance (03-saas §3 company settings; 01-core §4 Ticket lifecycle)', () => {
  it('sendMsgTransfTicket tells the customer where the ticket went, with the transferMessage placeholders', async () => {
    const { a, ana, bia, support, ticketId } = await heldByAna('5511944440001');
    await a.setSetting('sendMsgTransfTicket', 'enabled');
    await a.setSetting('transferMessage', '{{name}}, você foi transferido para {{queue}} ({{user}}).');
    const moved = await a.put(ana.session.token, ticketId, {
      status: 'open',
      userId: bia.user.id,
      queueId: support.id,
      isTransfered: true,
      msgTransfer: 'nota interna',
    });
    expect(moved.body).toMatchObject({ id: ticketId, userId: bia.user.id, queueId: support.id });
    const notice = `Customer 0001, você foi transferido para ${support.name} (Bia).`;
    expect((await a.conversation(ticketId)).slice(-2)).toEqual([
      ['nota interna', true],
      [notice, true],
    ]);
    await expect.poll(a.sentToCustomer).toContain(notice);
    expect(await a.sentToCustomer()).not.toContain('nota interna');
  });

  it('with sendMsgTransfTicket off nothing is sent on a transfer', async () => {
    const { a, ana, support, ticketId } = await heldByAna('5511944440002');
    await a.put(ana.session.token, ticketId, { status: 'pending', userId: null, queueId: support.id, isTransfered: true });
    expect(await a.conversation(ticketId)).toEqual([['Oi', false]]);
  });

  it('closeTicketOnTransfer closes the ticket and opens a new one in the target queue', async () => {
    const { a, ana, bia, support, ticketId } = await heldByAna('5511944440003');
    await a.setSetting('closeTicketOnTransfer', 'enabled');
    const moved = await a.put(ana.session.token, ticketId, { status: 'open', userId: bia.user.id, queueId: support.id, isTransfered: true });
    expect(moved.status).toBe(200);
    expect(moved.body.id).not.toBe(ticketId);
    expect(moved.body).toMatchObject({ status: 'open', userId: bia.user.id, queueId: support.id, isTransfered: true });
    expect((await a.ticket(a.adminSession.token, ticketId)).status).toBe('closed');
    expect(await a.logTypes(ticketId)).toEqual(['create', 'open', 'transfered', 'closed']);
    expect(await a.logTypes(moved.body.id)).toEqual(['create', 'receivedTransfer']);
    // the customer's next message lands on the new ticket
    expect((await a.inbound('5511944440003', 'E agora?')).ticketId).toBe(moved.body.id);
  });

  it('sendFarewellWaitingTicket sends the completion message when a waiting ticket is closed', async () => {
    const a = await attendanceWithTimers(t, clock);
    await a.setConnection({ complationMessage: 'Encerramos seu pedido, {{name}}.' });
    const { ticketId } = await a.inbound('5511944440004', 'Oi');
    await a.put(a.adminSession.token, ticketId, { status: 'closed' });
    expect(await a.conversation(ticketId)).toEqual([['Oi', false]]);

    await a.setSetting('sendFarewellWaitingTicket', 'enabled');
    const again = await a.inbound('5511944440004', 'Oi de novo');
    await a.put(a.adminSession.token, again.ticketId, { status: 'closed' });
    expect(await a.conversation(again.ticketId)).toEqual([
      ['Oi de novo', false],
      ['Encerramos seu pedido, Customer 0004.', true],
    ]);
  });

  it("closing with the farewell sends the connection's completion message when the attendant has no farewell of their own", async () => {
    const { a, ana, ticketId } = await heldByAna('5511944440005');
    await a.setConnection({ complationMessage: 'Até logo, {{firstName}}!' });
    await a.put(ana.session.token, ticketId, { status: 'closed', userId: ana.user.id, sendFarewellMessage: true });
    expect((await a.conversation(ticketId)).at(-1)).toEqual(['Até logo, Customer!', true]);
  });

  it('audio from a contact who is not accepted gets an automatic answer; the company setting is what new contacts start with', async () => {
    const a = await attendanceWithTimers(t, clock);
    const voice = (from: string) =>
      t.request('POST', `/sandbox/${a.connection.id}/messages`, {
        token: a.adminSession.token,
        body: { from, name: 'Voz', body: '', mediaType: 'audio' },
      });
    const accepted = await voice('5511944440006');
    expect(accepted.status).toBe(201);
    expect(await a.conversation(accepted.body.ticketId)).toEqual([['', false]]);

    await a.setSetting('acceptAudioMessageContact', 'disabled');
    const refused = await voice('5511944440007');
    const conversation = await a.conversation(refused.body.ticketId);
    expect(conversation).toHaveLength(2);
    expect(conversation[1][1]).toBe(true);
    expect(conversation[1][0]).toMatch(/áudio/);
    // the contact created before the change keeps accepting; the toggle turns a contact around
    expect(await a.conversation((await voice('5511944440006')).body.ticketId)).toHaveLength(2);
    const contactId = (await a.ticket(a.adminSession.token, refused.body.ticketId)).contactId;
    const toggled = await t.request('PUT', `/contacts/toggleAcceptAudio/${contactId}`, { token: a.adminSession.token });
    expect(toggled.body.acceptAudioMessage).toBe(true);
    await voice('5511944440007');
    expect(await a.conversation(refused.body.ticketId)).toHaveLength(3);
  });

  it("sendSignMessage: an attendant who asks to sign gets '*Name*:' before the text, only while the company allows it", async () => {
    const { a, ana, ticketId } = await heldByAna('5511944440008');
    const say = (body: string, extra: Record<string, unknown> = {}) =>
      t.request('POST', `/messages/${ticketId}`, { token: ana.session.token, body: { body, signMessage: true, ...extra } });
    expect((await say('Olá')).body[0].body).toBe('*Ana*:\nOlá');
    expect((await say('nota', { isPrivate: true })).body[0].body).toBe('nota');
    await a.setSetting('sendSignMessage', 'disabled');
    expect((await say('Sem assinatura')).body[0].body).toBe('Sem assinatura');
    await expect.poll(a.sentToCustomer).toContain('*Ana*:\nOlá');
  });
});
