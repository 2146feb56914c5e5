// Issue 36 point 1: the dashboard calls (01-core §7 /dashboard calls, issue 35 point 13) and the
// sandbox's calls answer what their contracts say.
import { dashboardEndpoints } from '@atende/shared/dashboard';
import { sandboxEndpoints } from '@atende/shared/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let company: Awaited<ReturnType<typeof setupAttendance>>;
let ticketId: number;
beforeAll(async () => {
  t = await startTestApp();
  company = await setupAttendance(t);
  ({ ticketId } = await company.inbound('5511987651234', 'Olá'));
  await company.put(company.adminSession.token, ticketId, { status: 'open', userId: company.admin.id, queueId: company.queues[0].id });
  await t.request('POST', `/messages/${ticketId}`, { token: company.adminSession.token, body: { body: 'Bom dia!' } });
});
afterAll(() => t?.close());

const get = (path: string) => t.request('GET', path, { token: company.adminSession.token });
const today = new Date().toISOString().slice(0, 10);

describe('dashboard contracts (01-core §7 /dashboard calls)', () => {
  it('each call answers its response schema', async () => {
    const summary = dashboardEndpoints.summary.response.parse((await get('/dashboard?days=1')).body);
    expect(summary.counters.supportHappening).toBe(1);
    expect(summary.attendants.map((row) => row.id)).toContain(company.admin.id);
    const perUser = dashboardEndpoints.ticketsUsers.response.parse((await get(`/dashboard/ticketsUsers?initialDate=${today}&finalDate=${today}`)).body);
    expect(perUser.count).toBe(1);
    // one day: a point per hour
    const perHour = dashboardEndpoints.ticketsDay.response.parse((await get(`/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`)).body);
    expect(perHour.data[0].horario).toMatch(/^\d\d$/);
    const perDay = dashboardEndpoints.ticketsDay.response.parse((await get('/dashboard/ticketsDay')).body);
    expect(perDay.count).toBe(1);
    expect(dashboardEndpoints.onboarding.response.parse((await get('/dashboard/onboarding')).body)).toEqual({ channel: true, queue: true, attendant: false, reply: true });
  });
});

describe('sandbox contracts (issue: attendance core)', () => {
  it('a new sandbox connection answers its response schema, connected at once', async () => {
    const created = await t.request('POST', '/sandbox/connections', { token: company.adminSession.token, body: { name: 'Outra sandbox' } });
    expect(created.status).toBe(201);
    expect(sandboxEndpoints.createConnection.response.parse(created.body)).toMatchObject({ name: 'Outra sandbox', channel: 'sandbox', status: 'CONNECTED' });
  });

  it('the outbox and the receipts answer their response schemas', async () => {
    const path = `/sandbox/${company.connection.id}/outbox`;
    await expect.poll(async () => ((await get(path)).body as unknown[]).length).toBe(1);
    const [sent] = sandboxEndpoints.outbox.response.parse((await get(path)).body);
    expect(sent).toMatchObject({ ticketId, body: 'Bom dia!' });
    const ack = await t.request('POST', `/sandbox/${company.connection.id}/acks`, { token: company.adminSession.token, body: { providerMessageId: sent.providerMessageId, ack: 3 } });
    expect(sandboxEndpoints.acknowledge.response.parse(ack.body)).toEqual({ ok: true });
    const unknown = await t.request('POST', `/sandbox/${company.connection.id}/acks`, { token: company.adminSession.token, body: { providerMessageId: 'never-sent', ack: 3 } });
    expect(unknown.body).toEqual({ error: 'ERR_NO_MESSAGE_FOUND' });
  });
});
