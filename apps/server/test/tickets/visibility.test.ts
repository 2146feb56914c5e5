import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, recordEvents, setupAttendance, type SeenEvent } from '../helpers/attendance.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

const open = async (token: string) => {
  const socket = await connectSocket(t, token);
  sockets.push(socket);
  return socket;
};
const ids = (answer: { body: { tickets: { id: number }[] } }) => answer.body.tickets.map((ticket) => ticket.id).sort();

describe('GET /tickets visibility (01-core §6)', () => {
  it("a user sees its own tickets and its queues' pending ones; admins see all; allTicket adds tickets without queue", async () => {
    const a = await setupAttendance(t, { queues: 2 });
    const [q1, q2] = a.queues;
    const mine = await a.attendant([q1.id]);
    const noQueue = await a.inbound('5511911110001', 'sem fila');
    const inQ1 = await a.inbound('5511911110002', 'fila 1');
    const inQ2 = await a.inbound('5511911110003', 'fila 2');
    await a.put(a.adminSession.token, inQ1.ticketId, { queueId: q1.id });
    await a.put(a.adminSession.token, inQ2.ticketId, { queueId: q2.id });

    const list = (token: string, query = '') => t.request('GET', `/tickets?status=pending${query}`, { token });
    expect(ids(await list(mine.session.token))).toEqual([inQ1.ticketId]);
    expect(ids(await list(a.adminSession.token))).toEqual([noQueue.ticketId, inQ1.ticketId, inQ2.ticketId].sort());
    const withAll = await a.attendant([q1.id], { allTicket: 'enabled' });
    expect(ids(await list(withAll.session.token))).toEqual([noQueue.ticketId, inQ1.ticketId].sort());
    // another queue's ticket is not found by id either
    expect((await t.request('GET', `/tickets/${inQ2.ticketId}`, { token: mine.session.token })).status).toBe(404);
  });

  it("another user's open ticket needs show-all with allUserChat; owners always see theirs", async () => {
    const a = await setupAttendance(t);
    const [queue] = a.queues;
    const owner = await a.attendant([queue.id], { allTicket: 'enabled' });
    const peer = await a.attendant([queue.id]);
    const chatAll = await a.attendant([queue.id], { allUserChat: 'enabled' });
    const { ticketId } = await a.inbound('5511911110010', 'oi');
    await a.put(owner.session.token, ticketId, { status: 'open', userId: owner.user.id, queueId: queue.id });
    const openList = (token: string, showAll: boolean) => t.request('GET', `/tickets?status=open&showAll=${showAll}`, { token });
    expect(ids(await openList(owner.session.token, false))).toEqual([ticketId]);
    expect(ids(await openList(peer.session.token, true))).toEqual([]);
    expect(ids(await openList(chatAll.session.token, false))).toEqual([]);
    expect(ids(await openList(chatAll.session.token, true))).toEqual([ticketId]);
  });

  it('filters by search (name, number, message bodies), tags, unread, and sorts by updatedAt', async () => {
    const a = await setupAttendance(t);
    const first = await a.inbound('5511911110020', 'quero um orçamento');
    const second = await a.inbound('5511911110021', 'bom dia');
    const token = a.adminSession.token;
    expect(ids(await t.request('GET', '/tickets?searchParam=0021', { token }))).toEqual([second.ticketId]);
    expect(ids(await t.request('GET', '/tickets?searchParam=orçamento&searchOnMessages=true', { token }))).toEqual([first.ticketId]);
    await a.inbound('5511911110020', 'outra mensagem');
    expect(ids(await t.request('GET', '/tickets?searchParam=or%C3%A7amento', { token }))).toEqual([]);
    expect(ids(await t.request('GET', '/tickets?searchParam=or%C3%A7amento&searchOnMessages=true', { token }))).toEqual([first.ticketId]);
    const desc = await t.request('GET', '/tickets?sortTickets=DESC', { token });
    expect(desc.body.tickets[0].id).toBe(first.ticketId);
    const asc = await t.request('GET', '/tickets?sortTickets=ASC', { token });
    expect(asc.body.tickets[0].id).toBe(second.ticketId);
    expect(asc.body).toMatchObject({ count: 2, hasMore: false });
    const bad = await t.request('GET', '/tickets?tags=not-json', { token });
    expect(bad.status).toBe(400);
  });

  it("another company's tickets are not found by id or uuid and are never listed", async () => {
    const a = await setupAttendance(t);
    const b = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511911110030', 'oi');
    const ticket = await a.ticket(a.adminSession.token, ticketId);
    const bt = b.adminSession.token;
    expect((await t.request('GET', `/tickets/${ticketId}`, { token: bt })).status).toBe(404);
    expect((await t.request('GET', `/tickets/u/${ticket.uuid}`, { token: bt })).status).toBe(404);
    expect((await t.request('PUT', `/tickets/${ticketId}`, { token: bt, body: { status: 'closed' } })).status).toBe(404);
    expect((await t.request('DELETE', `/tickets/${ticketId}`, { token: bt })).status).toBe(404);
    expect((await t.request('GET', `/messages/${ticketId}`, { token: bt })).status).toBe(404);
    expect((await t.request('GET', `/tickets-log/${ticketId}`, { token: bt })).status).toBe(404);
    expect((await t.request('POST', `/messages/${ticketId}`, { token: bt, body: { body: 'x' } })).status).toBe(404);
    expect(ids(await t.request('GET', '/tickets', { token: bt }))).toEqual([]);
    expect((await a.ticket(a.adminSession.token, ticketId)).status).toBe('pending');
  });
});

