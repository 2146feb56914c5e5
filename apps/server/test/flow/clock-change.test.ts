// Service hours read on the wall clock of a zone that changes its clocks: New York moved from EST
// (UTC-5) to EDT (UTC-4) at 02:00 on Sunday 2026-03-08.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdays } from '@atende/shared/service-hours';
import { manualClock, type ManualClock } from '../../src/platform/clock.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { setupFlow } from './flow-setup.ts';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = manualClock('2026-03-06T15:00:00Z');
  t = await startTestApp({ timeZone: 'America/New_York' }, { clock });
});
afterAll(() => t?.close());

const CLOSED = 'Fechado agora ({{hour}}). Atendemos das 9h às 18h.';
const closedAt = (hour: string) => CLOSED.replace('{{hour}}', hour);
const nineToSix = weekdays.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTimeA: '09:00', endTimeA: '18:00', startTimeB: '', endTimeB: '' }));

describe('service hours across a daylight-saving change (02-operations §3 Connection schedules, §9 service hours)', () => {
  it('opens and closes on the wall clock of TIMEZONE the day the clocks go forward, and answers once per closed period (03-saas §3 scheduleType connection)', async () => {
    const f = await setupFlow(t);
    const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.' });
    await f.configureConnection({ greetingMessage: 'Escolha:', outOfHoursMessage: CLOSED, queueIds: [sales.id], schedules: nineToSix });
    await f.setting('scheduleType', 'connection');

    // Sunday 08:30 EDT (12:30Z; 07:30 had it still been EST): closed
    clock.set('2026-03-08T12:30:00Z');
    const early = await f.inbound('5511966660001', 'Oi');
    await f.botSaid(early.ticketId, [closedAt('08:30')]);

    // Sunday 09:00 EDT (13:00Z): open, the bot greets
    clock.set('2026-03-08T13:00:00Z');
    const open = await f.inbound('5511966660002', 'Oi');
    await f.botSaid(open.ticketId, ['Escolha:', 'Vendas.']);

    // Monday 00:30 EDT (04:30Z): a new closed period began at 18:00 EDT on Sunday (22:00Z), after
    // the first answer, so the early customer is answered again
    clock.set('2026-03-09T04:30:00Z');
    await f.inbound('5511966660001', 'Alguém aí?');
    await f.botSaid(early.ticketId, [closedAt('08:30'), closedAt('00:30')]);
    // and only once in that period
    clock.set('2026-03-09T05:00:00Z');
    await f.inbound('5511966660001', 'Oi?');
    await f.botSaid(early.ticketId, [closedAt('08:30'), closedAt('00:30')]);
    expect(await f.ticketOf(early.ticketId)).toMatchObject({ status: 'pending', queueId: null });
  });
});
