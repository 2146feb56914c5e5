// Issue 36 point 1: the tickets and messages calls answer what their contracts in packages/shared say.
import { messagesEndpoints } from '@atende/shared/messages';
import { ticketsEndpoints } from '@atende/shared/tickets';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('tickets contracts (01-core §7 tickets calls)', () => {
  it('each call answers what its endpoint schema says', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    const { ticketId } = await a.inbound('5511944449100', 'oi');
    const contact = await createContact(t.db, a.company.id);

    const created = await t.request('POST', '/tickets', { token, body: { contactId: contact.id, queueId: a.queues[0].id, whatsappId: a.connection.id } });
    expect(created.status).toBe(201);
    const opened = ticketsEndpoints.create.response.parse(created.body);
    expect(opened).toMatchObject({ status: 'open', userId: a.admin.id, contactId: contact.id });
    const shown = ticketsEndpoints.show.response.parse((await t.request('GET', `/tickets/${ticketId}`, { token })).body);
    expect(ticketsEndpoints.showByUuid.response.parse((await t.request('GET', `/tickets/u/${shown.uuid}`, { token })).body).id).toBe(ticketId);
    const accepted = await t.request('PUT', `/tickets/${ticketId}`, { token, body: { status: 'open', userId: a.admin.id, queueId: a.queues[0].id } });
    expect(ticketsEndpoints.update.response.parse(accepted.body)).toMatchObject({ status: 'open', user: { id: a.admin.id }, queue: { id: a.queues[0].id } });
    const page = ticketsEndpoints.list.response.parse((await t.request('GET', '/tickets?status=open&showAll=true', { token })).body);
    expect(page.tickets.map((ticket) => ticket.id).sort()).toEqual([ticketId, opened.id].sort());
    expect(ticketsEndpoints.logs.response.parse((await t.request('GET', `/tickets-log/${ticketId}`, { token })).body).map((entry) => entry.type)).toContain('open');
    expect((await t.request('DELETE', `/tickets/${opened.id}`, { token })).status).toBe(204);
    const closed = await t.request('POST', '/tickets/closeAll', { token, body: { status: 'open', selectedQueueIds: [] } });
    expect(ticketsEndpoints.closeAll.response.parse(closed.body)).toEqual({ closed: 1 });
    expect((await t.request('GET', `/tickets/${opened.id}`, { token })).body).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
  });
});

describe('messages contracts (01-core §7 messages calls)', () => {
  it('each call answers what its endpoint schema says, a JSON send and a multipart one alike', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    const { ticketId } = await a.inbound('5511944449200', 'oi');
    await a.put(token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });

    const sent = await t.request('POST', `/messages/${ticketId}`, { token, body: { body: 'olá', read: true, fromMe: true } });
    expect(sent.status).toBe(201);
    const [message] = messagesEndpoints.send.response.parse(sent.body);
    expect(message).toMatchObject({ body: 'olá', fromMe: true, ticketId });
    const form = new FormData();
    form.append('body', 'a foto');
    form.append('medias', new Blob([new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } }).png().toBuffer())]), 'foto.png');
    const uploaded = await t.request('POST', `/messages/${ticketId}`, { token, rawBody: form });
    expect(uploaded.status).toBe(201);
    expect(messagesEndpoints.send.response.parse(uploaded.body).map((entry) => entry.mediaType)).toEqual(['image']);

    const page = messagesEndpoints.list.response.parse((await t.request('GET', `/messages/${ticketId}?pageNumber=1`, { token })).body);
    expect(page.ticket.id).toBe(ticketId);
    expect(page.messages.map((entry) => entry.body)).toContain('olá');
    const edited = await t.request('POST', `/messages/edit/${message.id}`, { token, body: { body: 'olá!' } });
    expect(messagesEndpoints.edit.response.parse(edited.body)).toMatchObject({ body: 'olá!', isEdited: true });
    const contact = await createContact(t.db, a.company.id);
    const forwarded = await t.request('POST', '/message/forward', { token, body: { messageId: message.id, contactId: contact.id } });
    expect(messagesEndpoints.forward.response.parse(forwarded.body)).toMatchObject({ isForwarded: true });
    const removed = await t.request('DELETE', `/messages/${message.id}`, { token });
    expect(messagesEndpoints.remove.response.parse(removed.body)).toMatchObject({ id: message.id, isDeleted: true });
    const counted = messagesEndpoints.countAll.response.parse((await t.request('GET', '/messages-allMe?fromMe=true', { token })).body);
    expect(counted.count[0].count).toBeGreaterThan(0);
  });
});
