// Takes queued outbound jobs and runs them through the connection's provider. A job is safe to
// run twice: a message that already has a provider id is not sent again.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaType, MessageTemplate } from '@atende/shared/messages';
import type { Db } from '../db/client.ts';
import { connections, contacts } from '../db/schema.ts';
import type { OutboxSignal } from '../platform/outbox-signal.ts';
import * as messagesRepo from '../modules/messages/messages.repo.ts';
import { claimOutboundJobs, finishOutboundJob, retryOutboundJob, type OutboundJob } from '../modules/messages/outbound.repo.ts';
import * as ticketsRepo from '../modules/tickets/tickets.repo.ts';
import type { TicketsService } from '../modules/tickets/tickets.service.ts';
import { ProviderRejection, type ChannelProvider, type OutboundPayload } from './provider.ts';

const POLL_MS = 1000;
const BATCH = 20;
const LEASE_SECONDS = 60;
const MAX_BACKOFF_SECONDS = 300;

class PermanentFailure extends Error {}

export const createOutboundDispatcher = (deps: {
  db: Db;
  outbox: OutboxSignal;
  tickets: TicketsService;
  providers: Partial<Record<string, ChannelProvider>>;
  log: FastifyBaseLogger;
  // this process's WhatsApp session-lease identity: jobs of sessions other processes own are theirs
  sessionOwner?: string;
}) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const payloadFor = async (job: OutboundJob) => {
    const message = await messagesRepo.findMessage(deps.db, job.companyId, job.messageId);
    if (!message || message.whatsappId === null) throw new PermanentFailure('message or connection gone');
    const [connection] = await deps.db.select().from(connections).where(eq(connections.id, message.whatsappId));
    const [contact] = message.contactId ? await deps.db.select().from(contacts).where(eq(contacts.id, message.contactId)) : [];
    if (!connection || !contact) throw new PermanentFailure('connection or contact gone');
    const provider = deps.providers[connection.channel];
    if (!provider) throw new PermanentFailure(`no provider for channel ${connection.channel}`);
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
    };
    return { message, provider, payload };
  };

  const publish = async (message: messagesRepo.MessageRow) => {
    const ticket = await ticketsRepo.findTicket(deps.db, message.companyId, message.ticketId);
    if (ticket) await deps.tickets.publishMessage(ticket, message, 'update');
  };

  const recordRejection = async (job: OutboundJob, code: string) => {
    const updated = await messagesRepo.updateMessage(deps.db, job.companyId, job.messageId, { sendError: code });
    if (updated) await publish(updated);
  };

  const runJob = async (job: OutboundJob) => {
    const { message, provider, payload } = await payloadFor(job);
    if (job.kind === 'send') {
      if (message.providerMessageId) return;
      const receipt = await provider.send(payload);
      const updated = await messagesRepo.updateMessage(deps.db, job.companyId, message.id, {
        providerMessageId: receipt.providerMessageId,
        ack: Math.max(message.ack, receipt.ack),
      });
      await publish(updated);
      return;
    }
    if (!message.providerMessageId) throw new Error('not sent yet');
    if (job.kind === 'edit') await provider.edit(payload, message.providerMessageId);
    else await provider.remove(payload, message.providerMessageId);
  };

  const drain = async () => {
    do {
      again = false;
      const jobs = await claimOutboundJobs(deps.db, BATCH, LEASE_SECONDS, deps.sessionOwner);
      for (const job of jobs) {
        try {
          await runJob(job);
          await finishOutboundJob(deps.db, job.id);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (error instanceof ProviderRejection) {
            deps.log.warn({ jobId: job.id, code: error.code, reason }, 'outbound job refused by the channel');
            if (job.kind === 'send') await recordRejection(job, error.code);
            await finishOutboundJob(deps.db, job.id);
          } else if (error instanceof PermanentFailure) {
            deps.log.warn({ jobId: job.id, reason }, 'outbound job dropped');
            await finishOutboundJob(deps.db, job.id);
          } else {
            deps.log.warn({ jobId: job.id, reason }, 'outbound job failed; will retry');
            await retryOutboundJob(deps.db, job.id, Math.min(2 ** job.attempts, MAX_BACKOFF_SECONDS), reason);
          }
        }
      }
      if (jobs.length === BATCH) again = true;
    } while (again && !stopped);
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => deps.log.error({ err: error }, 'outbound dispatcher failed'))
      .finally(() => {
        running = undefined;
      });
  };

  let unsubscribe: (() => void) | undefined;
  return {
    start: () => {
      stopped = false;
      unsubscribe = deps.outbox.onNotify(kick);
      timer = setInterval(kick, POLL_MS);
      kick();
    },
    stop: async () => {
      stopped = true;
      unsubscribe?.();
      if (timer) clearInterval(timer);
      await running;
    },
  };
};
