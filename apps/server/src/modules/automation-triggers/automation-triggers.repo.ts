// The question every ticket and message change asks (automation-triggers.steps.ts).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { automationRules } from '../../db/schema.ts';

// The triggers the company has active rules for, and the idle rules: one indexed read per event.
export const activeTriggers = async (db: DbOrTx, companyId: number) =>
  db
    .select({ id: automationRules.id, trigger: automationRules.trigger, idleMinutes: automationRules.idleMinutes })
    .from(automationRules)
    .where(and(eq(automationRules.companyId, companyId), eq(automationRules.active, true)));
