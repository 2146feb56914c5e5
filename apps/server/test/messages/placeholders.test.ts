// Placeholders never reach a customer raw (issue 35 point 1): texts sent on a company's behalf go
// through the one renderer with the values of their kind (packages/shared/src/placeholders.ts),
// in the configured time zone; an unknown placeholder is left as typed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/platform/clock.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { scheduleCompany } from '../schedules/support.ts';
import { attendanceWithTimers } from '../timers/support.ts';

let t: TestApp;
// 12:00 UTC is 09:00 in São Paulo: "Bom dia" there, "Boa tarde" in UTC
const clock = manualClock('2026-03-02T12:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ timeZone: 'America/Sao_Paulo' }, { clock });
});
afterAll(() => t?.close());
beforeEach(() => clock.set('2026-03-02T12:00:00Z'));

describe('placeholders in texts sent on the company’s behalf (issue 35 point 1)', () => {
  it('a scheduled "Olá {{name}}" arrives with the contact’s name, the greeting of the configured zone and its author; an unknown placeholder stays as typed', async () => {
    const s = await scheduleCompany(t, clock);
    const created = await s.create({ body: 'Olá {{name}}, {{ms}}! Às {{hour}} falo com você. {{user}} {{desconhecido}}', sendAt: '2026-03-02T12:30:00Z' });
    expect(created.status).toBe(201);
    await s.runAt('2026-03-02T12:30:00Z');
    await expect.poll(s.sentBodies).toEqual([`Olá Maria Cliente, Bom dia! Às 09:30 falo com você. ${s.admin.name} {{desconhecido}}`]);
  });

  it('the accept greeting renders {{user}} (the accepting attendant), {{queue}} and {{name}}', async () => {
    const s = await scheduleCompany(t, clock);
    const setting = (column: string, data: string) => t.request('PUT', '/companySettings', { token: s.token, body: { column, data } });
    expect((await setting('sendGreetingAccepted', 'enabled')).status).toBe(200);
    expect((await setting('greetingAcceptedMessage', '{{ms}} {{name}}, meu nome é {{user}}, da fila {{queue}}. {{nada}}')).status).toBe(200);
    const ana = await s.attendant([s.queues[0].id], { name: 'Ana Atendente', allTicket: 'enabled' });
    const { ticketId } = await s.inbound('5511955551234', 'Oi');
    const accepted = await s.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: s.queues[0].id });
    expect(accepted.status).toBe(200);
    // the sandbox's outbox fills when the send job runs, after the accept's commit
    const sent = async () => (await s.outbox()).filter((message) => message.ticketId === ticketId).map((message) => message.body);
    await expect.poll(sent).toEqual([`Bom dia Customer 1234, meu nome é Ana Atendente, da fila ${s.queues[0].name}. {{nada}}`]);
  });

  it('the rating question and the completion message after a rating read {{ms}} in the configured zone', async () => {
    const a = await attendanceWithTimers(t, clock);
    await a.setSetting('userRating', 'enabled');
    await a.setConnection({ ratingMessage: '{{ms}}, {{name}}! Que nota de 0 a 10 você dá?', complationMessage: '{{ms}}! Obrigado, {{name}}.', expiresTicketNPS: 30 });
    const { ticketId } = await a.inbound('5511912340003', 'Oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    expect((await a.put(a.adminSession.token, ticketId, { status: 'closed', userId: a.admin.id })).body).toMatchObject({ status: 'nps' });
    await expect.poll(a.sentToCustomer).toContain('Bom dia, Customer 0003! Que nota de 0 a 10 você dá?');
    await a.inbound('5511912340003', '9');
    await expect.poll(a.sentToCustomer).toContain('Bom dia! Obrigado, Customer 0003.');
  });
});
