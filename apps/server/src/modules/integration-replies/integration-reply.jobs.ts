// A queue integration answers a customer (docs/ai-integrations.md): the conversation flow enqueues
// this job in the transaction that stored the customer's message, never calling the integration
// itself. The handler calls the typebot, n8n/webhook or Dialogflow server outside any transaction,
// then writes each answer through the normal outbound path in its own transaction, typebot's
// spaced by typebotDelayMessage. An integration that keeps failing gives the ticket to the queue's
// attendants with a private note, so no customer waits in silence unseen.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { companyPlanAllows } from '../../platform/access.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { OutboundHttp } from '../../platform/outbound-http.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Storage } from '../../platform/storage.ts';
import { findCompany } from '../companies/companies.repo.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { findContact } from '../contacts/contacts.repo.ts';
import { findMessage, publicMessagesAfter, type MessageRow } from '../messages/messages.repo.ts';
import { writeOutboundMessage, type OutboundDraft } from '../messages/outbound-message.service.ts';
import { writeTicketLog } from '../tickets/ticket-logs.repo.ts';
import { findTicket, lockTicket, updateTicket, type TicketRow } from '../tickets/tickets.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { storeBotImage } from './bot-image.ts';
import { createDialogflowClient } from '../integrations/dialogflow.client.ts';
import { IntegrationFailure } from '../integrations/integration-call.ts';
import type { BotReply, IntegrationOutcome } from '../integrations/integration-outcome.ts';
import { findIntegration, type IntegrationRow } from '../integrations/integrations.repo.ts';
import { createTypebotClient } from '../integrations/typebot.client.ts';
import { runTypebotTurn } from '../integrations/typebot.conversation.ts';
import { postWebhookEvent, WEBHOOK_EVENT_VERSION, type WebhookEvent } from '../integrations/webhook.client.ts';

export const integrationReplyJob = defineJobKind({
  name: 'integration.reply',
  payload: z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive(), messageId: z.number().int().positive() }),
  priority: 'interactive',
  // a server that is down, slow or rate-limited gets a few tries, then the attendants take over
  maxAttempts: 4,
  backoff: { baseSeconds: 2, maxSeconds: 30 },
});
export type IntegrationReply = z.infer<typeof integrationReplyJob.payload>;

// One ticket's messages reach the integration in the order they came.
export const enqueueIntegrationReply = (tx: DbOrTx, ticket: Pick<TicketRow, 'companyId' | 'id'>, messageId: number) =>
  enqueueJob(tx, integrationReplyJob, { companyId: ticket.companyId, ticketId: ticket.id, messageId }, { orderingKey: `integration:${ticket.id}` });

// a long typebot delay must not hold a job slot (and its lease) for minutes
const MAX_DELAY_MS = 10_000;

// the answers name the customer message and their place, so a job run twice writes each once
type ReplyData = { integrationReplyTo: number; part: number };
const isPart = (data: unknown, messageId: number, part: number) => {
  const reply = data as Partial<ReplyData> | null;
  return reply?.integrationReplyTo === messageId && reply.part === part;
};

const isAnsweredBy = (ticket: TicketRow | undefined, integrationId: number): ticket is TicketRow =>
  !!ticket && ticket.useIntegration && ticket.integrationId === integrationId && ticket.userId === null && ticket.status !== 'closed';

