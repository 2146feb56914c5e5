// The question every ticket and message change asks (automation-triggers.steps.ts).
import type { AutomationTrigger } from '@atende/shared/automation';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { automationRules, companies, plans } from '../../db/schema.ts';

// Whether the company's plan has useAutomation (issue 40 bad input): its rules, SLA tracking and
// queue assignment stop with it, not only its screens. A company without a plan is the platform's
// own: nothing switches its features off.
export const planAllowsAutomation = (companyId: number) =>
  sql<boolean>`coalesce((select ${plans.useAutomation} from ${companies} join ${plans} on ${plans.id} = ${companies.planId} where ${companies.id} = ${companyId}), true)`;

// The company's active rules of these triggers with their conditions, which the hook decides on
// in the process: one indexed read per event, answering no rows for a company without rules. The
// plan is asked by the jobs (automation.repo.ts activeRules), not on this path every message takes:
// a company that lost automation only enqueues evaluations that find no rule.
export const activeRulesOf = async (db: DbOrTx, companyId: number, triggers: AutomationTrigger[]) =>
  db
    .select({ id: automationRules.id, trigger: automationRules.trigger, conditions: automationRules.conditions })
    .from(automationRules)
    .where(and(eq(automationRules.companyId, companyId), inArray(automationRules.trigger, triggers), eq(automationRules.active, true)));
