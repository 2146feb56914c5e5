// Queues that assign tickets by themselves (issue 40 point 4): round robin or least open over the
// queue's online attendants, never above a capacity; waiting tickets go out in arrival order as
// capacity frees up. Tickets arrive as real sandbox messages; the job runner gives them out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { plans, users } from '../../src/db/schema.ts';
import { enqueueJob } from '../../src/platform/jobs/jobs.repo.ts';
import { queueAssignmentJob } from '../../src/modules/assignment/queue-assignment.jobs.ts';
import { connectSocket, setupAttendance } from '../helpers/attendance.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Ticket = { id: number; status: string; userId: number | null; queueId: number | null };

const assigningCompany = async (assignment: 'manual' | 'roundRobin' | 'leastOpen') => {
  const a = await setupAttendance(t, { queues: 1 });
  const queue = a.queues[0];
  const token = a.adminSession.token;
  const linked = await t.request('PUT', `/whatsapp/${a.connection.id}`, { token, body: { queueIds: [queue.id] } });
  expect(linked.status).toBe(200);
  const set = await t.request('PUT', `/queue/${queue.id}`, { token, body: { assignment } });
  expect(set.status).toBe(200);
  expect(set.body).toMatchObject({ assignment });
  const member = async (values: { online?: boolean; capacity?: number | null } = {}) => {
    const made = await a.attendant([queue.id]);
    await t.db.update(users).set({ online: values.online ?? true, capacity: values.capacity ?? null }).where(eq(users.id, made.user.id));
    return made;
  };
  let customers = 0;
  const arrive = async () => (await a.inbound(`55119${String(Date.now()).slice(-6)}${customers++}`, 'hello')).ticketId;
  const settle = () => t.app.jobs.runDue();
  const ticket = async (id: number) => (await a.ticket(token, id)) as Ticket;
  return { ...a, queue, member, arrive, settle, ticket };
};

