import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema.ts';
import { createContact, createTag } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const setting = (token: string, column: string, data: string) => t.request('PUT', '/companySettings', { token, body: { column, data } });

describe('the connection of a ticket (01-core §5 PUT /tickets/{id})', () => {
  it('stays the one its customer wrote to: the same id is accepted, another is refused and changes nothing', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511900000009', 'oi');
    const other = await t.request('POST', '/sandbox/connections', { token: a.adminSession.token, body: { name: 'Outra' } });
    expect((await a.put(a.adminSession.token, ticketId, { whatsappId: a.connection.id, queueId: a.queues[0].id })).status).toBe(200);
    expect(await a.put(a.adminSession.token, ticketId, { whatsappId: other.body.id, priority: 'high' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.whatsappId', message: 'validation.ticketConnectionFixed' }] },
    });
    expect(await a.ticket(a.adminSession.token, ticketId)).toMatchObject({ whatsappId: a.connection.id, queueId: a.queues[0].id, priority: 'none' });
  });
});

describe('accept (01-core §4 Ticket lifecycle)', () => {
  it('needs a queue when the ticket has none and the company has queues', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511900000001', 'oi');
    const noQueue = await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id });
    expect(noQueue).toMatchObject({ status: 400, body: { error: 'ERR_QUEUE_REQUIRED' } });
    expect((await a.ticket(a.adminSession.token, ticketId)).status).toBe('pending');
  });

  it('two attendants accepting at once: exactly one wins, the other gets the conflict naming the winner', async () => {
    const a = await setupAttendance(t);
    const [queue] = a.queues;
    const one = await a.attendant([queue.id], { allTicket: 'enabled' });
    const two = await a.attendant([queue.id], { allTicket: 'enabled' });
    const { ticketId } = await a.inbound('5511900000002', 'oi');
    const answers = await Promise.all(
      [one, two].map((who) => a.put(who.session.token, ticketId, { status: 'open', userId: who.user.id, queueId: queue.id })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body;
    const loser = answers.find((answer) => answer.status === 409)!.body;
    expect(loser.code).toBe('ERR_OTHER_OPEN_TICKET');
    expect(JSON.parse(loser.error)).toMatchObject({ id: ticketId, userId: winner.userId, queue: { id: queue.id } });
    expect(await a.logTypes(ticketId)).toEqual(['create', 'open']);
  });

  it('sends greetingAcceptedMessage once, only with sendGreetingAccepted and only from pending (01-core §4 Greeting on accept)', async () => {
    const a = await setupAttendance(t);
    const [queue] = a.queues;
    const { ticketId } = await a.inbound('5511900000003', 'oi');
    await setting(a.adminSession.token, 'sendGreetingAccepted', 'enabled');
    await setting(a.adminSession.token, 'greetingAcceptedMessage', '{{ms}}, {{name}}! Sou eu quem vai te atender.');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: queue.id });
    await a.put(a.adminSession.token, ticketId, { status: 'pending', userId: null });
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: queue.id });
    const page = await t.request('GET', `/messages/${ticketId}`, { token: a.adminSession.token });
    const greetings = page.body.messages.filter((m: { fromMe: boolean }) => m.fromMe);
    expect(greetings).toHaveLength(1);
    expect(greetings[0].body).toMatch(/^(Bom dia|Boa tarde|Boa noite), Customer 0003! Sou eu/);
  });

  it('no greeting when sendGreetingAccepted is off or the message is empty', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511900000004', 'oi');
    await setting(a.adminSession.token, 'sendGreetingAccepted', 'enabled');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const page = await t.request('GET', `/messages/${ticketId}`, { token: a.adminSession.token });
    expect(page.body.messages.filter((m: { fromMe: boolean }) => m.fromMe)).toHaveLength(0);
  });
});

