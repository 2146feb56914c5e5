// One rating scale (issue 35 point 7; 02-operations §5 NPS scale 0 to 10): the rating question
// always states the 0..10 scale the product counts, and a rating message naming another scale is
// refused when saved.
import { NPS_SCALE_LINE } from '@atende/shared/ratings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { attendanceWithTimers, startClockedApp } from './support.ts';

let t: TestApp;
let clock: Awaited<ReturnType<typeof startClockedApp>>['clock'];
beforeAll(async () => {
  ({ t, clock } = await startClockedApp());
});
afterAll(() => t?.close());

describe('the rating question states the counted scale (issue 35 point 7, 02-operations §5)', () => {
  it('a message without a scale is sent with the 0..10 line, asked again with it, and a 5 counts as 5 of 10', async () => {
    const a = await attendanceWithTimers(t, clock);
    await a.setSetting('userRating', 'enabled');
    await a.setConnection({ ratingMessage: 'Como foi o atendimento, {{name}}?', expiresTicketNPS: 30, maxUseBotQueuesNPS: 2 });
    const ana = await a.attendant([a.queues[0].id], { name: 'Ana', allTicket: 'enabled' });
    const { ticketId } = await a.inbound('5511912340001', 'Oi');
    await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: a.queues[0].id });
    expect((await a.put(ana.session.token, ticketId, { status: 'closed', userId: ana.user.id })).body).toMatchObject({ status: 'nps' });
    const question = `Como foi o atendimento, Customer 0001?\n\n${NPS_SCALE_LINE}`;
    await expect.poll(a.sentToCustomer).toContain(question);

    await a.inbound('5511912340001', 'ótimo');
    const again = (await a.conversation(ticketId)).filter(([, fromMe]) => fromMe).map(([body]) => body);
    expect(again.at(-1)).toBe(question);
    await a.inbound('5511912340001', '5');
    expect(await a.ticket(a.adminSession.token, ticketId)).toMatchObject({ status: 'closed', userRating: { rate: 5 } });
  });

  it('a message that states 0 a 10 is sent as written', async () => {
    const a = await attendanceWithTimers(t, clock);
    await a.setSetting('userRating', 'enabled');
    await a.setConnection({ ratingMessage: 'De 0 a 10, que nota você dá?', expiresTicketNPS: 30 });
    const { ticketId } = await a.inbound('5511912340002', 'Oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    await a.put(a.adminSession.token, ticketId, { status: 'closed', userId: a.admin.id });
    await expect.poll(a.sentToCustomer).toContain('De 0 a 10, que nota você dá?');
    expect(await a.sentToCustomer()).not.toContain(`De 0 a 10, que nota você dá?\n\n${NPS_SCALE_LINE}`);
  });

  it('saving a rating message on another scale ("de 1 a 5") is refused with the field named (bad input)', async () => {
    const a = await attendanceWithTimers(t, clock);
    for (const ratingMessage of ['Dê uma nota de 1 a 5', 'Nota 1-10?', 'Avalie de 0 até 5']) {
      const refused = await t.request('PUT', `/whatsapp/${a.connection.id}`, { token: a.adminSession.token, body: { ratingMessage } });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual([{ path: 'body.ratingMessage', message: 'validation.otherRatingScale' }]);
    }
    // an opening time is not a scale
    const hours = await t.request('PUT', `/whatsapp/${a.connection.id}`, { token: a.adminSession.token, body: { ratingMessage: 'Atendemos das 8 a 18h. Que nota você dá?' } });
    expect(hours.status).toBe(200);
  });
});