export const registerIntegrationReplyJob = (runner: Pick<JobRunner, 'register'>, deps: {
  db: Db;
  storage: Storage;
  secrets: SecretBox;
  clock: Clock;
  settings: { dialogflowUrl: string; timeoutMs: number };
  // the guarded client for the URLs the company typed (typebot, n8n, webhook, its bots' images)
  outbound: OutboundHttp;
  tickets: TicketsService;
}) => {
  const { db, settings } = deps;
  const typebot = createTypebotClient({ timeoutMs: settings.timeoutMs, http: deps.outbound });
  const dialogflow = createDialogflowClient(settings);

  const serviceAccountOf = (integration: IntegrationRow) => {
    try {
      return deps.secrets.open(integration.jsonContent);
    } catch {
      throw new IntegrationFailure('invalid service account', true);
    }
  };

  const eventOf = async (integration: IntegrationRow, ticket: TicketRow, message: MessageRow): Promise<WebhookEvent> => {
    const company = await findCompany(db, ticket.companyId);
    const contact = await findContact(db, ticket.companyId, ticket.contactId);
    return {
      version: WEBHOOK_EVENT_VERSION,
      event: 'message.received',
      sentAt: deps.clock.now().toISOString(),
      integration: { id: integration.id, type: integration.type, name: integration.name },
      company: { id: ticket.companyId, name: company?.name ?? '' },
      ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId, connectionId: ticket.whatsappId },
      contact: { id: ticket.contactId, name: contact?.name ?? '', number: contact?.number ?? '' },
      message: { id: message.id, body: message.body, mediaType: message.mediaType, mediaUrl: message.mediaUrl, createdAt: message.createdAt.toISOString() },
    };
  };

  const turn = async (integration: IntegrationRow, ticket: TicketRow, message: MessageRow): Promise<IntegrationOutcome> => {
    switch (integration.type) {
      case 'typebot': {
        const contact = await findContact(db, ticket.companyId, ticket.contactId);
        return runTypebotTurn(typebot, {
          integration,
          session: ticket.integrationSession,
          text: message.body,
          contact: { name: contact?.name ?? '', number: contact?.number ?? '' },
          now: deps.clock.now(),
        });
      }
      case 'dialogflow':
        if (!message.body.trim()) return { replies: [], handOff: false };
        return dialogflow.detectIntent({
          jsonContent: serviceAccountOf(integration),
          projectName: integration.projectName,
          language: integration.language,
          sessionId: ticket.uuid,
          text: message.body,
        });
      case 'n8n':
      case 'webhook': {
        const connection = ticket.whatsappId === null ? undefined : await findConnection(db, ticket.companyId, ticket.whatsappId);
        return postWebhookEvent(deps.outbound, integration.urlN8N, await eventOf(integration, ticket, message), connection?.token ?? '', settings.timeoutMs);
      }
    }
  };

  // Writes in one transaction that locks the ticket and checks it is still the integration's (no
  // attendant took it, not closed, useIntegration still on); false when it is not.
  const commit = async (job: IntegrationReply, integrationId: number, write: (tx: DbOrTx, ticket: TicketRow) => Promise<{ ticket: TicketRow; messages: MessageRow[] }>) => {
    const outcome = await withTransaction(db, async (tx) => {
      await lockTicket(tx, job.companyId, job.ticketId);
      const ticket = await findTicket(tx, job.companyId, job.ticketId);
      return isAnsweredBy(ticket, integrationId) ? write(tx, ticket) : undefined;
    });
    if (!outcome) return false;
    for (const message of outcome.messages) await deps.tickets.publishMessage(outcome.ticket, message);
    if (outcome.messages.length === 0) await deps.tickets.publishTicket(outcome.ticket);
    return true;
  };

  const handOver = async (tx: DbOrTx, ticket: TicketRow) => {
    const row = (await updateTicket(tx, ticket.companyId, ticket.id, { useIntegration: false, integrationSession: null, isBot: false })) ?? ticket;
    await writeTicketLog(tx, { companyId: ticket.companyId, ticketId: ticket.id, type: 'queue', queueId: ticket.queueId });
    return row;
  };

  const draftOf = async (ticket: TicketRow, reply: BotReply): Promise<Pick<OutboundDraft, 'body' | 'mediaUrl' | 'mediaType'>> => {
    if (!('imageUrl' in reply)) return { body: reply.body, mediaUrl: null, mediaType: 'chat' };
    const stored = await storeBotImage(deps.outbound, deps.storage, ticket.companyId, reply.imageUrl, settings.timeoutMs);
    return stored ? { body: '', mediaUrl: stored, mediaType: 'image' } : { body: reply.imageUrl, mediaUrl: null, mediaType: 'chat' };
  };

  const send = (job: IntegrationReply, integrationId: number, draft: Awaited<ReturnType<typeof draftOf>>, part: number) =>
    commit(job, integrationId, async (tx, ticket) => {
      const later = await publicMessagesAfter(tx, job.companyId, job.ticketId, job.messageId);
      if (later.some((message) => isPart(message.dataJson, job.messageId, part))) return { ticket, messages: [] };
      const data: ReplyData = { integrationReplyTo: job.messageId, part };
      const sent = await writeOutboundMessage(tx, ticket, { ...draft, userId: null, isPrivate: false, dataJson: data });
      return { ticket: sent.ticket, messages: [sent.message] };
    });

  // the reason is one of integration-call.ts's, never the server's words
  const fallBack = (job: IntegrationReply, integration: IntegrationRow, reason: string) =>
    commit(job, integration.id, async (tx, ticket) => {
      const note = await writeOutboundMessage(tx, ticket, {
        body: `A integração ${integration.name} não respondeu (${reason}); o ticket foi passado aos atendentes do setor.`,
        userId: null,
        isPrivate: true,
        dataJson: { integrationReplyTo: job.messageId },
      });
      return { ticket: await handOver(tx, note.ticket), messages: [note.message] };
    });

  runner.register(integrationReplyJob, {
    run: async (job, info) => {
      const ticket = await findTicket(db, job.companyId, job.ticketId);
      const integrationId = ticket?.integrationId;
      if (!ticket || integrationId == null || !isAnsweredBy(ticket, integrationId)) return;
      const integration = await findIntegration(db, job.companyId, integrationId);
      const message = await findMessage(db, job.companyId, job.messageId);
      // a plan that no longer has integrations (03-saas §3 useIntegrations) stops them answering
      // as a deleted integration does: the attendants take the ticket
      if (!integration || !message || !(await companyPlanAllows(db, job.companyId, 'useIntegrations'))) {
        await commit(job, integrationId, async (tx, current) => ({ ticket: await handOver(tx, current), messages: [] }));
        return;
      }
      // the failure is described here, so neither the server's words nor the error travel further
      const outcome = await turn(integration, ticket, message).catch((error: unknown) =>
        error instanceof IntegrationFailure ? error : new IntegrationFailure('invalid answer'),
      );
      if (outcome instanceof IntegrationFailure) {
        if (!outcome.permanent && info.attempts < integrationReplyJob.maxAttempts) throw new Error(`queue integration ${integration.id}: ${outcome.reason}`);
        await fallBack(job, integration, outcome.reason);
        return;
      }
      const delay = integration.type === 'typebot' ? Math.min(integration.typebotDelayMessage, MAX_DELAY_MS) : 0;
      for (const [part, reply] of outcome.replies.entries()) {
        if (part > 0 && delay > 0) await sleep(delay);
        // an attendant who took the ticket meanwhile stops the rest
        if (!(await send(job, integrationId, await draftOf(ticket, reply), part))) return;
      }
      if (outcome.session === undefined && !outcome.handOff) return;
      await commit(job, integrationId, async (tx, current) => {
        let row = current;
        if (outcome.session !== undefined) row = (await updateTicket(tx, row.companyId, row.id, { integrationSession: outcome.session })) ?? row;
        if (outcome.handOff) row = await handOver(tx, row);
        return { ticket: row, messages: [] };
      });
    },
  });
};
