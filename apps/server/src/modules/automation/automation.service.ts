// Automation rules of a company (issue 40 point 1): CRUD for its admins and the test button,
// which answers what a rule would do on a ticket and changes nothing.
import type { AutomationAction, AutomationRuleBody, ConditionTree, RuleTestAnswer } from '@atende/shared/automation';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { findTicket } from '../tickets/tickets.repo.ts';
import { loadConditionSubject } from './automation-subject.steps.ts';
import { brokenActionsOf, ruleViews } from './automation-views.steps.ts';
import * as repo from './automation.repo.ts';
import { evaluateConditions } from '../automation-triggers/conditions.rules.ts';
import { regexProblem } from '../automation-triggers/regex-guard.ts';

type Deps = { db: Db; clock: Clock; timeZone: string };

const assertSafePatterns = (conditions: ConditionTree) => {
  conditions.groups.forEach((group, groupIndex) =>
    group.conditions.forEach((condition, index) => {
      const problem = condition.kind === 'textMatches' ? regexProblem(condition.pattern) : undefined;
      if (problem) throw invalidField(`body.conditions.groups.${groupIndex}.conditions.${index}.pattern`, problem);
    }),
  );
};

export const createAutomationService = ({ db, clock, timeZone }: Deps) => {
  const viewOf = async (companyId: number, row: repo.AutomationRuleRow) => (await ruleViews(db, companyId, [row]))[0];
  const existing = async (companyId: number, ruleId: number) => {
    const row = await repo.findRule(db, companyId, ruleId);
    if (!row) throw notFound();
    return row;
  };

  return {
    list: async (tenant: TenantContext) => ruleViews(db, tenant.companyId, await repo.listRules(db, tenant.companyId)),

    create: async (tenant: TenantContext, body: AutomationRuleBody) => {
      assertSafePatterns(body.conditions);
      return viewOf(tenant.companyId, await repo.insertRule(db, tenant.companyId, body));
    },

    update: async (tenant: TenantContext, ruleId: number, body: AutomationRuleBody) => {
      assertSafePatterns(body.conditions);
      const row = await repo.updateRule(db, tenant.companyId, ruleId, body);
      if (!row) throw notFound();
      return viewOf(tenant.companyId, row);
    },

    remove: async (tenant: TenantContext, ruleId: number) => {
      if (!(await repo.deleteRule(db, tenant.companyId, ruleId))) throw notFound();
      return { message: 'Automation rule deleted' };
    },

    test: async (tenant: TenantContext, ruleId: number, ticketId: number): Promise<RuleTestAnswer> => {
      const rule = await existing(tenant.companyId, ruleId);
      const ticket = await findTicket(db, tenant.companyId, ticketId);
      if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
      const subject = await loadConditionSubject(db, ticket, { now: clock.now(), timeZone });
      const { matched, conditions } = evaluateConditions(rule.conditions as ConditionTree, subject);
      const actions = rule.actions as AutomationAction[];
      const [broken] = await brokenActionsOf(db, tenant.companyId, [actions]);
      const skipped = new Set(broken.map((entry) => entry.index));
      return { matched, conditions, actions: matched ? actions.map((action, index) => ({ action, skipped: skipped.has(index) })) : [] };
    },
  };
};

export type AutomationService = ReturnType<typeof createAutomationService>;
