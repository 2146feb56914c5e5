// Contact queries of the WhatsApp channel alone: the LID address and the merge of two contacts
// found to be one person (contact-identity.ts), and the profile picture (profile-pictures.ts).
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts, messages, ticketNotes, tickets } from '../../db/schema.ts';

const contactOf = (companyId: number, contactId: number) => and(eq(contacts.companyId, companyId), eq(contacts.id, contactId));
const ticketOf = (companyId: number, ticketId: number) => and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId));

export const findContactByLid = async (db: DbOrTx, companyId: number, lid: string) => {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.lid, lid)));
  return row;
};

export const setContactAddress = (db: DbOrTx, companyId: number, contactId: number, address: { lid: string } | { number: string }) =>
  db.update(contacts).set(address).where(contactOf(companyId, contactId));

export const ticketsOfContact = (db: DbOrTx, companyId: number, contactId: number) =>
  db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)));

// One of the contact's tickets that is not closed, on any connection.
export const anyLiveTicketOfContact = async (db: DbOrTx, companyId: number, contactId: number) => {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), ne(tickets.status, 'closed')));
  return row;
};

export const moveTicketMessages = (db: DbOrTx, companyId: number, fromTicketId: number, toTicketId: number) =>
  db.update(messages).set({ ticketId: toTicketId }).where(and(eq(messages.companyId, companyId), eq(messages.ticketId, fromTicketId)));

export const moveTicketToContact = (db: DbOrTx, companyId: number, ticketId: number, contactId: number) =>
  db.update(tickets).set({ contactId }).where(ticketOf(companyId, ticketId));

// The contact's messages and notes now belong to another contact.
export const moveContactHistory = async (db: DbOrTx, companyId: number, fromContactId: number, toContactId: number) => {
  await db.update(messages).set({ contactId: toContactId }).where(and(eq(messages.companyId, companyId), eq(messages.contactId, fromContactId)));
  await db.update(ticketNotes).set({ contactId: toContactId }).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, fromContactId)));
};

export const findContactPicture = async (db: DbOrTx, companyId: number, contactId: number) => {
  const [row] = await db.select({ urlPicture: contacts.urlPicture }).from(contacts).where(contactOf(companyId, contactId));
  return row;
};

export const setContactPicture = (db: DbOrTx, companyId: number, contactId: number, urlPicture: string) =>
  db.update(contacts).set({ urlPicture }).where(contactOf(companyId, contactId));
