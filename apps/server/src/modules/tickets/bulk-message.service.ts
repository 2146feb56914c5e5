// One message the company sends on its own to a contact (a schedule's occurrence, a campaign's
// message), at bulk priority so it never delays an attendant's reply. It goes into the contact's
// live ticket on the connection when there is one, left as it was; otherwise a ticket is opened
// for it, with the user and queue asked for, and closed right after the message unless it was
// asked to stay open.
import type { MediaType } from '@atende/shared/messages';
import type { DbOrTx } from '../../db/client.ts';
import type { ContactRow } from '../contacts/contacts.repo.ts';
import { findOrOpenLiveTicket } from './live-ticket.service.ts';
import { writeTicketLog } from './ticket-logs.repo.ts';
import * as ticketsRepo from './tickets.repo.ts';
import { recordTicketEvent } from './ticket-webhooks.steps.ts';
import { outboundDrafts, writeOutboundMessages, type StoredMedia } from '../messages/outbound-message.service.ts';
import { assertServiceWindow } from '../messages/service-window.steps.ts';

export type BulkMessage = {
  contact: ContactRow;
  connection: { id: number; channel: string };
  text: string;
  medias: StoredMedia[];
  authorId: number | null;
  // openTicket: the opened ticket takes userId and queueId (open with a user, pending without);
  // keepOpen: it is not closed after the message
  ticket: { openTicket: boolean; userId: number | null; queueId: number | null; keepOpen: boolean };
};

// The one attachment a schedule or a campaign keeps (its stored path and media type).
export const attachedMedia = (path: string | null, mediaType: string | null): StoredMedia[] =>
  path && mediaType ? [{ url: path, mediaType: mediaType as MediaType, extension: path.split('.').pop() ?? '' }] : [];

// Throws AppError ERR_OUTSIDE_24H_WINDOW when a Meta channel's service window is closed.
export const sendBulkMessage = async (tx: DbOrTx, message: BulkMessage, now: Date) => {
  const { contact, connection, ticket: asked } = message;
  const companyId = contact.companyId;
  await assertServiceWindow(tx, now, { channel: connection.channel, companyId, contactId: contact.id, whatsappId: connection.id }, undefined);
  const { ticket, opened } = await findOrOpenLiveTicket(
    tx,
    { companyId, contact, whatsappId: connection.id, channel: connection.channel },
    {
      status: asked.openTicket && asked.userId ? 'open' : 'pending',
      userId: asked.openTicket ? asked.userId : null,
      queueId: asked.openTicket ? asked.queueId : null,
    },
  );
  const sent = await writeOutboundMessages(
    tx,
    ticket,
    outboundDrafts({ text: message.text, medias: message.medias }),
    { userId: message.authorId, isPrivate: false, quotedMsgId: null },
    'bulk',
  );
  if (!opened || (asked.openTicket && asked.keepOpen)) return sent;
  const closed = await ticketsRepo.updateTicket(tx, companyId, sent.ticket.id, { status: 'closed', closedAt: now, amountUsedBotQueues: 0 });
  await writeTicketLog(tx, { companyId, ticketId: closed.id, userId: null, type: 'closed' });
  await recordTicketEvent(tx, 'changed', closed);
  return { ...sent, ticket: closed };
};
