// What the automation jobs do (issue 40 point 1, docs/automation.md). An evaluation runs the
// company's active rules of its trigger in order (position, then id) in one transaction with the
// ticket locked first; each matching rule claims its run for the event (the
// primary key of automation_rule_runs), so a retried or doubled job runs no rule twice. The rule's
// actions run with its cause in context: the events they cause carry the next depth and skip it.
import type { AutomationAction, ConditionTree } from '@atende/shared/automation';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { TicketOutcome } from '../tickets/tickets.events.ts';
import { findTicket, lockTicket } from '../tickets/tickets.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { runActions } from './automation-actions.steps.ts';
import { withCause } from '../automation-triggers/automation-context.ts';
import { loadConditionSubject } from './automation-subject.steps.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { activeRules, claimRuleRun, findRule, markRuleRan, type AutomationRuleRow } from './automation.repo.ts';
import { automationEvaluateJob, automationIdleJob, automationIdleStartJob, type AutomationEvaluation } from '../automation-triggers/automation.jobs.ts';
import { evaluateConditions } from '../automation-triggers/conditions.rules.ts';

const MINUTE_MS = 60_000;

type Deps = { db: Db; clock: Clock; timeZone: string; tickets: Pick<TicketsService, 'publishOutcome'>; log: FastifyBaseLogger };

const evaluate = async (tx: Tx, event: AutomationEvaluation, rules: AutomationRuleRow[], deps: Deps) => {
  const outcomes: TicketOutcome[] = [];
  const now = deps.clock.now();
  // read once, and again only after a rule's actions changed the ticket: 50 rules cost one read
  const load = async () => {
    const ticket = await findTicket(tx, event.companyId, event.ticketId);
    return ticket && { ticket, subject: await loadConditionSubject(tx, ticket, { now, timeZone: deps.timeZone, messageId: event.messageId }) };
  };
  let current = await load();
  for (const rule of rules) {
    if (!current) break;
    const { ticket, subject } = current;
    if (rule.id === event.causedByRuleId || !evaluateConditions(rule.conditions as ConditionTree, subject).matched) continue;
    if (!(await claimRuleRun(tx, { ruleId: rule.id, eventKey: event.eventKey, companyId: event.companyId, ticketId: ticket.id }))) continue;
    const { outcome } = await withCause({ depth: event.depth, ruleId: rule.id }, () =>
      runActions(tx, ticket, rule.actions as AutomationAction[], { now, timeZone: deps.timeZone, userId: null, log: deps.log, source: { kind: 'rule', id: rule.id, name: rule.name } }),
    );
    await markRuleRan(tx, event.companyId, rule.id, ticket.id, now);
    outcomes.push(outcome);
    current = await load();
  }
  return async () => {
    for (const outcome of outcomes) await deps.tickets.publishOutcome(outcome);
  };
};

export const registerAutomationJobs = (runner: Pick<JobRunner, 'register'>, deps: Deps) => {
  // Most events match no rule: they are answered from plain reads, and only an event some rule
  // matches takes the ticket's lock and evaluates again in the transaction that acts.
  runner.register(automationEvaluateJob, {
    run: async (event) => {
      const rules = await activeRules(deps.db, event.companyId, event.trigger);
      const ticket = await findTicket(deps.db, event.companyId, event.ticketId);
      if (!ticket) return;
      const subject = await loadConditionSubject(deps.db, ticket, { now: deps.clock.now(), timeZone: deps.timeZone, messageId: event.messageId });
      if (!rules.some((rule) => rule.id !== event.causedByRuleId && evaluateConditions(rule.conditions as ConditionTree, subject).matched)) return;
      const publish = await withTransaction(deps.db, async (tx) => {
        await lockTicket(tx, event.companyId, event.ticketId);
        return evaluate(tx, event, rules, deps);
      });
      await publish();
    },
  });
  runner.register(automationIdleStartJob, {
    runInTransaction: async (tx, start) => {
      for (const rule of await activeRules(tx, start.companyId, 'ticketIdle')) {
        const dueAt = new Date(deps.clock.now().getTime() + (rule.idleMinutes ?? 0) * MINUTE_MS);
        await enqueueJob(tx, automationIdleJob, { ...start, ruleId: rule.id }, { runAt: dueAt, singletonKey: `${start.ticketId}:${rule.id}` });
      }
    },
  });
  // A newer message moved the timer; one that still fires finds the ticket idle since sinceMessageId.
  runner.register(automationIdleJob, {
    lockFirst: (tx, timer) => lockTicket(tx, timer.companyId, timer.ticketId),
    runInTransaction: async (tx, timer) => {
      const rule = await findRule(tx, timer.companyId, timer.ruleId);
      const ticket = await findTicket(tx, timer.companyId, timer.ticketId);
      if (!rule?.active || rule.trigger !== 'ticketIdle' || !ticket || ticket.status === 'closed') return undefined;
      const event: AutomationEvaluation = {
        companyId: timer.companyId,
        ticketId: timer.ticketId,
        trigger: 'ticketIdle',
        eventKey: `idle:${timer.ticketId}:${timer.sinceMessageId}`,
        messageId: null,
        depth: 1,
        causedByRuleId: null,
      };
      return evaluate(tx, event, [rule], deps);
    },
  });
};
