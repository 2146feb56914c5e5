import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { attendanceWithTimers, startClockedApp } from './support.ts';

let t: TestApp;
let clock: Awaited<ReturnType<typeof startClockedApp>>['clock'];
beforeAll(async () => {
  ({ t, clock } = await startClockedApp());
});
afterAll(() => t?.close());

// A ticket in attendance on a connection whose inactivity fields the test chooses.
const openTicket = async (customer: string, connection: Record<string, unknown>) => {
  const a = await attendanceWithTimers(t, clock);
  await a.setConnection(connection);
  const ana = await a.attendant([a.queues[0].id], { allTicket: 'enabled' });
  const { ticketId } = await a.inbound(customer, 'Oi');
  await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: a.queues[0].id });
  const status = async () => (await a.ticket(a.adminSession.token, ticketId)).status;
  return { a, ana, ticketId, status };
};

describe('inactivity expiry (02-operations §3 expiresTicket, expiresInactiveMessage, inactiveMessage, whenExpiresTicket)', () => {
  it('closes an open ticket after expiresTicket minutes without messages; each message pushes the deadline', async () => {
    const { a, ticketId, status } = await openTicket('5511922220001', {
      expiresTicket: 60,
      expiresInactiveMessage: 'Encerramos por falta de resposta, {{name}}.',
    });
    await a.passMinutes(50);
    await a.inbound('5511922220001', 'ainda estou aqui');
    await a.passMinutes(50);
    expect(await status()).toBe('open');
    await a.passMinutes(11);
    expect(await status()).toBe('closed');
    expect((await a.conversation(ticketId)).at(-1)).toEqual(['Encerramos por falta de resposta, Customer 0001.', true]);
    await expect.poll(a.sentToCustomer).toContain('Encerramos por falta de resposta, Customer 0001.');
    expect((await a.logTypes(ticketId)).at(-1)).toBe('closed');
  });

  it("an attendant's answer pushes the deadline too", async () => {
    const { a, ana, ticketId, status } = await openTicket('5511922220002', { expiresTicket: 30 });
    await a.passMinutes(20);
    expect((await t.request('POST', `/messages/${ticketId}`, { token: ana.session.token, body: { body: 'Verificando' } })).status).toBe(201);
    await a.passMinutes(20);
    expect(await status()).toBe('open');
    await a.passMinutes(11);
    expect(await status()).toBe('closed');
  });

  it('warns with inactiveMessage after timeInactiveMessage minutes, then closes expiresTicket minutes later', async () => {
    const { a, ticketId, status } = await openTicket('5511922220003', {
      expiresTicket: 30,
      timeInactiveMessage: 10,
      inactiveMessage: 'Ainda está aí?',
      expiresInactiveMessage: 'Atendimento encerrado.',
    });
    await a.passMinutes(10);
    expect(await status()).toBe('open');
    expect((await a.conversation(ticketId)).at(-1)).toEqual(['Ainda está aí?', true]);
    await a.passMinutes(29);
    expect(await status()).toBe('open');
    await a.passMinutes(2);
    expect(await status()).toBe('closed');
    expect((await a.conversation(ticketId)).slice(-2)).toEqual([
      ['Ainda está aí?', true],
      ['Atendimento encerrado.', true],
    ]);
  });

  it("whenExpiresTicket '1' leaves open a ticket whose last message is the customer's; '0' closes it", async () => {
    const waiting = await openTicket('5511922220004', { expiresTicket: 15, whenExpiresTicket: '1' });
    await waiting.a.passMinutes(16);
    expect(await waiting.status()).toBe('open');
    const replied = await t.request('POST', `/messages/${waiting.ticketId}`, { token: waiting.ana.session.token, body: { body: 'Pode confirmar?' } });
    expect(replied.status).toBe(201);
    await waiting.a.passMinutes(16);
    expect(await waiting.status()).toBe('closed');

    const anyone = await openTicket('5511922220005', { expiresTicket: 15, whenExpiresTicket: '0' });
    await anyone.a.passMinutes(16);
    expect(await anyone.status()).toBe('closed');
  });

  it('a pending ticket and a connection without expiresTicket never expire', async () => {
    const a = await attendanceWithTimers(t, clock);
    await a.setConnection({ expiresTicket: 5 });
    const { ticketId } = await a.inbound('5511922220006', 'Oi');
    await a.passMinutes(60);
    expect((await a.ticket(a.adminSession.token, ticketId)).status).toBe('pending');

    const off = await openTicket('5511922220007', { expiresTicket: 0 });
    await off.a.passMinutes(24 * 60);
    expect(await off.status()).toBe('open');
  });
});