describe('assignment with capacity (issue 40 point 4)', () => {
  it('round robin gives new tickets to three attendants in turn, each left pending with its attendant as the rotation does', async () => {
    const c = await assigningCompany('roundRobin');
    const team = [await c.member(), await c.member(), await c.member()];
    const owners: (number | null)[] = [];
    for (let i = 0; i < 6; i += 1) {
      const id = await c.arrive();
      await c.settle();
      const ticket = await c.ticket(id);
      expect(ticket).toMatchObject({ status: 'pending', queueId: c.queue.id });
      owners.push(ticket.userId);
    }
    const ids = team.map((member) => member.user.id).sort((x, y) => x - y);
    expect(owners).toEqual([...ids, ...ids]);
  });

  it('least open gives each ticket to whoever holds fewest, the lower id on a tie', async () => {
    const c = await assigningCompany('leastOpen');
    const busy = await c.member();
    const free = await c.member();
    // busy already holds two tickets it accepted
    await t.request('PUT', `/queue/${c.queue.id}`, { token: c.adminSession.token, body: { assignment: 'manual' } });
    for (let i = 0; i < 2; i += 1) {
      const id = await c.arrive();
      expect((await c.put(busy.session.token, id, { status: 'open', userId: busy.user.id })).status).toBe(200);
    }
    await t.request('PUT', `/queue/${c.queue.id}`, { token: c.adminSession.token, body: { assignment: 'leastOpen' } });
    const owners: (number | null)[] = [];
    for (let i = 0; i < 4; i += 1) {
      const id = await c.arrive();
      await c.settle();
      owners.push((await c.ticket(id)).userId);
    }
    const [lower, higher] = [busy.user.id, free.user.id].sort((x, y) => x - y);
    // free takes two to draw level, then the tie goes to the lower id, then to the other
    expect(owners).toEqual([free.user.id, free.user.id, lower, higher]);
  });

  it('never above capacity: later tickets wait, and go out in arrival order when a ticket closes', async () => {
    const c = await assigningCompany('leastOpen');
    const only = await c.member({ capacity: 1 });
    const first = await c.arrive();
    const second = await c.arrive();
    const third = await c.arrive();
    await c.settle();
    expect((await c.ticket(first)).userId).toBe(only.user.id);
    expect((await c.ticket(second)).userId).toBeNull();
    expect((await c.ticket(third)).userId).toBeNull();

    expect((await c.put(only.session.token, first, { status: 'open', userId: only.user.id })).status).toBe(200);
    expect((await c.put(only.session.token, first, { status: 'closed' })).status).toBe(200);
    await c.settle();
    expect((await c.ticket(second)).userId).toBe(only.user.id);
    expect((await c.ticket(third)).userId).toBeNull();
    expect(await c.logTypes(second)).toContain('rotation');

    // a raised capacity takes the next
    expect((await t.request('PUT', `/users/${only.user.id}`, { token: c.adminSession.token, body: { name: only.user.name, email: only.user.email, capacity: 2 } })).status).toBe(200);
    await c.settle();
    expect((await c.ticket(third)).userId).toBe(only.user.id);
  });

  it('skips offline attendants, and one coming online takes the waiting tickets', async () => {
    const c = await assigningCompany('roundRobin');
    const offline = await c.member({ online: false });
    const waiting = await c.arrive();
    await c.settle();
    expect((await c.ticket(waiting)).userId).toBeNull();
    const online = await c.member({ capacity: 5 });
    const next = await c.arrive();
    await c.settle();
    // the waiting ticket went first, to the only one online
    expect((await c.ticket(waiting)).userId).toBe(online.user.id);
    expect((await c.ticket(next)).userId).toBe(online.user.id);

    await t.db.update(users).set({ capacity: 0 }).where(eq(users.id, online.user.id));
    const later = await c.arrive();
    await c.settle();
    expect((await c.ticket(later)).userId).toBeNull();
    // the web's presence ping, as on sign-in
    const socket = await connectSocket(t, offline.session.token);
    socket.emit('userStatus');
    try {
      await eventually(async () => {
        await c.settle();
        return (await c.ticket(later)).userId;
      }).toBe(offline.user.id);
    } finally {
      socket.disconnect();
    }
  });

  it('a manual queue assigns nothing by itself', async () => {
    const c = await assigningCompany('manual');
    await c.member();
    const id = await c.arrive();
    await c.settle();
    expect(await c.ticket(id)).toMatchObject({ status: 'pending', userId: null });
  });

  it('a plan without useAutomation assigns nothing, whatever the queue says', async () => {
    const c = await assigningCompany('leastOpen');
    if (c.company.planId === null) throw new Error('the factory gives every company a plan');
    await t.db.update(plans).set({ useAutomation: false }).where(eq(plans.id, c.company.planId));
    await c.member();
    const id = await c.arrive();
    await c.settle();
    expect(await c.ticket(id)).toMatchObject({ status: 'pending', userId: null });
  });

  it('runs at once never give a ticket twice nor exceed capacity', async () => {
    const c = await assigningCompany('manual');
    const a1 = await c.member({ capacity: 2 });
    const a2 = await c.member({ capacity: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await c.arrive());
    await t.db.update(users).set({ online: true }).where(eq(users.id, a1.user.id));
    await t.request('PUT', `/queue/${c.queue.id}`, { token: c.adminSession.token, body: { assignment: 'roundRobin' } });
    // besides the singleton run, extra runs without a key, claimed together
    for (let i = 0; i < 3; i += 1) await enqueueJob(t.db, queueAssignmentJob, { companyId: c.company.id });
    await Promise.all([c.settle(), c.settle(), c.settle()]);
    const owners = await Promise.all(ids.map(async (id) => (await c.ticket(id)).userId));
    expect(owners.filter((owner) => owner === a1.user.id)).toHaveLength(2);
    expect(owners.filter((owner) => owner === a2.user.id)).toHaveLength(1);
    // arrival order: the three oldest went out
    expect(owners.slice(0, 3).every((owner) => owner !== null)).toBe(true);
    expect(owners.slice(3)).toEqual([null, null, null]);
    const logs = await Promise.all(ids.slice(0, 3).map(async (id) => (await c.logTypes(id)).filter((type) => type === 'rotation').length));
    expect(logs).toEqual([1, 1, 1]);
  });
});
