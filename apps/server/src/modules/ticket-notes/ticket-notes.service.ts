// Notes attendants keep on a ticket and its contact (01-core §3 Ticket note). A note is reachable
// only through a ticket the user may see; its author or an admin removes it.
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import * as repo from './ticket-notes.repo.ts';

const noteNotFound = () => notFound('ERR_NO_NOTE_FOUND');

export const createTicketNotesService = ({ db, tickets }: { db: Db; tickets: TicketsService }) => ({
  add: async (tenant: TenantContext, input: { note: string; ticketId: number; contactId: number }) => {
    const ticket = await tickets.visibleTicket(tenant, input.ticketId);
    if (ticket.contactId !== input.contactId) throw notFound('ERR_NO_CONTACT_FOUND');
    const noteId = await repo.insertNote(db, {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: tenant.userId,
      note: input.note,
    });
    return (await repo.findNote(db, tenant.companyId, noteId))!;
  },

  list: async (tenant: TenantContext, ticketId: number, contactId: number) => {
    const ticket = await tickets.visibleTicket(tenant, ticketId);
    return repo.listNotes(db, ticket.companyId, ticket.id, contactId);
  },

  remove: async (tenant: TenantContext, noteId: number) => {
    const note = await repo.findNote(db, tenant.companyId, noteId);
    if (!note) throw noteNotFound();
    await tickets.visibleTicket(tenant, note.ticketId).catch(() => {
      throw noteNotFound();
    });
    if (note.user?.id !== tenant.userId && tenant.actor.profile !== 'admin') throw forbidden();
    await repo.deleteNote(db, tenant.companyId, noteId);
  },
});

export type TicketNotesService = ReturnType<typeof createTicketNotesService>;
