// Automation rules, their runs and macros (issue 40 points 1 and 2).
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { automationRuleRuns, automationRules, contactExtraInfo, contacts, contactTags, macros, messages, queues, quickMessages, tags, tickets, userQueues, users, webhookEndpoints } from '../../db/schema.ts';
import type { ActionTarget, AutomationTrigger } from '@atende/shared/automation';
import { planAllowsAutomation } from '../automation-triggers/automation-triggers.repo.ts';

export type AutomationRuleRow = typeof automationRules.$inferSelect;
export type NewAutomationRule = Omit<typeof automationRules.$inferInsert, 'companyId'>;
export type MacroRow = typeof macros.$inferSelect;

const ruleOf = (companyId: number, ruleId: number) => and(eq(automationRules.companyId, companyId), eq(automationRules.id, ruleId));

export const listRules = (db: DbOrTx, companyId: number) =>
  db.select().from(automationRules).where(eq(automationRules.companyId, companyId)).orderBy(asc(automationRules.trigger), asc(automationRules.position), asc(automationRules.id));

export const findRule = async (db: DbOrTx, companyId: number, ruleId: number) => (await db.select().from(automationRules).where(ruleOf(companyId, ruleId)).limit(1))[0];

export const insertRule = async (db: DbOrTx, companyId: number, values: NewAutomationRule) => (await db.insert(automationRules).values({ ...values, companyId }).returning())[0];

export const updateRule = async (db: DbOrTx, companyId: number, ruleId: number, values: NewAutomationRule) =>
  (await db.update(automationRules).set({ ...values, updatedAt: sql`now()` }).where(ruleOf(companyId, ruleId)).returning())[0];

export const deleteRule = async (db: DbOrTx, companyId: number, ruleId: number) => (await db.delete(automationRules).where(ruleOf(companyId, ruleId)).returning({ id: automationRules.id })).length > 0;

// a job enqueued before the plan lost automation runs no rule either
const activeOf = (companyId: number, trigger: AutomationTrigger) =>
  and(eq(automationRules.companyId, companyId), eq(automationRules.trigger, trigger), eq(automationRules.active, true), planAllowsAutomation(companyId));

export const activeRules = (db: DbOrTx, companyId: number, trigger: AutomationTrigger) =>
  db.select().from(automationRules).where(activeOf(companyId, trigger)).orderBy(asc(automationRules.position), asc(automationRules.id));

// true for the one caller that records the rule's run for the event; false when it already ran
export const claimRuleRun = async (db: DbOrTx, run: { ruleId: number; eventKey: string; companyId: number; ticketId: number }) =>
  (await db.insert(automationRuleRuns).values(run).onConflictDoNothing().returning({ ruleId: automationRuleRuns.ruleId })).length > 0;

export const markRuleRan = (db: DbOrTx, companyId: number, ruleId: number, ticketId: number, at: Date) =>
  db.update(automationRules).set({ lastRunAt: at, lastTicketId: ticketId }).where(ruleOf(companyId, ruleId));

// Which of the ids an action names still exist in the company.
export const existingTargets = async (db: DbOrTx, companyId: number, ids: Record<ActionTarget, number[]>): Promise<Record<ActionTarget, Set<number>>> => {
  const pick = async (table: typeof queues | typeof users | typeof tags | typeof quickMessages | typeof webhookEndpoints, wanted: number[]) =>
    wanted.length === 0 ? new Set<number>() : new Set((await db.select({ id: table.id }).from(table).where(and(eq(table.companyId, companyId), inArray(table.id, wanted)))).map((row) => row.id));
  return {
    queue: await pick(queues, ids.queue),
    user: await pick(users, ids.user),
    tag: await pick(tags, ids.tag),
    lane:
      ids.lane.length === 0
        ? new Set<number>()
        : new Set((await db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), inArray(tags.id, ids.lane), eq(tags.kanban, 1)))).map((row) => row.id)),
    quickMessage: await pick(quickMessages, ids.quickMessage),
    webhookEndpoint: await pick(webhookEndpoints, ids.webhookEndpoint),
  };
};

export const countCustomerMessages = async (db: DbOrTx, companyId: number, ticketId: number) =>
  (await db.select({ n: count() }).from(messages).where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false))))[0]?.n ?? 0;

// The queue's attendant with the fewest open tickets (then the lowest id).
export const leastBusyUserOf = async (db: DbOrTx, companyId: number, queueId: number) => {
  const open = db
    .select({ userId: tickets.userId, n: count().as('n') })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.status, 'open')))
    .groupBy(tickets.userId)
    .as('open');
  const [row] = await db
    .select({ id: users.id })
    .from(userQueues)
    .innerJoin(users, and(eq(users.id, userQueues.userId), eq(users.companyId, companyId)))
    .leftJoin(open, eq(open.userId, users.id))
    .where(eq(userQueues.queueId, queueId))
    .orderBy(sql`coalesce(${open.n}, 0)`, asc(users.id))
    .limit(1);
  return row?.id;
};

const macroOf = (companyId: number, macroId: number) => and(eq(macros.companyId, companyId), eq(macros.id, macroId));
// the user's own macros and the company's shared ones
const visibleMacros = (companyId: number, userId: number) => and(eq(macros.companyId, companyId), or(isNull(macros.userId), eq(macros.userId, userId)));

export const listMacros = (db: DbOrTx, companyId: number, userId: number) => db.select().from(macros).where(visibleMacros(companyId, userId)).orderBy(asc(macros.name), asc(macros.id));

export const findVisibleMacro = async (db: DbOrTx, companyId: number, userId: number, macroId: number) =>
  (await db.select().from(macros).where(and(visibleMacros(companyId, userId), eq(macros.id, macroId))).limit(1))[0];

export const insertMacro = async (db: DbOrTx, values: typeof macros.$inferInsert) => (await db.insert(macros).values(values).returning())[0];

export const updateMacro = async (db: DbOrTx, companyId: number, macroId: number, values: Pick<MacroRow, 'name' | 'actions' | 'userId'>) =>
  (await db.update(macros).set({ ...values, updatedAt: sql`now()` }).where(macroOf(companyId, macroId)).returning())[0];

export const deleteMacro = async (db: DbOrTx, companyId: number, macroId: number) => (await db.delete(macros).where(macroOf(companyId, macroId)).returning({ id: macros.id })).length > 0;

// The contact's fields a contactField condition reads (lower-cased names; extra info by its name)
// and its tags.
export const contactSubject = async (db: DbOrTx, companyId: number, contactId: number) => {
  const [contact] = await db.select({ name: contacts.name, number: contacts.number, email: contacts.email }).from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId))).limit(1);
  const extra = await db.select({ name: contactExtraInfo.name, value: contactExtraInfo.value }).from(contactExtraInfo).where(and(eq(contactExtraInfo.companyId, companyId), eq(contactExtraInfo.contactId, contactId)));
  const tagRows = await db.select({ tagId: contactTags.tagId }).from(contactTags).where(and(eq(contactTags.companyId, companyId), eq(contactTags.contactId, contactId)));
  const fields: Record<string, string> = { ...(contact ?? {}) };
  for (const info of extra) fields[info.name.toLowerCase()] = info.value;
  return { fields, tagIds: new Set(tagRows.map((row) => row.tagId)) };
};

export const latestCustomerText = async (db: DbOrTx, companyId: number, ticketId: number) =>
  (
    await db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false)))
      .orderBy(desc(messages.id))
      .limit(1)
  )[0]?.body ?? '';
