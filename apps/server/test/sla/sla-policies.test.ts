import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('issue 40 point 3: SLA policies', () => {
  it('an admin creates, lists, changes and removes policies for a queue or the company default', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    const created = await t.request('POST', '/sla-policies', {
      token,
      body: { name: 'Urgent support', queueId: a.queues[0].id, priority: 'urgent', firstResponseMinutes: 5, resolutionMinutes: 120, hoursMode: 'service' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Urgent support', queueId: a.queues[0].id, priority: 'urgent', firstResponseMinutes: 5, nextResponseMinutes: null, resolutionMinutes: 120, hoursMode: 'service', active: true });
    const fallback = await t.request('POST', '/sla-policies', { token, body: { name: 'Default', nextResponseMinutes: 30 } });
    expect(fallback.body).toMatchObject({ queueId: null, priority: null, hoursMode: 'calendar' });

    const listed = await t.request('GET', '/sla-policies', { token });
    expect(listed.body.policies.map((policy: { name: string }) => policy.name)).toEqual(['Default', 'Urgent support']);

    const changed = await t.request('PUT', `/sla-policies/${created.body.id}`, { token, body: { firstResponseMinutes: null, active: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ firstResponseMinutes: null, resolutionMinutes: 120, active: false });

    expect((await t.request('DELETE', `/sla-policies/${created.body.id}`, { token })).status).toBe(200);
    expect((await t.request('DELETE', `/sla-policies/${created.body.id}`, { token })).status).toBe(404);
    expect((await t.request('GET', '/sla-policies', { token })).body.policies).toHaveLength(1);
  });

  it('a policy needs a target, minutes within bounds and a queue of the company', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    const refused = async (body: Record<string, unknown>) => (await t.request('POST', '/sla-policies', { token, body })).status;
    expect(await refused({ name: 'Nothing' })).toBe(400);
    expect(await refused({ name: 'Zero', firstResponseMinutes: 0 })).toBe(400);
    expect(await refused({ name: 'Too long', resolutionMinutes: 525_601 })).toBe(400);
    expect(await refused({ name: 'Fractional', resolutionMinutes: 1.5 })).toBe(400);
    expect(await refused({ name: 'Unknown queue', queueId: 2_000_000, firstResponseMinutes: 5 })).toBe(400);
    const only = await t.request('POST', '/sla-policies', { token, body: { name: 'Only one', firstResponseMinutes: 5 } });
    const emptied = await t.request('PUT', `/sla-policies/${only.body.id}`, { token, body: { firstResponseMinutes: null } });
    expect(emptied.status).toBe(400);
  });

  it('an attendant without the admin items is refused', async () => {
    const a = await setupAttendance(t);
    const ana = await a.attendant([a.queues[0].id]);
    expect((await t.request('GET', '/sla-policies', { token: ana.session.token })).status).toBe(403);
    expect((await t.request('POST', '/sla-policies', { token: ana.session.token, body: { name: 'Mine', firstResponseMinutes: 5 } })).status).toBe(403);
  });
});
