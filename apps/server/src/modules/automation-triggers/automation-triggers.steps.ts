// The hook of automation rules in every ticket and message change (issue 40 point 1): called from
// recordTicketEvent and recordMessageEvent in the change's transaction, it enqueues an evaluation
// only when the company has an active rule of the trigger, and moves the ticket's idle timers on a
// new message. A company without rules pays one indexed read per event.
import { randomUUID } from 'node:crypto';
import type { AutomationTrigger } from '@atende/shared/automation';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import type { messages } from '../../db/schema/messages.ts';
import type { tickets } from '../../db/schema/tickets.ts';
import { currentCause, MAX_AUTOMATION_DEPTH } from './automation-context.ts';
import { activeTriggers } from './automation-triggers.repo.ts';
import { automationEvaluateJob, automationIdleStartJob } from './automation.jobs.ts';

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

export const fireAutomation = async (tx: DbOrTx, ticket: { companyId: number; id: number }, event: AutomationEvent) => {
  if (!withinDepth()) return;
  const rules = await activeTriggers(tx, ticket.companyId);
  if (rules.some((rule) => rule.trigger === event.trigger)) await enqueueEvaluation(tx, ticket, event);
};

export const scheduleTicketAutomation = (tx: DbOrTx, change: 'created' | 'changed', ticket: TicketRow) => {
  if (change === 'created') return fireAutomation(tx, ticket, { trigger: 'ticketCreated', eventKey: `ticket:${ticket.id}:created` });
  const trigger = ticket.status === 'closed' ? 'ticketClosed' : 'ticketUpdated';
  return fireAutomation(tx, ticket, { trigger, eventKey: `ticket:${ticket.id}:${trigger}:${randomUUID()}` });
};

export const scheduleMessageAutomation = async (tx: DbOrTx, message: MessageRow) => {
  if (message.ticketId === null) return;
  const rules = await activeTriggers(tx, message.companyId);
  if (rules.length === 0) return;
  const ticket = { companyId: message.companyId, id: message.ticketId };
  if (rules.some((rule) => rule.trigger === 'ticketIdle')) {
    await enqueueJob(tx, automationIdleStartJob, { companyId: message.companyId, ticketId: message.ticketId, sinceMessageId: message.id }, { singletonKey: String(message.ticketId) });
  }
  if (!message.fromMe && withinDepth() && rules.some((rule) => rule.trigger === 'messageReceived')) {
    await enqueueEvaluation(tx, ticket, { trigger: 'messageReceived', eventKey: `message:${message.id}`, messageId: message.id });
  }
};