describe('return, resolve, ignore, reopen (01-core §4 Ticket lifecycle)', () => {
  it('return to queue: open becomes pending with the user cleared', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511900000010', 'oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const back = await a.put(a.adminSession.token, ticketId, { status: 'pending', userId: null });
    expect(back.body).toMatchObject({ status: 'pending', userId: null, queueId: a.queues[0].id });
    expect(await a.logTypes(ticketId)).toEqual(['create', 'open', 'pending']);
  });

  it('resolve with requiredTag needs a tag on the contact, else nothing changes', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511900000011', 'oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    await setting(a.adminSession.token, 'requiredTag', 'enabled');
    const refused = await a.put(a.adminSession.token, ticketId, { status: 'closed', userId: a.admin.id });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_REQUIRED_TAG' } });
    expect((await a.ticket(a.adminSession.token, ticketId)).status).toBe('open');
    const ticket = await a.ticket(a.adminSession.token, ticketId);
    const tag = await createTag(t.db, a.company.id);
    await t.request('POST', '/tags/sync', { token: a.adminSession.token, body: { contactId: ticket.contactId, tags: [{ id: tag.id }] } });
    const closed = await a.put(a.adminSession.token, ticketId, { status: 'closed', userId: a.admin.id, sendFarewellMessage: false });
    expect(closed.body.status).toBe('closed');
  });

  it('ignore: pending becomes closed without farewell, for admins or userClosePendingTicket only', async () => {
    const a = await setupAttendance(t);
    const [queue] = a.queues;
    const plain = await a.attendant([queue.id], { allTicket: 'enabled', userClosePendingTicket: 'disabled' });
    const { ticketId } = await a.inbound('5511900000012', 'oi');
    const refused = await a.put(plain.session.token, ticketId, { status: 'closed', amountUsedBotQueues: 0 });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const ignored = await a.put(a.adminSession.token, ticketId, { status: 'closed', amountUsedBotQueues: 0, sendFarewellMessage: false });
    expect(ignored.body).toMatchObject({ status: 'closed', amountUsedBotQueues: 0, userId: null });
  });

  it('reopen is refused with the conflict body while another live ticket of the contact exists', async () => {
    const a = await setupAttendance(t);
    const [queue] = a.queues;
    const { ticketId: old } = await a.inbound('5511900000013', 'primeira');
    await a.put(a.adminSession.token, old, { status: 'open', userId: a.admin.id, queueId: queue.id });
    await a.put(a.adminSession.token, old, { status: 'closed', userId: a.admin.id });
    const { ticketId: fresh } = await a.inbound('5511900000013', 'de novo');
    expect(fresh).not.toBe(old);
    const other = await a.attendant([queue.id], { allTicket: 'enabled' });
    await a.put(other.session.token, fresh, { status: 'open', userId: other.user.id, queueId: queue.id });
    const reopen = await a.put(a.adminSession.token, old, { status: 'open', userId: a.admin.id });
    expect(reopen.status).toBe(409);
    expect(JSON.parse(reopen.body.error)).toMatchObject({ id: fresh, userId: other.user.id, user: { id: other.user.id } });
    expect((await a.ticket(a.adminSession.token, old)).status).toBe('closed');
  });

  it('a transition not allowed from the current status is refused and changes nothing', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511900000014', 'oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    await a.put(a.adminSession.token, ticketId, { status: 'closed', userId: a.admin.id });
    const bad = await a.put(a.adminSession.token, ticketId, { status: 'pending' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TRANSITION' } });
    expect((await a.ticket(a.adminSession.token, ticketId)).status).toBe('closed');
  });

  it('transfer needs a queue; without a user the ticket waits in pending', async () => {
    const a = await setupAttendance(t, { queues: 2 });
    const { ticketId } = await a.inbound('5511900000015', 'oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const noQueue = await a.put(a.adminSession.token, ticketId, { isTransfered: true, userId: null });
    expect(noQueue).toMatchObject({ status: 400, body: { error: 'ERR_QUEUE_REQUIRED' } });
    const moved = await a.put(a.adminSession.token, ticketId, { isTransfered: true, userId: null, queueId: a.queues[1].id, status: 'pending' });
    expect(moved.body).toMatchObject({ status: 'pending', userId: null, queueId: a.queues[1].id, isTransfered: true });
  });

  it('useIntegration toggles per ticket', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511900000016', 'oi');
    const toggled = await a.put(a.adminSession.token, ticketId, { useIntegration: true });
    expect(toggled.body).toMatchObject({ useIntegration: true, status: 'pending' });
  });
});