describe('live updates (01-core §4 Unread handling and live updates)', () => {
  it('ticket and message events reach only users allowed to see the ticket', async () => {
    const a = await setupAttendance(t, { queues: 2 });
    const [q1, q2] = a.queues;
    const inQueue = await a.attendant([q1.id]);
    const otherQueue = await a.attendant([q2.id]);
    const b = await setupAttendance(t);
    const watchers = [
      { token: inQueue.session.token, user: inQueue.user },
      { token: otherQueue.session.token, user: otherQueue.user },
      { token: a.adminSession.token, user: a.admin },
      { token: b.adminSession.token, user: b.admin },
    ];
    const watching = await Promise.all(watchers.map((watcher) => open(watcher.token)));
    const [seenIn, seenOther, seenAdmin, seenB] = watching.map(recordEvents);

    const { ticketId } = await a.inbound('5511911110040', 'primeira');
    await a.put(a.adminSession.token, ticketId, { queueId: q1.id });
    await a.inbound('5511911110040', 'segunda');
    for (const [index, watcher] of watchers.entries()) await awaitMarker(t, { ...watcher, socket: watching[index] });
    const channels = (seen: SeenEvent[]) => seen.map((event) => `${event.channel}:${event.payload.action}`);
    expect(channels(seenAdmin)).toEqual(
      expect.arrayContaining([`company-${a.company.id}-appMessage:create`, `company-${a.company.id}-ticket:update`]),
    );
    // before it had a queue only admins (and allTicket) saw it; afterwards q1 does
    const messagesIn = seenIn.filter((event) => event.channel.endsWith('-appMessage'));
    expect(messagesIn.map((event) => event.payload.message.body)).toEqual(['segunda']);
    expect(seenOther).toEqual([]);
    expect(seenB).toEqual([]);
  });

  it("a user's changed queues retarget its open sockets at once (01-core §6, §7 Realtime)", async () => {
    const a = await setupAttendance(t, { queues: 2 });
    const [q1, q2] = a.queues;
    const moved = await a.attendant([q2.id]);
    const socket = await open(moved.session.token);
    const seen = recordEvents(socket);
    const { ticketId } = await a.inbound('5511911110050', 'antes');
    await a.put(a.adminSession.token, ticketId, { queueId: q1.id });
    await a.inbound('5511911110050', 'ainda fora');
    const changed = await t.request('PUT', `/users/${moved.user.id}`, { token: a.adminSession.token, body: { name: moved.user.name, email: moved.user.email, queueIds: [q1.id] } });
    expect(changed.status).toBe(200);
    // the change is announced once the user's sockets are in the rooms of its new queues
    const announced = (event: SeenEvent) => event.channel === `company-${a.company.id}-user` && event.payload.user?.id === moved.user.id;
    await expect.poll(() => seen.some(announced)).toBe(true);
    await a.inbound('5511911110050', 'agora dentro');
    await awaitMarker(t, { socket, token: moved.session.token, user: moved.user });
    const bodies = seen.filter((event) => event.channel.endsWith('-appMessage')).map((event) => event.payload.message.body);
    expect(bodies).toEqual(['agora dentro']);
  });

  it('reading a ticket resets its unread count and emits updateUnread', async () => {
    const a = await setupAttendance(t);
    const socket = await open(a.adminSession.token);
    const seen = recordEvents(socket);
    const { ticketId } = await a.inbound('5511911110050', 'um');
    await a.inbound('5511911110050', 'dois');
    expect((await a.ticket(a.adminSession.token, ticketId)).unreadMessages).toBe(2);
    const page = await t.request('GET', `/messages/${ticketId}`, { token: a.adminSession.token });
    expect(page.body.ticket.unreadMessages).toBe(0);
    expect((await a.ticket(a.adminSession.token, ticketId)).unreadMessages).toBe(0);
    await awaitMarker(t, { socket, token: a.adminSession.token, user: a.admin });
    expect(seen.some((event) => event.channel === `company-${a.company.id}-ticket` && event.payload.action === 'updateUnread' && event.payload.ticketId === ticketId)).toBe(true);
  });

  it('joinChatBox joins only tickets the user may see', async () => {
    const a = await setupAttendance(t, { queues: 2 });
    const outsider = await a.attendant([a.queues[1].id]);
    const { ticketId } = await a.inbound('5511911110060', 'oi');
    await a.put(a.adminSession.token, ticketId, { queueId: a.queues[0].id });
    const socket = await open(outsider.session.token);
    socket.emit('joinChatBox', String(ticketId));
    const seen = recordEvents(socket);
    await a.inbound('5511911110060', 'segredo');
    await awaitMarker(t, { socket, token: outsider.session.token, user: outsider.user });
    expect(seen).toEqual([]);
  });
});
