// The actions that reach outside the ticket (send a webhook, send an email), the close an attendant
// makes, the service hours that apply to the ticket, and the hook's in-process decision
// (docs/automation.md), through real inbound messages, the job runner, a signed-webhook receiver
// and an SMTP server on loopback.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, jobs, queues } from '../../src/db/schema.ts';
import { automationEvaluateJob } from '../../src/modules/automation-triggers/automation.jobs.ts';
import { manualClock, type ManualClock } from '../../src/platform/clock.ts';
import { createUser } from '../factories/company.factory.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver.ts';
import { automationCompany, when } from './support.ts';

let t: TestApp;
let clock: ManualClock;
let smtp: SmtpReceiver;
let hooks: WebhookReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  hooks = await startWebhookReceiver();
  clock = manualClock('2026-03-02T12:00:00Z');
  t = await startTestApp({ mail: smtp.mailConfig('http://app.example.test') }, { clock });
});
afterAll(async () => {
  await t?.close();
  await hooks?.close();
  await smtp?.close();
});

const mondayOnly = (start: string, end: string) => [{ weekday: 'Segunda-feira', weekdayEn: 'monday' as const, startTimeA: start, endTimeA: end, startTimeB: '', endTimeB: '' }];

const brokenActionsOf = async (token: string, ruleId: number) =>
  ((await t.request('GET', '/automation-rules', { token })).body as { id: number; brokenActions: unknown[] }[]).find((rule) => rule.id === ruleId)?.brokenActions;

