// Issue 36 point 1: the ticket-notes calls answer what their contracts in packages/shared say.
import { ticketNotesEndpoints } from '@atende/shared/tickets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('ticket-notes contracts (01-core §7 ticket-notes calls)', () => {
  it('adds, lists and removes a note, each answer parsed by its endpoint schema', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    const { ticketId, contactId } = await a.inbound('5511944449000', 'oi');
    const created = await t.request('POST', '/ticket-notes', { token, body: { note: 'Cliente VIP', ticketId, contactId } });
    expect(created.status).toBe(201);
    const note = ticketNotesEndpoints.create.response.parse(created.body);
    expect(note).toMatchObject({ note: 'Cliente VIP', user: { id: a.admin.id } });
    const list = await t.request('GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`, { token });
    expect(ticketNotesEndpoints.list.response.parse(list.body).map((entry) => entry.id)).toEqual([note.id]);
    const removed = await t.request('DELETE', `/ticket-notes/${note.id}`, { token });
    expect(removed.status).toBe(204);
    expect((await t.request('DELETE', `/ticket-notes/${note.id}`, { token })).body).toEqual({ error: 'ERR_NO_NOTE_FOUND' });
  });
});
