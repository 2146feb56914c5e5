import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, tickets } from '../../src/db/schema.ts';
import { createTag } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

// Two queues; Ana works the first only. Three customers wait: two in Ana's queue, one in the other.
const board = async () => {
  const a = await setupAttendance(t, { queues: 2 });
  const token = a.adminSession.token;
  const [sales, support] = a.queues;
  const ana = await a.attendant([sales.id], { name: 'Ana', allTicket: 'enabled' });
  const first = (await a.inbound('5511933330001', 'primeira conversa')).ticketId;
  const second = (await a.inbound('5511933330002', 'segunda conversa')).ticketId;
  const elsewhere = (await a.inbound('5511933330003', 'outra fila')).ticketId;
  for (const ticketId of [first, second]) await a.put(token, ticketId, { status: 'open', userId: ana.user.id, queueId: sales.id });
  await a.put(token, elsewhere, { status: 'pending', userId: null, queueId: support.id });
  const lead = await createTag(t.db, a.company.id, { name: 'Lead', kanban: 1, color: '#00AA00' });
  const proposal = await createTag(t.db, a.company.id, { name: 'Proposta', kanban: 1 });
  await createTag(t.db, a.company.id, { name: 'Comum', kanban: 0 });
  return { a, token, ana, sales, support, first, second, elsewhere, lead, proposal };
};

const ids = (answer: { body: { tickets: { id: number }[] } }) => answer.body.tickets.map((ticket) => ticket.id);

