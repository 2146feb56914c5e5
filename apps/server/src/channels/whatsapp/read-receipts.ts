// When an attendant opens a ticket (its unread count resets), the customer's phone is told the
// messages were read, through the connection's session: at once when this process owns it, else
// through a job that the claim leaves to the process that does (a web process, PROCESS_ROLE=web,
// owns none; a deployment of several processes owns each session in one of them).
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { findContact } from '../../modules/contacts/contacts.repo.ts';
import * as ticketsRepo from '../../modules/tickets/tickets.repo.ts';
import { recipientJid } from './outbound.ts';
import { liveOwnerElsewhere } from './session-lease.repo.ts';
import type { SessionManager } from './session-manager.ts';
import { latestInboundMessageKeys } from './whatsapp-messages.repo.ts';

const RECENT = 20;

export const readReceiptsJob = defineJobKind({
  name: 'whatsapp.readReceipts',
  // connectionId: the claim leaves the job to the process that holds the connection's session
  payload: z.object({ companyId: z.number().int().positive(), connectionId: z.number().int().positive(), ticketId: z.number().int().positive() }),
  // a courtesy to the customer: not worth retrying for long
  maxAttempts: 3,
});

export const createReadReceipts = (deps: { db: Db; bus: EventBus; sessions: SessionManager; log: FastifyBaseLogger }) => {
  // not sent: this process has no connected socket for the ticket's connection
  const sendHere = async (companyId: number, ticketId: number): Promise<{ sent: boolean; connectionId?: number }> => {
    const ticket = await ticketsRepo.findTicket(deps.db, companyId, ticketId);
    const socket = ticket?.whatsappId ? deps.sessions.connectedSocket(ticket.whatsappId) : undefined;
    if (!ticket || !socket) return { sent: false, connectionId: ticket?.whatsappId ?? undefined };
    const contact = await findContact(deps.db, companyId, ticket.contactId);
    if (!contact) return { sent: true };
    const remoteJid = recipientJid({ number: contact.number, isGroup: contact.isGroup, lid: contact.lid });
    const unread = await latestInboundMessageKeys(deps.db, companyId, ticket.id, RECENT);
    if (unread.length === 0) return { sent: true };
    await socket.readMessages(unread.map((row) => ({ remoteJid, id: row.id, fromMe: false, participant: row.participant ?? undefined })));
    return { sent: true };
  };

  const onTicketRead = async (companyId: number, ticketId: number) => {
    const here = await sendHere(companyId, ticketId);
    if (here.sent || !here.connectionId) return;
    if (!(await liveOwnerElsewhere(deps.db, here.connectionId, deps.sessions.owner))) return;
    await enqueueJob(deps.db, readReceiptsJob, { companyId, connectionId: here.connectionId, ticketId }, { singletonKey: `ticket:${ticketId}` });
  };

  return {
    // from the app's start to its close, in every role
    subscribe: () =>
      deps.bus.subscribe(({ companyId, event, payload }) => {
        if (event !== 'ticket' || payload.action !== 'updateUnread') return;
        void onTicketRead(companyId, payload.ticketId).catch((error: unknown) => deps.log.warn({ err: error, ticketId: payload.ticketId }, 'whatsapp read receipts failed'));
      }),
    // the owner's side: its session went away meanwhile, and the receipts with it
    register: (runner: Pick<JobRunner, 'register'>) =>
      runner.register(readReceiptsJob, {
        run: async ({ companyId, ticketId }) => void (await sendHere(companyId, ticketId)),
      }),
  };
};
