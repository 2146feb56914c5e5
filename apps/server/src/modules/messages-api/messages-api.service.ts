// The external messages API (03-saas §2, §7): a company's own systems send messages through one of
// its connections, of any channel, authenticated by that connection's token. The contact is found
// or created by number (an address on email), the live ticket reused or opened, and the messages go
// out through the same outbound jobs as an attendant's. A channel that cannot write first (Telegram,
// web chat: docs/channels.md) answers only someone who wrote to that connection.
import { addressProblem, channelAddress, channelCan } from '@atende/shared/channel-capabilities';
import { signedBody } from '@atende/shared/messages';
import { renderPlaceholders } from '@atende/shared/placeholders';
import type { ExternalSendAnswer, ExternalSendBody } from '@atende/shared/messages-api';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { assertNotOverdue } from '../../platform/access.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage.ts';
import { findCompanyWithPlan } from '../companies/companies.repo.ts';
import { findConnectionByToken, type ConnectionRow } from '../connections/connections.repo.ts';
import { sightContact } from '../contacts/contact-sightings.steps.ts';
import { findContactByNumber } from '../contacts/contacts.repo.ts';
import { lastCustomerMessageAt } from '../messages/messages.repo.ts';
import { assertServiceWindow } from '../messages/service-window.steps.ts';
import { outboundDrafts, storeMedias, writeOutboundMessages, type UploadedMedia } from '../messages/outbound-message.service.ts';
import { findQueue } from '../queues/queues.repo.ts';
import { findOrOpenLiveTicket } from '../tickets/live-ticket.service.ts';
import { writeTicketLog } from '../tickets/ticket-logs.repo.ts';
import * as ticketsRepo from '../tickets/tickets.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { recordTicketEvent } from '../tickets/ticket-webhooks.steps.ts';
import { findUser } from '../users/users.repo.ts';

type Deps = { db: Db; storage: Storage; tickets: TicketsService; clock: Clock; timeZone: string };

const invalidToken = () => new AppError('ERR_SESSION_EXPIRED', 401);

export const createMessagesApiService = ({ db, storage, tickets, clock, timeZone }: Deps) => {
  // The token names the connection and with it the company; nothing in the body can choose another.
  const connectionOf = async (token: string | undefined) => {
    if (!token) throw new AppError('ERR_TOKEN_MISSING', 401);
    const connection = await findConnectionByToken(db, token);
    if (!connection) throw invalidToken();
    const company = await findCompanyWithPlan(db, connection.companyId);
    if (company) assertNotOverdue(company.id, company.dueDate);
    if (!company?.plan.useExternalApi) throw new AppError('ERR_NO_PERMISSION', 403);
    return connection;
  };

  return {
    connectionOf,

    send: async (connection: ConnectionRow, body: ExternalSendBody, medias: UploadedMedia[]): Promise<ExternalSendAnswer> => {
      const companyId = connection.companyId;
      const text = body.body.trim();
      if (!text && medias.length === 0) throw invalidField('body.body', 'validation.required');
      const user = body.userId === undefined ? undefined : await findUser(db, companyId, body.userId);
      if (body.userId !== undefined && !user) throw notFound('ERR_NO_USER_FOUND');
      if (body.queueId !== undefined && !(await findQueue(db, companyId, body.queueId))) throw invalidField('body.queueId', 'validation.unknownQueue');
      const signature = (rendered: string) => (user && body.sendSignature ? signedBody(rendered, user.name) : rendered);
      const problem = addressProblem(connection.channel, body.number);
      if (problem) throw invalidField('body.number', problem);
      // the email channel keeps a contact's address in lower case, as it reads it from a mail
      const number = channelAddress(connection.channel) === 'email' ? body.number.toLowerCase() : body.number;
      // a contact never seen on a Meta channel is outside its 24 h window too
      const known = await findContactByNumber(db, companyId, number);
      await assertServiceWindow(db, clock.now(), { channel: connection.channel, companyId, contactId: known?.id ?? 0, whatsappId: connection.id }, undefined);
      if (!channelCan(connection.channel, 'writesFirst') && !(known && (await lastCustomerMessageAt(db, companyId, known.id, connection.id)))) {
        throw invalidField('body.number', 'validation.channelCannotWriteFirst');
      }
      const stored = await storeMedias(storage, companyId, medias);

      const written = await withTransaction(db, async (tx) => {
        const contact = await sightContact(tx, companyId, {
          number,
          name: number,
          channel: connection.channel,
          isGroup: false,
          whatsappId: connection.id,
        });
        const { ticket } = await findOrOpenLiveTicket(
          tx,
          { companyId, contact, whatsappId: connection.id, channel: connection.channel },
          { status: user ? 'open' : 'pending', userId: user?.id ?? null, queueId: body.queueId ?? null },
        );
        // placeholderSets.api, with the contact as stored (issue 35 point 1)
        const rendered = renderPlaceholders(text, { name: contact.name, user: user?.name ?? '', now: clock.now(), timeZone });
        const sent = await writeOutboundMessages(tx, ticket, outboundDrafts({ text: signature(rendered), medias: stored }), {
          userId: user?.id ?? null,
          isPrivate: false,
          quotedMsgId: null,
        });
        if (!body.closeTicket) return sent;
        const closed = await ticketsRepo.updateTicket(tx, companyId, sent.ticket.id, { status: 'closed', closedAt: clock.now(), amountUsedBotQueues: 0 });
        await writeTicketLog(tx, { companyId, ticketId: closed.id, userId: user?.id ?? null, type: 'closed' });
        await recordTicketEvent(tx, 'changed', closed);
        return { ...sent, ticket: closed };
      });

      for (const row of written.rows) await tickets.publishMessage(written.ticket, row);
      if (body.closeTicket) await tickets.publishTicket(written.ticket);
      return {
        message: 'Mensagem enviada',
        ticketId: written.ticket.id,
        ticketUuid: written.ticket.uuid,
        status: written.ticket.status,
        messageIds: written.rows.map((row) => row.id),
      };
    },
  };
};

export type MessagesApiService = ReturnType<typeof createMessagesApiService>;
