// Issue 36 point 1: the tags calls answer what their contracts in packages/shared say.
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
