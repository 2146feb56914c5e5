// The attendant's copilot (issue 42 points 2–5): each use case builds its turns from what the
// attendant may see, calls the model with the company's own key after reserving the call's tokens
// within the plan's monthly limit, records the tokens the API counted, and answers a draft the attendant edits: nothing
// here writes to the customer.
import type { CopilotSettingsBody, RewriteMode } from '@atende/shared/copilot';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { retrievePassages } from '../knowledge/knowledge-retrieval.repo.ts';
import { findMessage, recentPublicMessages } from '../messages/messages.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { createAiClient, describeAiFailure, isPermanentAiFailure, type AiSettings, type ChatTurn } from '../prompts/ai.provider.ts';
import { rewriteTurns, suggestTurns, summaryTurns, translateTurns, type ConversationLine } from './copilot-prompts.ts';
import * as repo from './copilot.repo.ts';
import { draftWarningsOf } from './draft-warnings.ts';

export type CopilotFeature = 'suggest' | 'summary' | 'rewrite' | 'translate' | 'transferSummary';

// A call that did not give a text: why, and whether trying again can help (the transfer job's retry).
export class ModelFailure extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
  }
}

const HISTORY_MESSAGES = 20;
const PASSAGES = 4;
const MAX_TOKENS = 600;
const TEMPERATURE = 0.3;

// months are UTC calendar months
export const monthRange = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(year, monthNumber - 1, 1)), to: new Date(Date.UTC(year, monthNumber, 1)) };
};
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

// The most tokens a prompt can count, reserved before the call: a token is at least one byte of
// its text (byte-level tokenizers such as OpenAI's), and each turn adds a few of framing.
const TURN_FRAMING_TOKENS = 4;
const REPLY_PRIMING_TOKENS = 3;
const promptTokensAtMost = (turns: ChatTurn[]) =>
  turns.reduce((sum, turn) => sum + Buffer.byteLength(turn.content, 'utf8') + TURN_FRAMING_TOKENS, REPLY_PRIMING_TOKENS);

type Deps = { db: Db; secrets: SecretBox; ai: AiSettings; clock: Clock; tickets: TicketsService };

