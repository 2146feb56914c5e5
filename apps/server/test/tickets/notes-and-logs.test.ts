import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTag } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('ticket notes (01-core §3 Ticket note, §5, §7)', () => {
  it('adds, lists by ticket and contact, and deletes notes; a note needs at least 2 characters', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511944440000', 'oi');
    const ticket = await a.ticket(a.adminSession.token, ticketId);
    const token = a.adminSession.token;
    const short = await t.request('POST', '/ticket-notes', { token, body: { note: 'x', ticketId, contactId: ticket.contactId } });
    expect(short.body.fields).toEqual([{ path: 'body.note', message: 'validation.tooShort' }]);
    const added = await t.request('POST', '/ticket-notes', { token, body: { note: 'Cliente VIP', ticketId, contactId: ticket.contactId } });
    expect(added.body).toMatchObject({ note: 'Cliente VIP', user: { id: a.admin.id } });
    const list = await t.request('GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${ticket.contactId}`, { token });
    expect(list.body.map((note: { note: string }) => note.note)).toEqual(['Cliente VIP']);
    expect((await t.request('DELETE', `/ticket-notes/${added.body.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${ticket.contactId}`, { token })).body).toEqual([]);
  });

  it("another company's notes and tickets are not found", async () => {
    const a = await setupAttendance(t);
    const b = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511944440001', 'oi');
    const ticket = await a.ticket(a.adminSession.token, ticketId);
    const note = await t.request('POST', '/ticket-notes', {
      token: a.adminSession.token,
      body: { note: 'segredo', ticketId, contactId: ticket.contactId },
    });
    const bt = b.adminSession.token;
    expect((await t.request('POST', '/ticket-notes', { token: bt, body: { note: 'intruso', ticketId, contactId: ticket.contactId } })).status).toBe(404);
    expect((await t.request('GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${ticket.contactId}`, { token: bt })).status).toBe(404);
    expect((await t.request('DELETE', `/ticket-notes/${note.body.id}`, { token: bt })).status).toBe(404);
  });
});

describe('ticket log and kanban tags (01-core §3 Ticket log entry, §7)', () => {
  it('logs access when a ticket is opened by uuid, with user and queue', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511944440002', 'oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const ticket = await a.ticket(a.adminSession.token, ticketId);
    expect((await t.request('GET', `/tickets/u/${ticket.uuid}`, { token: a.adminSession.token })).body.id).toBe(ticketId);
    const log = await t.request('GET', `/tickets-log/${ticketId}`, { token: a.adminSession.token });
    expect(log.body.map((entry: { type: string }) => entry.type)).toEqual(['create', 'open', 'access']);
    expect(log.body[1]).toMatchObject({ user: { id: a.admin.id }, queue: { id: a.queues[0].id } });
  });

  it('PUT /ticket-tags sets a kanban stage; DELETE clears the kanban tags', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511944440003', 'oi');
    const lane = await createTag(t.db, a.company.id, { kanban: 1 });
    const token = a.adminSession.token;
    const tagged = await t.request('PUT', `/ticket-tags/${ticketId}/${lane.id}`, { token });
    expect(tagged.body.tags).toEqual([{ id: lane.id, name: lane.name, color: lane.color, kanban: 1 }]);
    expect((await t.request('DELETE', `/ticket-tags/${ticketId}`, { token })).status).toBe(204);
    expect((await a.ticket(token, ticketId)).tags).toEqual([]);
  });
});