describe('new ticket, delete, close all (01-core §4, §7)', () => {
  it('POST /tickets opens for the current user; a second one for the contact answers the conflict JSON', async () => {
    const a = await setupAttendance(t);
    const contact = await createContact(t.db, a.company.id);
    const created = await t.request('POST', '/tickets', {
      token: a.adminSession.token,
      body: { contactId: contact.id, queueId: a.queues[0].id, whatsappId: a.connection.id, userId: 999, companyId: 999, status: 'open' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'open', userId: a.admin.id, companyId: a.company.id, whatsappId: a.connection.id });
    const again = await t.request('POST', '/tickets', {
      token: a.adminSession.token,
      body: { contactId: contact.id, queueId: a.queues[0].id, whatsappId: a.connection.id },
    });
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body.error)).toMatchObject({ id: created.body.id, uuid: created.body.uuid, userId: a.admin.id });
  });

  it('the database refuses a second live ticket for one contact and connection', async () => {
    const a = await setupAttendance(t);
    const contact = await createContact(t.db, a.company.id);
    const row = { companyId: a.company.id, contactId: contact.id, whatsappId: a.connection.id, status: 'pending' as const };
    await t.db.insert(tickets).values(row);
    await expect(t.db.insert(tickets).values({ ...row, status: 'open' })).rejects.toThrow();
  });

  it("delete: refused while closed ('PARA DELETAR REABRA O TICKET'), only with deleteTicket", async () => {
    const a = await setupAttendance(t);
    const [queue] = a.queues;
    const user = await a.attendant([queue.id], { allTicket: 'enabled' });
    const { ticketId } = await a.inbound('5511900000020', 'oi');
    expect((await t.request('DELETE', `/tickets/${ticketId}`, { token: user.session.token })).status).toBe(403);
    await a.put(a.adminSession.token, ticketId, { status: 'closed' });
    expect(await t.request('DELETE', `/tickets/${ticketId}`, { token: a.adminSession.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_DELETE_CLOSED_TICKET' },
    });
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: queue.id });
    expect((await t.request('DELETE', `/tickets/${ticketId}`, { token: a.adminSession.token })).status).toBe(204);
    expect((await t.request('GET', `/tickets/${ticketId}`, { token: a.adminSession.token })).status).toBe(404);
  });

  it('close all closes the tickets of a status in the chosen queues (admin only)', async () => {
    const a = await setupAttendance(t, { queues: 2 });
    const [q1, q2] = a.queues;
    const one = await a.inbound('5511900000030', 'oi');
    const two = await a.inbound('5511900000031', 'oi');
    await a.put(a.adminSession.token, one.ticketId, { status: 'open', userId: a.admin.id, queueId: q1.id });
    await a.put(a.adminSession.token, two.ticketId, { status: 'open', userId: a.admin.id, queueId: q2.id });
    const user = await a.attendant([q1.id]);
    expect((await t.request('POST', '/tickets/closeAll', { token: user.session.token, body: { status: 'open', selectedQueueIds: [q1.id] } })).status).toBe(403);
    const closed = await t.request('POST', '/tickets/closeAll', { token: a.adminSession.token, body: { status: 'open', selectedQueueIds: [q1.id] } });
    expect(closed.body).toEqual({ closed: 1 });
    expect((await a.ticket(a.adminSession.token, one.ticketId)).status).toBe('closed');
    expect((await a.ticket(a.adminSession.token, two.ticketId)).status).toBe('open');
  });
});
