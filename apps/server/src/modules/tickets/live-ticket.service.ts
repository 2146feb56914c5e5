// The one live (not closed) ticket of a contact on a connection, opened when there is none. Two
// deliveries racing to open it meet at the unique index; the loser takes the winner's ticket.
import type { DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { ContactRow } from '../contacts/contacts.repo.ts';
import { writeTicketLog } from './ticket-logs.repo.ts';
import { recordTicketEvent } from './ticket-webhooks.steps.ts';
import * as ticketsRepo from './tickets.repo.ts';

type Opening = { status: 'pending' | 'open' | 'group'; userId?: number | null; queueId?: number | null };
// The live ticket as the caller already read it in this transaction (none: undefined).
export type KnownLiveTicket = { ticket: ticketsRepo.TicketRow | undefined };

type Target = { companyId: number; contact: ContactRow; whatsappId: number; channel: string };

const valuesOf = ({ companyId, contact, whatsappId, channel }: Target, opening: Opening) => ({
  companyId,
  contactId: contact.id,
  whatsappId,
  status: opening.status,
  userId: opening.userId ?? null,
  queueId: opening.queueId ?? null,
  isGroup: contact.isGroup,
  channel,
  unreadMessages: 0,
});

export const findOrOpenLiveTicket = async (tx: DbOrTx, target: Target, opening: Opening, known?: KnownLiveTicket) => {
  const { companyId, contact, whatsappId } = target;
  const existing = known ? known.ticket : await ticketsRepo.findLiveTicket(tx, companyId, contact.id, whatsappId);
  if (existing) return { ticket: existing, opened: false };
  const values = valuesOf(target, opening);
  const opened = async (created: ticketsRepo.TicketRow) => {
    await writeTicketLog(tx, { companyId, ticketId: created.id, userId: opening.userId ?? null, type: 'create' });
    await recordTicketEvent(tx, 'created', created);
    return { ticket: created, opened: true };
  };
  // A caller that read the live ticket itself takes a race it lost as its transaction's failure
  // (the inbound batch runs its messages again one by one), and saves the savepoint's two round trips.
  if (known) return opened(await ticketsRepo.insertTicket(tx, values));
  try {
    return await opened(await withTransaction(tx, (inner) => ticketsRepo.insertTicket(inner, values)));
  } catch (error) {
    if (!isUniqueViolation(error, 'tickets_one_live_per_contact_key')) throw error;
    const winner = await ticketsRepo.findLiveTicket(tx, companyId, contact.id, whatsappId);
    if (!winner) throw error;
    return { ticket: winner, opened: false };
  }
};

// The live tickets of several contacts, each on its connection, that the caller read in this
// transaction as having none: opened and logged with one statement (openTicketsWithLogs), instead
// of two each. As with a known live ticket above, a race lost to another transaction fails the
// caller's. Answers in the order given; at most one opening per contact and connection.
export const openLiveTickets = async (tx: DbOrTx, openings: { target: Target; opening: Opening }[]) => {
  const created = await ticketsRepo.openTicketsWithLogs(tx, openings.map(({ target, opening }) => valuesOf(target, opening)));
  const byTarget = new Map(created.map((ticket) => [`${ticket.contactId}:${ticket.whatsappId}`, ticket]));
  for (const ticket of created) await recordTicketEvent(tx, 'created', ticket);
  return openings.map(({ target }) => byTarget.get(`${target.contact.id}:${target.whatsappId}`) as ticketsRepo.TicketRow);
};
