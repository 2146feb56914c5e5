import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { setupFlow, startFlowApp } from './flow-setup.ts';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  ({ t, clock } = await startFlowApp());
});
afterAll(() => t?.close());

// São Paulo local time (UTC-3) as an instant
const local = (dateTime: string) => `${dateTime}:00-03:00`;
const CLOSED = 'Estamos fechados. Atendemos das 8h às 12h e das 13h às 18h.';
const mondayOnly = (start: string, end: string) => [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: start, endTimeA: end, startTimeB: '', endTimeB: '' },
];

const twoQueues = async (connection: Record<string, unknown> = {}) => {
  const f = await setupFlow(t);
  const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.' });
  const support = await f.queue({ name: 'Suporte', greetingMessage: 'Suporte.' });
  await f.configureConnection({ greetingMessage: 'Escolha:', outOfHoursMessage: CLOSED, queueIds: [sales.id, support.id], ...connection });
  return { f, sales, support };
};
const menu = 'Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas';

describe("out of hours with scheduleType 'company' (03-saas §3 scheduleType, 02-operations §9 default hours)", () => {
  it('answers with the connection out-of-hours message once per closed period, in the configured time zone, and starts the bot in hours (03-saas §3 scheduleType company, 02-operations §9)', async () => {
    const { f } = await twoQueues();
    await f.setting('scheduleType', 'company');
    // 07:30 in São Paulo is 10:30 UTC: closed under the default 08:00-12:00 / 13:00-18:00 hours
    clock.set(local('2026-03-02T07:30'));
    const { ticketId } = await f.inbound('5511922220001', 'Oi');
    await f.botSaid(ticketId, [CLOSED]);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: null, isBot: false });

    clock.set(local('2026-03-02T07:50'));
    await f.inbound('5511922220001', 'tem alguém?');
    await f.botSaid(ticketId, [CLOSED]);

    clock.set(local('2026-03-02T09:00'));
    await f.inbound('5511922220001', 'bom dia');
    await f.botSaid(ticketId, [CLOSED, menu]);

    // lunch break: closed again, a new closed period
    clock.set(local('2026-03-02T12:30'));
    await f.inbound('5511922220001', 'ainda aí?');
    await f.botSaid(ticketId, [CLOSED, menu, CLOSED]);
  });

  it('uses the hours saved with PUT /companies/{id}/schedules (03-saas §7)', async () => {
    const { f } = await twoQueues();
    await f.setting('scheduleType', 'company');
    const saved = await t.request('PUT', `/companies/${f.company.id}/schedules`, {
      token: f.token,
      body: { schedules: mondayOnly('14:00', '20:00') },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.schedules).toEqual(mondayOnly('14:00', '20:00'));
    const invalid = await t.request('PUT', `/companies/${f.company.id}/schedules`, {
      token: f.token,
      body: { schedules: mondayOnly('25:00', '20:00') },
    });
    expect(invalid.status).toBe(400);

    clock.set(local('2026-03-02T19:00'));
    const open = await f.inbound('5511922220002', 'Oi');
    await f.botSaid(open.ticketId, [menu]);
    // Tuesday is not listed: closed all day
    clock.set(local('2026-03-03T15:00'));
    const closed = await f.inbound('5511922220003', 'Oi');
    await f.botSaid(closed.ticketId, [CLOSED]);
  });
});

describe("out of hours with scheduleType 'connection' (02-operations §3 Connection schedules)", () => {
  it("answers with the connection's message outside the connection's hours (03-saas §3 scheduleType connection)", async () => {
    const { f } = await twoQueues({ schedules: mondayOnly('09:00', '12:00') });
    await f.setting('scheduleType', 'connection');
    clock.set(local('2026-03-02T10:00'));
    const open = await f.inbound('5511933330001', 'Oi');
    await f.botSaid(open.ticketId, [menu]);
    clock.set(local('2026-03-02T12:00'));
    const closed = await f.inbound('5511933330002', 'Oi');
    await f.botSaid(closed.ticketId, [CLOSED]);
  });
});

describe("out of hours with scheduleType 'queue' (02-operations §3 Queue schedules, outOfHoursMessage)", () => {
  it("a customer choosing a closed queue gets the queue's message and waits in it; an open queue greets (03-saas §3 scheduleType queue)", async () => {
    const f = await setupFlow(t);
    const sales = await f.queue({
      name: 'Vendas',
      greetingMessage: 'Vendas.',
      outOfHoursMessage: 'Vendas atende só de manhã (agora são {{hour}}).',
      schedules: mondayOnly('08:00', '12:00'),
    });
    const support = await f.queue({ name: 'Suporte', greetingMessage: 'Suporte.' });
    await f.configureConnection({ greetingMessage: 'Escolha:', outOfHoursMessage: CLOSED, queueIds: [sales.id, support.id] });
    await f.setting('scheduleType', 'queue');
    clock.set(local('2026-03-02T15:00'));

    const first = await f.inbound('5511944440001', 'Oi');
    await f.inbound('5511944440001', '2');
    await f.botSaid(first.ticketId, [menu, 'Vendas atende só de manhã (agora são 15:00).']);
    expect(await f.ticketOf(first.ticketId)).toMatchObject({ status: 'pending', queueId: sales.id, isBot: false });
    await f.inbound('5511944440001', 'ok');
    await f.botSaid(first.ticketId, [menu, 'Vendas atende só de manhã (agora são 15:00).']);

    const second = await f.inbound('5511944440002', 'Oi');
    await f.inbound('5511944440002', '1');
    await f.botSaid(second.ticketId, [menu, 'Suporte.']);
    expect(await f.ticketOf(second.ticketId)).toMatchObject({ queueId: support.id });
  });
});

describe('collective vacation (02-operations §3 collectiveVacationStart, collectiveVacationEnd, collectiveVacationMessage)', () => {
  it('answers with the vacation message on every day of the vacation, and the bot runs again after it (02-operations §3 collective vacation)', async () => {
    const { f } = await twoQueues({
      collectiveVacationStart: '2026-03-01',
      collectiveVacationEnd: '2026-03-05',
      collectiveVacationMessage: 'Estamos em férias coletivas até 05/03, {{name}}.',
    });
    clock.set(local('2026-03-02T10:00'));
    const during = await f.inbound('5511955550001', 'Oi');
    await f.botSaid(during.ticketId, ['Estamos em férias coletivas até 05/03, Customer 0001.']);
    // 23:30 on the last day is already the 6th in UTC, still vacation where the company is
    clock.set(local('2026-03-05T23:30'));
    const lastDay = await f.inbound('5511955550002', 'Oi');
    await f.botSaid(lastDay.ticketId, ['Estamos em férias coletivas até 05/03, Customer 0002.']);
    clock.set(local('2026-03-06T10:00'));
    await f.inbound('5511955550001', 'voltaram?');
    await f.botSaid(during.ticketId, ['Estamos em férias coletivas até 05/03, Customer 0001.', menu]);
  });
});
