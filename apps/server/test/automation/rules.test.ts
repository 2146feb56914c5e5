import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { automationRuleRuns, jobs, plans, tags } from '../../src/db/schema.ts';
import { enqueueJob } from '../../src/platform/jobs/jobs.repo.ts';
import { MAX_AUTOMATION_DEPTH } from '../../src/modules/automation-triggers/automation-context.ts';
import { automationEvaluateJob } from '../../src/modules/automation-triggers/automation.jobs.ts';
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

describe('automation rules (issue 40 point 1)', () => {
  it('issue 40 point 1: a message containing "refund" tags the contact and sets the priority high; other messages do not', async () => {
    const c = await automationCompany(t, clock);
    const tag = await createTag(t.db, c.company.id, { name: 'refund' });
    await c.addRule({ trigger: 'messageReceived', conditions: when([{ kind: 'textContains', text: 'refund' }]), actions: [{ kind: 'addTag', tagId: tag.id }, { kind: 'setPriority', priority: 'high' }] });
    const plain = await c.inbound('5511930000001', 'hello');
    await c.runJobs();
    expect(await c.priorityOf(plain.ticketId)).toBe('none');
    const asking = await c.inbound('5511930000002', 'I want a REFUND now');
    await c.runJobs();
    expect(await c.priorityOf(asking.ticketId)).toBe('high');
    expect(await c.tagIdsOf(asking.contactId ?? 0)).toEqual([tag.id]);
    const [rule] = (await t.request('GET', '/automation-rules', { token: c.admin })).body as { lastTicketId: number; lastRunAt: string }[];
    expect(rule.lastTicketId).toBe(asking.ticketId);
    expect(rule.lastRunAt).not.toBeNull();
  });

  it('issue 40 point 1: any/all groups, first message, status and regex conditions', async () => {
    const c = await automationCompany(t, clock);
    await c.addRule({
      trigger: 'messageReceived',
      conditions: { match: 'all', groups: [when([{ kind: 'firstMessage', first: true }, { kind: 'status', statuses: ['pending'] }]).groups[0], { match: 'any', conditions: [{ kind: 'textMatches', pattern: '^order #\\d{4}$' }, { kind: 'textContains', text: 'urgent' }] }] },
      actions: [{ kind: 'addNote', text: 'matched' }],
    });
    const byRegex = await c.inbound('5511930000011', 'order #1234');
    const byText = await c.inbound('5511930000012', 'this is urgent');
    const neither = await c.inbound('5511930000013', 'order #12');
    await c.runJobs();
    expect(await c.notesOf(byRegex.ticketId)).toEqual(['matched']);
    expect(await c.notesOf(byText.ticketId)).toEqual(['matched']);
    expect(await c.notesOf(neither.ticketId)).toEqual([]);
    await c.inbound('5511930000011', 'order #5678');
    await c.runJobs();
    expect(await c.notesOf(byRegex.ticketId)).toEqual(['matched']);
  });

  it('issue 40 point 1: the rules of an event run in their order (position, then creation), each seeing what the earlier ones did', async () => {
    const c = await automationCompany(t, clock);
    // made first, placed second: it acts only after the rule placed first raised the priority
    await c.addRule({ position: 1, trigger: 'messageReceived', conditions: when([{ kind: 'priority', priorities: ['high'] }]), actions: [{ kind: 'addNote', text: 'seen high' }] });
    await c.addRule({ position: 0, trigger: 'messageReceived', actions: [{ kind: 'setPriority', priority: 'high' }] });
    await c.addRule({ position: 1, trigger: 'messageReceived', conditions: when([{ kind: 'priority', priorities: ['high'] }]), actions: [{ kind: 'addNote', text: 'made later' }] });
    const { ticketId } = await c.inbound('5511930000025', 'hi');
    await c.runJobs();
    expect(await c.notesOf(ticketId)).toEqual(['seen high', 'made later']);
  });

  it('issue 40 point 1: a rule runs at most once per event, however often its job runs', async () => {
    const c = await automationCompany(t, clock);
    const rule = await c.addRule({ trigger: 'messageReceived', actions: [{ kind: 'addNote', text: 'once' }] });
    const { ticketId, messageId } = await c.inbound('5511930000021', 'hi');
    await c.runJobs();
    const again = { companyId: c.company.id, ticketId, trigger: 'messageReceived' as const, eventKey: `message:${messageId}`, messageId, depth: 1, causedByRuleId: null };
    await enqueueJob(t.db, automationEvaluateJob, again);
    await enqueueJob(t.db, automationEvaluateJob, again);
    await c.runJobs();
    expect(await c.notesOf(ticketId)).toEqual(['once']);
    expect(await t.db.select().from(automationRuleRuns).where(eq(automationRuleRuns.ruleId, rule.id))).toHaveLength(1);
  });

  it('issue 40 point 1: rules that change the ticket on ticketUpdated stop at the depth limit and never trigger themselves', async () => {
    const c = await automationCompany(t, clock);
    const high = await c.addRule({ trigger: 'ticketUpdated', conditions: when([{ kind: 'priority', priorities: ['none', 'low'] }]), actions: [{ kind: 'setPriority', priority: 'high' }] });
    const low = await c.addRule({ trigger: 'ticketUpdated', conditions: when([{ kind: 'priority', priorities: ['high'] }]), actions: [{ kind: 'setPriority', priority: 'low' }] });
    const { ticketId } = await c.inbound('5511930000031', 'hi');
    const ana = await c.attendant([c.queues[0].id], { allTicket: 'enabled' });
    expect((await c.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: c.queues[0].id })).status).toBe(200);
    for (let round = 0; round < 6; round++) await c.runJobs();
    const runs = await t.db.select().from(automationRuleRuns).where(eq(automationRuleRuns.ticketId, ticketId));
    // each change a person made starts a chain of at most MAX_AUTOMATION_DEPTH rule runs, the two
    // rules taking turns (a rule never answers its own change); then it stops with nothing queued
    const ruleIds = runs.map((run) => run.ruleId);
    expect(ruleIds.length).toBeGreaterThanOrEqual(MAX_AUTOMATION_DEPTH);
    expect(ruleIds.length).toBeLessThanOrEqual(2 * MAX_AUTOMATION_DEPTH);
    expect(ruleIds.slice(0, MAX_AUTOMATION_DEPTH)).toEqual([high.id, low.id, high.id]);
    expect(ruleIds.every((id, index) => index === 0 || id !== ruleIds[index - 1])).toBe(true);
    expect(await t.db.select().from(jobs).where(and(eq(jobs.kind, automationEvaluateJob.name), eq(jobs.state, 'waiting')))).toEqual([]);
  });

  it('issue 40 bad input: an action naming a deleted tag or queue is flagged and skipped; the others run', async () => {
    const c = await automationCompany(t, clock);
    const tag = await createTag(t.db, c.company.id, { name: 'gone' });
    await c.addRule({ trigger: 'messageReceived', actions: [{ kind: 'addTag', tagId: tag.id }, { kind: 'assignQueue', queueId: 999_999 }, { kind: 'setPriority', priority: 'urgent' }] });
    expect((await t.request('DELETE', `/tags/${tag.id}`, { token: c.admin })).status).toBe(204);
    const [rule] = (await t.request('GET', '/automation-rules', { token: c.admin })).body as { brokenActions: unknown[] }[];
    expect(rule.brokenActions).toEqual([{ index: 0, kind: 'addTag', missing: 'tag' }, { index: 1, kind: 'assignQueue', missing: 'queue' }]);
    const warned = vi.spyOn(t.app.log, 'warn');
    const { ticketId, contactId } = await c.inbound('5511930000041', 'hi');
    await c.runJobs();
    expect(await c.priorityOf(ticketId)).toBe('urgent');
    expect(await c.tagIdsOf(contactId ?? 0)).toEqual([]);
    // each skipped action leaves a log line naming the ticket and the action
    const skipped = warned.mock.calls.filter(([fields]) => (fields as { ticketId?: number }).ticketId === ticketId).map(([fields]) => (fields as { action: string }).action);
    warned.mockRestore();
    expect(skipped).toEqual(['addTag', 'assignQueue']);
  });

  it('issue 40 bad input: a lane an action moves to is flagged as gone when its tag stops being a lane (the engine skips it)', async () => {
    const c = await automationCompany(t, clock);
    const lane = await createTag(t.db, c.company.id, { name: 'Em análise', kanban: 1 });
    await c.addRule({ trigger: 'messageReceived', actions: [{ kind: 'addLane', tagId: lane.id }] });
    const brokenOf = async () => ((await t.request('GET', '/automation-rules', { token: c.admin })).body as { brokenActions: unknown[] }[])[0].brokenActions;
    expect(await brokenOf()).toEqual([]);
    await t.db.update(tags).set({ kanban: 0 }).where(eq(tags.id, lane.id));
    expect(await brokenOf()).toEqual([{ index: 0, kind: 'addLane', missing: 'lane' }]);
  });

  it('issue 40 bad input: a pattern that backtracks catastrophically is refused with a validation key on its field; a long text does not stall a safe one', async () => {
    const c = await automationCompany(t, clock);
    const refused = await t.request('POST', '/automation-rules', { token: c.admin, body: { name: 'bad', trigger: 'messageReceived', conditions: when([{ kind: 'textMatches', pattern: '(a+)+$' }]), actions: [{ kind: 'close' }] } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0]).toMatchObject({ path: expect.stringContaining('pattern'), message: 'validation.regexNestedRepeat' });
    await c.addRule({ trigger: 'messageReceived', conditions: when([{ kind: 'textMatches', pattern: 'a+b$' }]), actions: [{ kind: 'addNote', text: 'ab' }] });
    const { ticketId } = await c.inbound('5511930000051', `${'a'.repeat(3000)}!`);
    await c.runJobs();
    expect(await c.notesOf(ticketId)).toEqual([]);
  });

  it('issue 40 point 1: ticketCreated sends a message; ticketClosed adds a note', async () => {
    const c = await automationCompany(t, clock);
    await c.addRule({ trigger: 'ticketCreated', actions: [{ kind: 'sendMessage', text: 'Welcome, {{name}}' }] });
    await c.addRule({ trigger: 'ticketClosed', actions: [{ kind: 'addNote', text: 'closed by someone' }] });
    const { ticketId } = await c.inbound('5511930000061', 'hi');
    await c.runJobs();
    await expect.poll(c.sentToCustomer).toContain('Welcome, Customer 0061');
    const ana = await c.attendant([c.queues[0].id], { allTicket: 'enabled' });
    expect((await c.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: c.queues[0].id })).status).toBe(200);
    const closing = await c.put(ana.session.token, ticketId, { status: 'closed' });
    expect(closing.body).toMatchObject({ status: 'closed' });
    await c.runJobs();
    expect(await c.notesOf(ticketId)).toEqual(['closed by someone']);
  });

  it('issue 40 point 1: ticketIdle runs after N minutes without messages; a newer message moves it', async () => {
    const c = await automationCompany(t, clock);
    await c.addRule({ trigger: 'ticketIdle', idleMinutes: 30, actions: [{ kind: 'setPriority', priority: 'medium' }] });
    const { ticketId } = await c.inbound('5511930000071', 'hi');
    await c.passMinutes(0);
    await c.passMinutes(20);
    await c.inbound('5511930000071', 'still here');
    await c.passMinutes(0);
    await c.passMinutes(20);
    expect(await c.priorityOf(ticketId)).toBe('none');
    await c.passMinutes(11);
    expect(await c.priorityOf(ticketId)).toBe('medium');
  });

  it("issue 40 point 1: the test button answers what the rule would do, each condition's reason as a key and its values, and changes nothing", async () => {
    const c = await automationCompany(t, clock);
    const rule = await c.addRule({ active: false, trigger: 'messageReceived', conditions: when([{ kind: 'textContains', text: 'refund' }]), actions: [{ kind: 'setPriority', priority: 'high' }, { kind: 'close' }] });
    const { ticketId } = await c.inbound('5511930000081', 'refund please');
    const answer = await t.request('POST', `/automation-rules/${rule.id}/test`, { token: c.admin, body: { ticketId } });
    expect(answer.status).toBe(200);
    expect(answer.body.matched).toBe(true);
    expect(answer.body.conditions[0]).toMatchObject({ matched: true, reason: { key: 'messageIs', values: { text: 'refund please' } } });
    expect(answer.body.actions.map((entry: { action: { kind: string } }) => entry.action.kind)).toEqual(['setPriority', 'close']);
    expect(await c.priorityOf(ticketId)).toBe('none');
    expect((await c.ticket(c.admin, ticketId)).status).toBe('pending');
  });

  it('issue 40 bad input: rules are behind the plan flag — a plan that loses useAutomation runs none of the rules made before', async () => {
    const c = await automationCompany(t, clock);
    await c.addRule({ trigger: 'messageReceived', actions: [{ kind: 'addNote', text: 'ran' }] });
    await c.addRule({ trigger: 'ticketIdle', idleMinutes: 5, actions: [{ kind: 'setPriority', priority: 'high' }] });
    if (c.company.planId === null) throw new Error('the factory gives every company a plan');
    await t.db.update(plans).set({ useAutomation: false }).where(eq(plans.id, c.company.planId));
    const { ticketId } = await c.inbound('5511930000091', 'hi');
    await c.passMinutes(0);
    await c.passMinutes(10);
    expect(await c.notesOf(ticketId)).toEqual([]);
    expect(await c.priorityOf(ticketId)).toBe('none');
    expect(await t.db.select().from(jobs).where(and(eq(jobs.kind, automationEvaluateJob.name), eq(jobs.state, 'waiting')))).toEqual([]);
  });

  it("issue 40 bad input: another company's rules are not found; attendants may not manage rules", async () => {
    const c = await automationCompany(t, clock);
    const other = await automationCompany(t, clock);
    const rule = await c.addRule({ trigger: 'messageReceived', actions: [{ kind: 'close' }] });
    expect((await t.request('PUT', `/automation-rules/${rule.id}`, { token: other.admin, body: { name: 'x', trigger: 'messageReceived', actions: [{ kind: 'close' }] } })).status).toBe(404);
    expect((await t.request('DELETE', `/automation-rules/${rule.id}`, { token: other.admin })).status).toBe(404);
    expect((await t.request('GET', '/automation-rules', { token: other.admin })).body).toEqual([]);
    const ana = await c.attendant([]);
    expect((await t.request('GET', '/automation-rules', { token: ana.session.token })).status).toBe(403);
  });
});