describe('kanban board (02-operations §2 /Kanban, §7 Tags and kanban)', () => {
  it('GET /tag/kanban answers the kanban tags as lista, with their lane fields and ticket counts', async () => {
    const s = await board();
    await t.request('PUT', `/ticket-tags/${s.first}/${s.lead.id}`, { token: s.token });
    const answer = await t.request('GET', '/tag/kanban/', { token: s.token });
    expect(answer.status).toBe(200);
    expect(answer.body.lista).toEqual([
      expect.objectContaining({ id: s.lead.id, name: 'Lead', color: '#00AA00', kanban: 1, timeLane: 0, nextLaneId: null, ticketTags: 1 }),
      expect.objectContaining({ id: s.proposal.id, name: 'Proposta', ticketTags: 0 }),
    ]);
  });

  it("GET /ticket/kanban answers only the user's queues' open and pending tickets, with tags, user and the contact's extra info", async () => {
    const s = await board();
    await t.request('PUT', `/ticket-tags/${s.second}/${s.proposal.id}`, { token: s.token });
    const ticket = await s.a.ticket(s.token, s.second);
    await t.request('PUT', `/contacts/${ticket.contactId}`, {
      token: s.token,
      body: { name: ticket.contact.name, number: ticket.contact.number, extraInfo: [{ name: 'valor', value: '1500.50' }] },
    });

    const mine = await t.request('GET', `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([s.sales.id, s.support.id]))}`, { token: s.ana.session.token });
    expect(mine.status).toBe(200);
    // Ana asked for both queues but works only sales (02-operations §6)
    expect(ids(mine)).toEqual([s.first, s.second]);
    expect(mine.body.tickets[1]).toMatchObject({
      id: s.second,
      uuid: ticket.uuid,
      unreadMessages: expect.any(Number),
      lastMessage: 'segunda conversa',
      user: { name: 'Ana' },
      tags: [{ id: s.proposal.id }],
      contact: { id: ticket.contactId, extraInfo: [{ name: 'valor', value: '1500.50' }] },
    });

    // the admin works no queue: an empty board, whatever it asks for
    expect(ids(await t.request('GET', `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([s.sales.id]))}`, { token: s.token }))).toEqual([]);
    // a closed ticket leaves the board
    await s.a.put(s.token, s.first, { status: 'closed', userId: s.ana.user.id });
    expect(ids(await t.request('GET', '/ticket/kanban', { token: s.ana.session.token }))).toEqual([s.second]);
  });

  it('GET /ticket/kanban keeps the tickets updated within the day range', async () => {
    const s = await board();
    await t.db.update(tickets).set({ updatedAt: new Date('2026-01-10T12:00:00Z') }).where(eq(tickets.id, s.first));
    await t.db.update(tickets).set({ updatedAt: new Date('2026-01-12T12:00:00Z') }).where(eq(tickets.id, s.second));
    const range = (start: string, end: string) => t.request('GET', `/ticket/kanban?startDate=${start}&endDate=${end}`, { token: s.ana.session.token });
    expect(ids(await range('2026-01-10', '2026-01-10'))).toEqual([s.first]);
    expect(ids(await range('2026-01-10', '2026-01-12'))).toEqual([s.first, s.second]);
    expect(ids(await range('2026-01-11', '2026-01-31'))).toEqual([s.second]);
    expect((await range('2026-13-45', '2026-01-31')).status).toBe(400);
    expect((await t.request('GET', '/ticket/kanban?queueIds=not-json', { token: s.ana.session.token })).status).toBe(400);
  });

  it('a company without useKanban gets 403 on the board calls and on the stage moves, and nothing moves (02-operations §6; issue 33 point 3)', async () => {
    const s = await board();
    expect((await t.request('PUT', `/ticket-tags/${s.second}/${s.lead.id}`, { token: s.token })).status).toBe(200);
    await t.db.update(plans).set({ useKanban: false }).where(eq(plans.id, Number(s.a.company.planId)));
    expect(await t.request('GET', '/tag/kanban', { token: s.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await t.request('GET', '/ticket/kanban', { token: s.ana.session.token })).status).toBe(403);
    expect(await t.request('PUT', `/ticket-tags/${s.first}/${s.lead.id}`, { token: s.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await t.request('DELETE', `/ticket-tags/${s.second}`, { token: s.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const tagsOf = async (ticketId: number) => (await s.a.ticket(s.token, ticketId)).tags.map((tag: { id: number }) => tag.id);
    expect(await tagsOf(s.first)).toEqual([]);
    expect(await tagsOf(s.second)).toEqual([s.lead.id]);
  });
});

describe('kanban move (02-operations §4 Kanban move)', () => {
  it('PUT of a lane moves the ticket out of its old lane at once; DELETE leaves it in the untagged lane', async () => {
    const s = await board();
    const comum = (await t.request('GET', '/tags/list?kanban=0', { token: s.token })).body[0];
    await t.request('PUT', `/ticket-tags/${s.first}/${comum.id}`, { token: s.token });
    await t.request('PUT', `/ticket-tags/${s.first}/${s.lead.id}`, { token: s.token });
    const moved = await t.request('PUT', `/ticket-tags/${s.first}/${s.proposal.id}`, { token: s.token });
    expect(moved.body.tags.map((tag: { id: number }) => tag.id).sort()).toEqual([comum.id, s.proposal.id].sort());
    expect((await t.request('DELETE', `/ticket-tags/${s.first}`, { token: s.token })).status).toBe(204);
    expect((await s.a.ticket(s.token, s.first)).tags.map((tag: { id: number }) => tag.id)).toEqual([comum.id]);
  });

  it("a move to another company's lane or of another company's ticket is not found and changes nothing", async () => {
    const s = await board();
    const other = await board();
    await t.request('PUT', `/ticket-tags/${s.first}/${s.lead.id}`, { token: s.token });
    expect((await t.request('PUT', `/ticket-tags/${s.first}/${other.lead.id}`, { token: s.token })).status).toBe(404);
    expect((await t.request('PUT', `/ticket-tags/${other.first}/${s.lead.id}`, { token: s.token })).status).toBe(404);
    expect((await t.request('DELETE', `/ticket-tags/${other.first}`, { token: s.token })).status).toBe(404);
    expect((await s.a.ticket(s.token, s.first)).tags.map((tag: { id: number }) => tag.id)).toEqual([s.lead.id]);
  });
});
