import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { attendanceWithTimers, startClockedApp } from './support.ts';

let t: TestApp;
let clock: Awaited<ReturnType<typeof startClockedApp>>['clock'];
beforeAll(async () => {
  ({ t, clock } = await startClockedApp());
});
afterAll(() => t?.close());

const RATING = 'De 0 a 10, que nota você dá ao atendimento de {{name}}?';

// A company with ratings on, a ticket accepted by an attendant and then closed by them.
const closedByAttendant = async (customer: string, connection: Record<string, unknown> = {}) => {
  const a = await attendanceWithTimers(t, clock);
  await a.setSetting('userRating', 'enabled');
  await a.setConnection({ ratingMessage: RATING, expiresTicketNPS: 30, complationMessage: 'Obrigado, {{name}}!', ...connection });
  const ana = await a.attendant([a.queues[0].id], { name: 'Ana', allTicket: 'enabled' });
  const { ticketId } = await a.inbound(customer, 'Oi');
  await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: a.queues[0].id });
  const closing = await a.put(ana.session.token, ticketId, { status: 'closed', userId: ana.user.id });
  return { a, ana, ticketId, closing };
};

describe('ratings (02-operations §3 rating fields, §5 NPS scale; 01-core §4 rating, §2 rating emoji)', () => {
  it('closing asks for the rating; a 0..10 answer is stored, shown on the ticket, and closes it with the completion message', async () => {
    const { a, ana, ticketId, closing } = await closedByAttendant('5511911110001');
    expect(closing.status).toBe(200);
    expect(closing.body).toMatchObject({ status: 'nps', userId: ana.user.id, userRating: null });
    await expect.poll(a.sentToCustomer).toContain('De 0 a 10, que nota você dá ao atendimento de Customer 0001?');

    const answer = await a.inbound('5511911110001', ' 9 ');
    expect(answer.ticketId).toBe(ticketId);
    const rated = await a.ticket(a.adminSession.token, ticketId);
    expect(rated).toMatchObject({ status: 'closed', userRating: { rate: 9 } });
    await expect.poll(a.sentToCustomer).toContain('Obrigado, Customer 0001!');
    expect(await a.conversation(ticketId)).toEqual([
      ['Oi', false],
      ['De 0 a 10, que nota você dá ao atendimento de Customer 0001?', true],
      [' 9 ', false],
      ['Obrigado, Customer 0001!', true],
    ]);
    expect(await a.logTypes(ticketId)).toEqual(['create', 'open', 'closed']);

    // the list carries the rating too, for the row's face
    const list = await t.request('GET', '/tickets?status=closed&showAll=true', { token: a.adminSession.token });
    expect(list.body.tickets.find((row: { id: number }) => row.id === ticketId).userRating).toEqual({ rate: 9 });

    // the next message starts a new conversation, not another rating
    const next = await a.inbound('5511911110001', 'Outra dúvida');
    expect(next.ticketId).not.toBe(ticketId);
    expect((await a.ticket(a.adminSession.token, next.ticketId)).status).toBe('pending');
  });

  it('an invalid answer asks again up to maxUseBotQueuesNPS times, then the ticket closes without a rating', async () => {
    const { a, ticketId } = await closedByAttendant('5511911110002', { maxUseBotQueuesNPS: 2 });
    await a.inbound('5511911110002', 'foi ótimo');
    expect((await a.ticket(a.adminSession.token, ticketId)).status).toBe('nps');
    await a.inbound('5511911110002', '11');
    expect((await a.ticket(a.adminSession.token, ticketId)).status).toBe('nps');
    await a.inbound('5511911110002', 'dez');
    const closed = await a.ticket(a.adminSession.token, ticketId);
    expect(closed).toMatchObject({ status: 'closed', userRating: null });
    const question = 'De 0 a 10, que nota você dá ao atendimento de Customer 0002?';
    expect(await a.conversation(ticketId)).toEqual([
      ['Oi', false],
      [question, true],
      ['foi ótimo', false],
      ['Opção inválida, tente novamente.', true],
      [question, true],
      ['11', false],
      ['Opção inválida, tente novamente.', true],
      [question, true],
      ['dez', false],
      ['Obrigado, Customer 0002!', true],
    ]);
  });

  it('without an answer for expiresTicketNPS minutes the ticket closes (a durable timer)', async () => {
    const { a, ticketId } = await closedByAttendant('5511911110003');
    await a.passMinutes(29);
    expect((await a.ticket(a.adminSession.token, ticketId)).status).toBe('nps');
    await a.passMinutes(2);
    expect(await a.ticket(a.adminSession.token, ticketId)).toMatchObject({ status: 'closed', userRating: null });
    await expect.poll(a.sentToCustomer).toContain('Obrigado, Customer 0003!');
    // a late answer opens a new conversation instead of rating the closed one
    const late = await a.inbound('5511911110003', '10');
    expect(late.ticketId).not.toBe(ticketId);
    expect((await a.ticket(a.adminSession.token, ticketId)).userRating).toBeNull();
  });

  it('with userRating off, closing closes at once', async () => {
    const a = await attendanceWithTimers(t, clock);
    await a.setConnection({ ratingMessage: RATING, expiresTicketNPS: 30 });
    const ana = await a.attendant([a.queues[0].id], { allTicket: 'enabled' });
    const { ticketId } = await a.inbound('5511911110004', 'Oi');
    await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: a.queues[0].id });
    const closing = await a.put(ana.session.token, ticketId, { status: 'closed', userId: ana.user.id });
    expect(closing.body.status).toBe('closed');
    expect(await a.conversation(ticketId)).toEqual([['Oi', false]]);
  });
});
