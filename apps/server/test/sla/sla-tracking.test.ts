import { and, asc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plans, slaTargets } from '../../src/db/schema.ts';
import { manualClock, type ManualClock } from '../../src/platform/clock.ts';
import { connectSocket, recordEvents, setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const MINUTE_MS = 60_000;

let t: TestApp;
let clock: ManualClock;
const sockets: Socket[] = [];
beforeAll(async () => {
  // the clock starts at the database's now: tickets and messages are stamped by the database
  clock = manualClock(new Date());
  t = await startTestApp({}, { clock });
});
// each test's tickets are made at the database's now, so its clock starts there
beforeEach(() => clock.set(new Date()));
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const passMinutes = async (minutes: number) => {
  clock.advance(minutes * MINUTE_MS);
  await t.app.jobs.runDue();
};

const targetsOf = async (ticketId: number) =>
  (await t.db.select().from(slaTargets).where(eq(slaTargets.ticketId, ticketId)).orderBy(asc(slaTargets.id))).map((row) => ({
    kind: row.kind,
    dueAt: row.dueAt,
    met: row.metAt !== null,
    breached: row.breachedAt !== null,
    userId: row.userId,
    queueId: row.queueId,
  }));

// A company with a policy on its first queue, an attendant of that queue, and a ticket she took.
const ticketUnderPolicy = async (customer: string, policy: Record<string, unknown>) => {
  const a = await setupAttendance(t);
  const [queue] = a.queues;
  const ana = await a.attendant([queue.id], { name: 'Ana', allTicket: 'enabled' });
  const created = await t.request('POST', '/sla-policies', { token: a.adminSession.token, body: { name: 'Suporte', queueId: queue.id, ...policy } });
  expect(created.status).toBe(201);
  const { ticketId } = await a.inbound(customer, 'Oi');
  const taken = await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: queue.id });
  expect(taken.status).toBe(200);
  await t.app.jobs.runDue();
  const reply = async (body: string) => {
    const sent = await t.request('POST', `/messages/${ticketId}`, { token: ana.session.token, body: { body } });
    expect(sent.status).toBe(201);
  };
  return { a, ana, queue, ticketId, reply };
};