describe('automation actions (issue 40 point 1)', () => {
  it('issue 40 point 1: "send a webhook" delivers automation.triggered with the rule and the ticket to the endpoint it names, signed; a deleted endpoint is flagged and skipped', async () => {
    const c = await automationCompany(t, clock);
    // subscribed to another event: the action names the endpoint, whatever it subscribed to
    const endpoint = await hooks.subscribe(t, c.admin, ['contact.updated']);
    const rule = await c.addRule({ name: 'VIP alert', trigger: 'messageReceived', conditions: when([{ kind: 'textContains', text: 'vip' }]), actions: [{ kind: 'sendWebhook', endpointId: endpoint.id }] });
    const { ticketId } = await c.inbound('5511930000401', 'I am a VIP');
    await c.runJobs();
    const triggered = () => hooks.events('automation.triggered').filter((body) => body.companyId === c.company.id);
    await eventually(async () => triggered().map((body) => body.data)).toEqual([{ source: { kind: 'rule', id: rule.id, name: 'VIP alert' }, ticket: expect.objectContaining({ id: ticketId, status: 'pending' }) }]);
    expect(hooks.received.find((entry) => entry.body.event === 'automation.triggered' && entry.body.companyId === c.company.id)?.headers['x-atende-event']).toBe('automation.triggered');

    expect((await t.request('DELETE', `/webhook-endpoints/${endpoint.id}`, { token: c.admin })).status).toBe(200);
    expect(await brokenActionsOf(c.admin, rule.id)).toEqual([{ index: 0, kind: 'sendWebhook', missing: 'webhookEndpoint' }]);
    await c.inbound('5511930000401', 'still a VIP');
    await c.runJobs();
    expect(triggered()).toHaveLength(1);
  });

  it('issue 40 point 1: "send an email to a user" mails the user in the chosen language with the ticket, the text and a link to it; another company\'s user is flagged and skipped', async () => {
    const c = await automationCompany(t, clock);
    const bia = await createUser(t.db, c.company.id, { name: 'Bia', email: `bia-${c.company.id}@atende.test` });
    const other = await automationCompany(t, clock);
    const stranger = await createUser(t.db, other.company.id, { email: `stranger-${other.company.id}@atende.test` });
    await c.addRule({ name: 'Refunds', trigger: 'messageReceived', conditions: when([{ kind: 'textContains', text: 'refund' }]), actions: [{ kind: 'sendEmail', userId: bia.id, locale: 'en', text: 'A refund is asked for.' }] });
    const foreign = await c.addRule({ trigger: 'messageReceived', actions: [{ kind: 'sendEmail', userId: stranger.id }] });
    expect(await brokenActionsOf(c.admin, foreign.id)).toEqual([{ index: 0, kind: 'sendEmail', missing: 'user' }]);

    const { ticketId } = await c.inbound('5511930000501', 'I want a refund');
    await c.runJobs();
    const mail = await smtp.nextMail(bia.email);
    expect(mail.subject).toBe(`Ticket #${ticketId} - Customer 0501`);
    expect(mail.text).toContain('Hello, Bia.');
    expect(mail.text).toContain(`The automation rule "Refunds" sent this notice about ticket #${ticketId} of Customer 0501.`);
    expect(mail.text).toContain('A refund is asked for.');
    const { uuid } = await c.ticket(c.admin, ticketId);
    expect(linkIn(mail, `/tickets/${uuid}`)).toBe(`http://app.example.test/tickets/${uuid}`);
    expect(smtp.receivedBy(stranger.email)).toEqual([]);
  });

  it('issue 40 point 1 (close): a rule closes as an attendant does — the connection asks for the rating first; without one the completion message goes and the ticket closes', async () => {
    const c = await automationCompany(t, clock);
    await c.setSetting('userRating', 'enabled');
    await c.setConnection({ ratingMessage: 'De 0 a 10, que nota?', complationMessage: 'Obrigado, {{name}}!', expiresTicketNPS: 30 });
    await c.addRule({ trigger: 'messageReceived', conditions: when([{ kind: 'textContains', text: 'tchau' }]), actions: [{ kind: 'close' }] });
    const rated = await c.inbound('5511930000601', 'tchau');
    await c.runJobs();
    expect((await c.ticket(c.admin, rated.ticketId)).status).toBe('nps');
    await expect.poll(c.sentToCustomer).toEqual(expect.arrayContaining([expect.stringContaining('De 0 a 10, que nota?')]));
    await c.inbound('5511930000601', '9');
    expect((await c.ticket(c.admin, rated.ticketId)).status).toBe('closed');
    await expect.poll(c.sentToCustomer).toContain('Obrigado, Customer 0601!');

    await c.setSetting('userRating', 'disabled');
    // a rule closing a closed ticket leaves it as it is: one farewell
    await c.addRule({ trigger: 'ticketClosed', actions: [{ kind: 'close' }, { kind: 'addNote', text: 'closed' }] });
    const plain = await c.inbound('5511930000602', 'tchau');
    await c.runJobs();
    await c.runJobs();
    expect((await c.ticket(c.admin, plain.ticketId)).status).toBe('closed');
    await expect.poll(c.sentToCustomer).toContain('Obrigado, Customer 0602!');
    expect(await c.notesOf(plain.ticketId)).toEqual(['closed']);
    expect((await c.sentToCustomer()).filter((text) => text === 'Obrigado, Customer 0602!')).toHaveLength(1);
  });

  it("issue 40 point 1 (service hours): the condition reads the hours that apply to the ticket — the company's, or its queue's when scheduleType says per queue", async () => {
    const c = await automationCompany(t, clock);
    const [queue] = c.queues;
    // Monday 12:00 UTC: within the company's hours, outside the queue's
    await t.db.update(companies).set({ schedules: mondayOnly('08:00', '20:00') }).where(eq(companies.id, c.company.id));
    await t.db.update(queues).set({ schedules: mondayOnly('13:00', '18:00') }).where(eq(queues.id, queue.id));
    await c.addRule({ trigger: 'messageReceived', conditions: when([{ kind: 'serviceHours', within: false }]), actions: [{ kind: 'addNote', text: 'out of hours' }] });
    await c.setSetting('scheduleType', 'company');
    const { ticketId } = await c.inbound('5511930000701', 'hi');
    expect((await c.put(c.admin, ticketId, { queueId: queue.id })).status).toBe(200);
    await c.inbound('5511930000701', 'anyone?');
    await c.runJobs();
    expect(await c.notesOf(ticketId)).toEqual([]);
    await c.setSetting('scheduleType', 'queue');
    await c.inbound('5511930000701', 'hello?');
    await c.runJobs();
    expect(await c.notesOf(ticketId)).toEqual(['out of hours']);
  });

  it('issue 40 bench: a message that no rule can match by its text enqueues no evaluation; one that may match does', async () => {
    const c = await automationCompany(t, clock);
    await c.addRule({ trigger: 'messageReceived', conditions: when([{ kind: 'textContains', text: 'refund' }, { kind: 'textMatches', pattern: '^order #\\d+$' }], 'any'), actions: [{ kind: 'addNote', text: 'matched' }] });
    await c.addRule({ trigger: 'messageReceived', conditions: when([{ kind: 'textContains', text: 'invoice' }, { kind: 'status', statuses: ['open'] }]), actions: [{ kind: 'addNote', text: 'invoice' }] });
    const evaluations = async (ticketId: number) =>
      (await t.db.select({ payload: jobs.payload }).from(jobs).where(and(eq(jobs.kind, automationEvaluateJob.name)))).filter((job) => (job.payload as { ticketId: number }).ticketId === ticketId).length;
    const { ticketId } = await c.inbound('5511930000801', 'good morning');
    await c.inbound('5511930000801', 'order #12a');
    expect(await evaluations(ticketId)).toBe(0);
    await c.inbound('5511930000801', 'about my invoice');
    expect(await evaluations(ticketId)).toBe(1);
    await c.inbound('5511930000801', 'order #12');
    await c.runJobs();
    expect(await c.notesOf(ticketId)).toEqual(['matched']);
  });
});
