// The question every ticket and message change asks (automation-triggers.steps.ts).
import type { AutomationTrigger } from '@atende/shared/automation';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { automationRules } from '../../db/schema.ts';

// The company's active rules of these triggers with their conditions, which the hook decides on
// in the process: one indexed read per event, answering no rows for a company without rules.
export const activeRulesOf = async (db: DbOrTx, companyId: number, triggers: AutomationTrigger[]) =>
  db
    .select({ id: automationRules.id, trigger: automationRules.trigger, conditions: automationRules.conditions })
    .from(automationRules)
    .where(and(eq(automationRules.companyId, companyId), inArray(automationRules.trigger, triggers), eq(automationRules.active, true)));
