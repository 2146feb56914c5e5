// One contact per person whether WhatsApp addresses them by phone JID or by LID. A message from a
// LID whose phone is not known yet opens a contact numbered with the LID's digits; when Baileys
// names the pair (contacts.upsert/update with `lid`, chats.phoneNumberShare), that contact takes
// the phone number, or is merged into the contact that already has it.
import type { Db, DbOrTx } from '../../db/client.ts';
import { deleteContact, findContactByNumber, type ContactRow } from '../../modules/contacts/contacts.repo.ts';
import { deleteTicket } from '../../modules/tickets/tickets.repo.ts';
import type { EventBus } from '../../platform/events.ts';
import { bareLid, isLidJid, isPhoneJid, userOfJid } from './jid.ts';
import {
  anyLiveTicketOfContact,
  findContactByLid,
  moveContactHistory,
  moveTicketMessages,
  moveTicketToContact,
  setContactAddress,
  ticketsOfContact,
} from './whatsapp-contacts.repo.ts';
import { withTransaction } from '../../db/transaction.ts';

export type Identity = { number: string; lid?: string };

// The identity the inbound pipeline files a message under, for a chat or participant JID and the
// other form of the same address when the message carried it.
export const identityOf = async (db: Db, companyId: number, jid: string, alternate?: string | null): Promise<Identity> => {
  if (isLidJid(jid)) {
    const lid = bareLid(jid);
    if (alternate && isPhoneJid(alternate)) return { number: userOfJid(alternate), lid };
    const known = await findContactByLid(db, companyId, lid);
    return { number: known?.number ?? userOfJid(lid), lid };
  }
  return { number: userOfJid(jid), ...(alternate && isLidJid(alternate) && { lid: bareLid(alternate) }) };
};

type Merged = { contactId: number; removedContactId?: number; removedTicketIds: number[] };

const mergeInto = async (tx: DbOrTx, companyId: number, from: ContactRow, into: ContactRow): Promise<Merged> => {
  const removedTicketIds: number[] = [];
  for (const ticket of await ticketsOfContact(tx, companyId, from.id)) {
    const live = ticket.status === 'closed' ? undefined : await anyLiveTicketOfContact(tx, companyId, into.id);
    if (live && live.whatsappId === ticket.whatsappId) {
      // two live conversations with one person on one connection become one
      await moveTicketMessages(tx, companyId, ticket.id, live.id);
      await deleteTicket(tx, companyId, ticket.id);
      removedTicketIds.push(ticket.id);
    } else {
      await moveTicketToContact(tx, companyId, ticket.id, into.id);
    }
  }
  await moveContactHistory(tx, companyId, from.id, into.id);
  await deleteContact(tx, companyId, from.id);
  return { contactId: into.id, removedContactId: from.id, removedTicketIds };
};

// Records that `lid` and the phone `number` are one person.
export const learnLidMapping = async (deps: { db: Db; bus: EventBus }, companyId: number, lidJid: string, phoneJidOrNumber: string) => {
  const lid = bareLid(lidJid);
  const number = userOfJid(phoneJidOrNumber);
  const outcome = await withTransaction(deps.db, async (tx): Promise<Merged | undefined> => {
    const byLid = await findContactByLid(tx, companyId, lid);
    const byNumber = await findContactByNumber(tx, companyId, number);
    if (byLid && byNumber && byLid.id !== byNumber.id) {
      const merged = await mergeInto(tx, companyId, byLid, byNumber);
      await setContactAddress(tx, companyId, byNumber.id, { lid });
      return merged;
    }
    if (byLid && !byNumber) {
      await setContactAddress(tx, companyId, byLid.id, { number });
      return { contactId: byLid.id, removedTicketIds: [] };
    }
    if (!byLid && byNumber) {
      await setContactAddress(tx, companyId, byNumber.id, { lid });
    }
    return undefined;
  });
  if (!outcome) return;
  for (const ticketId of outcome.removedTicketIds) deps.bus.publish({ companyId, event: 'ticket', payload: { action: 'delete', ticketId } });
  if (outcome.removedContactId) deps.bus.publish({ companyId, event: 'contact', payload: { action: 'delete', contactId: outcome.removedContactId } });
};