export const createCopilotService = ({ db, secrets, ai, clock, tickets }: Deps) => {
  const conversationOf = async (companyId: number, ticketId: number): Promise<ConversationLine[]> =>
    (await recentPublicMessages(db, companyId, ticketId, HISTORY_MESSAGES)).map((message) => ({
      fromCustomer: !message.fromMe,
      text: message.body || `[${message.mediaType}]`,
    }));

  // The model's text, or a ModelFailure. The call's tokens are reserved from the month's budget
  // before it (429 when they do not fit), corrected to the API's own count when it answered with
  // one (kept at the estimate when it counted nothing), and given back when it did not answer.
  const generate = async (companyId: number, userId: number | null, feature: CopilotFeature, turns: ChatTurn[]) => {
    const settings = await repo.readCopilotSettings(db, companyId);
    if (!settings.apiKey) throw new AppError('ERR_AI_NOT_CONFIGURED', 409);
    const client = createAiClient(ai, secrets.open(settings.apiKey));
    const now = clock.now();
    const reservation = await repo.reserveAiCall(
      db,
      { companyId, userId, feature, tokensIn: promptTokensAtMost(turns), tokensOut: MAX_TOKENS, createdAt: now },
      monthRange(monthOf(now)),
    );
    if (reservation === undefined) throw new AppError('ERR_AI_LIMIT_REACHED', 429);
    // the failure is described here: the API's own message can quote the key
    const answer = await client.converse(turns, { maxTokens: MAX_TOKENS, temperature: TEMPERATURE }).catch(async (error: unknown) => {
      await repo.releaseAiCall(db, companyId, reservation);
      throw new ModelFailure(describeAiFailure(error), isPermanentAiFailure(error));
    });
    if (answer.usage) await repo.settleAiCall(db, companyId, reservation, answer.usage);
    if (answer.refusal !== null || !answer.text) throw new ModelFailure('refused', true);
    return answer.text;
  };

  // what the attendant's buttons see: a clear code, never the API's own words
  const forAttendant = async (companyId: number, userId: number, feature: CopilotFeature, turns: ChatTurn[]) =>
    generate(companyId, userId, feature, turns).catch((error: unknown) => {
      if (error instanceof ModelFailure) throw error.reason === 'refused' ? new AppError('ERR_AI_REFUSED', 422) : new AppError('ERR_AI_UNAVAILABLE', 503);
      throw error;
    });

  const settingsView = (row: repo.CopilotSettingsRow) => ({ apiKeySet: row.apiKey !== '', tone: row.tone, transferSummary: row.transferSummary === 'enabled' });

  return {
    status: async (tenant: TenantContext) => ({ configured: (await repo.readCopilotSettings(db, tenant.companyId)).apiKey !== '' }),

    settings: async (tenant: TenantContext) => settingsView(await repo.readCopilotSettings(db, tenant.companyId)),

    updateSettings: async (tenant: TenantContext, body: CopilotSettingsBody) => {
      const { companyId } = tenant;
      if (body.removeApiKey) await repo.writeCopilotSetting(db, companyId, 'apiKey', '');
      else if (body.apiKey) await repo.writeCopilotSetting(db, companyId, 'apiKey', secrets.seal(body.apiKey));
      if (body.tone !== undefined) await repo.writeCopilotSetting(db, companyId, 'tone', body.tone);
      if (body.transferSummary !== undefined) await repo.writeCopilotSetting(db, companyId, 'transferSummary', body.transferSummary ? 'enabled' : 'disabled');
      return settingsView(await repo.readCopilotSettings(db, companyId));
    },

    usage: async (tenant: TenantContext, month = monthOf(clock.now())) => {
      const range = monthRange(month);
      return {
        month,
        limit: await repo.monthlyTokenLimit(db, tenant.companyId),
        used: await repo.tokensUsed(db, tenant.companyId, range),
        users: await repo.usageByUser(db, tenant.companyId, range),
      };
    },

    suggest: async (tenant: TenantContext, ticketId: number) => {
      const ticket = await tickets.visibleTicket(tenant, ticketId);
      const lines = await conversationOf(ticket.companyId, ticket.id);
      const asked = lines.filter((line) => line.fromCustomer).slice(-3).map((line) => line.text).join('\n');
      const passages = asked ? await retrievePassages(db, ticket.companyId, { queueId: ticket.queueId, text: asked, limit: PASSAGES }) : [];
      const { tone } = await repo.readCopilotSettings(db, ticket.companyId);
      const draft = await forAttendant(ticket.companyId, tenant.userId, 'suggest', suggestTurns({ lines, passages, tone }));
      // each article once, in the order retrieval ranked it
      const sources = [...new Map(passages.map((p) => [p.articleId, { articleId: p.articleId, title: p.title }])).values()];
      return { draft, sources, warnings: draftWarningsOf(draft) };
    },

    summary: async (tenant: TenantContext, ticketId: number) => {
      const ticket = await tickets.visibleTicket(tenant, ticketId);
      return { summary: await forAttendant(ticket.companyId, tenant.userId, 'summary', summaryTurns(await conversationOf(ticket.companyId, ticket.id))) };
    },

    rewrite: async (tenant: TenantContext, ticketId: number, body: { text: string; mode: RewriteMode }) => {
      const ticket = await tickets.visibleTicket(tenant, ticketId);
      const lines = body.mode === 'translate' ? await conversationOf(ticket.companyId, ticket.id) : [];
      const text = await forAttendant(ticket.companyId, tenant.userId, body.mode === 'translate' ? 'translate' : 'rewrite', rewriteTurns({ ...body, lines }));
      return { text, warnings: draftWarningsOf(text) };
    },

    translate: async (tenant: TenantContext, messageId: number, language: 'pt' | 'en' | 'es' | 'tr') => {
      const message = await findMessage(db, tenant.companyId, messageId);
      if (!message || message.isDeleted) throw notFound('ERR_NO_MESSAGE_FOUND');
      await tickets.visibleTicket(tenant, message.ticketId).catch(() => {
        throw notFound('ERR_NO_MESSAGE_FOUND');
      });
      if (!message.body.trim()) throw notFound('ERR_NO_MESSAGE_FOUND');
      return { text: await forAttendant(tenant.companyId, tenant.userId, 'translate', translateTurns(message.body, language)) };
    },

    // The transfer job's summary (no attendant is waiting for it): a ModelFailure or AppError is
    // the job's to judge.
    summarizeForTransfer: async (companyId: number, fromTicketId: number) =>
      generate(companyId, null, 'transferSummary', summaryTurns(await conversationOf(companyId, fromTicketId))),
  };
};

export type CopilotService = ReturnType<typeof createCopilotService>;
