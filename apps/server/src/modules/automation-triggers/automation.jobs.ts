// The jobs of automation rules (issue 40 point 1, docs/automation.md): an evaluation per event,
// enqueued in the transaction of the change, and an idle timer per ticket and ticketIdle rule that
// every new message of the ticket moves.
import { automationTriggers } from '@atende/shared/automation';
import { z } from 'zod';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';

const positive = z.number().int().positive();

export const automationEvaluateJob = defineJobKind({
  name: 'automation.evaluate',
  payload: z.object({
    companyId: positive,
    ticketId: positive,
    trigger: z.enum(automationTriggers),
    // what makes the event one: a rule runs at most once per key
    eventKey: z.string().max(200),
    // the message that caused messageReceived, whose text the conditions read
    messageId: positive.nullable(),
    // how many rule runs led to this event (1: a person or a channel caused it)
    depth: z.number().int().min(1),
    // the rule whose actions caused the event: it does not run for its own change
    causedByRuleId: positive.nullable(),
  }),
  priority: 'normal',
});
export type AutomationEvaluation = z.infer<typeof automationEvaluateJob.payload>;

// a new message of a ticket while the company has ticketIdle rules: (re)starts their timers by the
// runner's clock
export const automationIdleStartJob = defineJobKind({
  name: 'automation.idleStart',
  payload: z.object({ companyId: positive, ticketId: positive, sinceMessageId: positive }),
  priority: 'normal',
});

export const automationIdleJob = defineJobKind({
  name: 'automation.idle',
  payload: z.object({ companyId: positive, ticketId: positive, ruleId: positive, sinceMessageId: positive }),
  priority: 'normal',
});