describe('issue 40 point 3: SLA targets', () => {
  it('a ticket entering a queue with a policy gets its first response and resolution targets, due from its creation', async () => {
    const { a, ticketId } = await ticketUnderPolicy('5511955550001', { firstResponseMinutes: 10, resolutionMinutes: 60 });
    const ticket = await a.ticket(a.adminSession.token, ticketId);
    const created = new Date(ticket.createdAt).getTime();
    const targets = await targetsOf(ticketId);
    expect(targets.map((target) => [target.kind, target.dueAt.getTime() - created, target.met, target.breached])).toEqual([
      ['firstResponse', 10 * MINUTE_MS, false, false],
      ['resolution', 60 * MINUTE_MS, false, false],
    ]);
  });

  it("an attendant's reply through the sandbox meets the first response; closing meets the resolution", async () => {
    const { a, ana, queue, ticketId, reply } = await ticketUnderPolicy('5511955550002', { firstResponseMinutes: 10, resolutionMinutes: 60 });
    await reply('Olá, sou a Ana');
    expect((await targetsOf(ticketId)).map((target) => [target.kind, target.met, target.userId, target.queueId])).toEqual([
      ['firstResponse', true, ana.user.id, queue.id],
      ['resolution', false, null, null],
    ]);
    await a.put(ana.session.token, ticketId, { status: 'closed' });
    expect((await targetsOf(ticketId)).map((target) => [target.kind, target.met])).toEqual([
      ['firstResponse', true],
      ['resolution', true],
    ]);
    // met targets are never breached, whenever their checks run
    await passMinutes(61);
    expect((await targetsOf(ticketId)).some((target) => target.breached)).toBe(false);
  });

  it('a private note is no reply', async () => {
    const { ticketId, ana } = await ticketUnderPolicy('5511955550003', { firstResponseMinutes: 10 });
    const note = await t.request('POST', `/messages/${ticketId}`, { token: ana.session.token, body: { body: 'nota', isPrivate: true } });
    expect(note.status).toBe(201);
    expect((await targetsOf(ticketId)).map((target) => target.met)).toEqual([false]);
  });

  it("a customer's message after a reply starts a next response target, met by the next reply", async () => {
    const { a, ticketId, reply } = await ticketUnderPolicy('5511955550004', { firstResponseMinutes: 10, nextResponseMinutes: 5 });
    await reply('Olá');
    const { messageId } = await a.inbound('5511955550004', 'Mais uma pergunta');
    await t.app.jobs.runDue();
    const waiting = (await targetsOf(ticketId)).find((target) => target.kind === 'nextResponse');
    expect(waiting).toMatchObject({ met: false, breached: false });
    const messages = (await t.request('GET', `/messages/${ticketId}`, { token: a.adminSession.token })).body.messages as { id: number; createdAt: string }[];
    const asked = new Date(messages.find((message) => message.id === messageId)!.createdAt).getTime();
    expect(waiting!.dueAt.getTime() - asked).toBe(5 * MINUTE_MS);
    // a second message while waiting starts no second target
    await a.inbound('5511955550004', 'Alô?');
    await t.app.jobs.runDue();
    expect((await targetsOf(ticketId)).filter((target) => target.kind === 'nextResponse')).toHaveLength(1);
    await reply('Respondendo');
    expect((await targetsOf(ticketId)).map((target) => [target.kind, target.met])).toEqual([
      ['firstResponse', true],
      ['nextResponse', true],
    ]);
  });

  it('a breach is recorded once at the due moment and the owner and the admins hear of it', async () => {
    const { a, ana, queue, ticketId } = await ticketUnderPolicy('5511955550005', { firstResponseMinutes: 10 });
    const other = await a.attendant([queue.id], { name: 'Bia' });
    const [adminSocket, anaSocket, otherSocket] = await Promise.all(
      [a.adminSession.token, ana.session.token, other.session.token].map((token) => connectSocket(t, token)),
    );
    sockets.push(adminSocket, anaSocket, otherSocket);
    const [adminSeen, anaSeen, otherSeen] = [adminSocket, anaSocket, otherSocket].map(recordEvents);
    const channel = `company-${a.company.id}-sla`;

    await passMinutes(9);
    expect((await targetsOf(ticketId))[0].breached).toBe(false);
    await passMinutes(3);
    const [breached] = await t.db.select().from(slaTargets).where(and(eq(slaTargets.ticketId, ticketId), eq(slaTargets.kind, 'firstResponse')));
    expect(breached).toMatchObject({ metAt: null, userId: ana.user.id, queueId: queue.id });
    expect(breached.breachedAt).toEqual(clock.now());
    const breachedAt = breached.breachedAt;

    const expected = { channel, payload: { action: 'breached', ticketId, kind: 'firstResponse', dueAt: breached.dueAt.toISOString() } };
    await expect.poll(() => adminSeen.filter((seen) => seen.channel === channel)).toEqual([expected]);
    await expect.poll(() => anaSeen.filter((seen) => seen.channel === channel)).toEqual([expected]);

    // once: a later run of the check, and a late reply, keep the moment of the breach
    await passMinutes(5);
    const late = await t.request('POST', `/messages/${ticketId}`, { token: ana.session.token, body: { body: 'Desculpe a demora' } });
    expect(late.status).toBe(201);
    const [after] = await t.db.select().from(slaTargets).where(eq(slaTargets.id, breached.id));
    expect(after.breachedAt).toEqual(breachedAt);
    expect(after.metAt).not.toBeNull();
    expect(otherSeen.filter((seen) => seen.channel === channel)).toEqual([]);
  });

  it('a breach fires the slaBreached automation rules', async () => {
    const { a, ticketId } = await ticketUnderPolicy('5511955550007', { firstResponseMinutes: 10 });
    const rule = await t.request('POST', '/automation-rules', {
      token: a.adminSession.token,
      body: { name: 'Late', trigger: 'slaBreached', conditions: { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'status', statuses: ['open'] }] }] }, actions: [{ kind: 'setPriority', priority: 'urgent' }] },
    });
    expect(rule.status).toBe(201);
    await passMinutes(12);
    await t.app.jobs.runDue();
    expect((await a.ticket(a.adminSession.token, ticketId)).priority).toBe('urgent');
  });

  it("a ticket follows its queue's policy for its priority before the queue's policy for every priority", async () => {
    const a = await setupAttendance(t);
    const [queue] = a.queues;
    const ana = await a.attendant([queue.id], { allTicket: 'enabled' });
    const policy = async (body: Record<string, unknown>) =>
      expect((await t.request('POST', '/sla-policies', { token: a.adminSession.token, body: { queueId: queue.id, ...body } })).status).toBe(201);
    await policy({ name: 'Everyone', firstResponseMinutes: 60 });
    await policy({ name: 'Urgent', priority: 'urgent', firstResponseMinutes: 5 });
    const firstResponseAfter = async (customer: string, priority: string) => {
      const { ticketId } = await a.inbound(customer, 'Oi');
      expect((await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: queue.id, priority })).status).toBe(200);
      await t.app.jobs.runDue();
      const created = new Date((await a.ticket(a.adminSession.token, ticketId)).createdAt).getTime();
      return (await targetsOf(ticketId)).map((target) => [target.kind, (target.dueAt.getTime() - created) / MINUTE_MS]);
    };
    expect(await firstResponseAfter('5511955550007', 'urgent')).toEqual([['firstResponse', 5]]);
    expect(await firstResponseAfter('5511955550008', 'low')).toEqual([['firstResponse', 60]]);
  });

  it('issue 40 bad input: SLA policies are behind the plan flag — a plan that loses useAutomation sets no targets', async () => {
    const a = await setupAttendance(t);
    const [queue] = a.queues;
    const ana = await a.attendant([queue.id], { allTicket: 'enabled' });
    expect((await t.request('POST', '/sla-policies', { token: a.adminSession.token, body: { name: 'Suporte', queueId: queue.id, firstResponseMinutes: 10 } })).status).toBe(201);
    if (a.company.planId === null) throw new Error('the factory gives every company a plan');
    await t.db.update(plans).set({ useAutomation: false }).where(eq(plans.id, a.company.planId));
    const { ticketId } = await a.inbound('5511955550009', 'Oi');
    await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: queue.id });
    await t.app.jobs.runDue();
    expect(await targetsOf(ticketId)).toEqual([]);
  });

  it('issue 40 bad input: targets set before the plan lost useAutomation are not breached afterwards (no notice, no rule)', async () => {
    const { a, ticketId } = await ticketUnderPolicy('5511955550010', { firstResponseMinutes: 10 });
    expect((await targetsOf(ticketId)).map((target) => target.kind)).toContain('firstResponse');
    if (a.company.planId === null) throw new Error('the factory gives every company a plan');
    await t.db.update(plans).set({ useAutomation: false }).where(eq(plans.id, a.company.planId));
    await passMinutes(11);
    expect((await targetsOf(ticketId)).filter((target) => target.breached)).toEqual([]);
  });

  it('a company without policies sets no targets', async () => {
    const a = await setupAttendance(t);
    const ana = await a.attendant([a.queues[0].id], { allTicket: 'enabled' });
    const { ticketId } = await a.inbound('5511955550006', 'Oi');
    await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: a.queues[0].id });
    await t.app.jobs.runDue();
    expect(await targetsOf(ticketId)).toEqual([]);
  });
});
