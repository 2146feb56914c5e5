// One contact per person whether WhatsApp addresses them by phone JID or by LID. A message from a
// LID whose phone is not known yet opens a contact numbered with the LID's digits; when Baileys
// names the pair (contacts.upsert/update with `lid`, chats.phoneNumberShare), that contact takes
// the phone number, or is merged into the contact that already has it.
import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { contacts, messages, ticketNotes, tickets } from '../../db/schema.ts';
import type { EventBus } from '../../platform/events.ts';
import { bareLid, isLidJid, isPhoneJid, userOfJid } from './jid.ts';

export type Identity = { number: string; lid?: string };

const contactByLid = async (db: DbOrTx, companyId: number, lid: string) => {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.lid, lid)));
  return row;
};

const contactByNumber = async (db: DbOrTx, companyId: number, number: string) => {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
  return row;
};

// The identity the inbound pipeline files a message under, for a chat or participant JID and the
// other form of the same address when the message carried it.
export const identityOf = async (db: Db, companyId: number, jid: string, alternate?: string | null): Promise<Identity> => {
  if (isLidJid(jid)) {
    const lid = bareLid(jid);
    if (alternate && isPhoneJid(alternate)) return { number: userOfJid(alternate), lid };
    const known = await contactByLid(db, companyId, lid);
    return { number: known?.number ?? userOfJid(lid), lid };
  }
  return { number: userOfJid(jid), ...(alternate && isLidJid(alternate) && { lid: bareLid(alternate) }) };
};

type Merged = { contactId: number; removedContactId?: number; removedTicketIds: number[] };

const mergeInto = async (tx: DbOrTx, companyId: number, from: typeof contacts.$inferSelect, into: typeof contacts.$inferSelect): Promise<Merged> => {
  const removedTicketIds: number[] = [];
  const fromTickets = await tx.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, from.id)));
  for (const ticket of fromTickets) {
    const [live] =
      ticket.status === 'closed'
        ? []
        : await tx
            .select()
            .from(tickets)
            .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, into.id), ne(tickets.status, 'closed')));
    if (live && live.whatsappId === ticket.whatsappId) {
      // two live conversations with one person on one connection become one
      await tx.update(messages).set({ ticketId: live.id }).where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticket.id)));
      await tx.delete(tickets).where(eq(tickets.id, ticket.id));
      removedTicketIds.push(ticket.id);
    } else {
      await tx.update(tickets).set({ contactId: into.id }).where(eq(tickets.id, ticket.id));
    }
  }
  await tx.update(messages).set({ contactId: into.id }).where(and(eq(messages.companyId, companyId), eq(messages.contactId, from.id)));
  await tx.update(ticketNotes).set({ contactId: into.id }).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, from.id)));
  await tx.delete(contacts).where(eq(contacts.id, from.id));
  return { contactId: into.id, removedContactId: from.id, removedTicketIds };
};

// Records that `lid` and the phone `number` are one person.
export const learnLidMapping = async (deps: { db: Db; bus: EventBus }, companyId: number, lidJid: string, phoneJidOrNumber: string) => {
  const lid = bareLid(lidJid);
  const number = userOfJid(phoneJidOrNumber);
  const outcome = await deps.db.transaction(async (tx): Promise<Merged | undefined> => {
    const byLid = await contactByLid(tx, companyId, lid);
    const byNumber = await contactByNumber(tx, companyId, number);
    if (byLid && byNumber && byLid.id !== byNumber.id) {
      const merged = await mergeInto(tx, companyId, byLid, byNumber);
      await tx.update(contacts).set({ lid }).where(eq(contacts.id, byNumber.id));
      return merged;
    }
    if (byLid && !byNumber) {
      await tx.update(contacts).set({ number }).where(eq(contacts.id, byLid.id));
      return { contactId: byLid.id, removedTicketIds: [] };
    }
    if (!byLid && byNumber) {
      await tx.update(contacts).set({ lid }).where(eq(contacts.id, byNumber.id));
    }
    return undefined;
  });
  if (!outcome) return;
  for (const ticketId of outcome.removedTicketIds) deps.bus.publish({ companyId, event: 'ticket', payload: { action: 'delete', ticketId } });
  if (outcome.removedContactId) deps.bus.publish({ companyId, event: 'contact', payload: { action: 'delete', contactId: outcome.removedContactId } });
};
