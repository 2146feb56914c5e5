// The copilot's rows: its settings (company_settings keys of its own, which GET /settings never
// lists, so the sealed key is not answered there), the calls it made and the plan's allowance.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { aiCalls, companies, companySettings, messages, plans, users } from '../../db/schema.ts';
import { writeCompanyValue } from '../settings/company-settings.repo.ts';

const settingKeys = { apiKey: 'copilotApiKey', tone: 'copilotTone', transferSummary: 'copilotTransferSummary' } as const;
export type CopilotSettingName = keyof typeof settingKeys;
// apiKey: sealed by the secret box, '' when none
export type CopilotSettingsRow = Record<CopilotSettingName, string>;

export const readCopilotSettings = async (db: DbOrTx, companyId: number): Promise<CopilotSettingsRow> => {
  const rows = await db
    .select({ key: companySettings.key, value: companySettings.value })
    .from(companySettings)
    .where(and(eq(companySettings.companyId, companyId), sql`${companySettings.key} in (${settingKeys.apiKey}, ${settingKeys.tone}, ${settingKeys.transferSummary})`));
  const valueOf = (name: CopilotSettingName) => rows.find((row) => row.key === settingKeys[name])?.value ?? '';
  return { apiKey: valueOf('apiKey'), tone: valueOf('tone'), transferSummary: valueOf('transferSummary') };
};

export const writeCopilotSetting = (db: DbOrTx, companyId: number, name: CopilotSettingName, value: string) => writeCompanyValue(db, companyId, settingKeys[name], value);

// null: the plan sets no limit (or the company has no plan)
export const monthlyTokenLimit = async (db: DbOrTx, companyId: number) => {
  const [row] = await db
    .select({ limit: plans.aiMonthlyTokens })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.limit ?? null;
};

export type MonthRange = { from: Date; to: Date };

export const tokensUsed = async (db: DbOrTx, companyId: number, month: MonthRange) => {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${aiCalls.tokensIn} + ${aiCalls.tokensOut}), 0)::int` })
    .from(aiCalls)
    .where(and(eq(aiCalls.companyId, companyId), gte(aiCalls.createdAt, month.from), lt(aiCalls.createdAt, month.to)));
  return Number(row?.used ?? 0);
};

export type AiCallTokens = { tokensIn: number; tokensOut: number };
export type AiCallReservation = AiCallTokens & { companyId: number; userId: number | null; feature: string; createdAt: Date };

// the two keys of pg_advisory_xact_lock: this constant names the AI budget, the second is the company
const AI_BUDGET_LOCK = 4205;

// The check of the month's tokens and the reservation of a call's, as one step: under a lock
// held by the company's calls only, the reservation (the most the call can take) is written when
// the tokens spent and reserved this month plus its own still fit under the plan's limit. Calls
// started together therefore see each other's reservations, and the month cannot end above the
// limit. Answers the reservation's row id, or undefined when it does not fit.
export const reserveAiCall = (db: DbOrTx, call: AiCallReservation, month: MonthRange) =>
  withTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AI_BUDGET_LOCK}::int, ${call.companyId}::int)`);
    const limit = await monthlyTokenLimit(tx, call.companyId);
    if (limit !== null && (await tokensUsed(tx, call.companyId, month)) + call.tokensIn + call.tokensOut > limit) return undefined;
    const [row] = await tx.insert(aiCalls).values(call).returning({ id: aiCalls.id });
    return row.id;
  });

// the API answered: the reservation becomes the tokens it counted
export const settleAiCall = (db: DbOrTx, companyId: number, id: number, tokens: AiCallTokens) =>
  db.update(aiCalls).set(tokens).where(and(eq(aiCalls.companyId, companyId), eq(aiCalls.id, id)));

// the API gave no answer: the reservation is given back
export const releaseAiCall = (db: DbOrTx, companyId: number, id: number) => db.delete(aiCalls).where(and(eq(aiCalls.companyId, companyId), eq(aiCalls.id, id)));

export const usageByUser = (db: DbOrTx, companyId: number, month: MonthRange) =>
  db
    .select({
      userId: aiCalls.userId,
      name: sql<string>`coalesce(${users.name}, '')`,
      calls: sql<number>`count(*)::int`,
      tokensIn: sql<number>`coalesce(sum(${aiCalls.tokensIn}), 0)::int`,
      tokensOut: sql<number>`coalesce(sum(${aiCalls.tokensOut}), 0)::int`,
    })
    .from(aiCalls)
    .leftJoin(users, and(eq(users.id, aiCalls.userId), eq(users.companyId, companyId)))
    .where(and(eq(aiCalls.companyId, companyId), gte(aiCalls.createdAt, month.from), lt(aiCalls.createdAt, month.to)))
    .groupBy(aiCalls.userId, users.name)
    .orderBy(sql`sum(${aiCalls.tokensIn} + ${aiCalls.tokensOut}) desc`);

// A transfer summary already written for this transfer (a retried job writes it once).
export const hasSummaryNote = async (db: DbOrTx, companyId: number, ticketId: number, transferKey: string) => {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), sql`${messages.dataJson}->>'copilotTransferSummary' = ${transferKey}`))
    .limit(1);
  return row !== undefined;
};

// the retention's sweep (ai-calls-prune.jobs.ts): at most `limit` calls made before `before`
export const deleteAiCallsBefore = async (db: DbOrTx, before: Date, limit: number) =>
  (
    await db
      .delete(aiCalls)
      .where(sql`${aiCalls.id} in (select ${aiCalls.id} from ${aiCalls} where ${aiCalls.createdAt} < ${before.toISOString()} limit ${limit})`)
      .returning({ id: aiCalls.id })
  ).length;
