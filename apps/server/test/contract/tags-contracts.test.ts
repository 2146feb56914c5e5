// Issue 36 point 1: the tags and kanban calls answer what their contracts in packages/shared say.
import { kanbanEndpoints } from '@atende/shared/kanban';
import { tagsEndpoints as endpoints } from '@atende/shared/tags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('tags contracts (01-core §7 tags, 02-operations §7 Tags and kanban)', () => {
  it('each call answers what its endpoint schema says', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    const created = await t.request('POST', '/tags', { token, body: { name: 'Proposta', kanban: 1, timeLane: 2 } });
    expect(created.status).toBe(201);
    const lane = endpoints.create.response.parse(created.body);
    expect(lane).toMatchObject({ name: 'Proposta', kanban: 1, timeLane: 2, nextLaneId: null, ticketTags: 0, contacts: 0 });
    const contact = await createContact(t.db, a.company.id, { name: 'Ana Souza', tagIds: [lane.id] });

    const updated = endpoints.update.response.parse((await t.request('PUT', `/tags/${lane.id}`, { token, body: { greetingMessageLane: 'Olá' } })).body);
    expect(updated).toMatchObject({ id: lane.id, greetingMessageLane: 'Olá', contacts: 1 });
    const detail = endpoints.show.response.parse((await t.request('GET', `/tags/${lane.id}`, { token })).body);
    expect(detail.contacts.map((entry) => entry.id)).toEqual([contact.id]);
    expect(endpoints.list.response.parse((await t.request('GET', '/tags/list?kanban=1', { token })).body)).toEqual([{ id: lane.id, name: 'Proposta', color: lane.color, kanban: 1 }]);
    const page = endpoints.search.response.parse((await t.request('GET', '/tags?searchParam=prop', { token })).body);
    expect(page).toMatchObject({ count: 1, hasMore: false, tags: [{ id: lane.id }] });

    expect((await t.request('DELETE', `/tags-contacts/${lane.id}/${contact.id}`, { token })).status).toBe(204);
    expect((await t.request('DELETE', `/tags/${lane.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/tags/${lane.id}`, { token })).body).toEqual({ error: 'ERR_NOT_FOUND' });
  });
});

describe('kanban contracts (02-operations §7 Tags and kanban, 01-core §7 ticket-tags)', () => {
  it('each call answers what its endpoint schema says', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    const [queue] = a.queues;
    await t.request('PUT', `/users/${a.admin.id}`, { token, body: { name: a.admin.name, email: a.admin.email, queueIds: [queue.id] } });
    const { ticketId } = await a.inbound('5511977770001', 'quero um orçamento');
    await a.put(token, ticketId, { status: 'open', userId: a.admin.id, queueId: queue.id });
    const first = (await t.request('POST', '/tags', { token, body: { name: 'Lead', kanban: 1 } })).body as { id: number };
    const second = (await t.request('POST', '/tags', { token, body: { name: 'Proposta', kanban: 1 } })).body as { id: number };

    const lanes = kanbanEndpoints.lanes.response.parse((await t.request('GET', '/tag/kanban', { token })).body);
    expect(lanes.lista.map((lane) => lane.id)).toEqual([first.id, second.id]);
    const reordered = kanbanEndpoints.reorderLanes.response.parse((await t.request('PUT', '/tag/kanban/order', { token, body: { laneIds: [second.id, first.id] } })).body);
    expect(reordered.lista.map((lane) => lane.id)).toEqual([second.id, first.id]);
    const moved = kanbanEndpoints.moveToLane.response.parse((await t.request('PUT', `/ticket-tags/${ticketId}/${second.id}`, { token })).body);
    expect(moved.tags.map((tag) => tag.id)).toEqual([second.id]);
    const cards = kanbanEndpoints.tickets.response.parse((await t.request('GET', `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([queue.id]))}`, { token })).body);
    expect(cards.tickets).toEqual([expect.objectContaining({ id: ticketId, contact: expect.objectContaining({ extraInfo: [] }) })]);
    expect((await t.request('DELETE', `/ticket-tags/${ticketId}`, { token })).status).toBe(204);
    expect((await t.request('DELETE', '/ticket-tags/999999', { token })).body).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
  });
});
