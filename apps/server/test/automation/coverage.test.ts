// Every condition kind and every action kind of a rule (issue 40 point 1), each driven through real
// inbound messages and the job runner, beside the cases rules.test.ts and actions.test.ts tell in
// more detail (text, regex, status, first message, service hours, close, webhook, email).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactExtraInfo, contactTags, quickMessages, ticketTags, tickets } from '../../src/db/schema.ts';
import { createTag } from '../factories/contact.factory.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { startClockedApp } from '../timers/support.ts';
import { automationCompany, when } from './support.ts';

let t: TestApp;
let clock: Awaited<ReturnType<typeof startClockedApp>>['clock'];
beforeAll(async () => {
  ({ t, clock } = await startClockedApp());
});
afterAll(() => t?.close());

const ticketRow = async (ticketId: number) => (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0];
const lanesOf = async (ticketId: number) => (await t.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((row) => row.tagId);

describe('every condition and action of a rule (issue 40 point 1)', () => {
  it('issue 40 point 1: channel, connection, queue, tag, contact field and extra info, priority and owner conditions each decide by the ticket as it is', async () => {
    const c = await automationCompany(t, clock);
    const [queue] = c.queues;
    const vip = await createTag(t.db, c.company.id, { name: 'vip' });
    const attendant = await c.attendant([queue.id]);
    const noteWhen = (name: string, condition: Record<string, unknown>) =>
      c.addRule({ name, trigger: 'messageReceived', conditions: when([condition]), actions: [{ kind: 'addNote', text: name }] });
    await noteWhen('channel', { kind: 'channel', channels: ['sandbox'] });
    await noteWhen('other channel', { kind: 'channel', channels: ['telegram', 'instagram'] });
    await noteWhen('connection', { kind: 'connection', connectionIds: [c.connection.id] });
    await noteWhen('queue', { kind: 'queue', queueIds: [queue.id] });
    await noteWhen('tag', { kind: 'tag', tagId: vip.id, present: true });
    await noteWhen('no tag', { kind: 'tag', tagId: vip.id, present: false });
    await noteWhen('name', { kind: 'contactField', field: 'name', contains: 'customer 7001' });
    await noteWhen('extra', { kind: 'contactField', field: 'Plano', contains: 'OURO' });
    await noteWhen('urgent', { kind: 'priority', priorities: ['urgent', 'high'] });
    await noteWhen('owner', { kind: 'owner', userId: attendant.user.id });
    await noteWhen('unowned', { kind: 'owner', userId: null });

    const first = await c.inbound('5511937007001', 'hello');
    await c.runJobs();
    expect((await c.notesOf(first.ticketId)).sort()).toEqual(['channel', 'connection', 'name', 'no tag', 'unowned']);

    // the ticket gains a queue, an owner and a priority; the contact a tag and an extra info
    expect((await c.put(c.admin, first.ticketId, { queueId: queue.id })).status).toBe(200);
    expect((await c.put(attendant.session.token, first.ticketId, { status: 'open', userId: attendant.user.id, queueId: queue.id })).status).toBe(200);
    expect((await c.put(attendant.session.token, first.ticketId, { priority: 'urgent' })).status).toBe(200);
    const contactId = first.contactId ?? 0;
    await t.db.insert(contactTags).values({ companyId: c.company.id, contactId, tagId: vip.id });
    await t.db.insert(contactExtraInfo).values({ companyId: c.company.id, contactId, name: 'plano', value: 'Ouro anual' });
    const notesBefore = (await c.notesOf(first.ticketId)).length;
    await c.inbound('5511937007001', 'again');
    await c.runJobs();
    const added = (await c.notesOf(first.ticketId)).slice(notesBefore).sort();
    expect(added).toEqual(['channel', 'connection', 'extra', 'name', 'owner', 'queue', 'tag', 'urgent']);
  });

  it('issue 40 point 1: assign a queue, a user and the least busy user of a queue; remove a tag; move into a lane and out of lanes; send a quick message', async () => {
    const c = await automationCompany(t, clock, 2);
    const [sales, support] = c.queues;
    const busy = await c.attendant([support.id]);
    const free = await c.attendant([support.id]);
    const owner = await c.attendant([sales.id]);
    const old = await createTag(t.db, c.company.id, { name: 'old' });
    const lane = await createTag(t.db, c.company.id, { name: 'Lane A', kanban: 1 });
    const [quick] = await t.db.insert(quickMessages).values({ companyId: c.company.id, shortcode: 'hi', message: 'Quick hello from the team', geral: true }).returning();

    // the busy attendant already holds a live ticket of the support queue
    const held = await c.inbound('5511937008000', 'earlier');
    expect((await c.put(c.admin, held.ticketId, { queueId: support.id })).status).toBe(200);
    expect((await c.put(busy.session.token, held.ticketId, { status: 'open', userId: busy.user.id, queueId: support.id })).status).toBe(200);

    await c.addRule({
      name: 'route',
      trigger: 'messageReceived',
      conditions: when([{ kind: 'textContains', text: 'sales' }]),
      actions: [{ kind: 'assignQueue', queueId: sales.id }, { kind: 'assignUser', userId: owner.user.id }, { kind: 'removeTag', tagId: old.id }, { kind: 'addLane', tagId: lane.id }, { kind: 'sendQuickMessage', quickMessageId: quick.id }],
    });
    await c.addRule({ name: 'least busy', trigger: 'messageReceived', conditions: when([{ kind: 'textContains', text: 'support' }]), actions: [{ kind: 'assignLeastBusy', queueId: support.id }] });
    await c.addRule({ name: 'leave lanes', trigger: 'messageReceived', conditions: when([{ kind: 'textContains', text: 'done' }]), actions: [{ kind: 'removeLane' }] });

    const routed = await c.inbound('5511937008001', 'first');
    await t.db.insert(contactTags).values({ companyId: c.company.id, contactId: routed.contactId ?? 0, tagId: old.id });
    await c.inbound('5511937008001', 'talk to sales please');
    await c.runJobs();
    expect(await ticketRow(routed.ticketId)).toMatchObject({ queueId: sales.id, userId: owner.user.id });
    expect(await c.tagIdsOf(routed.contactId ?? 0)).toEqual([]);
    expect(await lanesOf(routed.ticketId)).toEqual([lane.id]);
    const outbox = (await t.request('GET', `/sandbox/${c.connection.id}/outbox`, { token: c.admin })).body as { body: string }[];
    expect(outbox.map((message) => message.body)).toContain('Quick hello from the team');

    await c.inbound('5511937008001', 'done, thanks');
    await c.runJobs();
    expect(await lanesOf(routed.ticketId)).toEqual([]);

    const balanced = await c.inbound('5511937008002', 'I need support');
    await c.runJobs();
    expect(await ticketRow(balanced.ticketId)).toMatchObject({ queueId: support.id, userId: free.user.id });
    const held2 = await t.db.select({ userId: tickets.userId }).from(tickets).where(and(eq(tickets.id, held.ticketId), eq(tickets.companyId, c.company.id)));
    expect(held2[0].userId).toBe(busy.user.id);
  });
});
