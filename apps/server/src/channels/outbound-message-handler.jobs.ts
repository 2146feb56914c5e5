// Runs outbound message jobs (modules/messages/outbound-message.jobs.ts) through the connection's
// provider. Safe to run twice: a message that already has a provider id is not sent again. A
// refusal the peer means for good is recorded on the message (the chat shows it) and ends the job;
// anything else the provider throws is passing and retried by the job runner.
import type { FastifyBaseLogger } from 'fastify';
import type { MediaType, MessageTemplate } from '@atende/shared/messages';
import type { Db } from '../db/client.ts';
import { JobFailure } from '../platform/jobs/job-kind.ts';
import type { JobRunner } from '../platform/jobs/job-runner.ts';
import { findConnection } from '../modules/connections/connections.repo.ts';
import { findContact } from '../modules/contacts/contacts.repo.ts';
import * as messagesRepo from '../modules/messages/messages.repo.ts';
import { updateMessageAndTell } from '../modules/messages/message-updates.service.ts';
import { outboundMessageJob, type OutboundMessage } from '../modules/messages/outbound-message.jobs.ts';
import * as ticketsRepo from '../modules/tickets/tickets.repo.ts';
import type { TicketsService } from '../modules/tickets/tickets.service.ts';
import { ProviderRejection, type ChannelProvider, type OutboundPayload } from './provider.ts';

export const registerOutboundMessageJob = (runner: Pick<JobRunner, 'register'>, deps: {
  db: Db;
  tickets: TicketsService;
  providers: Partial<Record<string, ChannelProvider>>;
  log: FastifyBaseLogger;
}) => {
  // undefined when the message or its conversation is gone: nothing left to deliver
  const payloadFor = async (job: OutboundMessage) => {
    const message = await messagesRepo.findMessage(deps.db, job.companyId, job.messageId);
    if (!message || message.whatsappId === null) return undefined;
    const connection = await findConnection(deps.db, job.companyId, message.whatsappId);
    const contact = message.contactId ? await findContact(deps.db, job.companyId, message.contactId) : undefined;
    if (!connection || !contact) return undefined;
    const provider = deps.providers[connection.channel];
    if (!provider) throw new JobFailure(`no provider for channel ${connection.channel}`);
    const quoted = message.quotedMsgId ? await messagesRepo.findMessage(deps.db, job.companyId, message.quotedMsgId) : undefined;
    const payload: OutboundPayload = {
      companyId: job.companyId,
      connectionId: connection.id,
      messageId: message.id,
      to: { number: contact.number, isGroup: contact.isGroup, lid: contact.lid },
      body: message.body,
      mediaType: message.mediaType as MediaType,
      mediaUrl: message.mediaUrl,
      vCard: message.vCard,
      quotedProviderMessageId: quoted?.providerMessageId ?? null,
      template: (message.dataJson as { template?: MessageTemplate } | null)?.template ?? null,
      fileName: (message.dataJson as { fileName?: string } | null)?.fileName ?? null,
    };
    return { message, provider, payload };
  };

  const publish = async (message: messagesRepo.MessageRow) => {
    const ticket = await ticketsRepo.findTicket(deps.db, message.companyId, message.ticketId);
    if (ticket) await deps.tickets.publishMessage(ticket, message, 'update');
  };

  const deliver = async (job: OutboundMessage) => {
    const found = await payloadFor(job);
    if (!found) {
      deps.log.warn({ messageId: job.messageId }, 'outbound message or its connection gone; nothing to deliver');
      return;
    }
    const { message, provider, payload } = found;
    if (job.action === 'send') {
      if (message.providerMessageId) return;
      const receipt = await provider.send(payload);
      const updated = await updateMessageAndTell(deps.db, job.companyId, message.id, {
        providerMessageId: receipt.providerMessageId,
        ack: Math.max(message.ack, receipt.ack),
      });
      await publish(updated);
      return;
    }
    if (!message.providerMessageId) throw new Error('not sent yet');
    if (job.action === 'edit') await provider.edit(payload, message.providerMessageId);
    else await provider.remove(payload, message.providerMessageId);
  };

  runner.register(outboundMessageJob, {
    run: async (job) => {
      try {
        await deliver(job);
      } catch (error) {
        if (!(error instanceof ProviderRejection)) throw error;
        deps.log.warn({ messageId: job.messageId, code: error.code, reason: error.message }, 'outbound message refused by the channel');
        if (job.action !== 'send') return;
        const updated = await updateMessageAndTell(deps.db, job.companyId, job.messageId, { sendError: error.code });
        if (updated) await publish(updated);
      }
    },
  });
};
