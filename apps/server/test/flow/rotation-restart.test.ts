// The rotation's countdown is a durable timer: scheduled by one server, it fires once on the next
// server over the same database (PGlite folder, or the PostgreSQL server with TEST_DATABASE_URL).
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { reopenableTestDatabase } from '../helpers/test-database.ts';
import { FLOW_TIME_ZONE, MONDAY_10H, setupFlow } from './flow-setup.ts';

const MINUTE_MS = 60_000;
const store = await reopenableTestDatabase();
let database: Database | undefined;
let app: TestApp | undefined;
afterAll(async () => {
  await app?.close();
  await database?.close();
  await store.drop();
});

describe('rotation time across a restart (02-operations §3 timeRotate / tempoRoteador; issue 7: a restart loses no timer and fires none twice)', () => {
  it('the hand-on scheduled before a restart happens exactly once after it', async () => {
    const clock = manualClock(MONDAY_10H);
    database = await store.open();
    app = await startTestApp({ timeZone: FLOW_TIME_ZONE }, { clock, database });
    const f = await setupFlow(app);
    const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.', ativarRoteador: true, tempoRoteador: 5 });
    await f.configureConnection({ queueIds: [sales.id] });
    const ana = await f.attendant([sales.id], { online: true });
    const bia = await f.attendant([sales.id], { online: true });
    const { ticketId } = await f.inbound('5511966670001', 'Oi');
    expect((await f.ticketOf(ticketId)).userId).toBe(ana.user.id);
    clock.advance(2 * MINUTE_MS);
    await app.app.jobs.runDue();

    await app.close();
    await database.close();
    database = await store.open();
    app = await startTestApp({ timeZone: FLOW_TIME_ZONE }, { clock, database });
    const { token } = await app.login(f.admin.email, TEST_PASSWORD);
    const ticket = async () => (await app!.request('GET', `/tickets/${ticketId}`, { token })).body;
    expect((await ticket()).userId).toBe(ana.user.id);

    clock.advance(3 * MINUTE_MS);
    // the polling loop and explicit runs race for the same timer; it still fires once
    await Promise.all([app.app.jobs.runDue(), app.app.jobs.runDue()]);
    await app.app.jobs.runDue();
    expect(await ticket()).toMatchObject({ status: 'pending', userId: bia.user.id });
    const logs = (await app.request('GET', `/tickets-log/${ticketId}`, { token })).body.map((entry: { type: string }) => entry.type);
    expect(logs.filter((type: string) => type === 'rotation')).toHaveLength(1);
    // two servers over a folder database take a while on a busy machine
  }, 120_000);
});
