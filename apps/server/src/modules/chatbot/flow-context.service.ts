// What every step of the conversation flow shares: the ticket as it changes, and the ways to
// change it inside the message's transaction (update, log, send an answer, close).
import { renderPlaceholders } from '@atende/shared/placeholders';
import type { CompanySettings } from '@atende/shared/settings';
import type { DbOrTx } from '../../db/client.ts';
import type { contacts } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import { writeOutboundMessage, type OutboundDraft } from '../messages/outbound-message.service.ts';
import { writeTicketLog, type TicketLogType } from '../tickets/ticket-logs.repo.ts';
import { updateTicket, type TicketRow } from '../tickets/tickets.repo.ts';
import type { PickRandom } from './attendant-choice.steps.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import type { QueueRow } from '../queues/queues.repo.ts';
import { enqueuePromptReply } from '../prompts/prompt-reply.jobs.ts';
import { fileListToSend } from '../file-lists/file-list-sends.ts';
import { enqueueIntegrationReply } from '../integration-replies/integration-reply.jobs.ts';

// settings: the company's settings, from the per-process cache (read through tx on a miss)
export type FlowEnv = { clock: Clock; timeZone: string; random: PickRandom; settings: (tx: DbOrTx, companyId: number) => Promise<CompanySettings> };
// connection: the ticket's connection, and queuesInMenuOrder its queues, when the caller has them
export type FlowInput = {
  ticket: TicketRow;
  contact: typeof contacts.$inferSelect;
  message: MessageRow;
  connection?: ConnectionRow;
  queuesInMenuOrder?: (connection: ConnectionRow) => Promise<QueueRow[]>;
};
export type FlowResult = { ticket: TicketRow; messages: MessageRow[] };

export const on = (value: string) => value === 'enabled';

export const createFlowContext = (
  tx: DbOrTx,
  env: FlowEnv,
  input: FlowInput,
  scope: { connection: ConnectionRow; connectionQueues: QueueRow[]; settings: CompanySettings },
) => {
  let ticket = input.ticket;
  const messages: MessageRow[] = [];
  const now = env.clock.now();

  const update = async (values: Partial<TicketRow>) => {
    ticket = (await updateTicket(tx, ticket.companyId, ticket.id, values)) ?? ticket;
  };
  const log = (type: TicketLogType, userId: number | null = null) =>
    writeTicketLog(tx, { companyId: ticket.companyId, ticketId: ticket.id, type, userId, queueId: ticket.queueId });

  const write = async (draft: Omit<OutboundDraft, 'userId' | 'isPrivate'>) => {
    const sent = await writeOutboundMessage(tx, ticket, { ...draft, userId: null, isPrivate: false });
    ticket = sent.ticket;
    messages.push(sent.message);
  };
  // Bot texts go through the placeholders; an empty text sends nothing.
  const send = async (template: string) => {
    if (!template.trim()) return;
    await write({ body: renderPlaceholders(template, { name: input.contact.name, protocol: String(ticket.id), now, timeZone: env.timeZone }) });
  };

  return {
    tx,
    env,
    now,
    ...scope,
    contact: input.contact,
    get ticket() {
      return ticket;
    },
    update,
    log,
    send,
    // A file list (02-operations §3): its message, then each uploaded file in the list's order,
    // one outbound message each, so the channel delivers them in that order. A list deleted or
    // not named sends nothing.
    sendFileList: async (fileListId: number | null) => {
      const list = fileListId === null ? undefined : await fileListToSend(tx, ticket.companyId, fileListId);
      if (!list) return;
      await send(list.message);
      for (const file of list.files) await write({ body: file.name, mediaUrl: file.path, mediaType: file.mediaType });
    },
    // An AI prompt takes the conversation: it answers this message, and the next ones, in a job.
    answerWithPrompt: async (promptId: number) => {
      if (ticket.promptId !== promptId) await update({ promptId, isBot: false, chatbotId: null });
      await enqueuePromptReply(tx, ticket, input.message.id);
    },
    // A queue integration takes the conversation: it gets this message, and the next ones, in a job.
    answerWithIntegration: async (integrationId: number) => {
      if (ticket.integrationId !== integrationId || !ticket.useIntegration) {
        await update({ useIntegration: true, integrationId, integrationSession: null, isBot: false, chatbotId: null });
      }
      await enqueueIntegrationReply(tx, ticket, input.message.id);
    },
    close: async () => {
      await update({ status: 'closed', closedAt: now, isBot: false, chatbotId: null, amountUsedBotQueues: 0 });
      await log('closed');
    },
    result: (): FlowResult => ({ ticket, messages }),
  };
};

export type FlowContext = ReturnType<typeof createFlowContext>;
