import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTag } from '../factories/contact.factory.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { startClockedApp } from '../timers/support.ts';
import { automationCompany } from './support.ts';

let t: TestApp;
let clock: Awaited<ReturnType<typeof startClockedApp>>['clock'];
beforeAll(async () => {
  ({ t, clock } = await startClockedApp());
});
afterAll(() => t?.close());

describe('macros (issue 40 point 2)', () => {
  it('issue 40 point 2: an attendant sees their own macros and the shared ones, not a colleague’s; only admins share', async () => {
    const c = await automationCompany(t, clock);
    const ana = await c.attendant([c.queues[0].id]);
    const bia = await c.attendant([c.queues[0].id]);
    const shared = await t.request('POST', '/macros', { token: c.admin, body: { name: 'Shared', shared: true, actions: [{ kind: 'close' }] } });
    expect(shared.status).toBe(201);
    expect((await t.request('POST', '/macros', { token: ana.session.token, body: { name: 'Mine', actions: [{ kind: 'close' }] } })).status).toBe(201);
    expect((await t.request('POST', '/macros', { token: ana.session.token, body: { name: 'Not allowed', shared: true, actions: [{ kind: 'close' }] } })).status).toBe(403);
    const names = async (token: string) => ((await t.request('GET', '/macros', { token })).body as { name: string }[]).map((macro) => macro.name);
    expect(await names(ana.session.token)).toEqual(['Mine', 'Shared']);
    expect(await names(bia.session.token)).toEqual(['Shared']);
    expect((await t.request('DELETE', `/macros/${shared.body.id}`, { token: ana.session.token })).status).toBe(403);
  });

  it('issue 40 point 2: running a macro applies its actions in order to a ticket the user may act on', async () => {
    const c = await automationCompany(t, clock);
    const ana = await c.attendant([c.queues[0].id], { allTicket: 'enabled' });
    const vip = await createTag(t.db, c.company.id, { name: 'vip' });
    const macro = await t.request('POST', '/macros', {
      token: ana.session.token,
      body: { name: 'VIP', actions: [{ kind: 'addTag', tagId: vip.id }, { kind: 'setPriority', priority: 'urgent' }, { kind: 'addNote', text: 'VIP customer' }, { kind: 'sendMessage', text: 'Hello {{name}}' }] },
    });
    const { ticketId, contactId } = await c.inbound('5511930000101', 'hi');
    expect((await c.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: c.queues[0].id })).status).toBe(200);
    const run = await t.request('POST', `/macros/${macro.body.id}/run`, { token: ana.session.token, body: { ticketId } });
    expect(run.status).toBe(200);
    expect(run.body.ran).toEqual([
      { kind: 'addTag', skipped: false },
      { kind: 'setPriority', skipped: false },
      { kind: 'addNote', skipped: false },
      { kind: 'sendMessage', skipped: false },
    ]);
    expect(await c.priorityOf(ticketId)).toBe('urgent');
    expect(await c.tagIdsOf(contactId ?? 0)).toEqual([vip.id]);
    expect(await c.notesOf(ticketId)).toEqual(['VIP customer']);
    await expect.poll(c.sentToCustomer).toContain('Hello Customer 0101');
    const stranger = await c.attendant([]);
    expect((await t.request('POST', `/macros/${macro.body.id}/run`, { token: stranger.session.token, body: { ticketId } })).status).toBe(404);
  });

  it("issue 40 point 2: a macro's close is the attendant's close, with the attendant's own farewell", async () => {
    const c = await automationCompany(t, clock);
    const ana = await c.attendant([c.queues[0].id], { allTicket: 'enabled', farewellMessage: 'Até logo, {{name}}! {{user}}' });
    const macro = await t.request('POST', '/macros', { token: ana.session.token, body: { name: 'Done', actions: [{ kind: 'close' }] } });
    const { ticketId } = await c.inbound('5511930000111', 'thanks');
    expect((await c.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: c.queues[0].id })).status).toBe(200);
    const run = await t.request('POST', `/macros/${macro.body.id}/run`, { token: ana.session.token, body: { ticketId } });
    expect(run.body.ran).toEqual([{ kind: 'close', skipped: false }]);
    expect((await c.ticket(c.admin, ticketId)).status).toBe('closed');
    await expect.poll(c.sentToCustomer).toContain(`Até logo, Customer 0111! ${ana.user.name}`);
  });
});
