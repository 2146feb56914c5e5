import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Steps = { channel: boolean; queue: boolean; attendant: boolean; reply: boolean };

// A company that has just signed up (its admin only), driven through the screens' calls.
const newCompany = async () => {
  const { company, admin } = await createCompany(t.db);
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await t.request(method, path, { token, body });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number };
  };
  const steps = async () => {
    const answer = await t.request<Steps>('GET', '/dashboard/onboarding', { token });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  let connectionId = 0;
  let queueId = 0;
  return {
    company,
    admin,
    steps,
    connectChannel: async () => {
      connectionId = (await call('POST', '/sandbox/connections', { name: 'Sandbox' })).id;
    },
    createQueue: async () => {
      queueId = (await call('POST', '/queue', { name: 'Suporte', color: '#2196f3' })).id;
    },
    inviteAttendant: () => call('POST', '/users', { name: 'Bia', email: `bia-${company.id}@example.test`, password: 'bia-password', profile: 'user' }),
    customerWrites: async (body: string) => {
      const answer = await t.request<{ ticketId: number }>('POST', `/sandbox/${connectionId}/messages`, { token, body: { from: `55119${company.id}0001`, name: 'Cliente', body } });
      expect(answer.status).toBe(201);
      return answer.body.ticketId;
    },
    accept: (ticketId: number) => call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.id, queueId }),
    write: (ticketId: number, body: string, isPrivate = false) => call('POST', `/messages/${ticketId}`, { body, isPrivate }),
  };
};

const none: Steps = { channel: false, queue: false, attendant: false, reply: false };

describe('a first day that teaches: GET /dashboard/onboarding (issue 35 point 13)', () => {
  it("each step turns true when the company's own data shows it done, and never from another company's", async () => {
    // another company has done everything: none of it counts for the new one
    const other = await newCompany();
    await other.connectChannel();
    await other.createQueue();
    await other.inviteAttendant();
    const otherTicket = await other.customerWrites('Oi');
    await other.accept(otherTicket);
    await other.write(otherTicket, 'Olá, posso ajudar?');
    expect(await other.steps()).toEqual({ channel: true, queue: true, attendant: true, reply: true });

    const fresh = await newCompany();
    expect(await fresh.steps()).toEqual(none);

    await fresh.connectChannel();
    expect(await fresh.steps()).toEqual({ ...none, channel: true });

    await fresh.createQueue();
    expect(await fresh.steps()).toEqual({ ...none, channel: true, queue: true });

    await fresh.inviteAttendant();
    expect(await fresh.steps()).toEqual({ channel: true, queue: true, attendant: true, reply: false });

    // the customer's message, and a private note on the ticket, are not a reply
    const ticketId = await fresh.customerWrites('Bom dia');
    await fresh.accept(ticketId);
    await fresh.write(ticketId, 'nota interna', true);
    expect((await fresh.steps()).reply).toBe(false);

    await fresh.write(ticketId, 'Bom dia! Como posso ajudar?');
    expect(await fresh.steps()).toEqual({ channel: true, queue: true, attendant: true, reply: true });
  });

  it('only an admin reads it: an attendant is refused (issue 35 point 13)', async () => {
    const { company } = await createCompany(t.db);
    const attendant = await createUser(t.db, company.id, { profile: 'user', showDashboard: 'enabled' });
    const { token } = await t.login(attendant.email, TEST_PASSWORD);
    const answer = await t.request('GET', '/dashboard/onboarding', { token });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: 'ERR_NO_PERMISSION' });
  });
});
