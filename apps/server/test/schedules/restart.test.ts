// A scheduled occurrence outlives its process: armed by one server, it goes out once on the next
// server over the same database, however many runners race for it (02-operations §3 Schedule;
// issue 17: each occurrence goes out exactly once across restarts and several processes).
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { reopenableTestDatabase } from '../helpers/test-database.ts';
import { scheduleCompany } from './support.ts';

const store = await reopenableTestDatabase();
let database: Database | undefined;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await store.drop();
});

describe('schedules across a restart (02-operations §3 Schedule)', () => {
  it('a recurring schedule armed before a restart sends each occurrence once after it, with two servers racing', async () => {
    const clock = manualClock('2026-03-02T12:00:00Z');
    database = await store.open();
    const first = await startTestApp({}, { clock, database });
    apps.push(first);
    const s = await scheduleCompany(first, clock);
    const id = (await s.create({ body: 'Lembrete diário', sendAt: '2026-03-02T13:00:00Z', intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 2 })).body.id;
    await first.close();
    apps.pop();
    await database.close();

    database = await store.open();
    const second = await startTestApp({}, { clock, database });
    const third = await startTestApp({}, { clock, database });
    apps.push(second, third);
    const { token } = await second.login(s.admin.email, TEST_PASSWORD);
    clock.set('2026-03-02T13:00:00Z');
    await Promise.all([second.app.jobs.runDue(), third.app.jobs.runDue(), second.app.jobs.runDue()]);
    clock.set('2026-03-03T13:00:00Z');
    await Promise.all([third.app.jobs.runDue(), second.app.jobs.runDue()]);
    await third.app.jobs.runDue();

    const outbox = (await second.request('GET', `/sandbox/${s.connection.id}/outbox`, { token })).body as { body: string }[];
    expect(outbox.map((message) => message.body)).toEqual(['Lembrete diário', 'Lembrete diário']);
    expect((await second.request('GET', `/schedules/${id}`, { token })).body).toMatchObject({ status: 'ENVIADA', sentCount: 2 });
    // two servers over a folder database take a while on a busy machine
  }, 120_000);
});
