// The hook of automation rules in every ticket and message change (issue 40 point 1): called from
// recordTicketEvent and recordMessageEvent in the change's transaction, it enqueues an evaluation
// only when an active rule of the trigger may match, and moves the ticket's idle timers on a new
// message. "May match" is decided here, in the process, from the facts the change has at hand (the
// message's text, the ticket's connection): a rule those facts already rule out costs no job. Only
// facts the rest of the transaction cannot change count; the job reads everything else after the
// commit. A company without rules pays one indexed read per event.
import { randomUUID } from 'node:crypto';
import type { AutomationTrigger, ConditionTree } from '@atende/shared/automation';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import type { messages } from '../../db/schema/messages.ts';
import type { tickets } from '../../db/schema/tickets.ts';
import { currentCause, MAX_AUTOMATION_DEPTH } from './automation-context.ts';
import { activeRulesOf } from './automation-triggers.repo.ts';
import { automationEvaluateJob, automationIdleStartJob } from './automation.jobs.ts';
import { mayMatch, type ConditionSubject } from './conditions.rules.ts';

type AutomationEvent = { trigger: AutomationTrigger; eventKey: string; messageId?: number };

type TicketRow = typeof tickets.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

const enqueueEvaluation = async (tx: DbOrTx, ticket: { companyId: number; id: number }, event: AutomationEvent) => {
  const cause = currentCause();
  await enqueueJob(
    tx,
    automationEvaluateJob,
    {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      trigger: event.trigger,
      eventKey: event.eventKey,
      messageId: event.messageId ?? null,
      depth: cause.depth + 1,
      causedByRuleId: cause.ruleId,
    },
    { orderingKey: `automation:ticket:${ticket.id}` },
  );
};

// Past the depth limit the change still happens; it only triggers no further rules.
const withinDepth = () => currentCause().depth < MAX_AUTOMATION_DEPTH;

type ActiveRule = Awaited<ReturnType<typeof activeRulesOf>>[number];

// a rule of the trigger, other than the one whose actions caused the event, that the facts do not rule out
const someRuleMayMatch = (rules: ActiveRule[], trigger: AutomationTrigger, facts: Partial<ConditionSubject>) => {
  const cause = currentCause().ruleId;
  return rules.some((rule) => rule.trigger === trigger && rule.id !== cause && mayMatch(rule.conditions as ConditionTree, facts));
};

export const fireAutomation = async (tx: DbOrTx, ticket: { companyId: number; id: number }, event: AutomationEvent, facts: Partial<ConditionSubject> = {}) => {
  if (!withinDepth()) return;
  const rules = await activeRulesOf(tx, ticket.companyId, [event.trigger]);
  if (someRuleMayMatch(rules, event.trigger, facts)) await enqueueEvaluation(tx, ticket, event);
};

export const scheduleTicketAutomation = (tx: DbOrTx, change: 'created' | 'changed', ticket: TicketRow) => {
  // a ticket keeps its connection
  const facts = { connectionId: ticket.whatsappId };
  if (change === 'created') return fireAutomation(tx, ticket, { trigger: 'ticketCreated', eventKey: `ticket:${ticket.id}:created` }, facts);
  const trigger = ticket.status === 'closed' ? 'ticketClosed' : 'ticketUpdated';
  return fireAutomation(tx, ticket, { trigger, eventKey: `ticket:${ticket.id}:${trigger}:${randomUUID()}` }, facts);
};

export const scheduleMessageAutomation = async (tx: DbOrTx, message: MessageRow) => {
  if (message.ticketId === null) return;
  const rules = await activeRulesOf(tx, message.companyId, ['ticketIdle', 'messageReceived']);
  if (rules.length === 0) return;
  const ticket = { companyId: message.companyId, id: message.ticketId };
  if (rules.some((rule) => rule.trigger === 'ticketIdle')) {
    await enqueueJob(tx, automationIdleStartJob, { companyId: message.companyId, ticketId: message.ticketId, sinceMessageId: message.id }, { singletonKey: String(message.ticketId) });
  }
  // the message's text is the one its evaluation reads
  if (!message.fromMe && withinDepth() && someRuleMayMatch(rules, 'messageReceived', { text: message.body })) {
    await enqueueEvaluation(tx, ticket, { trigger: 'messageReceived', eventKey: `message:${message.id}`, messageId: message.id });
  }
};
