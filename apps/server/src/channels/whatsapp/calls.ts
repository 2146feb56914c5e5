// Incoming WhatsApp calls (03-saas §3 company settings acceptCallWhatsapp and
// AcceptCallWhatsappMessage): when the company does not take calls, the call is rejected, noted in
// the caller's ticket as a call_log message, and answered with the company's message if it has one.
import type { WACallEvent } from '@whiskeysockets/baileys';
import type { Db } from '../../db/client.ts';
import { writeOutboundMessage } from '../../modules/messages/outbound-message.service.ts';
import { readCompanySettings } from '../../modules/settings/company-settings.repo.ts';
import * as ticketsRepo from '../../modules/tickets/tickets.repo.ts';
import type { TicketsService } from '../../modules/tickets/tickets.service.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import { identityOf } from './contact-identity.ts';
import type { SessionContext } from './session-manager.ts';
import { withTransaction } from '../../db/transaction.ts';

const rejectedCallBody = (call: Pick<WACallEvent, 'isVideo'>) => (call.isVideo ? 'Chamada de vídeo recusada' : 'Chamada de voz recusada');

export const createCallHandler =
  (deps: { db: Db; pipeline: InboundPipeline; tickets: TicketsService }) =>
  async (context: SessionContext, calls: WACallEvent[]) => {
    for (const call of calls) {
      if (call.status !== 'offer' || call.isGroup) continue;
      const settings = await readCompanySettings(deps.db, context.companyId);
      if (settings.acceptCallWhatsapp !== 'disabled') continue;
      await context.socket.rejectCall(call.id, call.from);
      const identity = await identityOf(deps.db, context.companyId, call.from);
      const logged = await deps.pipeline.receive({
        companyId: context.companyId,
        connectionId: context.connectionId,
        providerMessageId: `call-${call.id}`,
        from: { number: identity.number, lid: identity.lid, name: identity.number },
        body: rejectedCallBody(call),
        mediaType: 'call_log',
      });
      const reply = settings.AcceptCallWhatsappMessage.trim();
      // a blocked contact gets no automatic answer (docs/tickets.md "Blocked contacts")
      if (logged.duplicate || logged.blocked || !reply) continue;
      const ticket = await ticketsRepo.findTicket(deps.db, context.companyId, logged.ticketId);
      if (!ticket) continue;
      const written = await withTransaction(deps.db, (tx) =>
        writeOutboundMessage(tx, ticket, { body: reply, mediaUrl: null, mediaType: 'chat', quotedMsgId: null, isPrivate: false, isForwarded: false, vCard: null, userId: null }),
      );
      await deps.tickets.publishMessage(written.ticket, written.message);
    }
  };
