import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTag } from '../factories/contact.factory.ts';
import { connectSocket, recordEvents, setupAttendance } from '../helpers/attendance.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('kanban stage of a ticket (01-core §2 Contact drawer, §7 ticket-tags)', () => {
  it('moving between lanes is DELETE then PUT: other tags stay, the new lane replaces the old, and each change goes out live', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    const { ticketId } = await a.inbound('5511944450001', 'oi');
    const lead = await createTag(t.db, a.company.id, { name: 'Lead', kanban: 1 });
    const proposal = await createTag(t.db, a.company.id, { name: 'Proposta', kanban: 1 });
    const plain = await createTag(t.db, a.company.id, { name: 'Comum', kanban: 0 });
    const tagIds = async () => ((await a.ticket(token, ticketId)).tags as { id: number }[]).map((tag) => tag.id).sort((x, y) => x - y);
    const socket = await connectSocket(t, token);
    const seen = recordEvents(socket);

    expect((await t.request('PUT', `/ticket-tags/${ticketId}/${plain.id}`, { token })).status).toBe(200);
    expect((await t.request('PUT', `/ticket-tags/${ticketId}/${lead.id}`, { token })).status).toBe(200);
    expect(await tagIds()).toEqual([lead.id, plain.id]);

    expect((await t.request('DELETE', `/ticket-tags/${ticketId}`, { token })).status).toBe(204);
    const moved = await t.request('PUT', `/ticket-tags/${ticketId}/${proposal.id}`, { token });
    expect(moved.body.tags.map((tag: { id: number }) => tag.id).sort((x: number, y: number) => x - y)).toEqual([proposal.id, plain.id]);
    expect(await tagIds()).toEqual([proposal.id, plain.id]);

    expect((await t.request('DELETE', `/ticket-tags/${ticketId}`, { token })).status).toBe(204);
    expect(await tagIds()).toEqual([plain.id]);

    await awaitMarker(t, { socket, token, user: a.admin });
    const updates = seen.filter((event) => event.channel === `company-${a.company.id}-ticket` && event.payload.action === 'update' && event.payload.ticket?.id === ticketId);
    expect(updates.at(-1)?.payload.ticket.tags.map((tag: { id: number }) => tag.id)).toEqual([plain.id]);
    expect(updates.some((event) => event.payload.ticket.tags.some((tag: { id: number }) => tag.id === proposal.id))).toBe(true);
    socket.close();
  });

  it("another company's tag or an unknown tag answers not found and changes nothing", async () => {
    const a = await setupAttendance(t);
    const other = await setupAttendance(t);
    const token = a.adminSession.token;
    const { ticketId } = await a.inbound('5511944450002', 'oi');
    const lead = await createTag(t.db, a.company.id, { kanban: 1 });
    await t.request('PUT', `/ticket-tags/${ticketId}/${lead.id}`, { token });
    const foreign = await createTag(t.db, other.company.id, { kanban: 1 });
    expect((await t.request('PUT', `/ticket-tags/${ticketId}/${foreign.id}`, { token })).status).toBe(404);
    expect((await t.request('PUT', `/ticket-tags/${ticketId}/999999`, { token })).status).toBe(404);
    expect(((await a.ticket(token, ticketId)).tags as { id: number }[]).map((tag) => tag.id)).toEqual([lead.id]);
  });
});
