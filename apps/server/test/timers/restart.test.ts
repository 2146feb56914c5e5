// A timer outlives its process: scheduled by one server, it fires once on the next server over the
// same database (PGlite folder, or the PostgreSQL server with TEST_DATABASE_URL).
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { reopenableTestDatabase } from '../helpers/test-database.ts';
import { attendanceWithTimers, MINUTE_MS } from './support.ts';

const store = await reopenableTestDatabase();
let database: Database | undefined;
let app: TestApp | undefined;
afterAll(async () => {
  await app?.close();
  await database?.close();
  await store.drop();
});

describe('durable timers across a restart (02-operations §3 expiresTicketNPS; issue 7: a restart loses no timer and fires none twice)', () => {
  it('the rating expiry scheduled before a restart fires exactly once after it', async () => {
    const clock = manualClock('2026-03-02T12:00:00Z');
    database = await store.open();
    app = await startTestApp({}, { clock, database });
    const a = await attendanceWithTimers(app, clock);
    await a.setSetting('userRating', 'enabled');
    await a.setConnection({ ratingMessage: 'Nota de 0 a 10?', expiresTicketNPS: 30, complationMessage: 'Obrigado!' });
    const ana = await a.attendant([a.queues[0].id], { allTicket: 'enabled' });
    const { ticketId } = await a.inbound('5511955550001', 'Oi');
    await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: a.queues[0].id });
    expect((await a.put(ana.session.token, ticketId, { status: 'closed', userId: ana.user.id })).body.status).toBe('nps');
    await a.passMinutes(10);

    await app.close();
    await database.close();
    database = await store.open();
    app = await startTestApp({}, { clock, database });
    const { token } = await app.login(a.admin.email, TEST_PASSWORD);
    const ticket = async () => (await app!.request('GET', `/tickets/${ticketId}`, { token })).body;
    expect((await ticket()).status).toBe('nps');

    clock.advance(21 * MINUTE_MS);
    // the polling loop and explicit runs race for the same timer; it still fires once
    await Promise.all([app.app.jobs.runDue(), app.app.jobs.runDue()]);
    await app.app.jobs.runDue();
    expect(await ticket()).toMatchObject({ status: 'closed', userRating: null });
    const messages = (await app.request('GET', `/messages/${ticketId}`, { token })).body.messages.map((m: { body: string }) => m.body);
    expect(messages.filter((body: string) => body === 'Obrigado!')).toHaveLength(1);
    const logs = (await app.request('GET', `/tickets-log/${ticketId}`, { token })).body.map((entry: { type: string }) => entry.type);
    expect(logs.filter((type: string) => type === 'closed')).toHaveLength(1);
    // two servers over a folder database take a while on a busy machine
  }, 120_000);
});
